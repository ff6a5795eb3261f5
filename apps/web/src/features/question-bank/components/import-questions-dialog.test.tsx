import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newQuestion, type BankCategory, type QuestionImportResult } from '@vbuilder/shared';
import i18n from '../../../lib/i18n.ts';
import { apiUrl, http, HttpResponse, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { ImportQuestionsDialog } from './import-questions-dialog.tsx';

const at = '2026-11-01T09:00:00.000Z';
const CATEGORIES: BankCategory[] = [
  { id: 'c-sci', name: 'Science', parentId: null, questionCount: 0, createdAt: at, updatedAt: at },
  { id: 'c-phy', name: 'Physics', parentId: 'c-sci', questionCount: 0, createdAt: at, updatedAt: at },
];
const reason = (code: string, message: string) => ({ code, params: {}, message });
const PREVIEW: QuestionImportResult = {
  mode: 'preview',
  format: 'moodle',
  questions: [
    {
      question: {
        ...newQuestion('true-false', 'import-1'),
        text: 'Light is faster than sound.',
        config: { correct: true },
      },
      category: ['Waves'],
      tags: [],
      images: 1,
      warnings: [reason('feedbackDropped', 'Feedback was left out: vbuilder has no place for it.')],
      source: 'quiz/question[1] “Light”',
      label: 'Question 1 — “Light”',
    },
  ],
  skipped: [
    {
      item: 'Question 2 — “Intro”',
      location: 'quiz/question[2] “Intro”',
      reason: reason(
        'unsupportedType',
        'vbuilder has no question type for this kind of question (description).',
      ),
    },
    {
      item: 'Question 3 — “Essay”',
      location: 'quiz/question[3] “Essay”',
      reason: reason(
        'typeNotInPlan',
        "Your organization's plan (Basic) does not include this question type.",
      ),
    },
  ],
  saved: null,
};

beforeAll(async () => {
  await i18n.loadNamespaces(['questionImport', 'questionTypes']);
});

async function chooseFile() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['<quiz></quiz>'], 'science.xml', { type: 'application/xml' });
  fireEvent.change(input, { target: { files: [file] } });
  expect(await screen.findByText('science.xml')).toBeInTheDocument();
}

describe('import questions dialog', { timeout: 30_000 }, () => {
  it('previews the file (every skipped item with its reason, warnings, category paths), then saves the same file', async () => {
    // jsdom's File cannot go through a parsed multipart body: the fields are read as the form is built.
    const sent: Record<string, string>[] = [];
    const append = vi.spyOn(FormData.prototype, 'append');
    let mode = 'preview';
    server.use(
      http.post(apiUrl('/question-imports'), () => {
        const fields = Object.fromEntries(
          append.mock.calls.map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]),
        );
        append.mockClear();
        sent.push(fields);
        mode = fields.mode ?? mode;
        return HttpResponse.json(
          mode === 'save'
            ? { ...PREVIEW, mode: 'save', saved: { count: 1, bankQuestionIds: ['b-1'] } }
            : PREVIEW,
        );
      }),
    );
    const onClose = vi.fn();
    const onImported = vi.fn();
    await renderWithProviders(
      <ImportQuestionsDialog
        opened
        onClose={onClose}
        categories={CATEGORIES}
        defaultCategoryId="c-phy"
        onImported={onImported}
      />,
    );
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Not imported (2)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Moodle XML: 1 question will be imported. 2 items will not be imported.',
    );
    // Each item as a teacher finds it, and where exactly it is in the file.
    expect(screen.getByText('Question 2 — “Intro”')).toBeInTheDocument();
    expect(screen.getByText('In the file: quiz/question[2] “Intro”')).toBeInTheDocument();
    expect(
      screen.getByText('vbuilder has no question type for this kind of question (description).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Your organization's plan (Basic) does not include this question type."),
    ).toBeInTheDocument();
    expect(screen.getByText('Category: Science › Physics › Waves')).toBeInTheDocument();
    expect(screen.getByText('Feedback was left out: vbuilder has no place for it.')).toBeInTheDocument();
    expect(screen.getByText('1 image')).toBeInTheDocument();
    expect(sent[0]).toEqual({ mode: 'preview', categoryId: 'c-phy', file: 'file:science.xml' });

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 question' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onImported).toHaveBeenCalledWith(
      expect.objectContaining({ saved: { count: 1, bankQuestionIds: ['b-1'] } }),
    );
    expect(sent[1]).toEqual({ mode: 'save', categoryId: 'c-phy', file: 'file:science.xml' });
    append.mockRestore();
  });

  it("shows the server's message for a file it cannot read, with the line at fault", async () => {
    server.use(
      http.post(apiUrl('/question-imports'), () =>
        HttpResponse.json(
          {
            code: 'import_malformed',
            message: 'This file could not be read. The problem is at: line 8.',
            details: { kind: 'malformed', at: 'line 8' },
          },
          { status: 400 },
        ),
      ),
    );
    await renderWithProviders(<ImportQuestionsDialog opened onClose={() => {}} categories={CATEGORIES} />);
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be imported');
    expect(alert).toHaveTextContent('This file could not be read. The problem is at: line 8.');
  });
});
