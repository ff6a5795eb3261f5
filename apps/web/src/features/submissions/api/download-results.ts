import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { fileNameFrom } from '../lib/file-names.ts';

/** The files the Submissions screen offers: results as CSV or Excel, the PDF report. */
export const RESULT_FILES = {
  csv: { path: 'export.csv', suffix: 'results', extension: 'csv' },
  xlsx: { path: 'export.xlsx', suffix: 'results', extension: 'xlsx' },
  pdf: { path: 'report.pdf', suffix: 'report', extension: 'pdf' },
} as const;
export type ResultFileKind = keyof typeof RESULT_FILES;

export interface DownloadResultsVariables {
  assessmentId: string;
  title: string;
  kind: ResultFileKind;
}

/** The browser's IANA time zone ('Asia/Bangkok'), so the file's dates read as the user's clock; null if unknown. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Fetches the file with the bearer token (a plain link would carry none) and saves it under the
 * name the server gives (the full title in any script, in the user's language), else one made here.
 */
export async function downloadResults({ assessmentId, title, kind }: DownloadResultsVariables) {
  const file = RESULT_FILES[kind];
  const zone = browserTimeZone();
  const query = zone ? `?${new URLSearchParams({ timeZone: zone })}` : '';
  const { blob, fileName } = await api.downloadFile(
    `/assessments/${encodeURIComponent(assessmentId)}/${file.path}${query}`,
  );
  saveFile(blob, fileName ?? fileNameFrom(title, file.suffix, file.extension));
}

/** GET /assessments/:id/export.csv | export.xlsx | report.pdf, saved as a file. */
export const useDownloadResults = () => useMutation({ mutationFn: downloadResults, meta: { silent: true } });
