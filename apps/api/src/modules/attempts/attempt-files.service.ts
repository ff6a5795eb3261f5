import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { getQuestionType, OpenConfigSchema, type AttemptFile, type Question } from '@vbuilder/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/files.ts';
import type { Actor } from '../../types.d.ts';
import { countAttemptFiles, findAttempt, findAttemptFile, insertAttemptFile } from './attempts.repository.ts';
import { canReadAttempt, isExpired } from './attempts.service.ts';

/** Files and recordings a student hands in as (part of) an open answer. */

export const ATTEMPT_FILE_FIELD = 'file';
/** Enough for every file question of a long assessment with a few replacements each. */
export const ATTEMPT_FILES_MAX = 200;

export const attemptFileUrl = (attemptId: string, fileId: string) =>
  `/api/attempts/${attemptId}/files/${fileId}`;

/** Types of programs that never belong in an answer, whatever the question accepts. */
const EXECUTABLES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.microsoft.portable-executable',
  'application/x-sharedlib',
]);

/** Recording containers: a browser's audio recording is often detected as webm/mp4/ogg "video". */
const AUDIO_CONTAINERS = new Set(['video/webm', 'video/mp4', 'application/ogg', 'video/ogg']);

const TEXT_EXTENSIONS = new Map([
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['md', 'text/markdown'],
  ['json', 'application/json'],
]);

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A name safe to keep and show: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (newlines included) would break headers and listings.
  // eslint-disable-next-line no-control-regex
  const withoutControls = base.replace(/[\u0000-\u001f\u007f]/g, '');
  const cleaned = withoutControls.trim().slice(0, 200);
  return cleaned || 'file';
}

/** Whether a type/name fits one accept entry of the question ('.pdf', 'image/*', 'application/pdf'). */
function fitsAccept(entry: string, mime: string, name: string): boolean {
  const e = entry.trim().toLowerCase();
  if (e.startsWith('.')) return name.toLowerCase().endsWith(e);
  if (e.endsWith('/*')) return mime.startsWith(e.slice(0, -1));
  return mime === e;
}

/**
 * The content type of an upload, decided from its bytes (never the declared type): it must fit
 * the question's response kind and accepted types. Text formats have no signature: they are
 * accepted by extension for file questions and served as plain text, as attachments.
 */
async function checkedContentType(question: Question, bytes: Uint8Array, name: string): Promise<string> {
  const kind = getQuestionType(question.type).responseKind;
  const config = OpenConfigSchema.safeParse(question.config);
  const refuse = (why: string) => badRequest('unsupported_file_type', why);
  if (!kind || !config.success || !['audio', 'video', 'file'].includes(config.data.responseKind))
    throw refuse('This question is not answered with a file');
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  const responseKind = config.data.responseKind;
  if (responseKind === 'audio') {
    if (!detected || !(detected.startsWith('audio/') || AUDIO_CONTAINERS.has(detected)))
      throw refuse('Send an audio recording');
    return detected;
  }
  if (responseKind === 'video') {
    if (!detected || !detected.startsWith('video/')) throw refuse('Send a video');
    return detected;
  }
  const mime = detected ?? TEXT_EXTENSIONS.get(extensionOf(name)) ?? 'application/octet-stream';
  if (EXECUTABLES.has(mime)) throw refuse('Programs cannot be handed in');
  const accept = config.data.acceptedFileTypes ?? [];
  if (accept.length && !accept.some((entry) => fitsAccept(entry, mime, name)))
    throw refuse(`Accepted types: ${accept.join(', ')}`);
  return mime;
}

export async function uploadAttemptFile(
  db: Db,
  files: FileStore,
  actor: Actor,
  now: Date,
  target: { attemptId: string; questionId: string },
  upload: { bytes: Uint8Array; filename: string | undefined },
): Promise<AttemptFile> {
  const attempt = await findAttempt(db, target.attemptId);
  if (!attempt || attempt.studentId !== actor.userId) throw notFound('attempt');
  if (attempt.status !== 'in_progress')
    throw conflict('attempt_submitted', 'This attempt has been submitted');
  if (isExpired(attempt, now)) throw conflict('attempt_closed', 'The time for this attempt is over');
  const question = (attempt.questions as Question[]).find((q) => q.id === target.questionId);
  if (!question) throw new AppError(404, 'unknown_question', 'This question is not part of the attempt');
  if ((await countAttemptFiles(db, attempt.id)) >= ATTEMPT_FILES_MAX)
    throw badRequest('validation_error', 'Too many files in this attempt');
  const name = cleanFileName(upload.filename);
  const contentType = await checkedContentType(question, upload.bytes, name);
  const storageKey = `attempt-files/${attempt.id}/${randomUUID()}`;
  await files.saveFile(storageKey, upload.bytes);
  const row = await insertAttemptFile(db, {
    attemptId: attempt.id,
    questionId: question.id,
    name,
    contentType,
    size: upload.bytes.length,
    storageKey,
    createdAt: now,
  });
  return { id: row.id, name, size: row.size, contentType, url: attemptFileUrl(attempt.id, row.id) };
}

/** The stored file (a stream), for its student, staff of its organization and the Super Administrator. */
export async function readAttemptFile(
  db: Db,
  files: FileStore,
  actor: Actor,
  attemptId: string,
  fileId: string,
) {
  const attempt = await findAttempt(db, attemptId);
  if (!attempt || !canReadAttempt(actor, attempt)) throw notFound('file');
  const row = await findAttemptFile(db, attemptId, fileId);
  // Streamed: recordings run to tens of MB, and many can be downloaded at once.
  const stream = row ? await files.openFile(row.storageKey) : null;
  if (!row || !stream) throw notFound('file');
  return { row, stream };
}
