import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * An organization's own OpenID provider (docs/product/school-sign-in.md). The client secret is
 * kept for the token request and never answered by the API.
 */
export const schoolSignIn = pgTable('school_sign_in', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret'),
  roleClaim: text('role_claim'),
  /** [{ value, role }]: the first whose value the claim holds gives the new account's role. */
  roleMappings: jsonb('role_mappings').$type<{ value: string; role: string }[]>().notNull().default([]),
  defaultRole: text('default_role').notNull(),
  /** 'invitation' | 'just_in_time' */
  mode: text('mode').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail domains, each owned by one organization: the domain of a typed email finds its provider. */
export const schoolSignInDomains = pgTable(
  'school_sign_in_domains',
  {
    domain: text('domain').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('school_sign_in_domains_organization_idx').on(t.organizationId)],
);

/** A person at a school's provider, (issuer, sub), linked to one account once they signed in. */
export const schoolSignInLinks = pgTable(
  'school_sign_in_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('school_sign_in_links_user_idx').on(t.userId),
  ],
);

export type SchoolSignInRow = typeof schoolSignIn.$inferSelect;
