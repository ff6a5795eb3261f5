import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { AttemptTimer } from './attempt-timer.tsx';
import type { StudentQuestion } from '@vbuilder/shared';
import { QuestionNavigator } from './question-navigator.tsx';
import { QuestionView } from './question-view.tsx';
import { SaveStatus } from './save-status.tsx';
import { SubmitDialog } from './submit-dialog.tsx';

describe('question navigator', () => {
  const states = [
    { answered: true, flagged: false },
    { answered: false, flagged: true },
    { answered: true, flagged: true },
    { answered: false, flagged: false },
  ];

  it('names each question with its state in words, and marks the current one', async () => {
    await renderWithProviders(<QuestionNavigator states={states} current={1} onSelect={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Question 1: answered',
      'Question 2: not answered, flagged for review',
      'Question 3: answered, flagged for review',
      'Question 4: not answered',
    ]);
    expect(buttons[1]).toHaveAttribute('aria-current', 'step');
    expect(buttons.filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
    // Not by colour alone: answered and flagged carry their own marks.
    expect(buttons[0]).toHaveAttribute('data-answered');
    expect(buttons[2]).toHaveAttribute('data-flagged');
  });

  it('moves to a question by click or keyboard', async () => {
    const onSelect = vi.fn();
    await renderWithProviders(<QuestionNavigator states={states} current={0} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Question 3: answered, flagged for review' }));
    expect(onSelect).toHaveBeenCalledWith(2);
    screen.getByRole('button', { name: 'Question 4: not answered' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(3);
  });
});

describe('save status', () => {
  it.each([
    ['saved', 'Saved'],
    ['saving', 'Saving…'],
    ['offline', 'Offline — your answers are kept on this device'],
    ['retrying', "Couldn't save — retrying"],
  ] as const)('says %s in words, politely announced', async (status, words) => {
    await renderWithProviders(<SaveStatus status={status} />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(words);
    expect(region).toHaveAttribute('aria-live', 'polite');
  });
});

describe('timer', () => {
  const DEADLINE = '2030-01-06T15:30:00.000Z';

  it('shows the time left and announces the 5 and 1 minute warnings', async () => {
    let setRemaining: (ms: number) => void = () => undefined;
    function Harness() {
      const [remaining, set] = useState(10 * 60_000);
      setRemaining = set;
      return <AttemptTimer remaining={remaining} deadlineAt={DEADLINE} timeLimited />;
    }
    await renderWithProviders(<Harness />);
    expect(screen.getByText('10:00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');

    act(() => setRemaining(5 * 60_000 - 1000));
    expect(screen.getByRole('status')).toHaveTextContent('5 minutes left');
    act(() => setRemaining(59_000));
    expect(screen.getByRole('status')).toHaveTextContent('1 minute left');
    expect(screen.getByText('0:59')).toBeInTheDocument();
    // Time is up: the '1 minute left' warning does not stay behind.
    act(() => setRemaining(0));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByText('1 minute left')).toBeNull();
  });

  it('shows a time limit as a countdown even when it is long', async () => {
    await renderWithProviders(<AttemptTimer remaining={3 * 3600_000} deadlineAt={DEADLINE} timeLimited />);
    expect(screen.getByText('3:00:00')).toBeInTheDocument();
  });

  it('without a time limit shows the closing time, and a countdown only in the last hour', async () => {
    let setRemaining: (ms: number) => void = () => undefined;
    function Harness() {
      const [remaining, set] = useState(126 * 3600_000);
      setRemaining = set;
      return <AttemptTimer remaining={remaining} deadlineAt={DEADLINE} timeLimited={false} />;
    }
    await renderWithProviders(<Harness />);
    expect(screen.getByText(`Closes at ${formatDateTime(DEADLINE, 'en')}`)).toBeInTheDocument();
    expect(screen.queryByText('126:00:00')).toBeNull();
    act(() => setRemaining(60 * 60_000));
    expect(screen.getByText('1:00:00')).toBeInTheDocument();
    expect(screen.queryByText(/Closes at/)).toBeNull();
  });

  it('says when there is no time limit', async () => {
    await renderWithProviders(<AttemptTimer remaining={null} deadlineAt={null} timeLimited={false} />);
    expect(screen.getByText('No time limit')).toBeInTheDocument();
  });
});

describe('submit dialog', () => {
  const props = { opened: true, onClose: () => undefined, onConfirm: () => undefined, errorKey: null };

  it('counts unanswered and flagged questions', async () => {
    await renderWithProviders(<SubmitDialog {...props} unanswered={2} flagged={1} phase="idle" />);
    const dialog = screen.getByRole('dialog', { name: 'Submit your answers?' });
    expect(within(dialog).getByText('2 questions are not answered.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 question is flagged for review.')).toBeInTheDocument();
  });

  it('says why it waits when there is no network', async () => {
    await renderWithProviders(
      <SubmitDialog {...props} unanswered={0} flagged={0} phase="waitingForNetwork" />,
    );
    expect(screen.getByText('You have answered every question.')).toBeInTheDocument();
    expect(screen.getByText(/You are offline\. Your answers are kept on this device/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep working' })).toBeInTheDocument();
  });

  it('says files are still waiting to upload before the submit', async () => {
    await renderWithProviders(
      <SubmitDialog {...props} unanswered={0} flagged={0} phase="idle" filesWaiting={2} />,
    );
    expect(
      screen.getByText(
        '2 files are still waiting to upload. They will be sent before your answers are submitted.',
      ),
    ).toBeInTheDocument();
  });
});

describe('question view', () => {
  it('shows the files of the question still waiting to upload', async () => {
    const question = { id: 'q1', type: 'true-false', text: 'Plants need light.', score: 1, config: {} };
    const waiting = {
      id: 'u1',
      attemptId: 'a1',
      questionId: 'q1',
      file: new Blob(['x']),
      name: 'report.pdf',
      type: 'application/pdf',
      size: 1,
      createdAt: 0,
    };
    await renderWithProviders(
      <QuestionView
        question={question as unknown as StudentQuestion}
        index={0}
        total={1}
        answer={null}
        flagged={false}
        onAnswer={() => undefined}
        onToggleFlag={() => undefined}
        onFile={() => undefined}
        waitingUploads={[waiting]}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'report.pdf is waiting to upload. It is kept on this device and will be sent when the connection allows.',
    );
  });
});
