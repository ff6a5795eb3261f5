import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MarkingQueueItem, MarkingSuggestion, QuestionRubric, QueueMarkResult } from '@vbuilder/shared';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../../test/msw-server.ts';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { makeDetail, STUDENT } from '../../test-utils.ts';
import { QueueMarker } from './queue-marker.tsx';

const ITEM: MarkingQueueItem = {
  attemptId: 'attempt-1',
  questionId: 'q2',
  questionNumber: 2,
  questionText: 'Explain photosynthesis.',
  questionType: 'essay',
  max: 5,
  assessment: { id: 'assessment-1', title: 'Plants' },
  student: STUDENT,
  attemptNumber: 1,
  submittedAt: '2025-03-04T09:30:00.000Z',
  markedAt: null,
  suggestion: null,
};

const RUBRIC: QuestionRubric = {
  assessmentId: 'assessment-1',
  questionId: 'q2',
  version: 3,
  maxPoints: 5,
  updatedAt: '2025-03-04T09:00:00.000Z',
  updatedBy: null,
  criteria: [
    {
      id: 'idea',
      title: 'Main idea',
      levels: [
        { id: 'none', points: 0, description: 'Missing' },
        { id: 'some', points: 2, description: 'Partly there' },
        { id: 'full', points: 3, description: 'Complete' },
      ],
    },
    {
      id: 'style',
      title: 'Writing',
      levels: [
        { id: 'weak', points: 0, description: 'Unclear' },
        { id: 'clear', points: 2, description: 'Clear' },
      ],
    },
  ],
};

const RESULT: QueueMarkResult = {
  attemptId: 'attempt-1',
  questionId: 'q2',
  score: 4,
  status: 'Submitted',
  attemptScore: 6,
  attemptMaxScore: 7,
  passed: true,
};

function renderMarker(onSaved = vi.fn(), aiAvailable = false) {
  server.use(
    answer('get', '/attempts/attempt-1/submission', makeDetail()),
    answer('get', '/assessments/assessment-1/rubrics', [RUBRIC]),
  );
  return renderWithProviders(
    <QueueMarker
      item={ITEM}
      mode="question"
      position={0}
      count={2}
      marked={0}
      aiAvailable={aiAvailable}
      onPrevious={null}
      onNext={vi.fn()}
      onSaved={onSaved}
      onBack={vi.fn()}
      onSuggestion={vi.fn()}
    />,
  );
}

const score = () => screen.getByRole('textbox', { name: /^Score \(0 to 5\)/ });

describe('QueueMarker', { timeout: 20_000 }, () => {
  it('marks with the keyboard: digits choose rubric levels (never while typing), Ctrl+Enter saves with the levels', async () => {
    const onSaved = vi.fn();
    server.use(answer('post', '/marking-queue/marks', RESULT));
    await renderMarker(onSaved);
    expect(await screen.findByText('1. Main idea')).toBeInTheDocument();

    // Typing a digit in the feedback is text, not a shortcut.
    const feedback = screen.getByRole('textbox', { name: /Feedback for the student/ });
    fireEvent.keyDown(feedback, { key: '3' });
    expect(score()).toHaveValue('');

    fireEvent.keyDown(document.body, { key: '2' });
    fireEvent.keyDown(document.body, { key: '2' });
    expect(screen.getByRole('radio', { name: '2 points: Partly there' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 points: Clear' })).toBeChecked();
    expect(score()).toHaveValue('4');
    expect(screen.getByText('Filled in from the rubric (2 of 2 criteria chosen).')).toBeInTheDocument();

    fireEvent.keyDown(feedback, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await receivedBody('POST', '/marking-queue/marks')).toEqual({
      attemptId: 'attempt-1',
      questionId: 'q2',
      score: 4,
      feedback: '',
      expectedMarkedAt: null,
      rubric: {
        version: 3,
        selections: [
          { criterionId: 'idea', levelId: 'some' },
          { criterionId: 'style', levelId: 'clear' },
        ],
      },
    });
  });

  it('says who marked the answer meanwhile and saves nothing over it', async () => {
    server.use(
      answerError('post', '/marking-queue/marks', 409, 'mark_conflict', {
        details: { questionId: 'q2', markedBy: 'Tom Teacher', score: 3 },
      }),
    );
    const onSaved = vi.fn();
    await renderMarker(onSaved);
    await screen.findByText('1. Main idea');
    fireEvent.change(score(), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tom Teacher marked this answer while you had it open (3 points).',
    );
    expect(onSaved).not.toHaveBeenCalled();
    // The answer is read again to show the other mark.
    await waitFor(() => expect(receivedRequests('GET', '/attempts/attempt-1/submission')).toHaveLength(2));
  });

  it('refuses an empty score with the reason', async () => {
    await renderMarker();
    await screen.findByText('1. Main idea');
    fireEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText('Enter a score.')).toBeInTheDocument();
    expect(receivedRequests('POST', '/marking-queue/marks')).toHaveLength(0);
  });

  it('shows an AI suggestion that is only a suggestion: A puts it in the form, saving records it', async () => {
    const suggestion: MarkingSuggestion = {
      id: '7d4a4f3e-3f0c-4a55-8d53-0a4f4c6f1e11',
      attemptId: 'attempt-1',
      questionId: 'q2',
      score: 2,
      max: 5,
      rationale: 'Names the idea but not the parts.',
      selections: [
        { criterionId: 'idea', levelId: 'some' },
        { criterionId: 'style', levelId: 'weak' },
      ],
      model: 'fake-model',
      createdAt: '2025-03-04T10:00:00.000Z',
      decision: null,
      finalScore: null,
    };
    const onSaved = vi.fn();
    server.use(
      answer('post', '/marking-queue/suggestions', suggestion),
      answer('post', '/marking-queue/marks', RESULT),
    );
    await renderMarker(onSaved, true);
    await screen.findByText('1. Main idea');
    fireEvent.click(screen.getByRole('button', { name: 'Suggest a mark' }));
    const panel = await screen.findByTestId('ai-suggestion');
    expect(panel).toHaveTextContent('Suggested: 2 of 5');
    expect(panel).toHaveTextContent('Names the idea but not the parts.');
    // Nothing is in the form until the teacher takes it.
    expect(score()).toHaveValue('');
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(score()).toHaveValue('2');
    expect(screen.getByRole('radio', { name: '2 points: Partly there' })).toBeChecked();
    fireEvent.change(score(), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await receivedBody('POST', '/marking-queue/marks')).toMatchObject({
      score: 2.5,
      suggestionId: suggestion.id,
      rubric: { version: 3, selections: suggestion.selections },
    });
  });
});
