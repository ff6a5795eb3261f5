import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The browser's IANA time zone, so the PDF's dates read as the student's clock; null if unknown. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * GET /attempts/:id/result.pdf with the bearer token (a plain link would carry none), saved under
 * the name the server gives (the title in any script, in the student's language).
 */
export async function downloadResult(attemptId: string): Promise<void> {
  const zone = browserTimeZone();
  const query = zone ? `?${new URLSearchParams({ timeZone: zone })}` : '';
  const { blob, fileName } = await api.downloadFile(
    `/attempts/${encodeURIComponent(attemptId)}/result.pdf${query}`,
  );
  saveFile(blob, fileName ?? 'result.pdf');
}

export const useDownloadResult = () => useMutation({ mutationFn: downloadResult, meta: { silent: true } });
