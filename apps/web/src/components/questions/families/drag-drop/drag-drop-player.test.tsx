import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DragDropConfig } from '@vbuilder/shared';
import { fakeLayout, makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { DragDropPlayer } from './drag-drop-player.tsx';

const question = makeQuestion<DragDropConfig>('drag-and-drop', {
  zones: [
    { id: 'z1', label: 'Mammals' },
    { id: 'z2', label: 'Birds' },
  ],
  items: [
    { id: 'a', text: 'Lion', zoneId: 'z1' },
    { id: 'b', text: 'Eagle', zoneId: 'z2' },
    { id: 'c', text: 'Shark', zoneId: null },
  ],
});

const place = (name: string) => screen.getByRole('region', { name });
const itemsIn = (name: string) =>
  within(place(name))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('DragDropPlayer', () => {
  it('starts with every item in the pool and each zone labelled and empty', async () => {
    await renderPlayer(DragDropPlayer, question);
    expect(itemsIn('Items to place')).toEqual(
      ['Lion', 'Eagle', 'Shark'].map((t) => expect.stringContaining(t)),
    );
    expect(within(place('Mammals')).getByText('Drop items here')).toBeInTheDocument();
    expect(within(place('Birds')).getByText('Drop items here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag “Lion”' })).toHaveAttribute(
      'aria-roledescription',
      'draggable item',
    );
  });

  it('places items without dragging, through the select beside each item', async () => {
    const { user, onChange } = await renderPlayer(DragDropPlayer, question);
    const lionPlace = screen.getByRole('combobox', { name: 'Place for “Lion”' });
    expect(
      within(lionPlace)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not placed', 'Mammals', 'Birds']);
    await user.selectOptions(lionPlace, 'Mammals');
    expect(onChange).toHaveBeenLastCalledWith({ a: 'z1' });
    expect(itemsIn('Mammals')).toEqual([expect.stringContaining('Lion')]);
    // The select moved with the item into its zone and still has the keyboard focus there.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place for “Lion”' }), 'Not placed');
    expect(onChange).toHaveBeenLastCalledWith({ a: null });
    expect(itemsIn('Items to place')).toHaveLength(3);
  });

  it('marks each item right or wrong', async () => {
    await renderPlayer(DragDropPlayer, question, {
      value: { a: 'z1', b: 'z1', c: null },
      result: resultOf({ a: true, b: false, c: true }),
    });
    const item = (name: string) => screen.getByRole('button', { name: `Drag “${name}”` }).closest('li');
    expect(item('Lion')).toHaveAttribute('data-result', 'correct');
    expect(item('Eagle')).toHaveAttribute('data-result', 'incorrect');
    expect(item('Shark')).toHaveAttribute('data-result', 'correct');
    expect(itemsIn('Items to place')).toEqual([expect.stringContaining('Shark')]);
  });

  it('says so when every item has been placed', async () => {
    await renderPlayer(DragDropPlayer, question, { value: { a: 'z1', b: 'z2', c: 'z1' } });
    expect(within(place('Items to place')).getByText('Every item has been placed.')).toBeInTheDocument();
    expect(itemsIn('Mammals')).toHaveLength(2);
  });

  it('is read-only when disabled', async () => {
    await renderPlayer(DragDropPlayer, question, { value: { a: 'z2' }, disabled: true });
    for (const select of screen.getAllByRole('combobox')) expect(select).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drag “Lion”' })).toBeDisabled();
    expect(itemsIn('Birds')).toEqual([expect.stringContaining('Lion')]);
  });

  describe('with the keyboard sensor', () => {
    // jsdom has no layout: stack the places (pool, then zones) and the items inside them.
    let restore: () => void;
    beforeEach(() => {
      restore = fakeLayout((element) => {
        const section = element.closest('section');
        if (!section) return null;
        const sectionTop = Array.from(document.querySelectorAll('section')).indexOf(section) * 200;
        const li = element.closest('li');
        return li
          ? { top: sectionTop + 40 + Array.from(li.parentElement!.children).indexOf(li) * 40, height: 30 }
          : { top: sectionTop, height: 150 };
      });
    });
    afterEach(() => restore());

    it('lifts an item, jumps it from place to place with the arrows and drops it', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { user, onChange } = await renderPlayer(DragDropPlayer, question);
        const tick = () => act(() => vi.advanceTimersByTimeAsync(10));
        screen.getByRole('button', { name: 'Drag “Eagle”' }).focus();
        await user.keyboard(' ');
        await tick();
        expect(screen.getByRole('status')).toHaveTextContent('Picked up “Eagle”.');
        await user.keyboard('{ArrowDown}');
        await tick();
        expect(screen.getByRole('status')).toHaveTextContent('“Eagle” is over Mammals.');
        await user.keyboard('{ArrowDown}');
        await tick();
        expect(screen.getByRole('status')).toHaveTextContent('“Eagle” is over Birds.');
        await user.keyboard(' ');
        await tick();
        expect(onChange).toHaveBeenLastCalledWith({ b: 'z2' });
        expect(screen.getByRole('status')).toHaveTextContent('“Eagle” was dropped on Birds.');
        expect(itemsIn('Birds')).toEqual([expect.stringContaining('Eagle')]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
