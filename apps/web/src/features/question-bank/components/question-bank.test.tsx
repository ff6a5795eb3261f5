import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newQuestion,
  type BankCategory,
  type BankQuestion,
  type DrawRuleView,
  type Question,
} from '@vbuilder/shared';
import i18n from '../../../lib/i18n.ts';
import {
  apiUrl,
  http,
  HttpResponse,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { AddFromBank } from './bank-picker.tsx';
import { DrawRulesEditor } from './draw-rules-editor.tsx';
import { QuestionBankScreen } from './question-bank-screen.tsx';

const at = '2026-11-01T09:00:00.000Z';
const category = (
  id: string,
  name: string,
  parentId: string | null = null,
  questionCount = 0,
): BankCategory => ({
  id,
  name,
  parentId,
  questionCount,
  createdAt: at,
  updatedAt: at,
});
const CATEGORIES = [category('c-sci', 'Science', null, 1), category('c-phy', 'Physics', 'c-sci', 2)];
const bankQuestion = (id: string, text: string, tags: string[] = []): BankQuestion => ({
  id,
  categoryId: 'c-phy',
  tags,
  difficulty: 'Easy',
  question: { ...newQuestion('true-false', id), text, config: { correct: true } },
  createdBy: { id: 'u-1', name: 'Tess Teacher' },
  linkedAssessments: 0,
  createdAt: at,
  updatedAt: at,
});
const QUESTIONS = [
  bankQuestion('11111111-1111-4111-8111-111111111111', 'Light is faster than sound.', ['waves']),
  bankQuestion('22222222-2222-4222-8222-222222222222', 'Sound travels in a vacuum.'),
];

function mockBank() {
  server.use(
    http.get(apiUrl('/question-bank/categories'), () => HttpResponse.json({ items: CATEGORIES })),
    http.get(apiUrl('/question-bank/questions'), () =>
      HttpResponse.json({ items: QUESTIONS, total: QUESTIONS.length, page: 1, pageSize: 20 }),
    ),
    http.get(apiUrl('/question-bank/tags'), () => HttpResponse.json({ items: [{ tag: 'waves', count: 1 }] })),
    http.get(apiUrl('/question-bank/authors'), () =>
      HttpResponse.json({ items: [{ id: 'u-1', name: 'Tess Teacher' }] }),
    ),
  );
}

beforeAll(async () => {
  // The route fetches the namespace with its code; alone, the component has it loaded here.
  await i18n.loadNamespaces('questionBank');
});

describe('question bank screen', { timeout: 30_000 }, () => {
  it('shows the category tree and the questions, and filters on the server', async () => {
    mockBank();
    await renderWithProviders(<QuestionBankScreen allowedTypes={['true-false', 'multiple-choice']} />);
    expect(await screen.findByText('Light is faster than sound.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 questions');
    const tree = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(tree).getByText('Science')).toBeInTheDocument();
    expect(within(tree).getByText('Physics')).toBeInTheDocument();

    fireEvent.click(within(tree).getByText('Physics'));
    await waitFor(() =>
      expect(receivedQuery('GET', '/question-bank/questions', -1)).toMatchObject({
        categoryId: 'c-phy',
        includeSubcategories: 'true',
      }),
    );
    fireEvent.change(screen.getByLabelText('Search the question text'), { target: { value: 'light' } });
    await waitFor(() =>
      expect(receivedQuery('GET', '/question-bank/questions', -1)).toMatchObject({ search: 'light' }),
    );
  });

  it('creates a category under another one', async () => {
    mockBank();
    server.use(
      http.post(apiUrl('/question-bank/categories'), () =>
        HttpResponse.json(category('c-opt', 'Optics', 'c-phy'), { status: 201 }),
      ),
    );
    await renderWithProviders(<QuestionBankScreen allowedTypes={['true-false']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Physics' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add subcategory' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Optics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(receivedRequests('POST', '/question-bank/categories')).toHaveLength(1));
    expect(await receivedRequests('POST', '/question-bank/categories')[0]!.body).toEqual({
      name: 'Optics',
      parentId: 'c-phy',
    });
  });
});

describe('add from bank', { timeout: 30_000 }, () => {
  it('adds the ticked questions linked to the bank, or as copies', async () => {
    mockBank();
    let added: Question[] = [];
    await renderWithProviders(<AddFromBank onAdd={(questions) => (added = questions)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add from bank' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Light is faster than sound/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 question' }));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ text: 'Light is faster than sound.', bankRef: QUESTIONS[0]!.id });
    expect(added[0]!.id).not.toBe(QUESTIONS[0]!.id);

    fireEvent.click(screen.getByRole('button', { name: 'Add from bank' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Sound travels/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'As copies' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 question' }));
    expect(added[0]!.bankRef).toBeUndefined();
    expect(added[0]!.text).toBe('Sound travels in a vacuum.');
  });
});

describe('random draws', { timeout: 30_000 }, () => {
  function Harness() {
    const [draws, setDraws] = useState<DrawRuleView[]>([]);
    return (
      <>
        <DrawRulesEditor draws={draws} onChange={setDraws} questionCount={2} allowedTypes={['true-false']} />
        <output data-testid="draws">{JSON.stringify(draws)}</output>
      </>
    );
  }

  it('adds a rule placed after the last question and tells when its category holds too few', async () => {
    mockBank();
    server.use(http.post(apiUrl('/question-bank/draw-pool'), () => HttpResponse.json({ available: 3 })));
    await renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a random draw' }));
    const rule = () => JSON.parse(screen.getByTestId('draws').textContent ?? '[]')[0] as DrawRuleView;
    expect(rule()).toMatchObject({ position: 2, count: 5, score: 1, categoryId: '' });
    const categorySelect = screen.getAllByLabelText(/^Category/).find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(categorySelect);
    fireEvent.click(await screen.findByRole('option', { name: 'Science › Physics' }));
    await waitFor(() => expect(rule().categoryId).toBe('c-phy'));
    expect(await screen.findByText(/Only 3 matching questions/)).toBeInTheDocument();
    expect(await receivedRequests('POST', '/question-bank/draw-pool').at(-1)!.body).toMatchObject({
      categoryId: 'c-phy',
      includeSubcategories: true,
    });
    expect(screen.getByText('5 drawn questions, 5 marks')).toBeInTheDocument();
  });
});
