import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Payment records (docs/product/data.md). Money is integer minor units of `currency` (ISO 4217).
 * status: 'pending' (requested, invoice open) → 'active' (activated: invoice paid) → 'inactive'
 * (lapsed at endsAt or superseded); 'closed' (invoice closed unpaid). invoiceStatus: 'open' |
 * 'paid' | 'closed'. The organization's plan is that of its newest record that took effect
 * (activatedAt set), while that record is active and its endsAt has not passed; otherwise Free
 * (plans.service.ts currentPlan).
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    packageId: text('package_id'),
    paymentId: text('payment_id'),
    productLine: text('product_line').notNull().default('vbuilder'),
    status: text('status').notNull().default('pending'),
    invoiceNumber: text('invoice_number'),
    invoiceStatus: text('invoice_status').notNull().default('open'),
    invoiceFileKey: text('invoice_file_key'),
    receiptFileKey: text('receipt_file_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The price before tax, in minor units of `currency`. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /** The tax rate fixed when the invoice was issued, in basis points (700 = 7 %). */
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** 'month' | 'year'. */
    billingPeriod: text('billing_period').notNull().default('month'),
    /** A Custom plan's negotiated allowance a month; null: unlimited (other plans take theirs from PLANS). */
    customMonthlyAssessments: integer('custom_monthly_assessments'),
    /** Where the paid period starts: the old end for a renewal, else the activation time. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The billing clock's reminder (7 days before endsAt) went out: sent once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** 'invoice' | 'card'. */
    method: text('method').notNull().default('invoice'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * An upgrade's credit for the unused part of the plan in force when it was requested, in minor
     * units, taken off amount_minor before tax (0: none); the plan and days it was counted from.
     */
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull().default(0),
    creditPlanName: text('credit_plan_name'),
    creditUnusedDays: integer('credit_unused_days'),
    creditPeriodDays: integer('credit_period_days'),
    /**
     * On the record in force: what the billing clock does at ends_at. 'cancel' (the subscription
     * ends) or 'downgrade' (the smaller plan's invoice is issued); null: the period runs out.
     */
    scheduledChange: text('scheduled_change'),
    scheduledPlan: text('scheduled_plan'),
    scheduledPeriod: text('scheduled_period'),
    scheduledCurrency: text('scheduled_currency'),
  },
  (t) => [
    index('payment_records_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('payment_records_invoice_number_idx').on(t.invoiceNumber),
    index('payment_records_active_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
export type PaymentRecordRow = typeof paymentRecords.$inferSelect;

/** The catalog prices the Super Administrator sets: one per plan, billing period and currency. */
export const planPrices = pgTable(
  'plan_prices',
  {
    planName: text('plan_name').notNull(),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.planName, t.period, t.currency] })],
);
export type PlanPriceRow = typeof planPrices.$inferSelect;

/**
 * The last invoice number given out each year. Allocated with an upsert in the transaction that
 * inserts the record: the row lock serializes concurrent requests and a rollback gives the number
 * back, so numbers have no gaps (VB-<year>-<6 digits>).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The card payment provider's webhook events already handled (Stripe's event id): inserted in the
 * transaction that acts on the event, so the same event delivered twice acts once.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The record the event was about, when it named one (no foreign key: the record may be deleted later). */
    paymentRecordId: uuid('payment_record_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
