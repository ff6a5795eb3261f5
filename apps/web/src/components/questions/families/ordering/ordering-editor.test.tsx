import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderingConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const texts = (q: { config: unknown }) => (q.config as OrderingConfig).items.map((item) => item.text);

describe('OrderingEditor', { timeout: 30_000 }, () => {
  it('asks for every item', async () => {
    const { user } = await renderQuestionEditor('timeline-assignments');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Item 1' }))).toBe('Please fill in all items.');
  });

  it('moves items up and down with the buttons, keeping focus on the moved item', async () => {
    const { user, current } = await renderQuestionEditor('timeline-assignments');
    for (const [n, text] of [
      [1, 'Moon landing'],
      [2, 'First flight'],
      [3, 'Printing press'],
    ] as const)
      await fill(user, screen.getByRole('textbox', { name: `Item ${n}` }), text);

    expect(screen.getByRole('button', { name: 'Move Item 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Item 3 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Item 3 up' }));
    expect(texts(current())).toEqual(['Moon landing', 'Printing press', 'First flight']);
    // Focus follows the item, now second.
    expect(screen.getByRole('button', { name: 'Move Item 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(texts(current())).toEqual(['Printing press', 'Moon landing', 'First flight']);
    // At the top the up button is disabled, so focus moves to down.
    expect(screen.getByRole('button', { name: 'Move Item 1 down' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Move Item 2 down' }));
    expect(texts(current())).toEqual(['Printing press', 'First flight', 'Moon landing']);
  });

  it('adds and removes items (at least 2) and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('timeline-assignments');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByRole('textbox', { name: 'Item 4' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Item 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove Item 3' }));
    expect(texts(current())).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove Item 1' })).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Item 1' }), 'Seed');
    await fill(user, screen.getByRole('textbox', { name: 'Item 2' }), 'Tree');
    await fill(user, screen.getByLabelText(/^Question/), 'Put the stages in order.');
    await check(user);
    expect(isValid(current())).toBe(true);
  });
});
