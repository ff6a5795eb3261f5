import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

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

/** A Student starts an attempt, saves each answer and submits; returns the submission. */
export async function submitAttempt(
  request: APIRequestContext,
  token: string,
  assessmentId: string,
  answers: Record<string, unknown>,
): Promise<{ status: string; score: number; passed: boolean | null }> {
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
  return (await submitted.json()) as { status: string; score: number; passed: boolean | null };
}
