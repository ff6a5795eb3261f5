import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** GET /payments/:id/invoice.pdf through the client (it carries the token), as a Blob and its name. */
export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => api.downloadFile(`/payments/${encodeURIComponent(id)}/invoice.pdf`, { signal }),
    // The viewer says what failed; the PDF is made at request time, so it is not kept long.
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });

export const useInvoice = (id: string | null) =>
  useQuery({ ...invoiceQuery(id ?? ''), enabled: Boolean(id) });
