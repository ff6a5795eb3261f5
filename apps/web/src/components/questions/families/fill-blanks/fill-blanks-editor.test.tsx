import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FillBlanksConfig } from '@vbuilder/shared';
import { check, errorOf, fill, isValid, renderQuestionEditor } from '../../editors/test-utils.tsx';

const config = (q: { config: unknown }) => q.config as FillBlanksConfig;
const passage = () => screen.getByRole('textbox', { name: /^Passage/ }) as HTMLTextAreaElement;

describe('FillBlanksEditor', { timeout: 30_000 }, () => {
  it('asks for a passage with blanks when empty', async () => {
    const { user } = await renderQuestionEditor('fill-in-the-blanks');
    await check(user);
    expect(errorOf(passage())).toBe('Please write the passage.');
    expect(
      screen.getAllByText('Use Insert blank to put at least one blank in the passage.').length,
    ).toBeGreaterThan(0);
  });

  it('inserts numbered blanks at the cursor and lists each with its accepted answers', async () => {
    const { user, current } = await renderQuestionEditor('fill-in-the-blanks');
    await fill(user, passage(), 'The capital of France is and of Italy is .');
    // Cursor after "is" (before " and").
    const cut = 'The capital of France is'.length;
    passage().setSelectionRange(cut, cut);
    await user.click(screen.getByRole('button', { name: 'Insert blank' }));
    expect(config(current()).passage).toBe('The capital of France is [[1]] and of Italy is .');
    const end = config(current()).passage.length - 1;
    passage().setSelectionRange(end, end);
    await user.click(screen.getByRole('button', { name: 'Insert blank' }));
    expect(config(current()).passage).toBe('The capital of France is [[1]] and of Italy is [[2]].');
    expect(config(current()).gaps.map((gap) => gap.id)).toEqual(['1', '2']);

    await check(user);
    expect(errorOf(screen.getByRole('textbox', { name: 'Blank 1, accepted answer 1' }))).toBe(
      'Please fill in this answer or remove it.',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Blank 1, accepted answer 1' }), 'Paris');
    await user.click(screen.getAllByRole('button', { name: 'Add accepted answer' })[0]!);
    await fill(user, screen.getByRole('textbox', { name: 'Blank 1, accepted answer 2' }), 'paris city');
    await fill(user, screen.getByRole('textbox', { name: 'Blank 2, accepted answer 1' }), 'Rome');
    await fill(user, screen.getByLabelText(/^Question/), 'Complete the sentence.');
    expect(config(current()).gaps).toEqual([
      { id: '1', accepted: ['Paris', 'paris city'] },
      { id: '2', accepted: ['Rome'] },
    ]);
    expect(isValid(current())).toBe(true);
  });

  it('adds a blank typed by hand, flags one deleted from the passage and removes it on request', async () => {
    const { user, current } = await renderQuestionEditor('fill-in-the-blanks');
    fireEvent.change(passage(), { target: { value: 'A [[1]] b [[2]]' } });
    expect(config(current()).gaps.map((gap) => gap.id)).toEqual(['1', '2']);

    fireEvent.change(passage(), { target: { value: 'A [[1]] b' } });
    // The blank keeps its answers and is flagged, so moving text around loses nothing.
    expect(config(current()).gaps.map((gap) => gap.id)).toEqual(['1', '2']);
    expect(screen.getByText('Not in the passage')).toBeInTheDocument();
    await check(user);
    // Beside the blank and in the summary.
    expect(
      screen.getAllByText('This blank is no longer in the passage. Insert it again or remove it.'),
    ).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Blank 2' }));
    expect(config(current()).gaps.map((gap) => gap.id)).toEqual(['1']);
    await user.click(screen.getByRole('button', { name: 'Remove Blank 1' }));
    expect(config(current())).toMatchObject({ passage: 'A b', gaps: [] });
  });

  it('sets case sensitivity', async () => {
    const { user, current } = await renderQuestionEditor('fill-in-the-blanks');
    await user.click(screen.getByRole('switch', { name: 'Case-sensitive' }));
    expect(config(current()).caseSensitive).toBe(true);
  });
});
