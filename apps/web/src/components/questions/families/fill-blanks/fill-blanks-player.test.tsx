import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FillBlanksConfig } from '@vbuilder/shared';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { FillBlanksPlayer } from './fill-blanks-player.tsx';

const question = makeQuestion<FillBlanksConfig>('fill-in-the-blanks', {
  passage: 'Water boils at [[1]] degrees and freezes at [[2]] degrees.',
  gaps: [
    { id: '1', accepted: ['100'] },
    { id: '2', accepted: ['0', 'zero'] },
  ],
  caseSensitive: false,
});

describe('FillBlanksPlayer', () => {
  it('shows the passage with a labelled box at each marker, in reading order', async () => {
    const { container } = await renderPlayer(FillBlanksPlayer, question);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual(['Blank 1', 'Blank 2']);
    expect(container.textContent).toContain('Water boils at ');
    expect(container.textContent).toContain(' degrees and freezes at ');
    expect(container.textContent).not.toContain('[[');
  });

  it('fills the blanks with the keyboard alone: type, Tab, type', async () => {
    const { user, onChange } = await renderPlayer(FillBlanksPlayer, question);
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Blank 1' })).toHaveFocus();
    await user.keyboard('100');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Blank 2' })).toHaveFocus();
    await user.keyboard('zero');
    expect(onChange).toHaveBeenLastCalledWith({ '1': '100', '2': 'zero' });
  });

  it('marks each blank right or wrong', async () => {
    await renderPlayer(FillBlanksPlayer, question, {
      value: { '1': '100', '2': '32' },
      result: resultOf({ '1': true, '2': false }),
    });
    expect(screen.getByRole('textbox', { name: 'Blank 1' })).toHaveAttribute('data-result', 'correct');
    expect(screen.getByRole('textbox', { name: 'Blank 2' })).toHaveAttribute('data-result', 'incorrect');
    expect(screen.getByRole('textbox', { name: 'Blank 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Correct')).toBeInTheDocument();
    expect(screen.getByText('Incorrect')).toBeInTheDocument();
  });

  it('is read-only when disabled', async () => {
    await renderPlayer(FillBlanksPlayer, question, { value: { '1': '90' }, disabled: true });
    expect(screen.getByRole('textbox', { name: 'Blank 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Blank 1' })).toHaveValue('90');
    expect(screen.getByRole('textbox', { name: 'Blank 2' })).toHaveValue('');
  });
});
