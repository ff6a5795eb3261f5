import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newQuestion, type Question, type QuestionTypeId } from '@vbuilder/shared';
import { renderWithProviders } from '../../../../test/providers.tsx';
import { QuestionListEditor, totalMarksOf, withUniqueIds } from './question-list-editor.tsx';

const question = (id: string, text: string, score = 1, type: QuestionTypeId = 'true-false'): Question => ({
  ...newQuestion(type, id),
  text,
  score,
  config: type === 'true-false' ? { correct: true } : newQuestion(type).config,
});

let latest: Question[] = [];

function Harness({
  initial,
  allowed = ['true-false', 'multiple-choice'],
}: {
  initial: Question[];
  allowed?: QuestionTypeId[];
}) {
  const [questions, setQuestions] = useState(initial);
  latest = questions;
  return <QuestionListEditor questions={questions} onChange={setQuestions} allowedTypes={allowed} />;
}

const rows = () => within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem');
const rowTexts = () => rows().map((row) => row.getAttribute('data-question-id'));

describe('QuestionListEditor', { timeout: 30_000 }, () => {
  const three = () => [question('q1', 'First', 1), question('q2', 'Second', 2), question('q3', 'Third', 3)];

  it('lists numbered rows with type, excerpt and marks, and the live total', async () => {
    await renderWithProviders(<Harness initial={three()} />);
    expect(rows()).toHaveLength(3);
    expect(within(rows()[1]!).getByText('Second')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('2 marks')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText('True/False')).toBeInTheDocument();
    expect(screen.getByText('Total marks: 6')).toBeInTheDocument();
    expect(screen.getByText('3 questions')).toBeInTheDocument();
  });

  it('moves a question with the Move buttons, keeps the focus on it and announces its place', async () => {
    await renderWithProviders(<Harness initial={three()} />);
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    expect(rowTexts()).toEqual(['q1', 'q3', 'q2']);
    expect(screen.getByText('Question 3 moved to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move question 2 up' })).toHaveFocus());

    // At an end, the pressed button is disabled: the focus moves to the other one.
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(rowTexts()).toEqual(['q3', 'q1', 'q2']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move question 1 down' })).toHaveFocus());

    fireEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    expect(latest.map((q) => q.id)).toEqual(['q1', 'q3', 'q2']);
  });

  it('duplicates a question under a fresh id, right after the original', async () => {
    await renderWithProviders(<Harness initial={three()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate question 2' }));
    expect(latest).toHaveLength(4);
    expect(latest[2]!.text).toBe('Second');
    expect(latest[2]!.id).not.toBe('q2');
    expect(new Set(latest.map((q) => q.id)).size).toBe(4);
    expect(screen.getByText('Total marks: 8')).toBeInTheDocument();
  });

  it('deletes a question only after the confirmation', async () => {
    await renderWithProviders(<Harness initial={three()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(latest).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(latest.map((q) => q.id)).toEqual(['q1', 'q3']);
    expect(screen.getByText('Total marks: 4')).toBeInTheDocument();
  });

  it('adds a question of an allowed type, opens it and flags what is missing', async () => {
    await renderWithProviders(<Harness initial={[question('q1', 'First')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(latest).toHaveLength(2);
    expect(latest[1]!.type).toBe('true-false');
    await waitFor(() => expect(within(rows()[1]!).getByRole('textbox', { name: 'Question' })).toHaveFocus());
    expect(within(rows()[1]!).getByText(/problems?$/)).toBeInTheDocument();
    // The total follows a score typed in the editor.
    fireEvent.change(within(rows()[1]!).getByRole('textbox', { name: 'Score' }), { target: { value: '4' } });
    expect(screen.getByText('Total marks: 5')).toBeInTheDocument();
  });

  it('marks a question used from the bank, and makes it the assessment’s own copy once edited here', async () => {
    const bankRef = '11111111-1111-4111-8111-111111111111';
    function Linked() {
      const [questions, setQuestions] = useState<Question[]>([
        { ...question('q1', 'From the bank'), bankRef },
      ]);
      latest = questions;
      return (
        <QuestionListEditor
          questions={questions}
          onChange={setQuestions}
          allowedTypes={['true-false']}
          rowTools={(q, index) => (
            <button type="button">{`Tool ${index + 1} ${q.bankRef ? 'linked' : 'own'}`}</button>
          )}
        />
      );
    }
    await renderWithProviders(<Linked />);
    expect(
      within(rows()[0]!).getByText('From the bank', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tool 1 linked' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }));
    fireEvent.change(within(rows()[0]!).getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Reworded here' },
    });
    expect(latest[0]).toMatchObject({ id: 'q1', text: 'Reworded here' });
    expect(latest[0]!.bankRef).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Tool 1 own' })).toBeInTheDocument();
  });

  it('sums scores and gives repeated ids fresh ones', () => {
    expect(totalMarksOf([question('a', 'x', 1.5), question('b', 'y', 2)])).toBe(3.5);
    const fixed = withUniqueIds([question('a', 'x'), question('a', 'y'), question('b', 'z')]);
    expect(fixed[0]!.id).toBe('a');
    expect(fixed[1]!.id).not.toBe('a');
    expect(fixed[2]!.id).toBe('b');
  });
});
