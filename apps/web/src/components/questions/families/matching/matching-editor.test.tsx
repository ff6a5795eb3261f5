import { screen, within } from '@testing-library/react';
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

  it('lets two prompts share an answer, says so under each, and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('matching-pairs');
    await user.click(screen.getByRole('button', { name: 'Add pair' }));
    for (const [n, prompt, match] of [
      [1, 'Frog', 'Amphibian'],
      [2, 'Newt', 'Amphibian'],
      [3, 'Snake', 'Reptile'],
    ] as const) {
      await fill(user, screen.getByRole('textbox', { name: `Prompt ${n}` }), prompt);
      await fill(user, screen.getByRole('textbox', { name: `Match for prompt ${n}` }), match);
    }
    const described = (name: string) =>
      screen.getByRole('textbox', { name }).getAttribute('aria-describedby') ?? '';
    const descriptionOf = (name: string) =>
      described(name)
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .filter((node) => node?.id.endsWith('-description'))
        .map((node) => node!.textContent)
        .join(' ');
    expect(descriptionOf('Match for prompt 1')).toBe('Shared by prompts 1, 2');
    expect(descriptionOf('Match for prompt 2')).toBe('Shared by prompts 1, 2');
    expect(descriptionOf('Match for prompt 3')).toBe('');

    await user.click(screen.getByRole('button', { name: 'Add distractor' }));
    await fill(user, screen.getByRole('textbox', { name: 'Distractor 1' }), 'Fish');
    await fill(user, screen.getByLabelText(/^Question/), 'Match each animal with its class.');
    await check(user);
    expect(screen.getByText(/Everything needed is filled in/)).toBeInTheDocument();
    expect(errorOf(screen.getByRole('textbox', { name: 'Match for prompt 2' }))).toBe('');
    expect(isValid(current())).toBe(true);
    expect(config(current()).pairs.map((pair) => pair.match)).toEqual(['Amphibian', 'Amphibian', 'Reptile']);
  });

  it('still refuses a repeated prompt, a distractor that is a match, and a single answer to choose', async () => {
    const { user } = await renderQuestionEditor('matching-pairs');
    await fill(user, screen.getByRole('textbox', { name: 'Prompt 1' }), 'Frog');
    await fill(user, screen.getByRole('textbox', { name: 'Match for prompt 1' }), 'Amphibian');
    await fill(user, screen.getByRole('textbox', { name: 'Prompt 2' }), 'Newt');
    await fill(user, screen.getByRole('textbox', { name: 'Match for prompt 2' }), 'amphibian');
    await fill(user, screen.getByLabelText(/^Question/), 'Match each animal with its class.');
    await check(user);
    expect(
      within(screen.getByRole('group', { name: 'Pairs' })).getByText(
        'Students need at least 2 different matches to choose from: change a match or add a distractor.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add distractor' }));
    await fill(user, screen.getByRole('textbox', { name: 'Distractor 1' }), 'AMPHIBIAN');
    await fill(user, screen.getByRole('textbox', { name: 'Prompt 2' }), 'frog');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Prompt 2' }))).toBe('Each prompt must be different.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Distractor 1' }))).toBe(
      'A distractor must differ from the matches and from the other distractors.',
    );
  });
});
