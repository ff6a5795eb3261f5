import { useMutation } from '@tanstack/react-query';
import { PaymentRecordResponseSchema, type CreatePaymentBody } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

export const requestPlan = async (body: CreatePaymentBody) =>
  (await api.post('/payments', body, PaymentRecordResponseSchema)).data;

/** POST /payments: a pending record and its invoice (mailed to the organization's administrators). */
export function useRequestPlan() {
  return useMutation({
    mutationFn: requestPlan,
    // The subscription's pending request and the payment history change; the screen toasts failures.
    meta: { silent: true, invalidates: [billingKeys.all] },
  });
}
