import { describe, expect, it } from 'vitest';
import type { MarkingSuggestion, QuestionRubric, SubmissionQuestion } from '@vbuilder/shared';
import { queueMarkReducer, type QueueMarkForm } from './use-queue-mark-form.ts';

const empty: QueueMarkForm = {
  score: '',
  feedback: '',
  choice: {},
  active: null,
  suggestion: null,
  used: false,
  initialised: false,
  scoreProblem: null,
  saveProblem: null,
  askProblem: null,
};

const level = (id: string, points: number) => ({ id, label: id, description: '', points });
const rubric = {
  questionId: 'q1',
  version: 1,
  criteria: [
    { id: 'c1', title: 'Argument', levels: [level('c1a', 0), level('c1b', 2), level('c1c', 3)] },
    { id: 'c2', title: 'Evidence', levels: [level('c2a', 0), level('c2b', 2)] },
  ],
} as unknown as QuestionRubric;

describe('the queue mark form', () => {
  it('starts once from the answer as it stands: a re-mark shows its mark and feedback', () => {
    const marked = { needsMarking: false, score: 4, feedback: 'Good' } as SubmissionQuestion;
    const once = queueMarkReducer(empty, { type: 'loaded', question: marked });
    expect(once).toMatchObject({ score: 4, feedback: 'Good', initialised: true });
    const again = queueMarkReducer({ ...once, score: 2 }, { type: 'loaded', question: marked });
    expect(again.score).toBe(2);
    const waiting = { needsMarking: true, score: 0, feedback: null } as SubmissionQuestion;
    expect(queueMarkReducer(empty, { type: 'loaded', question: waiting })).toMatchObject({
      score: '',
      feedback: '',
    });
  });

  it('fills the score from the chosen levels, capped at the question, and moves on to the next criterion', () => {
    let form = queueMarkReducer(empty, { type: 'rubricLoaded', rubric });
    expect(form.active).toBe('c1');
    form = queueMarkReducer(
      { ...form, scoreProblem: 'x' },
      { type: 'choose', rubric, max: 4, criterionId: 'c1', levelId: 'c1c' },
    );
    expect(form).toMatchObject({ score: 3, active: 'c2', scoreProblem: null });
    form = queueMarkReducer(form, { type: 'choose', rubric, max: 4, criterionId: 'c2', levelId: 'c2b' });
    expect(form).toMatchObject({ score: 4, active: 'c2', choice: { c1: 'c1c', c2: 'c2b' } });
    expect(queueMarkReducer(form, { type: 'rubricChanged' }).choice).toEqual({});
  });

  it('uses a suggestion only when asked, with its rubric levels, and forgets it when rejected', () => {
    const suggestion = {
      id: 's1',
      score: 2.5,
      selections: [{ criterionId: 'c1', levelId: 'c1b' }],
    } as unknown as MarkingSuggestion;
    let form = queueMarkReducer({ ...empty, askProblem: 'x' }, { type: 'suggested', suggestion });
    expect(form).toMatchObject({ score: '', used: false, askProblem: null });
    form = queueMarkReducer(form, { type: 'useSuggestion', rubric });
    expect(form).toMatchObject({ score: 2.5, used: true, choice: { c1: 'c1b' } });
    form = queueMarkReducer(form, { type: 'suggestionRejected' });
    expect(form).toMatchObject({ suggestion: null, used: false, score: 2.5 });
    expect(queueMarkReducer(empty, { type: 'useSuggestion', rubric })).toBe(empty);
  });
});
