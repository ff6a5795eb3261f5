import { useMutation } from '@tanstack/react-query';
import { CheckoutResponseSchema, type CheckoutBody } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';

export const startCheckout = async (body: CheckoutBody) =>
  (await api.post('/payments/checkout', body, CheckoutResponseSchema)).data;

/**
 * POST /payments/checkout: a pending card record and the card provider's checkout address. The
 * screen sends the browser there, and toasts failures itself.
 */
export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout, meta: { silent: true } });
}
