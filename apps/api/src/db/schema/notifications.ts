import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * What a person was told. `kind` names the event (NOTIFICATION_KINDS in shared),
 * `params` what its sentence needs (titles, names, invoice numbers, as they were then), `link` the
 * app path of what it is about. `eventKey` names the event that made it, so a job run twice (a
 * crash between its work and its completion) adds no second row. `mailedAt` is set once the mail
 * went out, so a retried mail job never sends it twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    link: text('link'),
    eventKey: text('event_key').notNull(),
    /** False when the person wants this kind by mail only: the row exists for the mail job, unlisted. */
    inApp: boolean('in_app').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_uq').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A person's choice per kind; a kind without a row uses the kind's default (shared). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 'both' | 'in_app' | 'mail' | 'none' */
    delivery: text('delivery').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
