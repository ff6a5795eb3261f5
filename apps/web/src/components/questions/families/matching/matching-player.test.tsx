import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answerFromStudentView,
  markQuestion,
  matchingDistractorId,
  QuestionSchema,
  studentViewOf,
  type MatchingConfig,
  type Question,
  type StudentMatchingConfig,
} from '@vbuilder/shared';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { MatchingPlayer } from './matching-player.tsx';

const question = makeQuestion<MatchingConfig>('matching-pairs', {
  pairs: [
    { id: 'p1', prompt: 'Kenya', match: 'Nairobi' },
    { id: 'p2', prompt: 'Uganda', match: 'Kampala' },
    { id: 'p3', prompt: 'Rwanda', match: 'Kigali' },
  ],
  distractors: ['Mombasa'],
});

const optionTexts = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('MatchingPlayer', () => {
  it('gives each prompt a select named by the prompt, listing every match and distractor', async () => {
    const { user } = await renderPlayer(MatchingPlayer, question);
    for (const prompt of ['Kenya', 'Uganda', 'Rwanda'])
      expect(screen.getByLabelText(prompt)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Kenya'));
    expect([...optionTexts()].sort()).toEqual(['Kampala', 'Kigali', 'Mombasa', 'Nairobi']);
  });

  it('shuffles the choices by question id, never in the teacher’s order, the same on every visit', async () => {
    const first = await renderPlayer(MatchingPlayer, question);
    await first.user.click(screen.getByLabelText('Kenya'));
    const order = optionTexts();
    expect(order).not.toEqual(['Nairobi', 'Kampala', 'Kigali', 'Mombasa']);
    first.unmount();
    const second = await renderPlayer(MatchingPlayer, question);
    await second.user.click(screen.getByLabelText('Kenya'));
    expect(optionTexts()).toEqual(order);
  });

  it('records the chosen match by pair id, and a distractor by its distractor id', async () => {
    const { user, onChange } = await renderPlayer(MatchingPlayer, question);
    await user.click(screen.getByLabelText('Kenya'));
    await user.click(screen.getByRole('option', { name: 'Nairobi' }));
    expect(onChange).toHaveBeenLastCalledWith({ p1: 'p1' });
    await user.click(screen.getByLabelText('Uganda'));
    await user.click(screen.getByRole('option', { name: 'Mombasa' }));
    expect(onChange).toHaveBeenLastCalledWith({ p1: 'p1', p2: matchingDistractorId(0) });
    expect(screen.getByLabelText('Uganda')).toHaveValue('Mombasa');
  });

  it('is answered with the keyboard alone', async () => {
    const { user, onChange } = await renderPlayer(MatchingPlayer, question);
    await user.tab();
    expect(screen.getByLabelText('Kenya')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    const first = within(listbox).getAllByRole('option')[0]!.textContent;
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Kenya')).toHaveValue(first);
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(screen.getByLabelText('Uganda')).toHaveFocus();
  });

  it('marks each prompt right or wrong', async () => {
    await renderPlayer(MatchingPlayer, question, {
      value: { p1: 'p1', p2: 'p3', p3: 'p2' },
      result: resultOf({ p1: true, p2: false, p3: false }),
    });
    expect(screen.getAllByText('Correct')).toHaveLength(1);
    expect(screen.getAllByText('Incorrect')).toHaveLength(2);
    expect(screen.getByLabelText('Kenya').closest('[data-result]')).toHaveAttribute('data-result', 'correct');
  });

  it('is read-only when disabled', async () => {
    await renderPlayer(MatchingPlayer, question, { value: { p1: 'p2' }, disabled: true });
    expect(screen.getByLabelText('Kenya')).toBeDisabled();
    expect(screen.getByLabelText('Kenya')).toHaveValue('Kampala');
  });

  describe('where prompts share an answer', () => {
    const shared = makeQuestion<MatchingConfig>('matching-pairs', {
      pairs: [
        { id: 'p1', prompt: 'Frog', match: 'Amphibian' },
        { id: 'p2', prompt: 'Newt', match: 'Amphibian' },
        { id: 'p3', prompt: 'Snake', match: 'Reptile' },
      ],
      distractors: ['Fish'],
    });

    it('lists the shared answer once, and it stays available after being chosen for one prompt', async () => {
      const { user, onChange } = await renderPlayer(MatchingPlayer, shared);
      await user.click(screen.getByLabelText('Frog'));
      expect([...optionTexts()].sort()).toEqual(['Amphibian', 'Fish', 'Reptile']);
      await user.click(screen.getByRole('option', { name: 'Amphibian' }));
      await user.click(screen.getByLabelText('Newt'));
      expect([...optionTexts()].sort()).toEqual(['Amphibian', 'Fish', 'Reptile']);
      await user.click(screen.getByRole('option', { name: 'Amphibian' }));
      expect(onChange).toHaveBeenLastCalledWith({ p1: 'p1', p2: 'p1' });
      expect(screen.getByLabelText('Frog')).toHaveValue('Amphibian');
      expect(screen.getByLabelText('Newt')).toHaveValue('Amphibian');
    });

    it('is chosen twice with the keyboard alone', async () => {
      const { user, onChange } = await renderPlayer(MatchingPlayer, shared);
      const pick = async (prompt: string) => {
        expect(screen.getByLabelText(prompt)).toHaveFocus();
        await user.keyboard('{ArrowDown}');
        const options = within(screen.getByRole('listbox')).getAllByRole('option');
        const steps = options.findIndex((option) => option.textContent === 'Amphibian');
        for (let i = 0; i < steps; i++) await user.keyboard('{ArrowDown}');
        await user.keyboard('{Enter}');
      };
      await user.tab();
      await pick('Frog');
      await user.tab();
      await pick('Newt');
      expect(onChange).toHaveBeenLastCalledWith({ p1: 'p1', p2: 'p1' });
    });

    it('shows a shared answer given under its other pair id (an answer saved by another client)', async () => {
      await renderPlayer(MatchingPlayer, shared, { value: { p1: 'p2', p2: 'p2' }, disabled: true });
      expect(screen.getByLabelText('Frog')).toHaveValue('Amphibian');
      expect(screen.getByLabelText('Newt')).toHaveValue('Amphibian');
    });

    it('from the student view: one opaque answer chosen for both prompts is marked fully right', async () => {
      const question: Question = QuestionSchema.parse({ ...shared, id: 'q-shared' });
      const seed = '7d3f2a10-5c4b-4e8f-9a61-2b3c4d5e6f70';
      const view = studentViewOf(question, seed) as Question & { config: StudentMatchingConfig };
      const { user, onChange } = await renderPlayer(MatchingPlayer, view);
      for (const prompt of ['Frog', 'Newt']) {
        await user.click(screen.getByLabelText(prompt));
        expect(screen.getAllByRole('option', { name: 'Amphibian' })).toHaveLength(1);
        await user.click(screen.getByRole('option', { name: 'Amphibian' }));
      }
      await user.click(screen.getByLabelText('Snake'));
      await user.click(screen.getByRole('option', { name: 'Reptile' }));
      const answer = onChange.mock.lastCall?.[0] as Record<string, string>;
      expect(answer.p1).toBe(answer.p2);
      expect(markQuestion(question, answerFromStudentView(question, seed, answer))).toMatchObject({
        correct: true,
        score: 4,
      });
    });
  });
});
