import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { QUESTION_EXAMPLE_LIST, QUESTION_TYPES } from '@vbuilder/shared';
import { makeQuestionExamplesResponse, makeQuestionTypesResponse } from '../../../test/fixtures.ts';
import { answer, answerError, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { QuestionTypesScreen } from './question-types-screen.tsx';
import { exampleQuestion } from './type-preview-drawer.tsx';

/** The API answers the types and their examples. */
const answerGets = () =>
  server.use(
    answer('get', '/question-types', makeQuestionTypesResponse()),
    answer('get', '/question-types/examples', makeQuestionExamplesResponse()),
  );

async function renderScreen() {
  const result = await renderWithProviders(
    <MemoryRouter>
      <QuestionTypesScreen />
    </MemoryRouter>,
  );
  await screen.findByRole('region', { name: 'Basic' });
  return result;
}

const cardsIn = (tier: string) =>
  within(screen.getByRole('region', { name: tier }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('QuestionTypesScreen', () => {
  beforeEach(() => answerGets());

  it('lists every type grouped by plan tier with description, tier and family', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Question Types' })).toBeInTheDocument();
    expect(screen.getByText(`${QUESTION_TYPES.length} question types`)).toBeInTheDocument();
    expect(cardsIn('Basic')).toEqual([
      'Multiple Choice',
      'True/False',
      'Fill in the Blanks',
      'Matching Pairs',
      'Short Answers',
    ]);
    expect(cardsIn('Professional')).toHaveLength(5);
    expect(cardsIn('Enterprise')).toHaveLength(27);

    const card = screen.getByRole('article', { name: 'Coding' });
    expect(within(card).getByText('Enterprise').closest('[data-tier]')).toHaveAttribute(
      'data-tier',
      'enterprise',
    );
    expect(within(card).getByText('Open response')).toBeInTheDocument();
    expect(within(card).getByText('Code')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See example: Coding' })).toHaveAttribute(
      'href',
      '/account/questiontype/questionexamples?type=coding',
    );
  });

  it('searches by name, description and family, and says when nothing matches', async () => {
    await renderScreen();
    const search = screen.getByRole('searchbox', { name: 'Search question types' });
    fireEvent.change(search, { target: { value: 'drag and drop' } });
    expect(screen.getByText('2 question types')).toBeInTheDocument();
    expect(cardsIn('Professional')).toEqual(['Drag & Drop']);
    expect(cardsIn('Enterprise')).toEqual(['Interactive Diagrams']);
    expect(screen.queryByRole('region', { name: 'Basic' })).not.toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(screen.getByText('No question type matches')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(screen.getByText(`${QUESTION_TYPES.length} question types`)).toBeInTheDocument();
  });

  it("previews a type's example and marks the teacher's answer", async () => {
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Try it: Multiple Choice' }));
    const drawer = await screen.findByRole('dialog', { name: 'Preview: Multiple Choice' });
    expect(within(drawer).getByRole('heading', { name: /Which gas do plants take in/ })).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('radio', { name: 'Oxygen' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Check answer' }));
    const result = within(drawer).getByRole('status', { name: 'Result of the check' });
    expect(result).toHaveTextContent('Not correct');
    expect(result).toHaveTextContent('Score: 0 / 2');

    fireEvent.click(within(drawer).getByRole('radio', { name: 'Carbon dioxide' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Check answer' }));
    expect(result).toHaveTextContent('Correct');
    expect(result).toHaveTextContent('Score: 2 / 2');
  });

  it.each(QUESTION_EXAMPLE_LIST.map((entry) => [entry.typeId, entry.example] as const))(
    'the %s example makes a valid question to preview',
    (typeId, example) => {
      expect(exampleQuestion(typeId, example)).toMatchObject({ type: typeId, score: example.score });
    },
  );

  it('offers a retry when the types cannot be loaded', async () => {
    server.use(answerError('get', '/question-types', 500, 'internal_error', { message: 'Boom', once: true }));
    await renderWithProviders(
      <MemoryRouter>
        <QuestionTypesScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByText('The question types could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Basic' })).toBeInTheDocument();
  });
});
