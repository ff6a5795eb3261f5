import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Assessment, Attempt } from '@vbuilder/shared';
import { makeAssessment } from '../../features/assessments/lib/test-utils.ts';
import { makeAttempt } from '../../test/fixtures.ts';
import { apiUrl, http, HttpResponse, receivedRequests, server } from '../../test/msw-server.ts';
import { renderWithRouter } from '../../test/providers.tsx';
import { Component as TakeAssessmentRoute } from './take-assessment-route.tsx';

const summary = makeAssessment({ myAttempts: { submitted: 0, inProgressAttemptId: null, canStart: true } });
const assessment: Assessment = {
  ...summary,
  organizationId: 'org-1',
  instructions: '',
  language: 'en',
  instructor: 'Tess Teacher',
  reviewPolicy: 'afterSubmission',
  releasePolicy: 'immediate',
  assignment: { mode: 'all' },
  questions: [],
  draws: [],
  resources: [],
};

function startedAttempt(): Attempt {
  return makeAttempt({}, { id: summary.id, title: summary.title, subject: summary.subject });
}

describe('starting an assessment', () => {
  it('opens the attempt the start answered, without fetching it again', async () => {
    server.use(
      http.get(apiUrl(`/assessments/${summary.id}`), () => HttpResponse.json(assessment)),
      http.post(apiUrl(`/assessments/${summary.id}/attempts`), () =>
        HttpResponse.json(startedAttempt(), { status: 201 }),
      ),
    );
    await renderWithRouter(
      <TakeAssessmentRoute />,
      `/account/user/u-1/quiz/${summary.id}`,
      '/account/user/:userId/quiz/:assessmentId',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Plants need light.')).toBeInTheDocument();
    await waitFor(() =>
      expect(receivedRequests('POST', `/assessments/${summary.id}/attempts`)).toHaveLength(1),
    );
    expect(receivedRequests('GET', '/attempts/attempt-1')).toEqual([]);
  });
});
