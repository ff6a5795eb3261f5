import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShortAnswerConfig } from '@vbuilder/shared';
import { makeQuestion, renderPlayer, resultOf } from '../../players/common/test-utils.tsx';
import { ShortAnswerPlayer } from './short-answer-player.tsx';

const question = makeQuestion<ShortAnswerConfig>('short-answers', {
  acceptedAnswers: ['photosynthesis'],
  caseSensitive: false,
  maxWords: 50,
});

describe('ShortAnswerPlayer', () => {
  it('takes typed text and counts words live against the limit', async () => {
    const { user, onChange } = await renderPlayer(ShortAnswerPlayer, question);
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    expect(input).toHaveAccessibleDescription('0 / 50 words');
    await user.type(input, 'plants make food');
    expect(onChange).toHaveBeenLastCalledWith('plants make food');
    expect(screen.getByText('3 / 50 words')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('3 / 50 words');
  });

  it('warns at once, and once for screen readers, when the answer goes over the limit', async () => {
    const short = makeQuestion<ShortAnswerConfig>('short-answers', { ...question.config, maxWords: 3 });
    const { user } = await renderPlayer(ShortAnswerPlayer, short);
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    await user.type(input, 'one two three');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, ' four');
    expect(screen.getByRole('alert')).toHaveTextContent('Your answer has 4 words; keep it to 3 or fewer.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('4 / 3 words')).toBeInTheDocument();
  });

  it('shows whether the answer was right, and why not when it was too long', async () => {
    const first = await renderPlayer(ShortAnswerPlayer, question, {
      value: 'Photosynthesis',
      result: resultOf({ answer: true, tooLong: false }),
    });
    expect(screen.getByText('Correct')).toBeInTheDocument();
    first.unmount();
    await renderPlayer(ShortAnswerPlayer, question, {
      value: 'far too many words',
      result: resultOf({ answer: false, tooLong: true }, false),
    });
    expect(screen.getByText('Incorrect: the answer is over the word limit')).toBeInTheDocument();
  });

  it('is read-only when disabled', async () => {
    await renderPlayer(ShortAnswerPlayer, question, { value: 'light', disabled: true });
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('light');
  });
});
