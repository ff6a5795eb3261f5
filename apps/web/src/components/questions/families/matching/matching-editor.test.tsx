import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MatchingConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as MatchingConfig;

describe('MatchingEditor', { timeout: 30_000 }, () => {
  it('asks for both prompts and matches', async () => {
    const { user } = await renderQuestionEditor('matching-pairs');
    await fill(user, screen.getByRole('textbox', { name: 'Prompt 1' }), 'Kenya');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Prompt 1' }))).toBe('');
    expect(errorOf(screen.getByRole('textbox', { name: 'Match for prompt 1' }))).toBe(
      'Please provide both the prompt and its match.',
    );
    expect(errorOf(screen.getByRole('textbox', { name: 'Prompt 2' }))).toBe(
      'Please provide both the prompt and its match.',
    );
  });

  it('adds and removes pairs (at least 2) and distractors, and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('matching-pairs');
    expect(screen.getByRole('button', { name: 'Remove Pair 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add pair' }));
    expect(screen.getByRole('textbox', { name: 'Prompt 3' })).toHaveFocus();
    for (const [n, prompt, match] of [
      [1, 'Kenya', 'Nairobi'],
      [2, 'Ghana', 'Accra'],
      [3, 'Peru', 'Lima'],
    ] as const) {
      await fill(user, screen.getByRole('textbox', { name: `Prompt ${n}` }), prompt);
      await fill(user, screen.getByRole('textbox', { name: `Match for prompt ${n}` }), match);
    }
    await user.click(screen.getByRole('button', { name: 'Remove Pair 2' }));
    expect(config(current()).pairs.map((pair) => [pair.prompt, pair.match])).toEqual([
      ['Kenya', 'Nairobi'],
      ['Peru', 'Lima'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Add distractor' }));
    await fill(user, screen.getByRole('textbox', { name: 'Distractor 1' }), 'Lagos');
    expect(config(current()).distractors).toEqual(['Lagos']);

    await fill(user, screen.getByLabelText(/^Question/), 'Match each country with its capital.');
    await check(user);
    expect(screen.getByText(/Everything needed is filled in/)).toBeInTheDocument();
    expect(isValid(current())).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove Distractor 1' }));
    expect(config(current()).distractors).toEqual([]);
  });
});
