import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { QUESTION_IMAGE_TYPES } from '@vbuilder/shared';
import type { FileStore } from '../../lib/files.ts';
import { badRequest } from '../../lib/errors.ts';

export type QuestionImageType = (typeof QUESTION_IMAGE_TYPES)[number];

/** Stored question images live under this key prefix and are served at /api/files/<key>. */
export const QUESTION_IMAGE_PREFIX = 'question-images';

/** The file extension each accepted image type is stored under (and served back with). */
export const QUESTION_IMAGE_EXTENSIONS: Record<QuestionImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Checks the bytes (never the file name or the declared type) and answers the image type, or throws. */
export async function detectQuestionImageType(bytes: Uint8Array): Promise<QuestionImageType> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as QuestionImageType | undefined;
  if (!mime || !QUESTION_IMAGE_TYPES.includes(mime)) {
    throw badRequest(
      'unsupported_file_type',
      `Question images must be one of: ${QUESTION_IMAGE_TYPES.join(', ')}`,
    );
  }
  return mime;
}

/**
 * Stores an image a teacher attaches to a question under a random, unguessable name and answers
 * the address it is served at. Questions only keep the URL, so nothing else changes here: a
 * question that is never saved leaves an unreachable-by-guessing file behind, which is harmless.
 */
export async function storeQuestionImage(files: FileStore, bytes: Uint8Array): Promise<{ url: string }> {
  const mime = await detectQuestionImageType(bytes);
  const key = `${QUESTION_IMAGE_PREFIX}/${randomUUID()}.${QUESTION_IMAGE_EXTENSIONS[mime]}`;
  await files.saveFile(key, bytes);
  return { url: `/api/files/${key}` };
}
