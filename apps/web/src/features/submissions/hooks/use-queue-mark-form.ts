import { useReducer } from 'react';
import type { MarkingSuggestion, QuestionRubric, SubmissionQuestion } from '@vbuilder/shared';
import { rubricPoints, type RubricChoice } from '../lib/marking-queue.ts';

/** What the queue's mark form holds for one answer, and the problems it shows. */
export interface QueueMarkForm {
  score: number | '';
  feedback: string;
  /** The chosen rubric level per criterion. */
  choice: RubricChoice;
  /** The criterion the digit keys choose a level of. */
  active: string | null;
  suggestion: MarkingSuggestion | null;
  /** Whether the teacher used the suggestion (filled the form from it). */
  used: boolean;
  /** Whether the form was filled from the answer as it stands (once, when the answer loaded). */
  initialised: boolean;
  scoreProblem: string | null;
  saveProblem: string | null;
  askProblem: string | null;
}

export type QueueMarkAction =
  | { type: 'loaded'; question: SubmissionQuestion }
  | { type: 'rubricLoaded'; rubric: QuestionRubric }
  | { type: 'activate'; criterionId: string }
  | { type: 'choose'; rubric: QuestionRubric; max: number; criterionId: string; levelId: string }
  | { type: 'score'; score: number | '' }
  | { type: 'feedback'; feedback: string }
  | { type: 'suggested'; suggestion: MarkingSuggestion }
  | { type: 'useSuggestion'; rubric: QuestionRubric | null }
  | { type: 'suggestionRejected' }
  | { type: 'rubricChanged' }
  | { type: 'problem'; field: 'scoreProblem' | 'saveProblem' | 'askProblem'; message: string | null };

const choiceOf = (selections: readonly { criterionId: string; levelId: string }[]): RubricChoice =>
  Object.fromEntries(selections.map((s) => [s.criterionId, s.levelId]));

/** The rubric levels a suggestion proposes, as a choice. */
export const suggestedChoice = (suggestion: MarkingSuggestion | null) =>
  suggestion ? choiceOf(suggestion.selections) : undefined;

export function queueMarkReducer(state: QueueMarkForm, action: QueueMarkAction): QueueMarkForm {
  switch (action.type) {
    case 'loaded':
      // The form starts from the answer as it stands: a re-mark shows the current mark and feedback.
      if (state.initialised) return state;
      return {
        ...state,
        initialised: true,
        score: action.question.needsMarking ? '' : action.question.score,
        feedback: action.question.feedback ?? '',
      };
    case 'rubricLoaded':
      return state.active === null ? { ...state, active: action.rubric.criteria[0]?.id ?? null } : state;
    case 'activate':
      return { ...state, active: action.criterionId };
    case 'choose': {
      const { rubric, criterionId, levelId, max } = action;
      const choice = { ...state.choice, [criterionId]: levelId };
      // The keys move on to the next criterion, so a rubric is marked with one digit per row.
      const index = rubric.criteria.findIndex((c) => c.id === criterionId);
      const following = rubric.criteria[index + 1];
      return {
        ...state,
        choice,
        score: rubricPoints(rubric.criteria, choice, max),
        scoreProblem: null,
        active: following ? following.id : state.active,
      };
    }
    case 'score':
      return { ...state, score: action.score, scoreProblem: null };
    case 'feedback':
      return { ...state, feedback: action.feedback };
    case 'suggested':
      return { ...state, suggestion: action.suggestion, askProblem: null };
    case 'useSuggestion': {
      const { suggestion } = state;
      if (!suggestion) return state;
      const withLevels = action.rubric && suggestion.selections.length > 0;
      return {
        ...state,
        score: suggestion.score,
        scoreProblem: null,
        choice: withLevels ? choiceOf(suggestion.selections) : state.choice,
        used: true,
      };
    }
    case 'suggestionRejected':
      return { ...state, suggestion: null, used: false };
    case 'rubricChanged':
      return { ...state, choice: {} };
    case 'problem':
      return { ...state, [action.field]: action.message };
  }
}

/** The mark form of one queue answer, starting with the suggestion the queue already has for it. */
export function useQueueMarkForm(suggestion: MarkingSuggestion | null) {
  return useReducer(queueMarkReducer, {
    score: '',
    feedback: '',
    choice: {},
    active: null,
    suggestion,
    used: false,
    initialised: false,
    scoreProblem: null,
    saveProblem: null,
    askProblem: null,
  });
}
