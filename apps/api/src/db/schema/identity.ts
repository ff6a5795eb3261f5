import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded OpenID provider's persistent state (sessions, grants, codes, refresh tokens,
 * interactions...), one row per model instance, as oidc-provider's adapter interface expects.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Secrets every API process must share (signing keys, cookie keys), created once by whichever
 * process starts first, so several instances on one database accept each other's tokens.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Provider sessions that were ended (sign-out, a password changed or reset) while access tokens
 * issued under them may still be unexpired: the API refuses a token whose `sid` is
 * here. A row is only needed for as long as such a token can live, then it is swept.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sid: text('sid').primaryKey(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    /** When the last access token issued under the session has expired: the row can go. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ended_sessions_expires_idx').on(t.expiresAt)],
);
