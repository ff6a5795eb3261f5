import { useMutation } from '@tanstack/react-query';
import {
  AiGenerateResponseSchema,
  AiSourceTextSchema,
  type AiGenerateRequest,
  type AiGenerateResponse,
  type AiSourceText,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';

/** The multipart field POST /api/ai/source reads. */
export const AI_SOURCE_FIELD = 'file';

/** POST /ai/questions: questions written by the language model, for the teacher to review (nothing saved). */
export const generateQuestions = (request: AiGenerateRequest): Promise<AiGenerateResponse> =>
  api.post('/ai/questions', request, AiGenerateResponseSchema);

/** POST /ai/source: the text of a PDF, DOCX, TXT or MD document, to generate questions from. */
export function readSourceDocument(file: File): Promise<AiSourceText> {
  const form = new FormData();
  form.append(AI_SOURCE_FIELD, file, file.name);
  return api.upload('/ai/source', form, AiSourceTextSchema);
}

/** The panel shows its own failures (the reason and any rejected items), so no global toast. */
export const useGenerateQuestions = () =>
  useMutation({ mutationFn: generateQuestions, meta: { silent: true } });

export const useReadSourceDocument = () =>
  useMutation({ mutationFn: readSourceDocument, meta: { silent: true } });
