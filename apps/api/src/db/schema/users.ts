import { jsonb, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * status: 'pending' (signed up, not activated), 'active', 'inactive' (deactivated by an administrator).
 * loginStatus: 'logged_in' after a sign-in, 'logged_out' after a logout (the profile's historical `loggin_status`).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    phone: text('phone'),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    loginStatus: text('login_status').notNull().default('logged_out'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    profileImage: text('profile_image'),
    /** One of the 12 language codes: mail, documents and exports for this person are written in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_organization_idx').on(t.organizationId)],
);

export type UserRow = typeof users.$inferSelect;

/** One-time links sent by mail: account activation, password reset, invitation. Only a hash is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** What the link carries besides the user: the address an email change goes to or returns to. */
    data: jsonb('data'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId)],
);
