import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fileNameFrom, saveFile } from '../lib/save-file.ts';

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

/** Fetches the file with the bearer token (a plain link would carry none) and saves it. */
export async function downloadResults({ assessmentId, title, kind }: DownloadResultsVariables) {
  const file = RESULT_FILES[kind];
  const blob = await api.download(`/assessments/${encodeURIComponent(assessmentId)}/${file.path}`);
  saveFile(blob, fileNameFrom(title, file.suffix, file.extension));
}

/** GET /assessments/:id/export.csv | export.xlsx | report.pdf, saved as a file. */
export const useDownloadResults = () => useMutation({ mutationFn: downloadResults, meta: { silent: true } });
