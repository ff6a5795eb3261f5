import { useMutation, useQuery } from '@tanstack/react-query';
import { QuestionExportCheckSchema, type ExportFormat } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { bankQueryString, type BankQuestionParams } from './question-bank.ts';

/** What an export takes: an assessment's questions, bank questions by id, or the bank list's filters. */
export type ExportSource =
  | { kind: 'assessment'; assessmentId: string }
  | { kind: 'bankIds'; ids: readonly string[] }
  | { kind: 'bankFilter'; filter: Omit<BankQuestionParams, 'page' | 'pageSize'> };

/** The query string of GET /question-exports/check and /file for a source and a format. */
export function exportQueryString(source: ExportSource, format: ExportFormat): string {
  const search = new URLSearchParams({ format });
  if (source.kind === 'assessment') search.set('assessmentId', source.assessmentId);
  else if (source.kind === 'bankIds') for (const id of source.ids) search.append('bankQuestionId', id);
  else {
    // The list's own filters, without its paging: the export takes every question they match.
    const filters = new URLSearchParams(bankQueryString({ ...source.filter, page: 1, pageSize: 1 }).slice(1));
    filters.delete('page');
    filters.delete('pageSize');
    for (const [key, value] of filters) search.append(key, value);
  }
  return search.toString();
}

/** GET /question-exports/check: the file's name and every question the format cannot carry, with why. */
export const useExportCheck = (source: ExportSource, format: ExportFormat | null) => {
  const query = format ? exportQueryString(source, format) : '';
  return useQuery({
    queryKey: questionBankKeys.exportCheck(query),
    queryFn: ({ signal }) =>
      api.get(`/question-exports/check?${query}`, QuestionExportCheckSchema, { signal }),
    enabled: format !== null,
    meta: { silent: true },
  });
};

/**
 * GET /question-exports/file, fetched with the token (a plain link would carry none) and saved
 * under the name the server gives (the title in any script).
 */
export async function downloadExport({
  source,
  format,
  fileName,
}: {
  source: ExportSource;
  format: ExportFormat;
  fileName: string;
}) {
  const file = await api.downloadFile(`/question-exports/file?${exportQueryString(source, format)}`);
  saveFile(file.blob, file.fileName ?? fileName);
  return file.fileName ?? fileName;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport, meta: { silent: true } });
