import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentRecords, type PaymentRecordRow } from '../../db/schema/index.ts';

/** The organization's newest payment record (by creation), or null when it has none. */
export async function findNewestPaymentRecord(
  db: DbOrTx,
  organizationId: string,
): Promise<PaymentRecordRow | null> {
  const [row] = await db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.organizationId, organizationId))
    .orderBy(desc(paymentRecords.createdAt), desc(paymentRecords.id))
    .limit(1);
  return row ?? null;
}

export type NewPaymentRecord = typeof paymentRecords.$inferInsert;

export async function insertPaymentRecord(db: DbOrTx, values: NewPaymentRecord): Promise<PaymentRecordRow> {
  const [row] = await db.insert(paymentRecords).values(values).returning();
  return row!;
}
