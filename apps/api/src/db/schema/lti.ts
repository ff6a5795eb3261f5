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
import { assessments } from './assessments.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A learning platform (Moodle, Canvas…) registered with one organization as an LTI 1.3 tool
 * (docs/product/lti.md). `status`: 'pending' (a dynamic registration link handed out, not yet
 * used), 'active', 'disabled'. A pending row has no issuer yet; `linkTokenHash` names the link
 * (SHA-256 of the token in the URL) until the platform registers through it.
 */
export const ltiRegistrations = pgTable(
  'lti_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    issuer: text('issuer'),
    clientId: text('client_id'),
    deploymentIds: jsonb('deployment_ids').$type<string[]>().notNull().default([]),
    jwksUrl: text('jwks_url'),
    authLoginUrl: text('auth_login_url'),
    tokenUrl: text('token_url'),
    /** Dynamic registration: the platform's product (e.g. "moodle", "canvas"), as it said. */
    productFamily: text('product_family'),
    linkTokenHash: text('link_token_hash').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_registrations_issuer_client_idx').on(t.issuer, t.clientId),
    index('lti_registrations_organization_idx').on(t.organizationId),
  ],
);

export type LtiRegistrationRow = typeof ltiRegistrations.$inferSelect;

/** A platform's person (registration, `sub`) and the vbuilder account it signs in as. */
export const ltiPlatformUsers = pgTable(
  'lti_platform_users',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    sub: text('sub').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.sub] }),
    index('lti_platform_users_user_idx').on(t.userId),
  ],
);

/**
 * Login initiations in flight: the `state` (its SHA-256) the tool sent to the platform's
 * authorization endpoint, with the nonce it asked for. Taken (deleted) by the launch that
 * presents it, so a state works once; kept server-side so no third-party cookie is needed.
 */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    stateHash: text('state_hash').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    deploymentId: text('deployment_id'),
    targetLinkUri: text('target_link_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_login_states_expires_idx').on(t.expiresAt)],
);

/** Nonces of id tokens already accepted, kept until the token they came in has expired. */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.nonce] }),
    index('lti_nonces_expires_idx').on(t.expiresAt),
  ],
);

/** Which assessment a platform's resource link opens (from the launch URL, later deep linking). */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    resourceLinkId: text('resource_link_id').notNull(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.resourceLinkId] })],
);

/**
 * One-time codes a launch hands the browser: the SPA exchanges one at the sign-in page for a
 * session of the launched person. Only the SHA-256 is kept; a code lives two minutes.
 */
export const ltiLaunchCodes = pgTable(
  'lti_launch_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where the SPA goes once signed in. */
    landing: text('landing').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_launch_codes_expires_idx').on(t.expiresAt)],
);

/**
 * The tool's own signing keys (RS256): the newest unretired one signs (client assertions,
 * deep-linking responses); the key set publishes unretired keys and those retired within the
 * grace period, so a platform holding a message signed just before a rotation can still check it.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/**
 * A deep linking request in progress (Deep Linking 2.0 §4.4): the instructor it was for, where
 * to send the answer and what the platform accepts, until the instructor has chosen (one hour).
 */
export const ltiDeepLinkSessions = pgTable(
  'lti_deep_link_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    returnUrl: text('return_url').notNull(),
    /** The platform's opaque `data`, returned as it came. */
    data: text('data'),
    acceptMultiple: boolean('accept_multiple').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_deep_link_sessions_expires_idx').on(t.expiresAt)],
);
