import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PaymentRecordsResponseSchema,
  PRODUCT_LINE,
  type InvoiceStatus,
  type PaymentRecordStatus,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { toQueryString } from '../../../lib/format.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/**
 * Whose records a list shows: every organization's (the Super Administrator's GET /payments,
 * optionally narrowed to one) or one organization's (GET /payments/organization/:orgId, docs/product/api.md).
 */
export type PaymentScope =
  { kind: 'all'; organizationId?: string } | { kind: 'organization'; organizationId: string };

export interface PaymentListParams {
  scope: PaymentScope;
  page: number;
  pageSize: number;
  status?: PaymentRecordStatus;
  invoiceStatus?: InvoiceStatus;
}

export function paymentListPath({ scope, page, pageSize, status, invoiceStatus }: PaymentListParams): string {
  const query = { page, pageSize, status, invoiceStatus, productLine: PRODUCT_LINE };
  if (scope.kind === 'organization') {
    return `/payments/organization/${encodeURIComponent(scope.organizationId)}${toQueryString(query)}`;
  }
  return `/payments${toQueryString({ ...query, organizationId: scope.organizationId })}`;
}

/** A page of payment records, newest first. */
export const paymentsQuery = (params: PaymentListParams) =>
  queryOptions({
    queryKey: billingKeys.paymentList(params),
    queryFn: ({ signal }) => api.get(paymentListPath(params), PaymentRecordsResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    // The screen shows a load-error card with a retry instead of a toast.
    meta: { silent: true },
  });

export const usePayments = (params: PaymentListParams | null) =>
  useQuery({
    ...paymentsQuery(params ?? { scope: { kind: 'all' }, page: 1, pageSize: 1 }),
    enabled: !!params,
  });
