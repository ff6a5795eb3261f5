import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generateCrosswordLayout, type CrosswordConfig } from '@vbuilder/shared';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { CrosswordPlayer, wordCells, wordFromCells } from './crossword-player.tsx';

// Laid out as:   . N . . .      1 Down NILE, 2 Down LAKE, 3 Across ZEBRA
//                . I . . .
//                . L . . L
//                Z E B R A
//                . . . . K
//                . . . . E
const entries = [
  { id: 'e1', answer: 'Nile', clue: 'Longest river in Africa' },
  { id: 'e2', answer: 'LAKE', clue: 'Victoria is one' },
  { id: 'e3', answer: 'ZEBRA', clue: 'Striped animal' },
];
const question = makeQuestion<CrosswordConfig>('crosswords-and-puzzles', {
  entries,
  layout: generateCrosswordLayout(entries),
});
const cell = (row: number, col: number) =>
  screen.getByRole('textbox', { name: new RegExp(`^Row ${row}, column ${col}\\.`) });

describe('word helpers', () => {
  it('keep a blank cell inside a word as a space and drop trailing blanks', () => {
    expect(wordFromCells(['', 'A', '', 'E', ''])).toBe(' A E');
    expect(wordFromCells(['', ''])).toBe('');
    expect(wordCells(' A E')).toEqual(['', 'A', '', 'E']);
  });
});

describe('CrosswordPlayer', () => {
  it('draws the grid and the numbered clues without putting any solution letter on the page', async () => {
    const { container } = await renderPlayer(CrosswordPlayer, question);
    expect(screen.getAllByRole('textbox')).toHaveLength(11);
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveValue('');
    for (const word of ['NILE', 'Nile', 'LAKE', 'ZEBRA']) expect(container.innerHTML).not.toContain(word);
    const across = screen.getByRole('region', { name: 'Across' });
    const down = screen.getByRole('region', { name: 'Down' });
    expect(
      within(across).getByRole('button', { name: '3 Across: Striped animal (5 letters)' }),
    ).toBeInTheDocument();
    expect(
      within(down)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['1 Down: Longest river in Africa (4 letters)', '2 Down: Victoria is one (4 letters)']);
    expect(cell(4, 2)).toHaveAccessibleName(
      'Row 4, column 2. 3 Across, letter 2 of 5. 1 Down, letter 4 of 4.',
    );
  });

  it('is one tab stop: only the current cell is in the tab order', async () => {
    await renderPlayer(CrosswordPlayer, question);
    const tabbable = screen.getAllByRole('textbox').filter((input) => input.tabIndex === 0);
    expect(tabbable).toEqual([cell(1, 2)]);
  });

  it('jumps to a word from its clue, and typing fills the word and moves along it', async () => {
    const { user, onChange } = await renderPlayer(CrosswordPlayer, question);
    await user.click(screen.getByRole('button', { name: /^3 Across/ }));
    expect(cell(4, 1)).toHaveFocus();
    expect(cell(4, 1)).toHaveAccessibleDescription('Striped animal (5)');
    await user.keyboard('zebra');
    expect(cell(4, 5)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith({ e3: 'ZEBRA', e1: '   E', e2: ' A' });
    expect(cell(4, 3)).toHaveValue('B');
  });

  it('moves with the arrows, turns to the word going that way, and types along it', async () => {
    const { user, onChange } = await renderPlayer(CrosswordPlayer, question, { value: { e3: 'ZEBRA' } });
    await user.click(screen.getByRole('button', { name: /^3 Across/ }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(cell(4, 5)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell(3, 5)).toHaveFocus();
    expect(cell(3, 5)).toHaveAccessibleDescription('Victoria is one (4)');
    await user.keyboard('l');
    expect(cell(4, 5)).toHaveFocus();
    await user.keyboard('{ArrowDown}k');
    expect(onChange).toHaveBeenLastCalledWith({ e3: 'ZEBRA', e2: 'LAK' });
    expect(cell(6, 5)).toHaveFocus();
    // Arrows jump over blocked squares to the next box in that line.
    await user.click(screen.getByRole('button', { name: /^1 Down/ }));
    await user.keyboard('{ArrowLeft}');
    expect(cell(1, 2)).toHaveFocus();
  });

  it('clears with Backspace, stepping back along the word when the box is already empty', async () => {
    const { user, onChange } = await renderPlayer(CrosswordPlayer, question, {
      value: { e3: 'ZEB', e1: '   E' },
    });
    await user.click(screen.getByRole('button', { name: /^3 Across/ }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(cell(4, 4)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(cell(4, 3)).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith({ e3: 'ZE', e1: '   E' });
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith({ e3: 'Z' });
  });

  it('turns between Across and Down with Space on a crossing box', async () => {
    const { user } = await renderPlayer(CrosswordPlayer, question);
    await user.click(screen.getByRole('button', { name: /^3 Across/ }));
    await user.keyboard('{ArrowRight}');
    expect(cell(4, 2)).toHaveAccessibleDescription('Striped animal (5)');
    await user.keyboard(' ');
    expect(cell(4, 2)).toHaveAccessibleDescription('Longest river in Africa (4)');
    await user.keyboard('x');
    // Typing now runs down NILE, which ends here, so focus stays.
    expect(cell(4, 2)).toHaveFocus();
    expect(cell(4, 2)).toHaveValue('X');
  });

  it('marks each word right or wrong on its clue', async () => {
    await renderPlayer(CrosswordPlayer, question, {
      value: { e1: 'NILE', e2: 'LOKE', e3: 'ZEBRO' },
      result: resultOf({ e1: true, e2: false, e3: false }),
    });
    expect(within(screen.getByRole('button', { name: /^1 Down/ })).getByText('Correct')).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /^2 Down/ })).getByText('Incorrect'),
    ).toBeInTheDocument();
    expect(cell(1, 2).parentElement).toHaveAttribute('data-result', 'correct');
    expect(cell(4, 2).parentElement).toHaveAttribute('data-result', 'incorrect');
  });

  it('is read-only when disabled, but can still be looked through', async () => {
    const { user, onChange } = await renderPlayer(CrosswordPlayer, question, {
      value: { e3: 'ZEBRA' },
      disabled: true,
    });
    await user.click(screen.getByRole('button', { name: /^3 Across/ }));
    await user.keyboard('q{Backspace}{ArrowRight}');
    expect(onChange).not.toHaveBeenCalled();
    expect(cell(4, 2)).toHaveFocus();
    expect(cell(4, 1)).toHaveValue('Z');
  });

  it('says so instead of drawing a grid that does not fit its words', async () => {
    const broken = makeQuestion<CrosswordConfig>('crosswords-and-puzzles', {
      entries,
      layout: { rows: 2, cols: 2, placements: [] },
    });
    await renderPlayer(CrosswordPlayer, broken);
    expect(screen.getByText('This crossword cannot be shown')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
