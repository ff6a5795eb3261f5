import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChoiceConfig } from '@vbuilder/shared';
import { ChoicePlayer } from './choice-player.tsx';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';

const options = [
  { id: 'a', text: 'Dar es Salaam' },
  { id: 'b', text: 'Dodoma' },
  { id: 'c', text: 'Arusha' },
  { id: 'd', text: 'Mwanza' },
];
const single = makeQuestion<ChoiceConfig>('multiple-choice', {
  options,
  correct: ['b'],
  multiple: false,
  shuffle: false,
});
const multiple = makeQuestion<ChoiceConfig>('multiple-choice', {
  options,
  correct: ['a', 'b'],
  multiple: true,
  shuffle: false,
});

describe('ChoicePlayer', () => {
  it('offers one answer as radios named by their text, in a group that says so', async () => {
    const { user, onChange } = await renderPlayer(ChoicePlayer, single);
    const group = screen.getByRole('group', { name: 'Choose one answer.' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Dar es Salaam', 'Dodoma', 'Arusha', 'Mwanza']);
    await user.click(screen.getByText('Dodoma'));
    expect(onChange).toHaveBeenLastCalledWith(['b']);
    expect(screen.getByRole('radio', { name: 'Dodoma' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Arusha' }));
    expect(onChange).toHaveBeenLastCalledWith(['c']);
    expect(screen.getByRole('radio', { name: 'Dodoma' })).not.toBeChecked();
  });

  it('is answered with the keyboard alone: Tab into the group, arrows to choose', async () => {
    const { user, onChange } = await renderPlayer(ChoicePlayer, single, { value: ['a'] });
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Dar es Salaam' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(['b']);
    expect(screen.getByRole('radio', { name: 'Dodoma' })).toBeChecked();
  });

  it('offers several answers as checkboxes, kept in the teacher’s order, toggled by Space', async () => {
    const { user, onChange } = await renderPlayer(ChoicePlayer, multiple);
    expect(screen.getByRole('group', { name: 'Choose every answer that applies.' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Arusha' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dar es Salaam' }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'c']);
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Dar es Salaam' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['c']);
  });

  it('shuffles the options by question id when asked, the same way every time', async () => {
    const shuffled = makeQuestion<ChoiceConfig>(
      'multiple-choice',
      { ...single.config, shuffle: true },
      { id: 'q-42' },
    );
    const first = await renderPlayer(ChoicePlayer, shuffled);
    const order = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    first.unmount();
    await renderPlayer(ChoicePlayer, shuffled);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(order);
    expect([...order].sort()).toEqual(['Arusha', 'Dar es Salaam', 'Dodoma', 'Mwanza']);
  });

  it('marks only the chosen options, so the marks never reveal an unchosen right answer', async () => {
    await renderPlayer(ChoicePlayer, multiple, {
      value: ['a', 'c'],
      result: resultOf({ a: true, b: false, c: false, d: true }),
    });
    const label = (text: string) =>
      screen.getByRole('checkbox', { name: new RegExp(text) }).closest('label')!;
    expect(label('Dar es Salaam')).toHaveAttribute('data-result', 'correct');
    expect(within(label('Dar es Salaam')).getByText('Correct')).toBeInTheDocument();
    expect(label('Arusha')).toHaveAttribute('data-result', 'incorrect');
    expect(within(label('Arusha')).getByText('Incorrect')).toBeInTheDocument();
    expect(label('Dodoma')).not.toHaveAttribute('data-result');
    expect(label('Mwanza')).not.toHaveAttribute('data-result');
  });

  it('shows the question image and option images with text alternatives', async () => {
    const withImages = makeQuestion<ChoiceConfig>(
      'image-based',
      {
        options: [
          { id: 'a', text: 'Baobab', imageUrl: '/api/question-images/baobab.png' },
          { id: 'b', text: 'Acacia', imageUrl: null },
        ],
        correct: ['a'],
        multiple: false,
        shuffle: false,
      },
      { imageUrl: '/api/question-images/tree.png' },
    );
    await renderPlayer(ChoicePlayer, withImages);
    expect(screen.getByRole('img', { name: 'Picture for this question' })).toHaveAttribute(
      'src',
      '/api/question-images/tree.png',
    );
    expect(screen.getByRole('img', { name: 'Picture for the answer “Baobab”' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('is read-only when disabled', async () => {
    const { user, onChange } = await renderPlayer(ChoicePlayer, single, { value: ['b'], disabled: true });
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(screen.getByText('Arusha'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
