import {
  AttemptFileSchema,
  AttemptResultSchema,
  AttemptSchema,
  SaveAnswerAckSchema,
  type Attempt,
  type SaveAnswerInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * The attempts API. Each call that returns an attempt also says how far the device's
 * clock is from the server's, measured around the request, so the timer never trusts the device
 * clock alone.
 */

export interface TimedAttempt {
  attempt: Attempt;
  /** Add to Date.now() to get the server's time. */
  clockOffsetMs: number;
}

const id = encodeURIComponent;

/** The server's time minus the device's, taking the middle of the request as the moment it answered. */
export function clockOffsetOf(serverNow: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverNow) - (sentAt + receivedAt) / 2;
}

async function timed(call: () => Promise<Attempt>): Promise<TimedAttempt> {
  const sentAt = Date.now();
  const attempt = await call();
  return { attempt, clockOffsetMs: clockOffsetOf(attempt.serverNow, sentAt, Date.now()) };
}

/** POST /assessments/:id/attempts: continues the attempt in progress, or starts one (a retake when allowed). */
export const startAttempt = (assessmentId: string) =>
  timed(() => api.post(`/assessments/${id(assessmentId)}/attempts`, undefined, AttemptSchema));

/** GET /attempts/:id */
export const fetchAttempt = (attemptId: string, signal?: AbortSignal) =>
  timed(() => api.get(`/attempts/${id(attemptId)}`, AttemptSchema, { signal }));

/** PUT /attempts/:id/answers/:questionId: acknowledged only once committed. */
export const saveAnswer = (attemptId: string, questionId: string, body: SaveAnswerInput) =>
  api.put(`/attempts/${id(attemptId)}/answers/${id(questionId)}`, body, SaveAnswerAckSchema);

/** POST /attempts/:id/answers/:questionId/files: a file or recording for an open answer. */
export function uploadAnswerFile(attemptId: string, questionId: string, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return api.upload(`/attempts/${id(attemptId)}/answers/${id(questionId)}/files`, form, AttemptFileSchema);
}

/** POST /attempts/:id/submit: the same result however often it is repeated. */
export const submitAttempt = (attemptId: string, idempotencyKey: string) =>
  api.post(`/attempts/${id(attemptId)}/submit`, { idempotencyKey }, AttemptResultSchema);
