import { useMutation } from '@tanstack/react-query';
import { PaymentRecordResponseSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from '../../../lib/query-keys.ts';

/** The files a receipt may be: a PDF or an image (the server checks the content too). */
export const RECEIPT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest receipt the screen sends (the server refuses larger ones with 413). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export async function uploadReceipt({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return (await api.upload(`/payments/${encodeURIComponent(id)}/receipt`, form, PaymentRecordResponseSchema))
    .data;
}

/** POST /payments/:id/receipt (multipart): the proof of payment the Super Administrator activates on. */
export function useUploadReceipt() {
  return useMutation({
    mutationFn: uploadReceipt,
    meta: { silent: true, invalidates: [billingKeys.all] },
  });
}
