import { z } from 'zod';
import { CURRENCY_PATTERN } from '../money.ts';
import { PACKAGE_NAMES } from '../plans.ts';
import { isAdministrator, isSuperAdministrator } from '../roles.ts';
import { PageQuerySchema } from './pagination.ts';

/**
 * The billing contract (docs/product/data.md Payment record, Subscription, Plan table; docs/product/states.md
 * Subscription states and payment actions; docs/product/api.md the payments calls). Money is integer minor units
 * with an ISO 4217 code (see money.ts), dates are ISO strings.
 */

export const CurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CURRENCY_PATTERN, 'validation.currencyInvalid');

/** Minor units: whole, not negative, exact in a double. */
export const AmountMinorSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const MoneySchema = z.object({ amountMinor: AmountMinorSchema, currency: CurrencySchema });

export const BILLING_PERIODS = ['month', 'year'] as const;
export const BillingPeriod = z.enum(BILLING_PERIODS);
export type BillingPeriod = z.infer<typeof BillingPeriod>;

export const PackageNameSchema = z.enum(PACKAGE_NAMES);

/** The packages an Administrator can buy at a catalog price; Free is not sold, Custom is negotiated. */
export const PRICED_PACKAGES = ['Basic', 'Professional', 'Enterprise'] as const;
export const PricedPackageSchema = z.enum(PRICED_PACKAGES);
export type PricedPackage = z.infer<typeof PricedPackageSchema>;

/** The product line of every vbuilder record (docs/product/api.md `?productLine=vbuilder`). */
export const PRODUCT_LINE = 'vbuilder';

/** The package id a plan is sold under (docs/product/data.md packageId), e.g. 'vbuilder-professional'. */
export const packageIdOf = (name: string): string => `vbuilder-${name.toLowerCase()}`;

export const PlanPriceSchema = z.object({
  period: BillingPeriod,
  amountMinor: AmountMinorSchema,
  currency: CurrencySchema,
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/** A row of the plan comparison (docs/product/data.md Plan table) with its prices; Free and Custom have none. */
export const PlanCatalogEntrySchema = z.object({
  name: PackageNameSchema,
  productName: z.string(),
  packageId: z.string(),
  /** null: unlimited. */
  monthlyAssessments: z.number().int().nullable(),
  questionTypes: z.array(z.string()),
  prices: z.array(PlanPriceSchema),
  /**
   * The prices the card payment provider sells the package at (POST /api/payments/checkout), when
   * card payments are offered and its product matches the package id; absent or empty: none.
   */
  cardPrices: z.array(PlanPriceSchema).optional(),
});
export type PlanCatalogEntry = z.infer<typeof PlanCatalogEntrySchema>;

/** GET /api/plans. `cardPayments`: the server can take card payments (a card provider key is set). */
export const PlansResponseSchema = z.object({
  data: z.array(PlanCatalogEntrySchema),
  cardPayments: z.boolean(),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

/**
 * pending: requested, invoice open · active: activated (paid), in force until endsAt ·
 * inactive: lapsed at endsAt or superseded by an activated upgrade · closed: invoice closed unpaid.
 */
export const PAYMENT_RECORD_STATUSES = ['pending', 'active', 'inactive', 'closed'] as const;
export const PaymentRecordStatus = z.enum(PAYMENT_RECORD_STATUSES);
export type PaymentRecordStatus = z.infer<typeof PaymentRecordStatus>;

export const INVOICE_STATUSES = ['open', 'paid', 'closed'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const PAYMENT_METHODS = ['invoice', 'card'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** A payment record as the API answers it: every docs/product/data.md field, money in minor units. */
export const PaymentRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  /** The organization's name (docs/product/data.md 'organisation'). */
  organisation: z.string(),
  /** A package name of PLANS ('Professional'); older records may spell it otherwise. */
  planName: z.string(),
  packageId: z.string().nullable(),
  /** The card provider's payment id; null for invoice payments. */
  paymentId: z.string().nullable(),
  productLine: z.string(),
  status: PaymentRecordStatus,
  /** 'VB-2026-000123'; null only on records made before numbering. */
  invoiceNumber: z.string().nullable(),
  invoiceStatus: InvoiceStatus,
  /** The price before tax, in minor units of `currency`. */
  amountMinor: z.number().int(),
  /**
   * The credit for the unused part of the plan in force when this plan was requested (an upgrade),
   * in minor units of `currency`, taken off amountMinor before tax; 0 when none.
   */
  creditMinor: z.number().int(),
  /** The credit's days: those left unused of the old period, of its days; null without a credit. */
  credit: z
    .object({ planName: z.string(), unusedDays: z.number().int(), periodDays: z.number().int() })
    .nullable(),
  /** The tax line on amountMinor − creditMinor (0 when no tax is configured). */
  taxMinor: z.number().int(),
  /** amountMinor − creditMinor + taxMinor: the amount due. */
  totalMinor: z.number().int(),
  currency: z.string(),
  billingPeriod: BillingPeriod,
  /** The assessments a month this record grants (the plan's or a Custom plan's); null: unlimited. */
  monthlyAssessments: z.number().int().nullable(),
  /** When the paid period starts (set at activation, or the old end for a renewal); null while unknown. */
  periodStart: z.string().nullable(),
  createdAt: z.string(),
  endsAt: z.string().nullable(),
  /** The invoice's due date. */
  dueAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  method: PaymentMethod,
  hasInvoice: z.boolean(),
  hasReceipt: z.boolean(),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

/** One record: the answer of POST /api/payments and of every action. */
export const PaymentRecordResponseSchema = z.object({ data: PaymentRecordSchema });
export type PaymentRecordResponse = z.infer<typeof PaymentRecordResponseSchema>;

/**
 * GET /api/payments/organization/:orgId?productLine=vbuilder and GET /api/payments (Super
 * Administrator): newest first. docs/product/api.md: `data` is the list of records; the page fields follow the
 * repo's list convention (pagination.ts).
 */
export const PaymentRecordsQuerySchema = PageQuerySchema.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  productLine: z.string().trim().min(1).max(50).default(PRODUCT_LINE),
  status: PaymentRecordStatus.optional(),
  invoiceStatus: InvoiceStatus.optional(),
  /** Only on GET /api/payments (the Super Administrator's list of every organization). */
  organizationId: z.uuid().optional(),
});
export type PaymentRecordsQuery = z.input<typeof PaymentRecordsQuerySchema>;

export const PaymentRecordsResponseSchema = z.object({
  data: z.array(PaymentRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentRecordsResponse = z.infer<typeof PaymentRecordsResponseSchema>;

/**
 * docs/product/states.md Subscription states: active · pending (pending activation: a request waits and nothing is
 * active) · inactive (the last paid period lapsed) · free (never had one).
 */
export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'inactive', 'free'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const SubscriptionSchema = z.object({
  organizationId: z.string(),
  productLine: z.string(),
  /** The package in force: 'Free' unless a paid period is active. */
  packageName: PackageNameSchema,
  packageId: z.string().nullable(),
  status: SubscriptionStatus,
  productDetails: z.object({
    planName: PackageNameSchema,
    productName: z.string(),
    /** null: unlimited. */
    monthlyAssessments: z.number().int().nullable(),
    questionTypes: z.array(z.string()),
  }),
  periodStart: z.string().nullable(),
  /** endsAt of the active record; null when nothing is active. */
  renewalDate: z.string().nullable(),
  /** The request waiting for payment or activation, if any. */
  pendingRequest: PaymentRecordSchema.nullable(),
  /**
   * The paid period in force (its plan's price before tax and its dates), from which an upgrade's
   * credit is computed (prorationCredit); null when nothing paid is in force.
   */
  paidPeriod: z
    .object({
      amountMinor: z.number().int(),
      currency: z.string(),
      periodStart: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
  /**
   * What happens at the end of the paid period, as the organization scheduled it: the subscription
   * ends (cancel), or the plan changes to a smaller one (downgrade: its invoice is issued then).
   * Either can be undone until then. null: the period simply runs out.
   */
  scheduledChange: z
    .object({
      kind: z.enum(['cancel', 'downgrade']),
      /** The plan after a downgrade; null for a cancel. */
      plan: PricedPackageSchema.nullable(),
      period: BillingPeriod.nullable(),
      currency: z.string().nullable(),
      /** When it takes effect: the end of the paid period. */
      at: z.string(),
    })
    .nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/subscriptions/organization/:orgId. */
export const SubscriptionResponseSchema = z.object({ data: SubscriptionSchema });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/**
 * POST /api/payments by an Administrator (their organization) or the Super Administrator (who
 * names the organization): a catalog plan at its price for the period (in `currency` when the plan
 * has prices in several).
 */
export const RequestPlanBodySchema = z.object({
  plan: PricedPackageSchema,
  period: BillingPeriod,
  currency: CurrencySchema.optional(),
  organizationId: z.uuid().optional(),
});
export type RequestPlanBody = z.infer<typeof RequestPlanBodySchema>;

/** POST /api/payments by the Super Administrator: a Custom plan negotiated with an organization. */
export const CustomPlanBodySchema = z.object({
  plan: z.literal('Custom'),
  organizationId: z.uuid(),
  amountMinor: AmountMinorSchema.min(1),
  currency: CurrencySchema,
  period: BillingPeriod,
  /** Assessments a month; null: unlimited. */
  monthlyAssessments: z.number().int().min(1).max(1_000_000).nullable(),
});
export type CustomPlanBody = z.infer<typeof CustomPlanBodySchema>;

/** The body of POST /api/payments: a catalog plan or a Custom plan. */
export const CreatePaymentBodySchema = z.union([CustomPlanBodySchema, RequestPlanBodySchema]);
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/**
 * POST /api/payments/checkout (an Administrator, for their organization): pay a catalog plan by
 * card. The server makes the pending record (method 'card') with its invoice number and a card
 * payment provider's checkout session, and answers the address to send the browser to.
 */
export const CheckoutBodySchema = z.object({
  plan: PricedPackageSchema,
  period: BillingPeriod,
  /** One of the plan's card prices' currencies; absent: the first for the period. */
  currency: CurrencySchema.optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const CheckoutResponseSchema = z.object({
  data: z.object({
    /** The provider's checkout page; back to /account/subscription?checkout=success|cancel afterwards. */
    url: z.string(),
    /** The pending record the payment will activate. */
    payment: PaymentRecordSchema,
  }),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/**
 * POST /api/subscriptions/organization/:orgId/scheduled-change: at the end of the paid period, end
 * the subscription (cancel) or change to a smaller catalog plan (downgrade). DELETE on the same
 * path undoes it while the period runs.
 */
export const ScheduleChangeBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cancel') }),
  z.object({
    kind: z.literal('downgrade'),
    plan: PricedPackageSchema,
    period: BillingPeriod,
    currency: CurrencySchema.optional(),
  }),
]);
export type ScheduleChangeBody = z.infer<typeof ScheduleChangeBodySchema>;

/** PUT /api/plans/:name/prices (Super Administrator): the plan's whole price list; one price per period and currency. */
export const UpdatePlanPricesBodySchema = z.object({
  prices: z
    .array(PlanPriceSchema.extend({ amountMinor: AmountMinorSchema.min(1) }))
    .max(50)
    .refine(
      (prices) => new Set(prices.map((p) => `${p.period}:${p.currency}`)).size === prices.length,
      'validation.duplicatePrice',
    ),
});
export type UpdatePlanPricesBody = z.infer<typeof UpdatePlanPricesBodySchema>;

export const PlanNameParamsSchema = z.object({ name: PricedPackageSchema });

/** docs/product/screens.md payment actions; 'receipt' uploads a receipt, 'send-receipt' mails it to the organization's administrators. */
export const PAYMENT_ACTIONS = [
  'activate',
  'close',
  'receipt',
  'send-receipt',
  'delete',
  'view-payment',
  'view-invoice',
] as const;
export const PaymentAction = z.enum(PAYMENT_ACTIONS);
export type PaymentAction = z.infer<typeof PaymentAction>;

/** The fields of a record the actions depend on. */
export type PaymentActionSubject = Pick<
  PaymentRecord,
  'status' | 'invoiceStatus' | 'activatedAt' | 'hasInvoice'
> &
  Partial<Pick<PaymentRecord, 'method'>>;

/**
 * The actions `role` may take on `record` now: the one rule of the state machine
 * (docs/product/billing.md#payment-records). The server refuses anything else (409 when the role may act on the record but not in
 * this state); the screen shows only these. Whether the person belongs to the record's organization
 * is checked by the server before (an Administrator sees only their own organization's records).
 *
 * - activate: pending → active (Super Administrator)
 * - close: pending → closed (Super Administrator, Administrator)
 * - receipt (upload): a pending invoice to pay by bank transfer (Super Administrator, Administrator);
 *   never a card checkout's, which is paid by card (a receipt would invite a second payment)
 * - send-receipt: a paid invoice (Super Administrator)
 * - delete: a record never activated (Super Administrator); the Administrator only a pending request
 * - view-payment: always; view-invoice: when the record has an invoice (both roles)
 */
export function allowedPaymentActions(
  record: PaymentActionSubject,
  role: string | null | undefined,
): PaymentAction[] {
  const superAdministrator = isSuperAdministrator(role);
  const administrator = isAdministrator(role);
  if (!superAdministrator && !administrator) return [];
  const pending = record.status === 'pending';
  const neverActivated = record.activatedAt === null;
  const allowed: Record<PaymentAction, boolean> = {
    activate: superAdministrator && pending,
    close: pending,
    receipt: pending && record.method !== 'card',
    'send-receipt': superAdministrator && record.invoiceStatus === 'paid',
    delete: neverActivated && (superAdministrator || pending),
    'view-payment': true,
    'view-invoice': record.hasInvoice,
  };
  return PAYMENT_ACTIONS.filter((action) => allowed[action]);
}

/**
 * Whether `role` could ever take `action` (in some state): when it could not, the server answers 403;
 * when it could but not in the record's state, 409.
 */
export function roleMayTakePaymentAction(action: PaymentAction, role: string | null | undefined): boolean {
  if (isSuperAdministrator(role)) return true;
  if (!isAdministrator(role)) return false;
  return action !== 'activate' && action !== 'send-receipt';
}
