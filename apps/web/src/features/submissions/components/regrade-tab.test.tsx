import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

// The question editor and its family editor load on demand: a busy machine needs more than 5 s.
const SLOW = { timeout: 30_000 };
import type { Regrade, RegradeOverview, RegradePreview, RegradeRow } from '@vbuilder/shared';
import { answer, answerError, receivedBody, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { RegradeTab } from './regrade-tab.tsx';

const BASE = '/assessments/assessment-1/regrades';

const MCQ = {
  id: 'q1',
  type: 'multiple-choice',
  text: 'Which planet is known as the Red Planet?',
  score: 2,
  config: {
    options: [
      { id: 'a', text: 'Venus', imageUrl: null },
      { id: 'b', text: 'Mars', imageUrl: null },
    ],
    correct: ['a'],
    multiple: false,
    shuffle: false,
  },
};

const OVERVIEW: RegradeOverview = {
  questions: [
    {
      id: 'q1',
      position: 1,
      text: MCQ.text,
      type: 'multiple-choice',
      attempts: 2,
      question: MCQ,
      edited: null,
      notInAssessment: false,
    },
  ],
  history: [],
};

const figures = (score: number, passed: boolean) => ({
  questionScore: score === 3 ? 2 : 0,
  questionMax: 2,
  score,
  maxScore: 3,
  percentage: Math.round((score / 3) * 10000) / 100,
  passed,
});

const ROWS: RegradeRow[] = [
  {
    attemptId: 'attempt-1',
    student: { id: 's1', name: 'Amina Njeri', email: 'amina@school.test' },
    number: 1,
    before: figures(1, false),
    after: figures(3, true),
    teacherMarkKept: false,
    certificate: 'give',
  },
  {
    attemptId: 'attempt-2',
    student: { id: 's2', name: 'Budi Santoso', email: 'budi@school.test' },
    number: 1,
    before: figures(1, false),
    after: figures(1, false),
    teacherMarkKept: true,
    certificate: null,
  },
];

const PREVIEW: RegradePreview = {
  questionId: 'q1',
  mode: 'remark',
  attempts: 2,
  changed: 1,
  inProgress: 1,
  rows: ROWS,
  token: 'token-1',
};

async function chooseQuestion() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Question' }));
  await user.click(await screen.findByRole('option', { name: /Q1\. Which planet/ }));
  return user;
}

describe('RegradeTab', () => {
  it(
    'corrects the key in the question editor, shows the dry run and applies it with the preview token',
    SLOW,
    async () => {
      server.use(answer('get', BASE, OVERVIEW), answer('post', `${BASE}/preview`, PREVIEW));
      renderWithProviders(<RegradeTab assessmentId="assessment-1" canRegrade />);
      const user = await chooseQuestion();
      expect(screen.getByRole('radio', { name: 'Mark again with a corrected question' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: 'Option B is correct' }));
      await user.click(screen.getByRole('button', { name: 'Preview the regrade' }));

      expect(
        await screen.findByText('2 submissions have this question. 1 would change.'),
      ).toBeInTheDocument();
      expect(screen.getByText(/1 student is still answering/)).toBeInTheDocument();
      expect(await receivedBody('POST', `${BASE}/preview`)).toMatchObject({
        questionId: 'q1',
        mode: 'remark',
        includeTeacherMarks: false,
        question: { id: 'q1', config: { correct: ['b'] } },
      });
      const table = screen.getByRole('table', { name: 'Each affected submission, before and after' });
      const amina = within(table).getByRole('row', { name: /Amina Njeri/ });
      expect(
        within(amina).getByRole('group', { name: 'Result: Failed before, Passed after' }),
      ).toBeInTheDocument();
      expect(within(amina).getByText('Certificate given')).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: /Budi Santoso/ })).toHaveTextContent(
        "Teacher's mark kept",
      );

      const applied: Regrade = {
        id: 'regrade-1',
        questionId: 'q1',
        questionText: MCQ.text,
        mode: 'remark',
        includeTeacherMarks: false,
        appliedAt: '2026-11-26T10:00:00.000Z',
        appliedBy: { id: 't1', name: 'Tom Teacher' },
        rows: ROWS,
      };
      server.use(answer('post', BASE, applied), answer('get', BASE, { ...OVERVIEW, history: [applied] }));
      await user.click(screen.getByRole('button', { name: 'Apply to 1 submission' }));
      const dialog = await screen.findByRole('dialog', { name: 'Apply this regrade?' });
      expect(dialog).toHaveTextContent('Certificates follow the results');
      await user.click(within(dialog).getByRole('button', { name: 'Apply regrade' }));
      expect(await receivedBody('POST', BASE)).toEqual({
        request: expect.objectContaining({ questionId: 'q1', mode: 'remark' }),
        token: 'token-1',
      });
      expect(await screen.findByRole('button', { name: /Marked again.*Tom Teacher/ })).toBeInTheDocument();
    },
  );

  it(
    'asks for a new preview when the choices change after it, and says when the apply was refused',
    SLOW,
    async () => {
      server.use(
        answer('get', BASE, OVERVIEW),
        answer('post', `${BASE}/preview`, { ...PREVIEW, mode: 'drop' }),
        answerError('post', BASE, 409, 'regrade_changed'),
      );
      renderWithProviders(<RegradeTab assessmentId="assessment-1" canRegrade />);
      const user = await chooseQuestion();
      await user.click(screen.getByRole('radio', { name: 'Drop the question from the total' }));
      expect(screen.queryByRole('button', { name: 'Option B is correct' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Preview the regrade' }));
      const apply = await screen.findByRole('button', { name: 'Apply to 1 submission' });

      await user.click(screen.getByRole('checkbox', { name: 'Also change marks a teacher gave by hand' }));
      expect(screen.getByText(/You changed the regrade after this preview/)).toBeInTheDocument();
      expect(apply).toBeDisabled();

      await user.click(screen.getByRole('checkbox', { name: 'Also change marks a teacher gave by hand' }));
      expect(apply).toBeEnabled();
      await user.click(apply);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Apply this regrade?' })).getByRole('button', {
          name: 'Apply regrade',
        }),
      );
      expect(await screen.findByText(/results changed after the preview/)).toBeInTheDocument();
    },
  );

  it('shows only the history to those who do not mark', async () => {
    server.use(answer('get', BASE, OVERVIEW));
    renderWithProviders(<RegradeTab assessmentId="assessment-1" canRegrade={false} />);
    expect(await screen.findByText('No regrade has been applied to this assessment.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Question' })).not.toBeInTheDocument();
  });
});
