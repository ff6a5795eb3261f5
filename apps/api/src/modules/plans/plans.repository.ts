import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  paymentRecords,
  planPrices,
  type PaymentRecordRow,
  type PlanPriceRow,
} from '../../db/schema/index.ts';

/**
 * The organization's newest payment record that took effect (activatedAt set), by activation, then
 * creation; null when none did. Pending and closed requests never took effect, so they do not
 * displace a paid plan. By activation: an activation supersedes every other active record, so the
 * record activated last is the one in force, even when a request made earlier is activated after a
 * plan set in between (`set-plan` while its invoice was open).
 */
export async function findNewestEffectiveRecord(
  db: DbOrTx,
  organizationId: string,
): Promise<PaymentRecordRow | null> {
  const [row] = await db
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.organizationId, organizationId), isNotNull(paymentRecords.activatedAt)))
    .orderBy(desc(paymentRecords.activatedAt), desc(paymentRecords.createdAt), desc(paymentRecords.id))
    .limit(1);
  return row ?? null;
}

export type NewPaymentRecord = typeof paymentRecords.$inferInsert;

export async function insertPaymentRecord(db: DbOrTx, values: NewPaymentRecord): Promise<PaymentRecordRow> {
  const [row] = await db.insert(paymentRecords).values(values).returning();
  return row!;
}

/** Marks the organization's active records other than `exceptId` inactive (superseded); answers their ids. */
export async function supersedeActiveRecords(
  db: DbOrTx,
  organizationId: string,
  exceptId: string | null,
): Promise<string[]> {
  const rows = await db
    .update(paymentRecords)
    .set({ status: 'inactive' })
    .where(
      and(
        eq(paymentRecords.organizationId, organizationId),
        eq(paymentRecords.status, 'active'),
        ...(exceptId ? [ne(paymentRecords.id, exceptId)] : []),
      ),
    )
    .returning({ id: paymentRecords.id });
  return rows.map((r) => r.id);
}

/** Every catalog price, in a stable order. */
export const listPlanPrices = (db: DbOrTx): Promise<PlanPriceRow[]> =>
  db.select().from(planPrices).orderBy(planPrices.planName, planPrices.period, planPrices.currency);

export async function findPlanPrice(
  db: DbOrTx,
  planName: string,
  period: string,
  currency: string | undefined,
): Promise<PlanPriceRow | null> {
  const rows = await db
    .select()
    .from(planPrices)
    .where(
      and(
        eq(planPrices.planName, planName),
        eq(planPrices.period, period),
        ...(currency ? [eq(planPrices.currency, currency)] : []),
      ),
    )
    .orderBy(planPrices.currency)
    .limit(1);
  return rows[0] ?? null;
}

/** Replaces a plan's whole price list (call inside a transaction). */
export async function replacePlanPrices(
  db: DbOrTx,
  planName: string,
  prices: Array<{ period: string; currency: string; amountMinor: number }>,
  updatedBy: string | null,
  now: Date,
): Promise<void> {
  await db.delete(planPrices).where(eq(planPrices.planName, planName));
  if (prices.length === 0) return;
  await db.insert(planPrices).values(prices.map((p) => ({ planName, ...p, updatedBy, updatedAt: now })));
}
