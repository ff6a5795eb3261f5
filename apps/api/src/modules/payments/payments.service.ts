/**
 * The payments module's public face: other modules and the routes import from here. The rules
 * live in the module's files by section (the map: README.md beside this file).
 */
export { paymentsContext, type PaymentsContext } from './payments.context.ts';
export { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from './payments.receipts.ts';
export {
  createPendingRecord,
  insertPendingRecord,
  paidPeriodOf,
  requestedOrganization,
  requestPayment,
  type PendingRequest,
} from './payments.requests.ts';
export {
  getPayment,
  getSubscription,
  listAllPayments,
  listOrganizationPayments,
  receiptFile,
  subscriptionOf,
  subscriptionStateOf,
  type PaymentRecordsQuery,
} from './payments.lists.ts';
export {
  activatePayment,
  afterActivation,
  afterClose,
  applyActivation,
  applyClose,
  closePayment,
  deletePayment,
  sendReceipt,
  uploadReceipt,
  type TransitionActor,
} from './payments.transitions.ts';
export { invoicePdf } from './payments.invoice-store.ts';
export { REMINDER_BEFORE_MS, runBillingClock, type BillingClockContext } from './billing-clock.ts';
