import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemAnalysisResult } from '@vbuilder/shared';
import { answer, answerError, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { ItemAnalysisTab } from './item-analysis-tab.tsx';

const PATH = '/assessments/assessment-1/item-analysis';

const ANALYSIS: ItemAnalysisResult = {
  responses: 30,
  pendingLeftOut: 2,
  earlierAttemptsLeftOut: 4,
  groupSize: 8,
  summary: { mean: 62.5, median: 60, standardDeviation: 14.25, lowest: 20, highest: 100 },
  reliability: {
    method: 'kr20',
    value: 0.7125,
    reason: null,
    responses: 30,
    questions: [1, 2],
    scoredQuestions: 2,
  },
  questions: [
    {
      id: 'q1',
      number: 1,
      text: 'Which planet is known as the Red Planet?',
      type: 'multiple-choice',
      max: 2,
      responses: 30,
      facility: 0.4,
      discrimination: -0.21,
      upperLower: -0.25,
      flags: ['negativeDiscrimination', 'distractorAttractsTop'],
      options: [
        { id: 'a', text: 'Venus', correct: false, upper: 6, lower: 1, all: 12 },
        { id: 'b', text: 'Mars', correct: true, upper: 2, lower: 5, all: 12 },
      ],
      unanswered: { upper: 0, lower: 2, all: 6 },
    },
    {
      id: 'q2',
      number: 2,
      text: 'Water boils at 100 °C at sea level.',
      type: 'true-false',
      max: 1,
      responses: 30,
      facility: 0.7,
      discrimination: 0.45,
      upperLower: 0.5,
      flags: [],
      options: [
        { id: 'true', text: null, correct: true, upper: 8, lower: 3, all: 21 },
        { id: 'false', text: null, correct: false, upper: 0, lower: 5, all: 9 },
      ],
      unanswered: { upper: 0, lower: 0, all: 0 },
    },
    {
      id: 'q3',
      number: 3,
      text: 'How do you feel about science?',
      type: 'survey-based',
      max: 0,
      responses: 30,
      facility: null,
      discrimination: null,
      upperLower: null,
      flags: [],
      options: null,
      unanswered: null,
    },
  ],
};

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('ItemAnalysisTab', () => {
  it('shows the summary, each question with what to check in plain words, and the options chosen', async () => {
    server.use(answer('get', PATH, ANALYSIS));
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);

    expect(await screen.findByTestId('item-summary-responses')).toHaveTextContent('Attempts analysed30');
    expect(screen.getByTestId('item-summary-mean')).toHaveTextContent('62.5%');
    expect(screen.getByTestId('item-summary-median')).toHaveTextContent('60%');
    expect(screen.getByTestId('item-summary-sd')).toHaveTextContent('14.3%');
    expect(screen.getByTestId('item-summary-reliability')).toHaveTextContent('KR-20 0.71');
    expect(screen.getByText('Left out: 2 waiting for marking, 4 earlier attempts.')).toBeInTheDocument();
    expect(screen.getByText(/27 % of students .* \(8 each\)/)).toBeInTheDocument();

    const row1 = screen.getByTestId('item-row-1');
    expect(row1).toHaveTextContent('40%');
    expect(row1).toHaveTextContent('-0.21');
    expect(row1).toHaveTextContent(
      'Weaker students did betterWeaker students did better than stronger ones on this question: check its answer key and wording.',
    );
    expect(row1).toHaveTextContent('Wrong option attracts the top groupA wrong option was chosen more often');
    expect(screen.getByTestId('item-row-2')).toHaveTextContent('+0.45');
    expect(screen.getByTestId('item-row-2')).toHaveTextContent('OK');
    expect(screen.getByTestId('item-row-3')).toHaveTextContent('Not scored');

    const options1 = within(screen.getByTestId('item-options-1'));
    expect(options1.getByRole('row', { name: /Venus 6 1 12/ })).toBeInTheDocument();
    expect(options1.getByRole('row', { name: /Mars \(correct answer\) 2 5 12/ })).toBeInTheDocument();
    expect(options1.getByRole('row', { name: /No answer 0 2 6/ })).toBeInTheDocument();
    const options2 = within(screen.getByTestId('item-options-2'));
    expect(options2.getByRole('row', { name: /True \(correct answer\) 8 3 21/ })).toBeInTheDocument();
    expect(options2.queryByText('No answer')).not.toBeInTheDocument();
    // A survey has no right option and is not analysed: no option table.
    expect(screen.queryByTestId('item-options-3')).not.toBeInTheDocument();
  });

  it('says which questions the reliability was computed over: all of them', async () => {
    server.use(answer('get', PATH, ANALYSIS));
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(await screen.findByTestId('reliability-note')).toHaveTextContent(
      'Computed over all 2 scored questions.',
    );
  });

  it('with questions drawn at random, names the questions every student got', async () => {
    server.use(
      answer('get', PATH, {
        ...ANALYSIS,
        reliability: {
          ...ANALYSIS.reliability,
          value: 0.64,
          questions: [1, 2, 3, 7, 9, 10],
          scoredQuestions: 14,
        },
      }),
    );
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(await screen.findByTestId('item-summary-reliability')).toHaveTextContent('KR-20 0.64');
    expect(screen.getByTestId('reliability-note')).toHaveTextContent(
      'Computed over the 6 questions every student got (1–3, 7, 9–10); questions only some students got, drawn at random, are left out.',
    );
  });

  it.each([
    [
      'no question in common',
      { reason: 'tooFewCommonQuestions', questions: [] },
      'Not computed: no question was given to every student (questions drawn at random, or changed after some students had sat it). It needs at least 2 questions every student got.',
    ],
    [
      'one question in common',
      { reason: 'tooFewCommonQuestions', questions: [4] },
      'Not computed: only question 4 was given to every student',
    ],
    [
      'one student',
      { reason: 'tooFewResponses' },
      'Not computed: it needs at least 2 fully marked students.',
    ],
    [
      'one scored question',
      { reason: 'tooFewQuestions' },
      'Not computed: it needs at least 2 scored questions.',
    ],
    ['no spread', { reason: 'noSpread', method: 'kr20' }, 'Not computed: every student has the same total'],
  ] as const)('says in words why there is no reliability: %s', async (_, change, words) => {
    server.use(
      answer('get', PATH, {
        ...ANALYSIS,
        reliability: { ...ANALYSIS.reliability, method: null, value: null, ...change },
      }),
    );
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(await screen.findByTestId('item-summary-reliability')).toHaveTextContent('Not computed');
    expect(screen.getByTestId('item-summary-reliability')).not.toHaveTextContent('–');
    expect(screen.getByTestId('reliability-note')).toHaveTextContent(words);
  });

  it('shows one card a question on a phone', async () => {
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    server.use(answer('get', PATH, ANALYSIS));
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    const card = await screen.findByTestId('item-card-1');
    expect(card).toHaveTextContent('Q1. Which planet is known as the Red Planet?');
    expect(card).toHaveTextContent('Facility40%');
    expect(card).toHaveTextContent('Weaker students did better');
    expect(screen.queryByTestId('item-row-1')).not.toBeInTheDocument();
  });

  it('says so when nothing is marked yet', async () => {
    server.use(
      answer('get', PATH, {
        ...ANALYSIS,
        responses: 0,
        groupSize: 0,
        reliability: {
          ...ANALYSIS.reliability,
          method: null,
          value: null,
          reason: 'tooFewResponses',
          responses: 0,
        },
        questions: ANALYSIS.questions.map((q) => ({ ...q, facility: null, flags: [] })),
      }),
    );
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(await screen.findByText('No fully marked attempt yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('item-row-1')).not.toBeInTheDocument();
  });

  it('warns that few attempts say little', async () => {
    server.use(answer('get', PATH, { ...ANALYSIS, responses: 3 }));
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(
      await screen.findByText(
        'Fewer than 5 attempts: the figures say little yet, so no question is flagged.',
      ),
    ).toBeInTheDocument();
  });

  it('offers a retry when it cannot be loaded', async () => {
    server.use(answerError('get', PATH, 500, 'internal_error'));
    renderWithProviders(<ItemAnalysisTab assessmentId="assessment-1" />);
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
