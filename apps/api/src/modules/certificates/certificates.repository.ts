import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  attempts,
  certificateRules,
  certificates,
  certificateTemplates,
  issuerKeys,
  users,
  type AttemptRow,
  type CertificateRow,
  type CertificateTemplateRow,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';

export type NewCertificateRow = typeof certificates.$inferInsert;

/** A certificate with the name of the Administrator who gave it (null: given by the rule). */
export type CertificateWithIssuer = CertificateRow & { issuedByName: string | null };

const issuer = aliasedTable(users, 'issuer');
const withIssuer = { certificate: certificates, issuedByName: issuer.name };
const flatten = (row: {
  certificate: CertificateRow;
  issuedByName: string | null;
}): CertificateWithIssuer => ({
  ...row.certificate,
  issuedByName: row.issuedByName,
});

export async function findCertificate(db: DbOrTx, id: string): Promise<CertificateWithIssuer | null> {
  const [row] = await db
    .select(withIssuer)
    .from(certificates)
    .leftJoin(issuer, eq(issuer.id, certificates.issuedBy))
    .where(eq(certificates.id, id));
  return row ? flatten(row) : null;
}

export async function findCertificateByCode(db: DbOrTx, code: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row ?? null;
}

/** The row locked until the caller's transaction ends (revoke and reissue). */
export async function lockCertificate(tx: DbOrTx, id: string): Promise<CertificateRow | null> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
  return row ?? null;
}

export interface CertificateFilter {
  /** null: every organization (the Super Administrator). */
  organizationId: string | null;
  studentId?: string | undefined;
  assessmentId?: string | undefined;
  status?: 'valid' | 'revoked' | undefined;
  search?: string | undefined;
}

export interface CertificateOrder {
  sort: 'issuedAt' | 'holder' | 'assessment';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

function filterOf(filter: CertificateFilter): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  return and(
    filter.organizationId ? eq(certificates.organizationId, filter.organizationId) : undefined,
    filter.studentId ? eq(certificates.studentId, filter.studentId) : undefined,
    filter.assessmentId ? eq(certificates.assessmentId, filter.assessmentId) : undefined,
    filter.status === 'valid' ? isNull(certificates.revokedAt) : undefined,
    filter.status === 'revoked' ? isNotNull(certificates.revokedAt) : undefined,
    pattern
      ? or(
          ilike(certificates.holderName, pattern),
          ilike(certificates.assessmentTitle, pattern),
          eq(certificates.code, filter.search!.trim().toUpperCase()),
        )
      : undefined,
  );
}

export async function listCertificates(
  db: DbOrTx,
  filter: CertificateFilter,
  order: CertificateOrder,
): Promise<{ rows: CertificateWithIssuer[]; total: number }> {
  const where = filterOf(filter);
  const column = {
    issuedAt: certificates.issuedAt,
    holder: certificates.holderName,
    assessment: certificates.assessmentTitle,
  }[order.sort];
  const direction = order.order === 'asc' ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select(withIssuer)
      .from(certificates)
      .leftJoin(issuer, eq(issuer.id, certificates.issuedBy))
      .where(where)
      .orderBy(direction(column), direction(certificates.issuedAt), asc(certificates.id))
      .limit(order.pageSize)
      .offset((order.page - 1) * order.pageSize),
    db.select({ total: count() }).from(certificates).where(where),
  ]);
  return { rows: rows.map(flatten), total: totals?.total ?? 0 };
}

/** The students (of `studentIds`) who hold a live certificate for the assessment. */
export async function studentsWithLiveCertificate(
  db: DbOrTx,
  assessmentId: string,
  studentIds?: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ studentId: certificates.studentId })
    .from(certificates)
    .where(
      and(
        eq(certificates.assessmentId, assessmentId),
        isNull(certificates.revokedAt),
        studentIds ? sql`${certificates.studentId} in ${studentIds.length ? studentIds : ['']}` : undefined,
      ),
    );
  return new Set(rows.map((r) => r.studentId));
}

/**
 * Inserts the certificate unless the student already holds a live one for the assessment (the
 * partial unique index decides, so two concurrent gives make one). Null when one was there.
 */
export async function insertCertificateIfNone(
  db: DbOrTx,
  values: NewCertificateRow,
): Promise<CertificateRow | null> {
  const [row] = await db
    .insert(certificates)
    .values(values)
    .onConflictDoNothing({
      target: [certificates.assessmentId, certificates.studentId],
      where: sql`${certificates.revokedAt} is null`,
    })
    .returning();
  return row ?? null;
}

export async function updateCertificate(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<NewCertificateRow, 'id'>>,
): Promise<CertificateRow | null> {
  const [row] = await db.update(certificates).set(values).where(eq(certificates.id, id)).returning();
  return row ?? null;
}

/**
 * Each student's best passed, submitted attempt at the assessment (highest percentage, then the
 * earliest), for `studentIds` or every student who passed.
 */
export async function bestPassedAttempts(
  db: DbOrTx,
  assessmentId: string,
  studentIds?: string[],
): Promise<AttemptRow[]> {
  const rows = await db
    .selectDistinctOn([attempts.studentId])
    .from(attempts)
    .where(
      and(
        eq(attempts.assessmentId, assessmentId),
        eq(attempts.status, 'submitted'),
        eq(attempts.passed, true),
        studentIds ? sql`${attempts.studentId} in ${studentIds.length ? studentIds : ['']}` : undefined,
      ),
    )
    .orderBy(attempts.studentId, desc(attempts.percentage), asc(attempts.submittedAt));
  return rows;
}

export async function findAttemptById(db: DbOrTx, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Templates and rules

export async function findTemplate(
  db: DbOrTx,
  organizationId: string,
): Promise<CertificateTemplateRow | null> {
  const [row] = await db
    .select()
    .from(certificateTemplates)
    .where(eq(certificateTemplates.organizationId, organizationId));
  return row ?? null;
}

export type TemplateValues = Omit<typeof certificateTemplates.$inferInsert, 'id' | 'organizationId'>;

export async function upsertTemplate(
  db: DbOrTx,
  organizationId: string,
  values: TemplateValues,
): Promise<CertificateTemplateRow> {
  const [row] = await db
    .insert(certificateTemplates)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: certificateTemplates.organizationId, set: values })
    .returning();
  return row!;
}

export async function findRule(db: DbOrTx, assessmentId: string): Promise<{ autoGive: boolean } | null> {
  const [row] = await db
    .select({ autoGive: certificateRules.autoGive })
    .from(certificateRules)
    .where(eq(certificateRules.assessmentId, assessmentId));
  return row ?? null;
}

export async function upsertRule(
  db: DbOrTx,
  values: {
    assessmentId: string;
    organizationId: string;
    autoGive: boolean;
    updatedBy: string;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(certificateRules)
    .values(values)
    .onConflictDoUpdate({
      target: certificateRules.assessmentId,
      set: { autoGive: values.autoGive, updatedBy: values.updatedBy, updatedAt: values.updatedAt },
    });
}

/** The status indexes in [from, to) of the organization's revoked certificates (a status list's bits). */
export async function listRevokedStatusIndexes(
  db: DbOrTx,
  organizationId: string,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db
    .select({ index: certificates.statusIndex })
    .from(certificates)
    .where(
      and(
        eq(certificates.organizationId, organizationId),
        isNotNull(certificates.revokedAt),
        gte(certificates.statusIndex, from),
        lt(certificates.statusIndex, to),
      ),
    );
  return rows.map((row) => row.index);
}

// ---------------------------------------------------------------------------------------------
// Issuer keys

export interface IssuerKeyRow {
  kid: string;
  alg: string;
  publicJwk: unknown;
  privateJwk: unknown;
}

/** The oldest key: the one credentials are signed with. */
export async function findIssuerKey(db: DbOrTx): Promise<IssuerKeyRow | null> {
  const [row] = await db
    .select()
    .from(issuerKeys)
    .orderBy(asc(issuerKeys.createdAt), asc(issuerKeys.kid))
    .limit(1);
  return row ?? null;
}

export async function listIssuerKeys(db: DbOrTx): Promise<IssuerKeyRow[]> {
  return db.select().from(issuerKeys).orderBy(asc(issuerKeys.createdAt));
}

export async function insertIssuerKey(db: DbOrTx, row: IssuerKeyRow): Promise<void> {
  await db.insert(issuerKeys).values(row).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Holders

export interface Holder {
  id: string;
  name: string;
  email: string;
  language: string;
}

/** The users of `ids` who belong to the organization. */
export async function findMembers(db: DbOrTx, organizationId: string, ids: string[]): Promise<Holder[]> {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), sql`${users.id} in ${ids}`));
}
