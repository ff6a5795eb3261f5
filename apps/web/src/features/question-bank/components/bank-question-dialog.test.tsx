import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { newQuestion, type BankQuestion } from '@vbuilder/shared';
import i18n from '../../../lib/i18n.ts';
import { apiUrl, http, HttpResponse, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { BankQuestionDialog } from './bank-question-dialog.tsx';

const id = '33333333-3333-4333-8333-333333333333';
const editing: BankQuestion = {
  id,
  categoryId: null,
  tags: [],
  difficulty: 'Easy',
  question: {
    ...newQuestion('true-false', id),
    text: 'Water boils at 100 °C at sea level.',
    config: { correct: true },
  },
  createdBy: { id: 'u-1', name: 'Tess Teacher' },
  linkedAssessments: 3,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

beforeAll(async () => {
  await i18n.loadNamespaces(['questionBank', 'assessments', 'questions']);
});

const open = () =>
  renderWithProviders(
    <BankQuestionDialog
      opened
      onClose={() => undefined}
      editing={editing}
      categories={[]}
      defaultCategoryId={null}
      allowedTypes={null}
    />,
  );

describe('bank question dialog', { timeout: 30_000 }, () => {
  it('names the linked assessments a save changes and those a started attempt has locked', async () => {
    server.use(
      http.get(apiUrl(`/question-bank/questions/${id}/links`), () =>
        HttpResponse.json({
          items: [
            { id: 'a-1', title: 'Algebra test', locked: true },
            { id: 'a-2', title: 'Biology quiz', locked: false },
            { id: 'a-3', title: 'Chemistry review', locked: false },
          ],
        }),
      ),
    );
    await open();
    const changing = await screen.findByRole('list', { name: 'Saving changes it in 2 assessments:' });
    expect(
      within(changing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Biology quiz', 'Chemistry review']);
    const locked = screen.getByRole('list', {
      name: '1 assessment is locked because a student has started it: it keeps its copy.',
    });
    expect(
      within(locked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Algebra test']);
    // The old promise that every linked assessment changes is gone.
    expect(screen.queryByText(/saving changes it there too/i)).not.toBeInTheDocument();
  });

  it('says only the changed ones when nobody has started any', async () => {
    server.use(
      http.get(apiUrl(`/question-bank/questions/${id}/links`), () =>
        HttpResponse.json({ items: [{ id: 'a-2', title: 'Biology quiz', locked: false }] }),
      ),
    );
    await open();
    await screen.findByRole('list', { name: 'Saving changes it in 1 assessment:' });
    expect(screen.queryByText(/locked/)).not.toBeInTheDocument();
  });
});
