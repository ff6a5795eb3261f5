import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrueFalseConfig } from '@vbuilder/shared';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { TrueFalsePlayer } from './true-false-player.tsx';

const question = makeQuestion<TrueFalseConfig>('true-false', { correct: true });

describe('TrueFalsePlayer', () => {
  it('offers True and False as two radios and reports a boolean', async () => {
    const { user, onChange } = await renderPlayer(TrueFalsePlayer, question);
    expect(screen.getByRole('group', { name: 'Is the statement true or false?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'True' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'False' })).not.toBeChecked();
    await user.click(screen.getByText('False'));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
  });

  it('works with the keyboard alone', async () => {
    const { user, onChange } = await renderPlayer(TrueFalsePlayer, question);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'True' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(true);
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('marks the chosen answer with the result', async () => {
    await renderPlayer(TrueFalsePlayer, question, { value: false, result: resultOf({ answer: false }) });
    const chosen = screen.getByRole('radio', { name: /False/ }).closest('label')!;
    expect(chosen).toHaveAttribute('data-result', 'incorrect');
    expect(screen.getByText('Incorrect')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'True' }).closest('label')).not.toHaveAttribute('data-result');
  });

  it('is read-only when disabled', async () => {
    const { user, onChange } = await renderPlayer(TrueFalsePlayer, question, { disabled: true });
    await user.click(screen.getByText('True'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'True' })).toBeDisabled();
  });
});
