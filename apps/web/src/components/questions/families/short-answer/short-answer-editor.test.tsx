import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShortAnswerConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as ShortAnswerConfig;

describe('ShortAnswerEditor', { timeout: 30_000 }, () => {
  it('asks for an answer, adds and removes accepted answers, keeps at least one', async () => {
    const { user, current } = await renderQuestionEditor('short-answers');
    expect(screen.getByRole('textbox', { name: 'Maximum words' })).toHaveValue('50');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Accepted answer 1' }))).toBe(
      'Please fill in this answer or remove it.',
    );
    expect(screen.getByRole('button', { name: 'Remove Accepted answer 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add accepted answer' }));
    expect(screen.getByRole('textbox', { name: 'Accepted answer 2' })).toHaveFocus();
    await fill(user, screen.getByRole('textbox', { name: 'Accepted answer 1' }), 'Nairobi');
    await fill(user, screen.getByRole('textbox', { name: 'Accepted answer 2' }), 'Nairobi City');
    expect(config(current()).acceptedAnswers).toEqual(['Nairobi', 'Nairobi City']);
    await user.click(screen.getByRole('button', { name: 'Remove Accepted answer 1' }));
    expect(config(current()).acceptedAnswers).toEqual(['Nairobi City']);
  });

  it('sets case sensitivity and the word limit, and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('short-answers');
    await fill(user, screen.getByLabelText(/^Question/), 'What is the capital of Kenya?');
    await fill(user, screen.getByRole('textbox', { name: 'Accepted answer 1' }), 'Nairobi');
    await user.click(screen.getByRole('switch', { name: /Case-sensitive/ }));
    await fill(user, screen.getByRole('textbox', { name: 'Maximum words' }), '5');
    expect(config(current())).toEqual({ acceptedAnswers: ['Nairobi'], caseSensitive: true, maxWords: 5 });
    await check(user);
    expect(screen.getByText(/Everything needed is filled in/)).toBeInTheDocument();
    expect(isValid(current())).toBe(true);
  });

  it('keeps the word limit within 1 to 500', async () => {
    const { user, current } = await renderQuestionEditor('short-answers');
    await fill(user, screen.getByRole('textbox', { name: 'Maximum words' }), '900');
    await user.tab();
    expect(config(current()).maxWords).toBe(500);
    expect(screen.getByRole('textbox', { name: 'Maximum words' })).toHaveValue('500');
  });
});
