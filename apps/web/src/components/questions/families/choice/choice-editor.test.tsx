import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChoiceConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as ChoiceConfig;

describe('ChoiceEditor', { timeout: 30_000 }, () => {
  it('shows the docs/product/validation.md messages on the right fields when the teacher checks an empty question', async () => {
    const { user } = await renderQuestionEditor('multiple-choice');
    // Nothing is reported before the teacher asks.
    expect(screen.queryByText('Please fill in all options.')).not.toBeInTheDocument();
    await check(user);

    expect(errorOf(screen.getByLabelText(/^Question/))).toBe('Please enter the question text.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Option A' }))).toBe('Please fill in all options.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Option D' }))).toBe('Please fill in all options.');
    const alert = screen.getAllByRole('alert').find((node) => node.textContent?.includes('before saving'))!;
    expect(within(alert).getByText('Please select the correct answer.')).toBeInTheDocument();
    expect(within(alert).getByText('Please enter the question text.')).toBeInTheDocument();
  });

  it('adds, removes and reorders options within 2 to 10', async () => {
    const { user, current } = await renderQuestionEditor('multiple-choice');
    const add = screen.getByRole('button', { name: 'Add option' });
    for (let i = 0; i < 6; i += 1) await user.click(add);
    expect(config(current()).options).toHaveLength(10);
    expect(add).toBeDisabled();
    // The new option's input has focus, ready for typing.
    expect(screen.getByRole('textbox', { name: 'Option J' })).toHaveFocus();

    await fill(user, screen.getByRole('textbox', { name: 'Option A' }), 'Paris');
    await fill(user, screen.getByRole('textbox', { name: 'Option B' }), 'Rome');
    await user.click(screen.getByRole('button', { name: 'Move Option A down' }));
    expect(
      config(current())
        .options.slice(0, 2)
        .map((o) => o.text),
    ).toEqual(['Rome', 'Paris']);

    for (let i = 0; i < 8; i += 1)
      await user.click(screen.getAllByRole('button', { name: /^Remove Option/ }).at(-1)!);
    expect(config(current()).options).toHaveLength(2);
    for (const button of screen.getAllByRole('button', { name: /^Remove Option/ }))
      expect(button).toBeDisabled();
  });

  it('marks one correct answer with radios, several with checkboxes, and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('multiple-choice');
    await fill(user, screen.getByLabelText(/^Question/), 'Which are prime numbers?');
    for (const [letter, text] of [
      ['A', '2'],
      ['B', '3'],
      ['C', '4'],
      ['D', '9'],
    ] as const)
      await fill(user, screen.getByRole('textbox', { name: `Option ${letter}` }), text);

    await user.click(screen.getByRole('radio', { name: 'Option B is correct' }));
    await user.click(screen.getByRole('radio', { name: 'Option A is correct' }));
    expect(config(current()).correct).toEqual([config(current()).options[0]!.id]);

    await user.click(screen.getByRole('switch', { name: /Several correct answers/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Option B is correct' }));
    expect(config(current())).toMatchObject({ multiple: true });
    expect(config(current()).correct).toHaveLength(2);

    await check(user);
    expect(screen.getByText(/Everything needed is filled in/)).toBeInTheDocument();
    expect(isValid(current())).toBe(true);

    // Back to a single answer: the first marked one stays.
    await user.click(screen.getByRole('switch', { name: /Several correct answers/ }));
    expect(config(current()).correct).toEqual([config(current()).options[0]!.id]);
    expect(isValid(current())).toBe(true);
  });

  it('removing the correct option clears it from the correct answers', async () => {
    const { user, current } = await renderQuestionEditor('multiple-choice');
    await user.click(screen.getByRole('radio', { name: 'Option C is correct' }));
    await user.click(screen.getByRole('button', { name: 'Remove Option C' }));
    expect(config(current()).correct).toEqual([]);
  });

  it('attaches an image to an option by address', async () => {
    const { user, current } = await renderQuestionEditor('image-based');
    await user.click(screen.getByRole('button', { name: 'Add an image to Option A' }));
    await fill(
      user,
      screen.getByRole('textbox', { name: /Image for Option A/ }),
      'https://example.test/a.png',
    );
    expect(config(current()).options[0]!.imageUrl).toBe('https://example.test/a.png');
    expect(screen.getByRole('img', { name: 'Preview of the image: Image for Option A' })).toHaveAttribute(
      'src',
      'https://example.test/a.png',
    );
    await user.click(screen.getByRole('button', { name: 'Remove the image: Image for Option A' }));
    expect(config(current()).options[0]!.imageUrl).toBeNull();
  });
});
