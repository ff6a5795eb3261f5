import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attempt, AttemptResult, SaveAnswerAck, SaveAnswerInput } from '@vbuilder/shared';
import {
  apiUrl,
  http,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import type * as PlayerModule from './question-player.tsx';
import { AttemptScreen } from './attempt-screen.tsx';

type Module = typeof PlayerModule;

/** How often each question's view rendered (counted through its player, which every view renders). */
const questionRenders = new Map<string, number>();
vi.mock('./question-player.tsx', async (importOriginal) => {
  const original = await importOriginal<Module>();
  return {
    ...original,
    QuestionPlayer: (props: Parameters<Module['QuestionPlayer']>[0]) => {
      questionRenders.set(props.question.id, (questionRenders.get(props.question.id) ?? 0) + 1);
      return original.QuestionPlayer(props);
    },
  };
});

/** The attempt's deadline on the server: a test moves it as a teacher's extra time would. */
let serverDeadline: string | null = null;

/** The server acknowledges every answer saved (with the deadline), answers the timer's refresh, and grades a submit. */
const attemptApi = [
  http.put(apiUrl('/attempts/:attemptId/answers/:questionId'), async ({ params, request }) => {
    const body = (await request.json()) as SaveAnswerInput;
    const ack: SaveAnswerAck = {
      questionId: String(params.questionId),
      revision: body.revision,
      savedAt: new Date().toISOString(),
      stale: false,
      deadlineAt: serverDeadline,
    };
    return HttpResponse.json(ack);
  }),
  http.get(apiUrl('/attempts/:attemptId/deadline'), () =>
    HttpResponse.json({
      status: 'in_progress',
      deadlineAt: serverDeadline,
      serverNow: new Date().toISOString(),
    }),
  ),
  http.post(apiUrl('/attempts/:attemptId/submit'), ({ params }) => {
    const result: AttemptResult = {
      attemptId: String(params.attemptId),
      assessmentId: 'a-1',
      number: 1,
      startedAt: new Date().toISOString(),
      submittedAt: new Date().toISOString(),
      submittedBy: 'student',
      status: 'Submitted',
      markingStatus: 'auto',
      score: 2,
      maxScore: 4,
      percentage: 50,
      passMark: 50,
      passed: true,
      reviewAvailable: false,
      released: true,
      releasesAt: null,
      questions: [],
    };
    return HttpResponse.json(result);
  }),
];

/** The answers saved so far, in order: which question and what was sent. */
async function saves() {
  const requests = receivedRequests('PUT', /^\/attempts\/[^/]+\/answers\/[^/]+$/);
  return Promise.all(
    requests.map(async (request, n) => ({
      questionId: request.path.split('/').at(-1),
      body: (await receivedBody('PUT', /\/answers\//, n)) as SaveAnswerInput,
    })),
  );
}
const submits = () =>
  receivedRequests('POST', /^\/attempts\/[^/]+\/submit$/).map((request) => request.path.split('/')[2]);

function attempt(deadlineInMs: number | null): Attempt {
  const now = Date.now();
  return {
    id: `attempt-${Math.random().toString(36).slice(2)}`,
    assessment: {
      id: 'a-1',
      title: 'Plants quiz',
      subject: 'Biology',
      instructions: '',
      passMark: 50,
      totalMarks: 4,
      durationMinutes: 10,
      endsAt: null,
      dueAt: null,
      allowRetake: false,
      reviewPolicy: 'afterSubmission',
      resources: [],
    },
    number: 1,
    status: 'in_progress',
    startedAt: new Date(now).toISOString(),
    deadlineAt: (serverDeadline = deadlineInMs === null ? null : new Date(now + deadlineInMs).toISOString()),
    serverNow: new Date(now).toISOString(),
    graceSeconds: 30,
    submittedAt: null,
    submittedBy: null,
    questions: [
      {
        id: 'q1',
        type: 'true-false',
        text: 'Plants need light.',
        score: 2,
        config: {},
      },
      {
        id: 'q2',
        type: 'short-answers',
        text: 'Name the green pigment.',
        score: 2,
        config: {},
      },
    ],
    answers: {},
    revision: 0,
  };
}

async function renderScreen(deadlineInMs: number | null, durationMinutes: number | null = 10) {
  const onSubmitted = vi.fn();
  const base = attempt(deadlineInMs);
  const loaded = {
    attempt: { ...base, assessment: { ...base.assessment, durationMinutes } },
    clockOffsetMs: 0,
    fromDevice: false,
  };
  await renderWithProviders(
    <MemoryRouter>
      <AttemptScreen loaded={loaded} resultsPath="/results" onSubmitted={onSubmitted} />
    </MemoryRouter>,
  );
  await screen.findByRole('navigation', { name: 'Questions' });
  return { onSubmitted, attemptId: loaded.attempt.id };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  window.localStorage.clear();
  server.use(...attemptApi);
});

// Saving each answer goes through the client and the mock server: slower than the default 5 s on a busy machine.
describe('the attempt screen', { timeout: 20_000 }, () => {
  it('saves each answer, marks it answered, and submits after confirming', async () => {
    const user = userEvent.setup();
    const { onSubmitted, attemptId } = await renderScreen(null);
    await user.click(screen.getByText('All on one page'));
    await user.click(screen.getByRole('radio', { name: 'True' }));
    await waitFor(
      async () =>
        expect(await saves()).toEqual([
          { questionId: 'q1', body: expect.objectContaining({ answer: true, revision: 1 }) },
        ]),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(document.querySelector('[data-save-status]')).toHaveTextContent('Saved'));
    expect(screen.getByRole('button', { name: 'Question 1: answered' })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Flag for review' })[1]!);
    expect(
      screen.getByRole('button', { name: 'Question 2: not answered, flagged for review' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    expect(within(dialog).getByText('1 question is not answered.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 question is flagged for review.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(submits()).toEqual([attemptId]);
    // The flag was saved before the submit.
    expect((await saves()).some((save) => save.questionId === 'q2')).toBe(true);
  });

  it('renders a question again only for its own change: not at each tick of the timer, not for another question', async () => {
    const user = userEvent.setup();
    await renderScreen(10 * 60_000);
    await user.click(screen.getByText('All on one page'));
    questionRenders.clear();
    // Two ticks: the timer counts down, the questions stay as they are.
    await waitFor(() => expect(screen.getByTestId('attempt-timer')).toHaveTextContent(/9:5[0-7]$/), {
      timeout: 5000,
    });
    expect(questionRenders.size).toBe(0);
    await user.click(screen.getByRole('radio', { name: 'True' }));
    await waitFor(() => expect(document.querySelector('[data-save-status]')).toHaveTextContent('Saved'));
    expect(questionRenders.get('q1')).toBeGreaterThan(0);
    expect(questionRenders.has('q2')).toBe(false);
  });

  it('moves focus to the question moved to, one per page', async () => {
    const user = userEvent.setup();
    await renderScreen(null);
    await user.click(screen.getByText('One per page'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Name the green pigment.' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Plants need light.' })).toBeNull();
  });

  it('hands the attempt in by itself when the time is up, with the answer saved first', async () => {
    const user = userEvent.setup();
    const { onSubmitted } = await renderScreen(2500);
    expect(screen.getAllByText('1 minute left').length).toBeGreaterThan(0);
    await user.click(screen.getByText('All on one page'));
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled(), { timeout: 6000 });
    // The '1 minute left' warning (shown and announced) goes once the time is up (its live region
    // may render once more after the hand-in has started).
    await waitFor(() => expect(screen.queryByText('1 minute left')).toBeNull());
    expect((await saves()).map((save) => save.body.answer)).toEqual([false]);
    expect(submits()).toHaveLength(1);
  });

  it('extra time given while the student works: the next save moves the timer, nothing is handed in', async () => {
    const user = userEvent.setup();
    const { onSubmitted } = await renderScreen(2500);
    // The teacher gives 15 minutes: the server's deadline moves; the screen has not been reloaded.
    serverDeadline = new Date(Date.parse(serverDeadline!) + 15 * 60_000).toISOString();
    await user.click(screen.getByText('All on one page'));
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await waitFor(() =>
      expect(screen.getByTestId('attempt-timer')).toHaveTextContent(/^Time left\s*15:0\d$/),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(submits()).toHaveLength(0);
  });

  it('extra time given in the last seconds while the student is idle: checked at zero, not handed in', async () => {
    const { onSubmitted } = await renderScreen(1500);
    serverDeadline = new Date(Date.parse(serverDeadline!) + 10 * 60_000).toISOString();
    await waitFor(() => expect(screen.getByTestId('attempt-timer')).toHaveTextContent(/10:0\d$/), {
      timeout: 6000,
    });
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(submits()).toHaveLength(0);
  });

  it('without a time limit shows when the assessment closes, not a 126-hour countdown', async () => {
    await renderScreen(126 * 3600_000, null);
    const timer = screen.getByTestId('attempt-timer');
    expect(timer).toHaveTextContent(/^Closes at /);
    expect(timer).not.toHaveTextContent('126:00');
  });
});
