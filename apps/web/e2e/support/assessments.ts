import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiSignIn } from './fixtures.ts';

/** Journeys set up their data through the API, as the screens would, and test the screens. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Creates an assessment (POST /api/assessments) and returns its id. */
export async function createAssessment(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<string> {
  const res = await request.post('/api/assessments', { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Publishes an assessment open to the whole organization now (manual, pass mark 50 % unless `data`
 * says otherwise) and returns its id: the set-up of the journeys that test what follows a submission.
 */
export function publishAssessment(
  request: APIRequestContext,
  token: string,
  data: { title: string; subject: string; questions: Record<string, unknown>[] } & Record<string, unknown>,
): Promise<string> {
  return createAssessment(request, token, {
    difficulty: 'Easy',
    generationType: 'manual',
    passMark: 50,
    status: 'published',
    assignment: { mode: 'all' },
    ...data,
  });
}

/** What the API answers to a submission. */
export interface Submission {
  status: string;
  score: number;
  passed: boolean | null;
}

/** A Student starts an attempt, saves each answer and submits; returns the submission. */
export async function submitAttempt(
  request: APIRequestContext,
  token: string,
  assessmentId: string,
  answers: Record<string, unknown>,
): Promise<Submission> {
  const started = await request.post(`/api/assessments/${assessmentId}/attempts`, { headers: bearer(token) });
  expect([200, 201], await started.text()).toContain(started.status());
  const attemptId = ((await started.json()) as { id: string }).id;
  for (const [questionId, answer] of Object.entries(answers)) {
    const saved = await request.put(`/api/attempts/${attemptId}/answers/${questionId}`, {
      headers: bearer(token),
      data: { answer, revision: 1, idempotencyKey: randomUUID() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const submitted = await request.post(`/api/attempts/${attemptId}/submit`, {
    headers: bearer(token),
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return (await submitted.json()) as Submission;
}

/**
 * A Student, signed in through the API (no browser: the journeys test the teacher's screens), hands
 * in one attempt per set of answers, in order; returns the submissions.
 */
export async function submitAs(
  who: { email: string; password: string },
  assessmentId: string,
  ...attempts: Record<string, unknown>[]
): Promise<Submission[]> {
  const { request, token } = await apiSignIn(who);
  try {
    const results: Submission[] = [];
    for (const answers of attempts) results.push(await submitAttempt(request, token, assessmentId, answers));
    return results;
  } finally {
    await request.dispose();
  }
}

/** Who hands in which answers: one attempt per set of answers, in order. */
export interface Submitting {
  who: { email: string; password: string };
  attempts: Record<string, unknown>[];
}

/**
 * The set-up the marking, results and certificate journeys share, all through the API: the owner
 * publishes the assessment, then each Student hands in their attempts (the Students side by side).
 * Returns the assessment's id and, in the same order as `submissions`, each Student's submissions.
 * It needs no browser, so a journey runs it while its browsers sign in.
 */
export async function publishAndSubmit<const S extends readonly Submitting[]>({
  owner,
  assessment,
  submissions,
}: {
  owner: { email: string; password: string };
  assessment: Parameters<typeof publishAssessment>[2];
  submissions: S;
}): Promise<{ assessmentId: string; results: { -readonly [K in keyof S]: Submission[] } }> {
  const { request, token } = await apiSignIn(owner);
  try {
    const assessmentId = await publishAssessment(request, token, assessment);
    const results = await Promise.all(
      submissions.map(({ who, attempts }) => submitAs(who, assessmentId, ...attempts)),
    );
    return { assessmentId, results: results as { -readonly [K in keyof S]: Submission[] } };
  } finally {
    await request.dispose();
  }
}
