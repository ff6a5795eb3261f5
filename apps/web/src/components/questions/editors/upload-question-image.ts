import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The multipart field POST /api/question-images reads. */
export const QUESTION_IMAGE_FIELD = 'image';

export const QuestionImageUploadSchema = z.object({ url: z.string().min(1) });

export async function uploadQuestionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(QUESTION_IMAGE_FIELD, file, file.name);
  return (await api.upload('/question-images', form, QuestionImageUploadSchema)).url;
}

/** POST /question-images: stores the image and answers the URL to put in the question. */
export function useUploadQuestionImage() {
  return useMutation({
    mutationFn: uploadQuestionImage,
    // The image field shows the failure next to itself.
    meta: { silent: true },
  });
}
