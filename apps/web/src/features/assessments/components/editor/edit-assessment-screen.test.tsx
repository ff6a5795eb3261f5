import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AssessmentSchema,
  newQuestion,
  type DrawRuleView,
  type QuestionImportResult,
} from '@vbuilder/shared';
import { assessmentBankTools } from '../../../question-bank/components/assessment-bank-tools.ts';
import i18n from '../../../../lib/i18n.ts';
import { makeFullAssessment } from '../../../../test/fixtures.ts';
import { apiUrl, http, HttpResponse, receivedRequests, server } from '../../../../test/msw-server.ts';
import { renderWithRouter } from '../../../../test/providers.tsx';
import { EditAssessmentScreen } from './edit-assessment-screen.tsx';

const draw: DrawRuleView = {
  id: 'r1',
  position: 1,
  categoryId: '7c1e2d3f-0000-4000-8000-0000000000c1',
  includeSubcategories: true,
  tags: [],
  types: [],
  count: 3,
  score: 2,
};
const assessment = makeFullAssessment({
  questions: [
    {
      ...newQuestion('true-false', 'q1'),
      text: 'Water boils at 100 °C at sea level.',
      config: { correct: true },
    },
  ],
  draws: [draw],
  totalMarks: 7,
  questionCount: 4,
});

beforeAll(async () => {
  await i18n.loadNamespaces('questionBank');
});

describe('EditAssessmentScreen with the question bank', { timeout: 30_000 }, () => {
  it('shows and keeps the draws: their marks count in the total, and Save sends them with the questions', async () => {
    server.use(
      http.get(apiUrl('/question-bank/categories'), () =>
        HttpResponse.json({
          items: [
            {
              id: draw.categoryId,
              name: 'Heat',
              parentId: null,
              questionCount: 8,
              createdAt: assessment.createdAt,
              updatedAt: assessment.updatedAt,
            },
          ],
        }),
      ),
      http.post(apiUrl('/question-bank/draw-pool'), () => HttpResponse.json({ available: 8 })),
      http.put(apiUrl(`/assessments/${assessment.id}`), async ({ request }) => {
        const body = (await request.json()) as object;
        return HttpResponse.json(AssessmentSchema.parse({ ...assessment, ...body, draws: [draw] }));
      }),
    );
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={assessment}
        userId="u-1"
        allowedTypes={['true-false', 'multiple-choice']}
        bank={assessmentBankTools}
      />,
      '/edit',
    );
    expect(await screen.findByRole('region', { name: 'Random draw 1' })).toBeInTheDocument();
    expect(await screen.findByText('8 questions to draw from')).toBeInTheDocument();
    expect(screen.getByText('3 drawn questions, 6 marks')).toBeInTheDocument();
    // 1 mark of its own question and 3 × 2 drawn.
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add from bank' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save question 1 to the bank' })).toBeInTheDocument();

    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(receivedRequests('PUT')).toHaveLength(1));
    const body = (await receivedRequests('PUT')[0]!.body) as { draws: DrawRuleView[]; questions: unknown[] };
    expect(body.draws).toEqual([draw]);
    expect(body.questions).toHaveLength(1);
  });

  it('takes the questions an import saved on the server, keeping what the teacher typed, so a save keeps both', async () => {
    const imported = {
      ...newQuestion('true-false', 'srv-9'),
      text: 'Imported: ice floats.',
      config: { correct: true },
    };
    const onServer = { ...assessment, questions: [...assessment.questions, imported], totalMarks: 8 };
    server.use(
      http.get(apiUrl('/question-bank/categories'), () => HttpResponse.json({ items: [] })),
      http.post(apiUrl('/question-bank/draw-pool'), () => HttpResponse.json({ available: 8 })),
      http.get(apiUrl(`/assessments/${assessment.id}`), () => HttpResponse.json(onServer)),
      http.put(apiUrl(`/assessments/${assessment.id}`), async ({ request }) => {
        const body = (await request.json()) as object;
        return HttpResponse.json(AssessmentSchema.parse({ ...onServer, ...body, draws: [draw] }));
      }),
    );
    // The dialog itself is tested on its own: here only what the editor does once it reports a save.
    const result: QuestionImportResult = {
      mode: 'save',
      format: 'aiken',
      questions: [],
      skipped: [],
      saved: { count: 1, assessmentId: assessment.id },
    };
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={assessment}
        userId="u-1"
        allowedTypes={['true-false', 'multiple-choice']}
        bank={{
          ...assessmentBankTools,
          ImportQuestions: ({ onImported }) => (
            <button type="button" onClick={() => onImported(result)}>
              Import (stub)
            </button>
          ),
        }}
      />,
      '/edit',
    );
    const name = await screen.findByRole('textbox', { name: /^Title/ });
    fireEvent.change(name, { target: { value: 'Heat, renamed before the import' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import (stub)' }));
    expect(await screen.findByText('Imported: ice floats.')).toBeInTheDocument();
    // The title typed before is still there (unsaved), and so is the imported question.
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Heat, renamed before the import');

    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(receivedRequests('PUT')).toHaveLength(1));
    const body = (await receivedRequests('PUT')[0]!.body) as { title: string; questions: { id: string }[] };
    expect(body.title).toBe('Heat, renamed before the import');
    expect(body.questions.map((q) => q.id)).toEqual(['q1', 'srv-9']);
  });

  it('offers Import questions until a student starts (published or not); once locked it is off and says why', async () => {
    await i18n.loadNamespaces(['questionImport', 'errors']);
    server.use(
      http.get(apiUrl('/question-bank/categories'), () => HttpResponse.json({ items: [] })),
      http.post(apiUrl('/question-bank/draw-pool'), () => HttpResponse.json({ available: 8 })),
    );
    const { unmount } = await renderWithRouter(
      <EditAssessmentScreen
        assessment={{ ...assessment, status: 'published' }}
        userId="u-1"
        allowedTypes={['true-false']}
        bank={assessmentBankTools}
      />,
      '/edit',
    );
    expect(await screen.findByRole('button', { name: 'Import questions' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
    unmount();
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={{ ...assessment, status: 'published', questionsLocked: true }}
        userId="u-1"
        allowedTypes={['true-false']}
        bank={assessmentBankTools}
      />,
      '/edit',
    );
    const button = await screen.findByRole('button', { name: 'Import questions' });
    expect(button).toBeDisabled();
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Students have started this assessment, so its questions can no longer be changed.',
    );
  });
});

describe('EditAssessmentScreen once a student has started', { timeout: 30_000 }, () => {
  const locked = { ...assessment, status: 'published' as const, questionsLocked: true };
  const bankRoutes = () =>
    server.use(
      http.get(apiUrl('/question-bank/categories'), () => HttpResponse.json({ items: [] })),
      http.post(apiUrl('/question-bank/draw-pool'), () => HttpResponse.json({ available: 8 })),
    );

  it('shows the questions read-only under one alert with a way to Regrade, and saves a change of the settings', async () => {
    bankRoutes();
    server.use(
      http.put(apiUrl(`/assessments/${assessment.id}`), async ({ request }) => {
        const body = (await request.json()) as object;
        return HttpResponse.json(AssessmentSchema.parse({ ...locked, ...body, draws: [draw] }));
      }),
    );
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={locked}
        userId="u-1"
        allowedTypes={['true-false']}
        bank={assessmentBankTools}
      />,
      '/edit',
    );
    const alert = await screen.findByTestId('questions-locked');
    expect(alert).toHaveTextContent('The questions can no longer be changed');
    expect(alert).toHaveTextContent('Students have started this assessment');
    expect(screen.getByRole('link', { name: 'Open Regrade' })).toHaveAttribute(
      'href',
      `/account/questions/u-1/quiz/${assessment.id}/submissions?tab=regrade`,
    );
    // No way to add, generate, reorder, duplicate, delete or edit a question.
    for (const name of [
      'Add question',
      'Add from bank',
      'AI-generate more',
      'Drag question 1',
      'Move question 1 down',
      'Duplicate question 1',
      'Delete question 1',
      'Edit question 1',
      'Save question 1 to the bank',
    ]) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Import questions' })).toBeDisabled();
    // A question opens into a preview, not the editor.
    fireEvent.click(screen.getByRole('button', { name: 'Preview question 1' }));
    expect(
      await screen.findByRole('button', { name: 'Close the preview of question 1' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Question text/i })).not.toBeInTheDocument();
    // The draw rule is shown, every control off.
    const rule = await screen.findByRole('region', { name: 'Random draw 1' });
    for (const control of rule.querySelectorAll('input, button')) {
      expect(control).toBeDisabled();
    }

    const title = screen.getByRole('textbox', { name: /^Title/ });
    fireEvent.change(title, { target: { value: 'Heat, week 2' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(receivedRequests('PUT')).toHaveLength(1));
    const body = (await receivedRequests('PUT')[0]!.body) as {
      title: string;
      questions: unknown[];
      draws: DrawRuleView[];
    };
    expect(body.title).toBe('Heat, week 2');
    expect(body.questions).toEqual(locked.questions);
    expect(body.draws).toEqual([draw]);
    // Saved: nothing is left unsaved.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('when a student started while it was being edited, puts the questions back, keeps the other changes and locks', async () => {
    bankRoutes();
    server.use(
      http.get(apiUrl(`/assessments/${assessment.id}`), () => HttpResponse.json(locked)),
      http.put(apiUrl(`/assessments/${assessment.id}`), () =>
        HttpResponse.json(
          {
            code: 'questions_locked',
            message:
              'Students have started this assessment, so its questions can no longer be changed. To correct a question, use Regrade on the Submissions screen.',
          },
          { status: 409 },
        ),
      ),
    );
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={{ ...assessment, status: 'published' }}
        userId="u-1"
        allowedTypes={['true-false']}
        bank={assessmentBankTools}
      />,
      '/edit',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByText('Water boils at 100 °C at sea level.')).not.toBeInTheDocument(),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Renamed' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByTestId('questions-locked')).toBeInTheDocument();
    expect(await screen.findByText(/your changes to the questions were undone/)).toBeInTheDocument();
    expect(screen.getByText('Water boils at 100 °C at sea level.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Renamed');
    expect(screen.queryByRole('button', { name: 'Delete question 1' })).not.toBeInTheDocument();
  });
});
