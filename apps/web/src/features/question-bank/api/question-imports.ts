import { useMutation } from '@tanstack/react-query';
import { QuestionImportResultSchema, type ImportFormat, type ImportMode } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { assessmentKeys, questionBankKeys } from '../../../lib/query-keys.ts';

/** The multipart field the API reads the file from (after the text fields). */
export const QUESTION_IMPORT_FIELD = 'file';

export interface QuestionImportRequest {
  file: File;
  mode: ImportMode;
  format?: ImportFormat | null;
  /** Into the bank under this category (null: its top level)... */
  categoryId?: string | null;
  /** ...or appended to this assessment. */
  assessmentId?: string | null;
}

/** POST /question-imports: a preview (nothing saved) or a save of the same file. */
export function importQuestionFile({ file, mode, format, categoryId, assessmentId }: QuestionImportRequest) {
  const form = new FormData();
  form.append('mode', mode);
  if (format) form.append('format', format);
  if (categoryId) form.append('categoryId', categoryId);
  if (assessmentId) form.append('assessmentId', assessmentId);
  form.append(QUESTION_IMPORT_FIELD, file, file.name);
  return api.upload('/question-imports', form, QuestionImportResultSchema);
}

export function useImportQuestions() {
  return useMutation({
    mutationFn: importQuestionFile,
    // A save changes the bank (questions, categories, tags) or an assessment.
    meta: { silent: true, invalidates: [questionBankKeys.all, assessmentKeys.all] },
  });
}
