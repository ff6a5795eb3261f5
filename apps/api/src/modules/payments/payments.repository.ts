import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  invoiceCounters,
  organizations,
  paymentProviderEvents,
  paymentRecords,
  users,
  type PaymentRecordRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/text.ts';

/** A payment record with its organization's name (docs/product/data.md 'organisation'). */
export type PaymentRecordWithOrganization = PaymentRecordRow & { organisation: string };

export type NewPaymentRecordRow = typeof paymentRecords.$inferInsert;
export type PaymentRecordChanges = Partial<Omit<NewPaymentRecordRow, 'id' | 'organizationId' | 'createdAt'>>;

const withOrganization = { record: paymentRecords, organisation: organizations.name };
const flatten = (row: { record: PaymentRecordRow; organisation: string }): PaymentRecordWithOrganization => ({
  ...row.record,
  organisation: row.organisation,
});

/** Records joined with their organization's name, for a query to narrow down. */
const selectWithOrganization = (db: DbOrTx) =>
  db
    .select(withOrganization)
    .from(paymentRecords)
    .innerJoin(organizations, eq(organizations.id, paymentRecords.organizationId));

/** The records that match `where`, with their organization's name, in the given order. */
async function recordsWithOrganization(
  db: DbOrTx,
  where: SQL | undefined,
  ...order: SQL[]
): Promise<PaymentRecordWithOrganization[]> {
  const rows = await selectWithOrganization(db)
    .where(where)
    .orderBy(...order);
  return rows.map(flatten);
}

/**
 * The next invoice number of `year` (1, 2, …). The upsert takes the counter row's lock until the
 * caller's transaction ends, so concurrent requests (in this process or another instance) queue
 * here, and a rollback gives the number back: no gaps, no duplicates.
 */
export async function allocateInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export async function insertPaymentRecordRow(
  tx: DbOrTx,
  values: NewPaymentRecordRow,
): Promise<PaymentRecordRow> {
  const [row] = await tx.insert(paymentRecords).values(values).returning();
  return row!;
}

export async function findPaymentRecord(
  db: DbOrTx,
  id: string,
): Promise<PaymentRecordWithOrganization | null> {
  const [row] = await selectWithOrganization(db).where(eq(paymentRecords.id, id)).limit(1);
  return row ? flatten(row) : null;
}

/** The record, locked until the transaction ends: one transition at a time per record. */
export async function lockPaymentRecord(
  tx: DbOrTx,
  id: string,
): Promise<PaymentRecordWithOrganization | null> {
  const [row] = await selectWithOrganization(tx)
    .where(eq(paymentRecords.id, id))
    .for('update', { of: paymentRecords })
    .limit(1);
  return row ? flatten(row) : null;
}

export async function updatePaymentRecord(
  tx: DbOrTx,
  id: string,
  changes: PaymentRecordChanges,
): Promise<PaymentRecordRow | null> {
  const [row] = await tx.update(paymentRecords).set(changes).where(eq(paymentRecords.id, id)).returning();
  return row ?? null;
}

/**
 * The Checkout session of a pending card record, kept as its payment id until the payment's own id
 * replaces it at activation (a webhook that came first is not overwritten).
 */
export async function recordCheckoutSession(tx: DbOrTx, id: string, sessionId: string): Promise<void> {
  await tx
    .update(paymentRecords)
    .set({ paymentId: sessionId })
    .where(
      and(eq(paymentRecords.id, id), eq(paymentRecords.status, 'pending'), isNull(paymentRecords.paymentId)),
    );
}

export async function deletePaymentRecord(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(paymentRecords)
    .where(eq(paymentRecords.id, id))
    .returning({ id: paymentRecords.id });
  return rows.length > 0;
}

export interface PaymentRecordFilter {
  organizationId?: string | undefined;
  productLine: string;
  status?: string | undefined;
  invoiceStatus?: string | undefined;
  /** Invoice number, plan or organization name contains it. */
  search?: string | undefined;
}

/** A page of records, newest first unless `order` says 'asc'. */
export async function listPaymentRecords(
  db: DbOrTx,
  filter: PaymentRecordFilter,
  page: { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<{ rows: PaymentRecordWithOrganization[]; total: number }> {
  const conditions: SQL[] = [eq(paymentRecords.productLine, filter.productLine)];
  if (filter.organizationId) conditions.push(eq(paymentRecords.organizationId, filter.organizationId));
  if (filter.status) conditions.push(eq(paymentRecords.status, filter.status));
  if (filter.invoiceStatus) conditions.push(eq(paymentRecords.invoiceStatus, filter.invoiceStatus));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(paymentRecords.invoiceNumber, pattern),
        ilike(paymentRecords.planName, pattern),
        ilike(organizations.name, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const direction = page.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectWithOrganization(db)
      .where(where)
      .orderBy(direction(paymentRecords.createdAt), direction(paymentRecords.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(paymentRecords)
      .innerJoin(organizations, eq(organizations.id, paymentRecords.organizationId))
      .where(where),
  ]);
  return { rows: rows.map(flatten), total: Number(total?.n ?? 0) };
}

/** The organization's records in one product line, newest first (the subscription reads them). */
export async function listOrganizationRecords(
  db: DbOrTx,
  organizationId: string,
  productLine: string,
): Promise<PaymentRecordWithOrganization[]> {
  return recordsWithOrganization(
    db,
    and(eq(paymentRecords.organizationId, organizationId), eq(paymentRecords.productLine, productLine)),
    desc(paymentRecords.createdAt),
    desc(paymentRecords.id),
  );
}

/** The organization's request waiting for payment (pending), if any: the newest when old data holds several. */
export async function findPendingRecord(
  db: DbOrTx,
  organizationId: string,
  productLine: string,
): Promise<PaymentRecordRow | null> {
  const [row] = await db
    .select()
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.organizationId, organizationId),
        eq(paymentRecords.productLine, productLine),
        eq(paymentRecords.status, 'pending'),
      ),
    )
    .orderBy(desc(paymentRecords.createdAt))
    .limit(1);
  return row ?? null;
}

/** Active records whose end falls in (now, until] and whose reminder has not gone out. */
export async function findRecordsToRemind(
  db: DbOrTx,
  now: Date,
  until: Date,
): Promise<PaymentRecordWithOrganization[]> {
  return recordsWithOrganization(
    db,
    and(
      eq(paymentRecords.status, 'active'),
      isNull(paymentRecords.reminderSentAt),
      // A school that scheduled a cancel or a downgrade is not asked to renew.
      isNull(paymentRecords.scheduledChange),
      gt(paymentRecords.endsAt, now),
      lte(paymentRecords.endsAt, until),
    ),
    asc(paymentRecords.endsAt),
  );
}

/** Marks a reminder sent, once: false when another run already did. */
export async function claimReminder(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(paymentRecords)
    .set({ reminderSentAt: now })
    .where(and(eq(paymentRecords.id, id), isNull(paymentRecords.reminderSentAt)))
    .returning({ id: paymentRecords.id });
  return rows.length > 0;
}

/** Active records whose end has passed: they lapse. */
export async function findLapsedRecords(db: DbOrTx, now: Date): Promise<PaymentRecordWithOrganization[]> {
  return recordsWithOrganization(
    db,
    and(eq(paymentRecords.status, 'active'), lte(paymentRecords.endsAt, now)),
    asc(paymentRecords.endsAt),
  );
}

/** Marks an active record inactive: false when it is no longer active (another run, an activation). */
export async function lapseRecord(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(paymentRecords)
    .set({ status: 'inactive' })
    .where(and(eq(paymentRecords.id, id), eq(paymentRecords.status, 'active')))
    .returning({ id: paymentRecords.id });
  return rows.length > 0;
}

/** The platform's active Super Administrators (they check receipts and activate). */
export const listSuperAdministrators = (db: DbOrTx): Promise<UserRow[]> =>
  db
    .select()
    .from(users)
    .where(and(eq(users.role, 'Super Administrator'), eq(users.status, 'active')))
    .orderBy(asc(users.id));

/**
 * Serializes the changes to which record of an organization is in force (activations) until the
 * transaction ends, so two activations at once cannot both leave their record active.
 */
export async function lockOrganizationBilling(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${organizationId}`}))`);
}

/**
 * Records a provider's webhook event as handled; false when it already was (a redelivery). Call it
 * in the transaction that acts on the event: a second delivery at once waits on the key, then sees it.
 */
export async function insertProviderEvent(
  tx: DbOrTx,
  event: typeof paymentProviderEvents.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentProviderEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentProviderEvents.eventId });
  return rows.length > 0;
}
