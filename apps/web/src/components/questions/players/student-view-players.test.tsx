import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerFromStudentView,
  generateCrosswordLayout,
  markQuestion,
  QuestionSchema,
  studentViewOf,
  type Question,
  type QuestionTypeId,
} from '@vbuilder/shared';
import type { PlayerProps } from '../family-ui.ts';
import { ChoicePlayer } from '../families/choice/choice-player.tsx';
import { renderPlayer } from './common/test-utils.tsx';
import { CrosswordPlayer } from '../families/crossword/crossword-player.tsx';
import { DragDropPlayer } from '../families/drag-drop/drag-drop-player.tsx';
import { FillBlanksPlayer } from '../families/fill-blanks/fill-blanks-player.tsx';
import { MatchingPlayer } from '../families/matching/matching-player.tsx';
import { OpenPlayer } from '../families/open/open-player.tsx';
import { OrderingPlayer } from '../families/ordering/ordering-player.tsx';
import { ShortAnswerPlayer } from '../families/short-answer/short-answer-player.tsx';
import { TrueFalsePlayer } from '../families/true-false/true-false-player.tsx';

/**
 * Each family's player driven from a STUDENT VIEW (what an attempt sends: no correct answers,
 * opaque ids, secret orders). The answer the player reports, translated back with
 * answerFromStudentView, must be marked right against the FULL question.
 */

const SEED = '7d3f2a10-5c4b-4e8f-9a61-2b3c4d5e6f70';

function full(type: QuestionTypeId, config: unknown): Question {
  return QuestionSchema.parse({ id: `q-${type}`, type, text: 'A question', score: 4, config });
}

/** Renders the player with the student view of `question`; `onChange` records the answers it reports. */
function renderStudentView<A>(Player: ComponentType<PlayerProps<never, A>>, question: Question) {
  const view = studentViewOf(question, SEED);
  return renderPlayer(
    Player as unknown as ComponentType<PlayerProps<unknown, A>>,
    view as unknown as Question & { config: unknown },
  );
}

function markLast(question: Question, onChange: { mock: { lastCall?: unknown[] } }) {
  const answer = onChange.mock.lastCall?.[0];
  return markQuestion(question, answerFromStudentView(question, SEED, answer));
}

describe('players from a student view', () => {
  it('choice (shuffled by the server): the chosen option is marked right', async () => {
    const question = full('multiple-choice', {
      options: [
        { id: 'a', text: 'Arusha' },
        { id: 'b', text: 'Dodoma' },
        { id: 'c', text: 'Mwanza' },
      ],
      correct: ['b'],
      multiple: false,
      shuffle: true,
    });
    const { user, onChange } = await renderStudentView(ChoicePlayer, question);
    await user.click(screen.getByRole('radio', { name: 'Dodoma' }));
    expect(markLast(question, onChange)).toMatchObject({ correct: true, score: 4 });
  });

  it('true/false: no correct value in the view, the choice is marked right', async () => {
    const question = full('true-false', { correct: false });
    const { user, onChange } = await renderStudentView(TrueFalsePlayer, question);
    await user.click(screen.getByRole('radio', { name: 'False' }));
    expect(markLast(question, onChange)).toMatchObject({ correct: true });
  });

  it('short answer: the word limit still shows, the answer is marked right', async () => {
    const question = full('short-answers', {
      acceptedAnswers: ['Nairobi'],
      caseSensitive: false,
      maxWords: 5,
    });
    const { user, onChange } = await renderStudentView(ShortAnswerPlayer, question);
    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'nairobi');
    expect(screen.getByText('1 / 5 words')).toBeInTheDocument();
    expect(markLast(question, onChange)).toMatchObject({ correct: true });
  });

  it('fill in the blanks: gaps without their answers, filled and marked right', async () => {
    const question = full('fill-in-the-blanks', {
      passage: 'The capital of Kenya is [[1]].',
      gaps: [{ id: '1', accepted: ['Nairobi'] }],
      caseSensitive: false,
    });
    const { user, onChange } = await renderStudentView(FillBlanksPlayer, question);
    await user.type(screen.getByRole('textbox', { name: 'Blank 1' }), 'Nairobi');
    expect(markLast(question, onChange)).toMatchObject({ correct: true });
  });

  it('matching: opaque match ids chosen by their text are marked right', async () => {
    const question = full('matching-pairs', {
      pairs: [
        { id: 'p1', prompt: 'Kenya', match: 'Nairobi' },
        { id: 'p2', prompt: 'Uganda', match: 'Kampala' },
      ],
      distractors: ['Mombasa'],
    });
    const { user, onChange } = await renderStudentView(MatchingPlayer, question);
    await user.click(screen.getByLabelText('Kenya'));
    expect(
      screen
        .getAllByRole('option')
        .map((o) => o.textContent)
        .sort(),
    ).toEqual(['Kampala', 'Mombasa', 'Nairobi']);
    await user.click(screen.getByRole('option', { name: 'Nairobi' }));
    await user.click(screen.getByLabelText('Uganda'));
    await user.click(screen.getByRole('option', { name: 'Kampala' }));
    const answer = onChange.mock.lastCall?.[0] as Record<string, string>;
    expect(Object.values(answer).some((id) => id === 'p1' || id === 'p2')).toBe(false);
    expect(markLast(question, onChange)).toMatchObject({ correct: true, score: 4 });
  });

  it('ordering: the items come scrambled; put in order they are marked right', async () => {
    const question = full('timeline-assignments', {
      items: [
        { id: '1', text: 'Independence' },
        { id: '2', text: 'Union' },
      ],
    });
    const { user, onChange } = await renderStudentView(OrderingPlayer, question);
    // Two items never start in the right order: moving the first one down solves it.
    await user.click(screen.getByRole('button', { name: 'Move “Union” down' }));
    expect(markLast(question, onChange)).toMatchObject({ correct: true });
  });

  it('drag and drop: items placed into opaque zones are marked right', async () => {
    const question = full('drag-and-drop', {
      zones: [
        { id: 'z1', label: 'Mammals' },
        { id: 'z2', label: 'Birds' },
      ],
      items: [
        { id: 'i1', text: 'Lion', zoneId: 'z1' },
        { id: 'i2', text: 'Eagle', zoneId: 'z2' },
      ],
    });
    const { user, onChange } = await renderStudentView(DragDropPlayer, question);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place for “Lion”' }), 'Mammals');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place for “Eagle”' }), 'Birds');
    expect(markLast(question, onChange)).toMatchObject({ correct: true });
  });

  it('crossword: the grid is drawn from word lengths alone and the typed word is marked right', async () => {
    const entries = [
      { id: 'e1', answer: 'NILE', clue: 'Longest river in Africa' },
      { id: 'e2', answer: 'LAKE', clue: 'Victoria is one' },
    ];
    const question = full('crosswords-and-puzzles', { entries, layout: generateCrosswordLayout(entries) });
    const { user, onChange, container } = await renderStudentView(CrosswordPlayer, question);
    expect(container.textContent).not.toMatch(/NILE|LAKE/);
    await user.click(screen.getByRole('button', { name: /Longest river in Africa/ }));
    await user.keyboard('nile');
    await user.click(screen.getByRole('button', { name: /Victoria is one/ }));
    await user.keyboard('lake');
    expect(markLast(question, onChange)).toMatchObject({ correct: true, score: 4 });
  });

  it('open (survey): no model answer in the view; the choice counts for nothing, as surveys do', async () => {
    const question = full('survey-based', {
      responseKind: 'survey',
      surveyOptions: ['Agree', 'Disagree'],
      modelAnswer: 'Nothing to see',
    });
    expect(JSON.stringify(studentViewOf(question, SEED))).not.toContain('Nothing to see');
    const { user, onChange } = await renderStudentView(OpenPlayer, question);
    await user.click(screen.getByRole('radio', { name: 'Agree' }));
    expect(onChange).toHaveBeenLastCalledWith({ choices: ['Agree'] });
    expect(markLast(question, onChange)).toMatchObject({ status: 'unscored' });
  });
});
