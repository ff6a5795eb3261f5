import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderingConfig } from '@vbuilder/shared';
import { fakeLayout, makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { displayedOrder, OrderingPlayer } from './ordering-player.tsx';

const items = [
  { id: 'i1', text: 'Independence' },
  { id: 'i2', text: 'Union' },
  { id: 'i3', text: 'Arusha Declaration' },
  { id: 'i4', text: 'Multi-party elections' },
];
const question = makeQuestion<OrderingConfig>('timeline-assignments', { items });
const rowTexts = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span + span')?.textContent);

describe('displayedOrder', () => {
  it('starts from a scramble that is never the right order, and the same for the same question', () => {
    for (const seed of ['a', 'b', 'q-1', 'q-2', 'x']) {
      const order = displayedOrder(items, null, seed);
      expect(order).not.toEqual(['i1', 'i2', 'i3', 'i4']);
      expect([...order].sort()).toEqual(['i1', 'i2', 'i3', 'i4']);
      expect(displayedOrder(items, null, seed)).toEqual(order);
    }
  });

  it('shows a stale answer with every item exactly once', () => {
    expect(displayedOrder(items, ['i3', 'gone', 'i3', 'i1'], 's')).toEqual(['i3', 'i1', 'i2', 'i4']);
  });
});

describe('OrderingPlayer', () => {
  it('lists the items with Move up / Move down buttons named by the item', async () => {
    await renderPlayer(OrderingPlayer, question, { value: ['i2', 'i1', 'i3', 'i4'] });
    expect(rowTexts()).toEqual(['Union', 'Independence', 'Arusha Declaration', 'Multi-party elections']);
    expect(screen.getByRole('button', { name: 'Move “Union” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “Multi-party elections” down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drag “Union”' })).toHaveAttribute(
      'aria-roledescription',
      'sortable item',
    );
  });

  it('reorders with the Move buttons, keeps focus on the moved item and announces where it went', async () => {
    const { user, onChange } = await renderPlayer(OrderingPlayer, question, {
      value: ['i2', 'i1', 'i3', 'i4'],
    });
    await user.click(screen.getByRole('button', { name: 'Move “Union” down' }));
    expect(onChange).toHaveBeenLastCalledWith(['i1', 'i2', 'i3', 'i4']);
    expect(rowTexts()[1]).toBe('Union');
    expect(screen.getByRole('button', { name: 'Move “Union” down' })).toHaveFocus();
    expect(screen.getByText('“Union” is now at position 2 of 4.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['i1', 'i3', 'i4', 'i2']);
    // At the bottom the Down button is disabled, so focus moves to the Up button of the same item.
    expect(screen.getByRole('button', { name: 'Move “Union” up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['i1', 'i3', 'i2', 'i4']);
  });

  it('marks each item in or out of its right place', async () => {
    await renderPlayer(OrderingPlayer, question, {
      value: ['i1', 'i3', 'i2', 'i4'],
      result: resultOf({ i1: true, i2: false, i3: false, i4: true }),
    });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-result'))).toEqual([
      'correct',
      'incorrect',
      'incorrect',
      'correct',
    ]);
  });

  it('is read-only when disabled', async () => {
    await renderPlayer(OrderingPlayer, question, { value: ['i2', 'i1', 'i3', 'i4'], disabled: true });
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  describe('with the keyboard sensor', () => {
    // jsdom has no layout: give each row a place in a vertical list so dnd-kit can measure it.
    let restore: () => void;
    beforeEach(() => {
      restore = fakeLayout((element) => {
        const row = element.closest('li');
        if (!row || !row.parentElement) return null;
        return { top: Array.from(row.parentElement.children).indexOf(row) * 60, height: 50 };
      });
    });
    afterEach(() => restore());

    it('lifts an item with Space, moves it with the arrows and drops it with Space, announcing each step', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { user, onChange } = await renderPlayer(OrderingPlayer, question, {
          value: ['i2', 'i1', 'i3', 'i4'],
        });
        const handle = screen.getByRole('button', { name: 'Drag “Union”' });
        handle.focus();
        await user.keyboard(' ');
        await act(() => vi.advanceTimersByTimeAsync(10));
        expect(screen.getByRole('status')).toHaveTextContent('Picked up “Union”.');
        await user.keyboard('{ArrowDown}');
        await act(() => vi.advanceTimersByTimeAsync(10));
        expect(screen.getByRole('status')).toHaveTextContent('“Union” is over position 2 of 4.');
        await user.keyboard('{ArrowDown}');
        await act(() => vi.advanceTimersByTimeAsync(10));
        await user.keyboard(' ');
        await act(() => vi.advanceTimersByTimeAsync(10));
        expect(onChange).toHaveBeenLastCalledWith(['i1', 'i3', 'i2', 'i4']);
        expect(screen.getByRole('status')).toHaveTextContent('“Union” was dropped on position 3 of 4.');
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
