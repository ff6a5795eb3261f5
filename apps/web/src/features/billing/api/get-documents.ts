import { api } from '../../../lib/api-client.ts';

const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

/**
 * A record's files through the API client (it carries the token, which a plain link would not),
 * each as a Blob with the name the server gives it: GET /payments/:id/invoice.pdf (made at request
 * time in the reader's language) and GET /payments/:id/receipt (the uploaded PDF or image).
 */
export const fetchPaymentDocument = (id: string, document: 'invoice' | 'receipt') =>
  api.downloadFile(`${paymentPath(id)}/${document === 'invoice' ? 'invoice.pdf' : 'receipt'}`);
