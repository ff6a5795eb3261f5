import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question, QuestionTypeId } from '@vbuilder/shared';
import { renderWithProviders } from '../../../test/providers.tsx';
import type * as FamilyComponentsModule from '../family-components.tsx';
import type { PlayerProps } from '../family-ui.ts';
import { QuestionPreview } from './question-preview.tsx';

// The rich text editor cannot be typed into in jsdom: case studies get a stand-in that writes an answer.
vi.mock('../family-components.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof FamilyComponentsModule>();
  const WriteAnswer = ({ onChange }: PlayerProps<unknown, unknown>) => (
    <button type="button" onClick={() => onChange({ text: '<p>Open a second shop.</p>' })}>
      Write an answer
    </button>
  );
  return {
    ...actual,
    playerOf: (typeId: QuestionTypeId) => (typeId === 'case-studies' ? WriteAnswer : actual.playerOf(typeId)),
  };
});

const choice: Question = {
  id: 'q1',
  type: 'multiple-choice',
  text: 'Which gas do plants take in?',
  score: 2,
  imageUrl: null,
  config: {
    options: [
      { id: 'a', text: 'Oxygen', imageUrl: null },
      { id: 'b', text: 'Carbon dioxide', imageUrl: null },
      { id: 'c', text: 'Nitrogen', imageUrl: null },
    ],
    correct: ['b'],
    multiple: false,
    shuffle: false,
  },
};

const outcome = () => screen.getByRole('status', { name: 'Result of the check' });
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));

describe('QuestionPreview', () => {
  it('shows the question, its default instructions and the player', async () => {
    await renderWithProviders(<QuestionPreview question={choice} />);
    expect(screen.getByRole('heading', { name: 'Which gas do plants take in?' })).toBeInTheDocument();
    expect(screen.getByText('Choose the one correct answer.')).toBeInTheDocument();
    expect(screen.getByText('2 points')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('marks a right answer as correct with the full score', async () => {
    await renderWithProviders(<QuestionPreview question={choice} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Carbon dioxide' }));
    check();
    expect(outcome()).toHaveTextContent('Correct');
    expect(outcome()).toHaveTextContent('Score: 2 / 2');
  });

  it('marks a wrong answer as not correct with no points, and the change of answer clears it', async () => {
    await renderWithProviders(<QuestionPreview question={choice} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Oxygen' }));
    check();
    expect(outcome()).toHaveTextContent('Not correct');
    expect(outcome()).toHaveTextContent('Score: 0 / 2');
    // The player marks the chosen option wrong (words for screen readers, not colour alone).
    expect(screen.getAllByText('Incorrect').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Carbon dioxide' }));
    expect(outcome()).toBeEmptyDOMElement();
    check();
    expect(outcome()).toHaveTextContent('Correct');
  });

  it('asks for an answer before marking nothing', async () => {
    await renderWithProviders(<QuestionPreview question={choice} />);
    check();
    expect(outcome()).toHaveTextContent('Answer the question first, then check it.');
    fireEvent.click(screen.getByRole('radio', { name: 'Oxygen' }));
    expect(outcome()).toBeEmptyDOMElement();
  });

  it('resets the answer and the result', async () => {
    await renderWithProviders(<QuestionPreview question={choice} />);
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Oxygen' }));
    check();
    fireEvent.click(reset);
    expect(outcome()).toBeEmptyDOMElement();
    expect(screen.getByRole('radio', { name: 'Oxygen' })).not.toBeChecked();
  });

  it('gives partial credit on a question with several correct answers', async () => {
    const multiple: Question = {
      ...choice,
      config: { ...(choice.config as object), correct: ['a', 'b'], multiple: true },
    };
    await renderWithProviders(<QuestionPreview question={multiple} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oxygen' }));
    check();
    expect(outcome()).toHaveTextContent('Partly correct');
    expect(outcome()).toHaveTextContent('Score: 1 / 2');
  });

  it('says an open response waits for manual marking', async () => {
    const essay: Question = {
      id: 'q2',
      type: 'case-studies',
      text: 'Recommend a plan.',
      score: 10,
      imageUrl: null,
      config: { responseKind: 'richText' },
    };
    await renderWithProviders(<QuestionPreview question={essay} />);
    fireEvent.click(screen.getByRole('button', { name: 'Write an answer' }));
    check();
    expect(outcome()).toHaveTextContent('Pending manual marking');
    expect(outcome()).toHaveTextContent('Score: 0 / 10');
  });

  it('says a survey answer is not scored', async () => {
    const survey: Question = {
      id: 'q3',
      type: 'survey-based',
      text: 'How confident do you feel?',
      score: 2,
      imageUrl: null,
      config: { responseKind: 'survey', surveyOptions: ['Very', 'Not at all'], surveyMultiple: false },
    };
    await renderWithProviders(<QuestionPreview question={survey} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Very' }));
    check();
    expect(outcome()).toHaveTextContent('Not scored');
    expect(within(outcome()).queryByText(/Score:/)).not.toBeInTheDocument();
  });
});
