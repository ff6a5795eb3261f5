import { useMutation } from '@tanstack/react-query';
import { PaymentRecordResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys, billingKeys } from '../../../lib/query-keys.ts';

const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

/** The state-changing actions of a payment record (docs/product/screens.md), each a call of its own. */
export type PaymentChange = 'activate' | 'close' | 'send-receipt' | 'delete';

export async function changePayment({ id, change }: { id: string; change: PaymentChange }): Promise<void> {
  if (change === 'delete') {
    await api.delete(paymentPath(id));
    return;
  }
  if (change === 'send-receipt') {
    await api.post(`${paymentPath(id)}/send-receipt`);
    return;
  }
  await api.post(`${paymentPath(id)}/${change}`, undefined, PaymentRecordResponseSchema);
}

/**
 * POST /payments/:id/(activate|close|send-receipt) and DELETE /payments/:id, each after the
 * screen's confirmation. An activation changes the organization's plan, so its usage card too.
 */
export function useChangePayment() {
  return useMutation({
    mutationFn: changePayment,
    meta: { silent: true, invalidates: [billingKeys.all, assessmentKeys.usages()] },
  });
}
