import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to which user or organization, and when (issue: authorization model). Rows are
 * only ever inserted; actor and target ids are kept as text so a deleted user's history remains.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorRole: text('actor_role'),
    organizationId: text('organization_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_org_at_idx').on(t.organizationId, t.at),
    index('audit_events_target_idx').on(t.targetId),
  ],
);
