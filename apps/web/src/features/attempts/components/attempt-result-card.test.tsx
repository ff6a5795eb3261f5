import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  exampleToQuestion,
  QUESTION_EXAMPLES,
  studentViewOf,
  type AttemptResult,
  type Question,
  type QuestionResult,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { apiUrl, http, HttpResponse, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { AttemptResultCard } from './attempt-result-card.tsx';

function questionResult(
  id: string,
  type: QuestionTypeId,
  marking: Pick<QuestionResult, 'score' | 'max' | 'correct' | 'markStatus'>,
): QuestionResult {
  const question = { ...exampleToQuestion(QUESTION_EXAMPLES[type], id), score: marking.max } as Question;
  return {
    questionId: id,
    text: question.text,
    type,
    question: studentViewOf(question, 'seed'),
    answer: null,
    details: null,
    feedback: null,
    ...marking,
  };
}

const result = (questions: QuestionResult[]): AttemptResult => ({
  attemptId: 'attempt-1',
  assessmentId: 'assessment-1',
  number: 1,
  startedAt: '2026-03-02T08:00:00.000Z',
  submittedAt: '2026-03-02T08:30:00.000Z',
  submittedBy: 'student',
  status: 'Pending',
  markingStatus: 'pending',
  score: 10,
  maxScore: 16,
  percentage: 62.5,
  passMark: 50,
  passed: null,
  reviewAvailable: false,
  released: true,
  releasesAt: null,
  questions,
});

/** The badge of question `n` (1-based) on the card: its outcome and words. */
const badgeOf = (n: number) => {
  const title = screen.getByRole('heading', { name: new RegExp(`^${n}\\. `) });
  const row = title.parentElement!;
  const badge = row.querySelector('[data-outcome]')!;
  return { outcome: badge.getAttribute('data-outcome'), text: row.textContent ?? '' };
};

describe('a student sees each answer in the teacher’s states', () => {
  it('shows partial credit as partly correct with its points, not incorrect; an unmarked essay as pending marking', async () => {
    await renderWithProviders(
      <AttemptResultCard
        expanded
        reviewPolicy="never"
        result={result([
          questionResult('essay-1', 'essay', { score: 4, max: 5, correct: false, markStatus: 'marked' }),
          questionResult('dd-1', 'drag-and-drop', { score: 3, max: 4, correct: false, markStatus: 'auto' }),
          questionResult('essay-2', 'essay', { score: 0, max: 5, correct: null, markStatus: 'manual' }),
          questionResult('mc-1', 'multiple-choice', { score: 0, max: 1, correct: false, markStatus: 'auto' }),
          questionResult('tf-1', 'true-false', { score: 1, max: 1, correct: true, markStatus: 'auto' }),
        ])}
      />,
    );
    expect(badgeOf(1)).toEqual({ outcome: 'partial', text: expect.stringContaining('Partly correct4 / 5') });
    expect(badgeOf(2)).toEqual({ outcome: 'partial', text: expect.stringContaining('Partly correct3 / 4') });
    expect(badgeOf(3)).toEqual({ outcome: 'pending', text: expect.stringContaining('Pending marking0 / 5') });
    expect(badgeOf(4)).toEqual({ outcome: 'incorrect', text: expect.stringContaining('Incorrect0 / 1') });
    expect(badgeOf(5)).toEqual({ outcome: 'correct', text: expect.stringContaining('Correct1 / 1') });
    const answers = screen.getByRole('article');
    expect(within(answers).getAllByText('Partly correct')).toHaveLength(2);
    expect(within(answers).getAllByText('Incorrect')).toHaveLength(1);
  });

  it('downloads the result as a PDF', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:result'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      http.get(
        apiUrl('/attempts/attempt-1/result.pdf'),
        () =>
          new HttpResponse('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="Quiz - result.pdf"',
            },
          }),
      ),
    );
    await renderWithProviders(
      <AttemptResultCard
        expanded={false}
        reviewPolicy="never"
        result={result([
          questionResult('essay-1', 'essay', { score: 4, max: 5, correct: false, markStatus: 'marked' }),
        ])}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(receivedRequests('GET', '/attempts/attempt-1/result.pdf')).toHaveLength(1);
    click.mockRestore();
  });
});
