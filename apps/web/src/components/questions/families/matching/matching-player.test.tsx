import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { matchingDistractorId, type MatchingConfig } from '@vbuilder/shared';
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
});
