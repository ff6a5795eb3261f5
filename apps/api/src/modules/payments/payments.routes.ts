import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  CreatePaymentBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  PaymentRecordResponseSchema,
  PaymentRecordsQuerySchema,
  PaymentRecordsResponseSchema,
  ScheduleChangeBodySchema,
  SubscriptionResponseSchema,
} from '@vbuilder/shared';
import { contentDispositionHeader } from '../../lib/content-disposition.ts';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/files.ts';
import { ADMINISTRATORS, SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import { handleStripeWebhook, startCheckout } from './payments.card.ts';
import { scheduleChange, undoScheduledChange } from './payments.schedule.ts';
import {
  activatePayment,
  closePayment,
  deletePayment,
  getPayment,
  getSubscription,
  invoicePdf,
  listAllPayments,
  listOrganizationPayments,
  paymentsContext,
  RECEIPT_MAX_BYTES,
  receiptFile,
  requestPayment,
  sendReceipt,
  uploadReceipt,
} from './payments.service.ts';

const tags = ['payments'];
const errors = { ...COMMON_ERRORS, 409: ErrorResponseSchema };
const OrgParamsSchema = z.object({ orgId: z.uuid() });
/** The multipart field a receipt is sent in. */
export const RECEIPT_FIELD = 'file';

/** A stored or rendered document, shown in the browser (its type decided by us, never sniffed). */
const sendDocument = (reply: FastifyReply, bytes: Buffer, contentType: string, fileName: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDispositionHeader(fileName, { inline: true }))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);

const administrators = { policy: { roles: ADMINISTRATORS } };
/** An organization's own Administrators (card payment is theirs to make; the Super Administrator has no card to pay with). */
const ORGANIZATION_ADMINISTRATORS = ADMINISTRATORS.filter((role) => role !== 'Super Administrator');
const superAdministrator = { policy: { roles: SUPER_ADMINISTRATOR } };

/**
 * Payment records, their actions and the subscription (docs/product/screens.md Payment records and Subscription
 * status card, docs/product/states.md, docs/product/api.md). The Super Administrator sees and acts on every organization's
 * records; an Administrator on their own organization's only (another's answers 404 like a missing
 * one); other roles are refused. An action the record's state does not allow answers 409
 * payment_transition_not_allowed and changes nothing (allowedPaymentActions in packages/shared).
 */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = paymentsContext(app);

  app.post(
    '/payments',
    {
      schema: {
        tags,
        summary:
          'Request a plan (an Administrator for their organization; the Super Administrator for any, and Custom plans): a pending record with its invoice',
        body: CreatePaymentBodySchema,
        response: { 201: PaymentRecordResponseSchema, ...errors },
      },
      config: administrators,
    },
    async (req, reply) => reply.code(201).send({ data: await requestPayment(ctx, req.actor, req.body) }),
  );

  app.post(
    '/payments/checkout',
    {
      schema: {
        tags,
        summary:
          "Pay a plan by card (an Administrator, for their organization): a pending card record with its invoice number and the card provider's checkout address; 409 card_payments_unavailable when card payment is not offered",
        body: CheckoutBodySchema,
        response: { 201: CheckoutResponseSchema, ...errors, 502: ErrorResponseSchema },
      },
      config: { policy: { roles: ORGANIZATION_ADMINISTRATORS } },
    },
    async (req, reply) => reply.code(201).send({ data: await startCheckout(ctx, req.actor, req.body) }),
  );

  // Stripe's webhook reads its body as the raw bytes the signature covers: a child context with its own parser.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/payments/webhooks/stripe',
      {
        schema: {
          tags,
          summary:
            "Stripe's webhook (public: the Stripe-Signature header is checked against STRIPE_WEBHOOK_SECRET); a paid Checkout session activates its record, once per event",
          response: {
            200: z.object({ received: z.literal(true) }),
            400: ErrorResponseSchema,
            409: ErrorResponseSchema,
          },
        },
        config: { policy: 'public' },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        return handleStripeWebhook(
          ctx,
          Buffer.isBuffer(req.body) ? req.body : undefined,
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });

  app.get(
    '/payments',
    {
      schema: {
        tags,
        summary: "Every organization's payment records, filtered, newest first (Super Administrator)",
        querystring: PaymentRecordsQuerySchema,
        response: { 200: PaymentRecordsResponseSchema, ...errors },
      },
      config: superAdministrator,
    },
    (req) => listAllPayments(ctx, req.query),
  );

  app.get(
    '/payments/organization/:orgId',
    {
      schema: {
        tags,
        summary:
          "An organization's payment records, newest first (docs/product/api.md; ?productLine=vbuilder)",
        params: OrgParamsSchema,
        querystring: PaymentRecordsQuerySchema.omit({ organizationId: true }),
        response: { 200: PaymentRecordsResponseSchema, ...errors },
      },
      config: administrators,
    },
    (req) =>
      listOrganizationPayments(ctx, req.actor, req.params.orgId, { ...req.query, organizationId: undefined }),
  );

  app.get(
    '/subscriptions/organization/:orgId',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          "An organization's subscription: package, status, product details, renewal date (docs/product/data.md, docs/product/states.md)",
        params: OrgParamsSchema,
        response: { 200: SubscriptionResponseSchema, ...errors },
      },
      config: administrators,
    },
    (req) => getSubscription(ctx, req.actor, req.params.orgId),
  );

  app.post(
    '/subscriptions/organization/:orgId/scheduled-change',
    {
      schema: {
        tags: ['subscriptions'],
        summary:
          'Cancel, or change to a smaller plan, at the end of the paid period (undone by DELETE until then)',
        params: OrgParamsSchema,
        body: ScheduleChangeBodySchema,
        response: { 200: SubscriptionResponseSchema, ...errors },
      },
      config: administrators,
    },
    async (req) => ({ data: await scheduleChange(ctx, req.actor, req.params.orgId, req.body) }),
  );

  app.delete(
    '/subscriptions/organization/:orgId/scheduled-change',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Undo the cancel or plan change scheduled for the end of the paid period',
        params: OrgParamsSchema,
        response: { 200: SubscriptionResponseSchema, ...errors },
      },
      config: administrators,
    },
    async (req) => ({ data: await undoScheduledChange(ctx, req.actor, req.params.orgId) }),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        tags,
        summary: 'View payment: one payment record',
        params: IdParamsSchema,
        response: { 200: PaymentRecordResponseSchema, ...errors },
      },
      config: administrators,
    },
    async (req) => ({ data: await getPayment(ctx, req.actor, req.params.id) }),
  );

  app.post(
    '/payments/:id/activate',
    {
      schema: {
        tags,
        summary:
          'Activate a pending record: its invoice paid, its plan in force at once (Super Administrator)',
        params: IdParamsSchema,
        response: { 200: PaymentRecordResponseSchema, ...errors },
      },
      config: superAdministrator,
    },
    async (req) => ({ data: await activatePayment(ctx, req.actor, req.params.id) }),
  );

  app.post(
    '/payments/:id/close',
    {
      schema: {
        tags,
        summary: "Close a pending record's invoice unpaid",
        params: IdParamsSchema,
        response: { 200: PaymentRecordResponseSchema, ...errors },
      },
      config: administrators,
    },
    async (req) => ({ data: await closePayment(ctx, req.actor, req.params.id) }),
  );

  app.post(
    '/payments/:id/receipt',
    {
      schema: {
        tags,
        summary: `Upload the receipt of a pending record (multipart, field ${RECEIPT_FIELD}; PDF, PNG, JPEG or WebP, checked by content)`,
        params: IdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: PaymentRecordResponseSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: administrators,
    },
    async (req) => {
      const file = await readUploadedFile(req, {
        field: RECEIPT_FIELD,
        maxBytes: RECEIPT_MAX_BYTES,
        what: 'the receipt',
      });
      return { data: await uploadReceipt(ctx, req.actor, req.params.id, file) };
    },
  );

  app.post(
    '/payments/:id/send-receipt',
    {
      schema: {
        tags,
        summary:
          "Mail the paid invoice and the receipt to the organization's Administrators (Super Administrator)",
        params: IdParamsSchema,
        response: { 200: PaymentRecordResponseSchema, ...errors },
      },
      config: superAdministrator,
    },
    async (req) => ({ data: await sendReceipt(ctx, req.actor, req.params.id) }),
  );

  app.delete(
    '/payments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a record that was never activated (the audit log keeps it)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
      config: administrators,
    },
    async (req, reply) => {
      await deletePayment(ctx, req.actor, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/payments/:id/invoice.pdf',
    {
      schema: {
        tags,
        summary: "View invoice: the record's invoice as PDF, as it stands, in the reader's language",
        params: IdParamsSchema,
        response: errors,
      },
      config: administrators,
    },
    async (req, reply) => {
      const { bytes, fileName } = await invoicePdf(ctx, req.actor, req.params.id);
      return sendDocument(reply, bytes, 'application/pdf', fileName);
    },
  );

  app.get(
    '/payments/:id/receipt',
    {
      schema: {
        tags,
        summary: 'The uploaded receipt (PDF or image)',
        params: IdParamsSchema,
        response: errors,
      },
      config: administrators,
    },
    async (req, reply) => {
      const { bytes, contentType, fileName } = await receiptFile(ctx, req.actor, req.params.id);
      return sendDocument(reply, bytes, contentType, fileName);
    },
  );
};

export default paymentsRoutes;
