import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assessments } from './assessments.ts';
import { attempts } from './attempts.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Certificates given to students for an assessment they passed. `code` is the public,
 * unguessable verification code (160 random bits, base32). The holder's name, the assessment's
 * title and the organization's name are kept as they were when it was given, so the certificate
 * (PDF, badge, verification) says what was certified even if they change later; a reissue takes
 * the current ones. A student holds at most one live (not revoked) certificate per assessment.
 * issuedBy null: given automatically by the assessment's rule at marking.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    assessmentTitle: text('assessment_title').notNull(),
    organizationName: text('organization_name').notNull(),
    score: doublePrecision('score'),
    maxScore: doublePrecision('max_score'),
    percentage: doublePrecision('percentage'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => certificateTemplates.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    replacesId: uuid('replaces_id'),
    replacedById: uuid('replaced_by_id'),
    /**
     * The certificate's place in its organization's revocation status lists (W3C Bitstring Status
     * List): list floor(i / 131072), bit i mod 131072. From one sequence, so unique without a race.
     */
    statusIndex: serial('status_index').notNull(),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.code),
    uniqueIndex('certificates_status_index_uq').on(t.statusIndex),
    uniqueIndex('certificates_one_live_uq')
      .on(t.assessmentId, t.studentId)
      .where(sql`${t.revokedAt} is null`),
    index('certificates_org_issued_idx').on(t.organizationId, t.issuedAt),
    index('certificates_student_idx').on(t.studentId),
  ],
);
export type CertificateRow = typeof certificates.$inferSelect;

/** One certificate template per organization (the default layout until an Administrator saves one). */
export const certificateTemplates = pgTable('certificate_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique('certificate_templates_org_uq')
    .references(() => organizations.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  signatoryName: text('signatory_name').notNull().default(''),
  signatoryTitle: text('signatory_title').notNull().default(''),
  primaryColor: text('primary_color').notNull(),
  accentColor: text('accent_color').notNull(),
  /** The logo in the file store (certificate-logos/<random>.png), null without one. */
  logoKey: text('logo_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
export type CertificateTemplateRow = typeof certificateTemplates.$inferSelect;

/** The assessment rule "give a certificate automatically when a student passes" (applied at marking). */
export const certificateRules = pgTable('certificate_rules', {
  assessmentId: uuid('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  autoGive: boolean('auto_give').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The instance's signing keys for Open Badges credentials (VC-JWT), generated on first use. The
 * public halves are published as a JWKS; `kid` is the key's RFC 7638 thumbprint.
 */
export const issuerKeys = pgTable('issuer_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
