import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuestionExportCheck } from '@vbuilder/shared';
import i18n from '../../../lib/i18n.ts';
import { apiUrl, http, HttpResponse, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { exportQueryString } from '../api/question-exports.ts';
import { ExportQuestionsDialog } from './export-questions-dialog.tsx';

const reason = (message: string) => ({ code: 'typeNotCarried', params: {}, message });
const CHECKS: Record<string, QuestionExportCheck> = {
  qti3: {
    format: 'qti3',
    fileName: 'Cells.qti3.zip',
    total: 3,
    exported: 3,
    notExportable: [],
    partial: [],
    draws: 1,
  },
  gift: {
    format: 'gift',
    fileName: 'Cells.gift.txt',
    total: 3,
    exported: 3,
    notExportable: [],
    draws: 0,
    partial: [
      {
        questionId: 'q1',
        number: 1,
        label: 'Why do leaves change colour?',
        type: 'essay',
        lost: [
          {
            code: 'scoreNotCarried',
            params: { score: 5 },
            message:
              'Its score (5 points) is not in the file: this format has no points, so the question comes back worth 1 point.',
          },
          {
            code: 'partNotCarried',
            params: { part: 'rubric' },
            message: 'Not in the file: the rubric. This format has no place for it.',
          },
        ],
      },
    ],
  },
  moodle: {
    format: 'moodle',
    fileName: 'Cells.moodle.xml',
    total: 3,
    exported: 1,
    draws: 1,
    partial: [],
    notExportable: [
      {
        questionId: 'q2',
        number: 2,
        label: 'Fill in the grid',
        type: 'crosswords-and-puzzles',
        reason: reason('This format cannot hold this question type (crosswords-and-puzzles).'),
      },
      {
        questionId: 'q3',
        number: 3,
        label: 'Sort the organelles',
        type: 'drag-and-drop',
        reason: reason('This format cannot hold this question type (drag-and-drop).'),
      },
    ],
  },
};

beforeAll(async () => {
  await i18n.loadNamespaces(['questionImport', 'questionBank', 'questionTypes']);
});

describe('export questions dialog', { timeout: 30_000 }, () => {
  it('lists what the chosen format cannot carry, with reasons, before the download; then saves the file', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiUrl('/question-exports/check'), ({ request }) => {
        const format = new URL(request.url).searchParams.get('format')!;
        asked.push(new URL(request.url).search);
        return HttpResponse.json(CHECKS[format]);
      }),
      http.get(
        apiUrl('/question-exports/file'),
        () =>
          new HttpResponse('<quiz/>', {
            headers: {
              'Content-Type': 'application/xml',
              'Content-Disposition': `attachment; filename="Cells.moodle.xml"`,
              'x-not-exportable-count': '2',
            },
          }),
      ),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const onClose = vi.fn();
    await renderWithProviders(
      <ExportQuestionsDialog
        opened
        onClose={onClose}
        source={{ kind: 'assessment', assessmentId: 'a-1' }}
        description="All 3 saved questions of “Cells”."
      />,
    );
    // QTI first: everything fits.
    expect(await screen.findByText('3 of 3 questions will be in the file.')).toBeInTheDocument();
    expect(screen.queryByText(/Not in the file/)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'The random draw is not in the file: its questions stay in the question bank, where you can export them.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Moodle XML/ }));
    expect(await screen.findByText('Not in the file (2)')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 questions will be in the file.')).toBeInTheDocument();
    expect(screen.getByText('Question 2 — “Fill in the grid”')).toBeInTheDocument();
    expect(
      screen.getByText('This format cannot hold this question type (drag-and-drop).'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['?format=qti3&assessmentId=a-1', '?format=moodle&assessmentId=a-1']);

    fireEvent.click(screen.getByRole('button', { name: 'Download 1 question' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Cells.moodle.xml');
    click.mockRestore();
  });

  it('lists, before the download, the parts each written question loses (GIFT: points, rubric)', async () => {
    server.use(
      http.get(apiUrl('/question-exports/check'), ({ request }) =>
        HttpResponse.json(CHECKS[new URL(request.url).searchParams.get('format')!]),
      ),
    );
    await renderWithProviders(
      <ExportQuestionsDialog
        opened
        onClose={() => {}}
        source={{ kind: 'assessment', assessmentId: 'a-1' }}
        description="All 3 saved questions of “Cells”."
      />,
    );
    expect(await screen.findByText('3 of 3 questions will be in the file.')).toBeInTheDocument();
    expect(screen.queryByText(/without some parts/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /GIFT/ }));
    expect(await screen.findByText('In the file without some parts (1)')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 questions will be in the file.')).toBeInTheDocument();
    expect(screen.getByText('Question 1 — “Why do leaves change colour?”')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain(
      'Its score (5 points) is not in the file: this format has no points, so the question comes back worth 1 point.',
    );
    expect(items).toContain('Not in the file: the rubric. This format has no place for it.');
    // Nothing is left out, so the download is the plain one.
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('names a bank selection by ids, or the list by its filters without paging', () => {
    expect(exportQueryString({ kind: 'bankIds', ids: ['b1', 'b2'] }, 'gift')).toBe(
      'format=gift&bankQuestionId=b1&bankQuestionId=b2',
    );
    expect(
      exportQueryString(
        { kind: 'bankFilter', filter: { categoryId: 'c1', includeSubcategories: false, tags: ['x'] } },
        'aiken',
      ),
    ).toBe('format=aiken&categoryId=c1&includeSubcategories=false&tag=x');
  });

  it('says why a selection is refused', async () => {
    server.use(
      http.get(apiUrl('/question-exports/check'), () =>
        HttpResponse.json(
          {
            code: 'validation_error',
            message: 'An export holds at most 2000 questions',
            details: [{ path: ['categoryId'], message: 'questionBank.errors.exportTooMany' }],
          },
          { status: 400 },
        ),
      ),
    );
    await renderWithProviders(
      <ExportQuestionsDialog
        opened
        onClose={() => {}}
        source={{ kind: 'bankFilter', filter: {} }}
        description="All 2500 questions the list shows."
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/at most 2000 questions/);
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });
});
