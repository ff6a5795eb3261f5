import { QUESTION_IMAGE_TYPES } from '@vbuilder/shared';
import type { FileStore } from '../../lib/files.ts';
import { detectImageType, newImageKey } from '../../lib/stored-images.ts';

/** Stored question images live under this key prefix and are served at /api/files/<key>. */
export const QUESTION_IMAGE_PREFIX = 'question-images';

/**
 * Stores an image a teacher attaches to a question under a random, unguessable name and answers
 * the address it is served at. Questions only keep the URL, so nothing else changes here: a
 * question that is never saved leaves an unreachable-by-guessing file behind, which is harmless.
 */
export async function storeQuestionImage(files: FileStore, bytes: Uint8Array): Promise<{ url: string }> {
  const mime = await detectImageType(bytes, QUESTION_IMAGE_TYPES, 'Question images');
  const key = newImageKey(QUESTION_IMAGE_PREFIX, mime);
  await files.saveFile(key, bytes);
  return { url: `/api/files/${key}` };
}
