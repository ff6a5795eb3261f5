import { api } from '../../../lib/api-client.ts';

/** GET /payments/:id/receipt: the uploaded receipt (PDF or image) with its name, through the client (it carries the token). */
export const fetchReceipt = (id: string) => api.downloadFile(`/payments/${encodeURIComponent(id)}/receipt`);
