import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentRecordResponseSchema, type PaymentRecord } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** GET /payments/:id: one record as it stands now ('View payment'). */
export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: async ({ signal }) =>
      (await api.get(`/payments/${encodeURIComponent(id)}`, PaymentRecordResponseSchema, { signal })).data,
    // The details dialog says 'Failed to fetch payment details.' itself.
    meta: { silent: true },
  });

/** The record, fetched afresh; the listed row stands in while it loads (and if it cannot be fetched). */
export const usePayment = (listed: PaymentRecord | null) =>
  useQuery({
    ...paymentQuery(listed?.id ?? ''),
    enabled: listed !== null,
    placeholderData: listed ?? undefined,
  });
