import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DragDropConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as DragDropConfig;

describe('DragDropEditor', { timeout: 30_000 }, () => {
  it('asks for zone names and item texts', async () => {
    const { user } = await renderQuestionEditor('drag-and-drop');
    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Zone 1' }))).toBe('Please name every zone.');
    expect(errorOf(screen.getByRole('textbox', { name: 'Item 1' }))).toBe('Please fill in all items.');
  });

  it('assigns items to zones or to nowhere, adds and removes both, and produces a valid question', async () => {
    const { user, current } = await renderQuestionEditor('drag-and-drop');
    await fill(user, screen.getByRole('textbox', { name: 'Zone 1' }), 'Mammals');
    await fill(user, screen.getByRole('textbox', { name: 'Zone 2' }), 'Birds');
    await fill(user, screen.getByRole('textbox', { name: 'Item 1' }), 'Whale');
    await fill(user, screen.getByRole('textbox', { name: 'Item 2' }), 'Eagle');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByRole('textbox', { name: 'Item 3' })).toHaveFocus();
    await fill(user, screen.getByRole('textbox', { name: 'Item 3' }), 'Shark');

    const where = screen.getByRole('combobox', { name: 'Where Item 3 belongs' });
    // Zones are offered by their names.
    expect([...(where as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Mammals',
      'Birds',
      'Belongs nowhere',
    ]);
    await user.selectOptions(where, 'Belongs nowhere');
    const [mammals, birds] = config(current()).zones.map((zone) => zone.id);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Where Item 2 belongs' }), 'Birds');
    expect(config(current()).items.map((item) => [item.text, item.zoneId])).toEqual([
      ['Whale', mammals],
      ['Eagle', birds],
      ['Shark', null],
    ]);

    await fill(user, screen.getByLabelText(/^Question/), 'Sort the animals.');
    await check(user);
    expect(isValid(current())).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add zone' }));
    expect(screen.getByRole('textbox', { name: 'Zone 3' })).toHaveFocus();
    // Removing a zone leaves its items belonging nowhere until reassigned.
    await user.click(screen.getByRole('button', { name: 'Remove Zone 2' }));
    expect(config(current()).zones).toHaveLength(2);
    expect(config(current()).items[1]!.zoneId).toBeNull();
  });

  it('keeps at least one zone and one item', async () => {
    const { user } = await renderQuestionEditor('drag-and-drop');
    await user.click(screen.getByRole('button', { name: 'Remove Zone 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove Item 2' }));
    expect(screen.getByRole('button', { name: 'Remove Zone 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Item 1' })).toBeDisabled();
  });
});
