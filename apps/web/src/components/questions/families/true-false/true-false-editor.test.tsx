import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { check, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

describe('TrueFalseEditor', { timeout: 30_000 }, () => {
  it('asks for True or False until one is chosen, then produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('true-false');
    expect(screen.getByRole('radio', { name: 'True' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'False' })).not.toBeChecked();
    await check(user);
    expect(screen.getAllByText('Please choose True or False.').length).toBeGreaterThan(0);

    await fill(user, screen.getByLabelText(/^Question/), 'Water boils at 100 °C at sea level.');
    await user.click(screen.getByRole('radio', { name: 'False' }));
    expect(current().config).toEqual({ correct: false });
    await user.click(screen.getByRole('radio', { name: 'True' }));
    expect(current().config).toEqual({ correct: true });
    expect(screen.queryByText('Please choose True or False.')).not.toBeInTheDocument();
    expect(isValid(current())).toBe(true);
  });
});
