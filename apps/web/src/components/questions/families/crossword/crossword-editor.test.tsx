import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generateCrosswordLayout, type CrosswordConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as CrosswordConfig;

describe('CrosswordEditor', { timeout: 30_000 }, () => {
  it('asks for words and clues, and explains words that are not letters only', async () => {
    const { user } = await renderQuestionEditor('crosswords-and-puzzles');
    await fill(user, screen.getByRole('textbox', { name: 'Word 2' }), 'New York');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Word 1' }))).toBe('Please enter the word.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Clue for word 1' }))).toBe(
      'Please write a clue for this word.',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Word 2' }), 'Rome2');
    expect(errorOf(screen.getByRole('textbox', { name: 'Word 2' }))).toBe(
      'Use letters only, without spaces, digits or punctuation.',
    );
  });

  it('regenerates and stores the layout as words change, with a live grid preview', async () => {
    const { user, current } = await renderQuestionEditor('crosswords-and-puzzles');
    expect(screen.getByText('The grid appears here once a word is written.')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Word 1' }), 'planet');
    await fill(user, screen.getByRole('textbox', { name: 'Clue for word 1' }), 'Earth is one');
    await fill(user, screen.getByRole('textbox', { name: 'Word 2' }), 'moon');
    await fill(user, screen.getByRole('textbox', { name: 'Clue for word 2' }), 'It orbits the Earth');

    const stored = config(current());
    expect(stored.layout).toEqual(generateCrosswordLayout(stored.entries));
    expect(stored.layout.placements).toHaveLength(2);
    expect(screen.getByRole('img', { name: /Crossword grid with 2 words/ })).toBeInTheDocument();
    expect(screen.getByText('Earth is one')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(screen.getByRole('textbox', { name: 'Word 3' })).toHaveFocus();
    await fill(user, screen.getByRole('textbox', { name: 'Word 3' }), 'star');
    await fill(user, screen.getByRole('textbox', { name: 'Clue for word 3' }), 'The Sun is one');
    expect(config(current()).layout.placements).toHaveLength(3);

    await fill(user, screen.getByLabelText(/^Question/), 'Solve the space crossword.');
    await check(user);
    expect(screen.getByText(/Everything needed is filled in/)).toBeInTheDocument();
    expect(isValid(current())).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Remove Word 1' }));
    expect(config(current()).entries.map((entry) => entry.answer)).toEqual(['moon', 'star']);
    expect(config(current()).layout).toEqual(generateCrosswordLayout(config(current()).entries));
    expect(screen.getByRole('button', { name: 'Remove Word 1' })).toBeDisabled();
  });
});
