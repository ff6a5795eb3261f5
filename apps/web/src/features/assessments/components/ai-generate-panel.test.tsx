import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  QUESTION_EXAMPLES,
  exampleToQuestion,
  type AiGenerateResponse,
  type AiSourceText,
  type Question,
} from '@vbuilder/shared';
import {
  answer,
  answerAuthConfig,
  answerError,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { AiGeneratePanel, type AiGeneratePanelProps } from './ai-generate-panel.tsx';
import { firstProblem, initialTypeCounts } from './ai-generation-request.ts';

const BASIC = [
  'multiple-choice',
  'true-false',
  'fill-in-the-blanks',
  'matching-pairs',
  'short-answers',
] as const;

const question = (type: 'multiple-choice' | 'true-false', id: string) =>
  exampleToQuestion(QUESTION_EXAMPLES[type], id) as Question;

async function renderPanel(props: Partial<AiGeneratePanelProps> = {}, { aiConfigured = true } = {}) {
  const onGenerated = vi.fn();
  server.use(answerAuthConfig(aiConfigured));
  await renderWithProviders(
    <AiGeneratePanel
      defaults={{ title: 'Plants and light', subject: 'Biology', difficulty: 'Easy', language: 'en' }}
      allowedTypes={BASIC}
      initialTypes={[{ type: 'multiple-choice', count: 2 }, 'true-false']}
      onGenerated={onGenerated}
      {...props}
    />,
  );
  return { onGenerated, user: userEvent.setup() };
}

const generateButton = () => screen.getByRole('button', { name: 'Generate questions' });

describe('AiGeneratePanel', { timeout: 30_000 }, () => {
  it('starts from the assessment: title, subject, difficulty, language and the chosen types with counts', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { name: 'Generate questions with AI' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Question title/)).toHaveValue('Plants and light');
    expect(screen.getByLabelText('Subject')).toHaveValue('Biology');
    expect(screen.getAllByLabelText('Difficulty')[0]).toHaveValue('Easy');
    expect(screen.getAllByLabelText('Language of the questions')[0]).toHaveValue('English');
    expect(screen.getByRole('textbox', { name: 'Number of Multiple Choice questions' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Number of True/False questions' })).toHaveValue('1');
  });

  it('checks before calling, with the documented messages in order: title, types, a count above 0', async () => {
    const { user } = await renderPanel({
      defaults: { title: '', subject: '', difficulty: 'Medium', language: 'en' },
    });
    await user.click(generateButton());
    expect(screen.getByText('Please provide a question title')).toBeInTheDocument();
    expect(screen.getByLabelText(/Question title/)).toHaveFocus();

    fireEvent.change(screen.getByLabelText(/Question title/), { target: { value: 'Forces' } });
    expect(screen.queryByText('Please provide a question title')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Multiple Choice' }));
    await user.click(screen.getByRole('button', { name: 'Remove True/False' }));
    expect(screen.getByText('No question types selected')).toBeInTheDocument();
    await user.click(generateButton());
    expect(screen.getByText('Please select at least one question type')).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);
  });

  it('asks for a count above 0', async () => {
    const { user } = await renderPanel({ initialTypes: [{ type: 'true-false', count: 0 }] });
    await user.click(generateButton());
    expect(screen.getByText('Please select at least one question type with count > 0')).toBeInTheDocument();
    expect(receivedRequests('POST')).toEqual([]);
  });

  it('lists types by family, those outside the plan disabled with the plan that has them', async () => {
    const { user } = await renderPanel();
    await user.click(screen.getAllByLabelText(/Question types/)[0]!);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Open response')).toBeInTheDocument();
    const essay = within(listbox).getByRole('option', { name: 'Essay Questions (Professional plan)' });
    expect(essay).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(within(listbox).getByRole('option', { name: 'Short Answers' }));
    expect(screen.getByRole('textbox', { name: 'Number of Short Answers questions' })).toHaveValue('1');
  });

  it('sends the request and hands the questions over, listing what could not be used', async () => {
    const response: AiGenerateResponse = {
      questions: [
        question('multiple-choice', 'q1'),
        question('multiple-choice', 'q2'),
        question('true-false', 'q3'),
      ],
      rejected: [
        { index: 4, reasons: ['Question 4 missing score field'] },
        { index: 5, reasons: ['Invalid question format'] },
        { index: 6, reasons: ['questions.errors.optionEmpty'] },
      ],
    };
    server.use(answer('post', '/ai/questions', response));
    const { user, onGenerated } = await renderPanel();
    fireEvent.change(screen.getByLabelText(/Source material/), { target: { value: 'Leaves are green.' } });
    await user.click(generateButton());

    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(response));
    expect(await receivedBody('POST', '/ai/questions')).toEqual({
      title: 'Plants and light',
      subject: 'Biology',
      difficulty: 'Easy',
      language: 'en',
      types: [
        { type: 'multiple-choice', count: 2 },
        { type: 'true-false', count: 1 },
      ],
      sourceText: 'Leaves are green.',
    });
    const status = (await screen.findByText(/3 questions generated/)).closest('[role="status"]')!;
    expect(status).toHaveTextContent('3 questions generated. Review them below before you save.');
    expect(status).toHaveTextContent('3 questions could not be used:');
    expect(status).toHaveTextContent('Question 4 missing score field');
    expect(status).toHaveTextContent('Question 5: Invalid question format');
    expect(status).toHaveTextContent('Question 6: Please fill in all options.');
  });

  it('says the key is missing as such', async () => {
    server.use(
      answerError('post', '/ai/questions', 503, 'ai_key_missing', { message: 'OpenAI API key is missing.' }),
    );
    const { user, onGenerated } = await renderPanel();
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('OpenAI API key is missing.');
    expect(screen.queryByText('Failed to generate questions with AI')).not.toBeInTheDocument();
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('says before Generate that the server has no model, and keeps Generate off', async () => {
    await renderPanel({}, { aiConfigured: false });
    expect(await screen.findByText('AI generation is not set up yet')).toBeInTheDocument();
    const button = generateButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Ask your administrator to set it up/);
    expect(receivedRequests('POST')).toEqual([]);
  });

  it.each([
    ['ai_no_json', 'No valid JSON found'],
    ['ai_failed', 'Failed to generate questions. Please try again.'],
    ['type_not_in_plan', null],
  ])(
    'shows other failures under "Failed to generate questions with AI" with the reason (%s)',
    async (code, text) => {
      server.use(answerError('post', '/ai/questions', 502, code, { message: 'English message' }));
      const { user } = await renderPanel();
      await user.click(generateButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to generate questions with AI');
      if (text) expect(alert).toHaveTextContent(text);
    },
  );

  it('lists the rejected items of a 422 ai_no_questions', async () => {
    server.use(
      answerError('post', '/ai/questions', 422, 'ai_no_questions', {
        message: 'No questions were generated',
        details: {
          rejected: [
            { index: 1, reasons: ['Question 1 missing question field', 'Question 1 missing score field'] },
          ],
        },
      }),
    );
    const { user } = await renderPanel();
    await user.click(generateButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No questions were generated');
    expect(alert).toHaveTextContent('1 question could not be used:');
    expect(alert).toHaveTextContent('Question 1 missing question field · Question 1 missing score field');
  });

  it('fills the source text from an uploaded document', async () => {
    const source: AiSourceText = { text: 'Chapter 1. Cells.', truncated: true, name: 'cells.pdf' };
    server.use(answer('post', '/ai/source', source));
    const { container } = await (async () => {
      const rendered = await renderPanel();
      return { container: document.body, ...rendered };
    })();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cells.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(screen.getByLabelText(/Source material/)).toHaveValue('Chapter 1. Cells.'));
    expect(receivedRequests('POST', '/ai/source')[0]?.headers.get('content-type')).toMatch(
      /^multipart\/form-data/,
    );
    expect(screen.getByText(/Text read from cells\.pdf\./)).toHaveTextContent(
      'The document is long: only its first 20,000 characters are used.',
    );
  });

  it('says why a document could not be read', async () => {
    server.use(answerError('post', '/ai/source', 400, 'ai_source_unreadable'));
    await renderPanel();
    const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'scan.pdf')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The document could not be read: The text of this document could not be read.',
    );
  });
});

describe('firstProblem and initialTypeCounts', () => {
  const values = {
    title: 'T',
    subject: '',
    difficulty: 'Medium' as const,
    language: 'en',
    types: [{ type: 'true-false' as const, count: 1 }],
    sourceText: '',
  };
  it('accepts a complete request and reports the first problem in form order', () => {
    expect(firstProblem(values)).toBeNull();
    expect(firstProblem({ ...values, title: ' ', types: [] })).toEqual({
      field: 'title',
      message: 'assessments.ai.titleRequired',
    });
    expect(firstProblem({ ...values, types: [] })?.message).toBe('assessments.ai.typesRequired');
    expect(
      firstProblem({
        ...values,
        types: [
          { type: 'true-false', count: 20 },
          { type: 'multiple-choice', count: 20 },
          { type: 'short-answers', count: 20 },
        ],
      }),
    ).toEqual({ field: 'counts', message: 'assessments.ai.tooManyQuestions' });
  });

  it('keeps the allowed initial types once, with their counts', () => {
    expect(
      initialTypeCounts(
        ['essay', 'true-false', { type: 'true-false', count: 3 }, { type: 'short-answers', count: 40 }],
        BASIC,
      ),
    ).toEqual([
      { type: 'true-false', count: 1 },
      { type: 'short-answers', count: 20 },
    ]);
  });
});
