import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssessmentSchema, newQuestion } from '@vbuilder/shared';
import { makeFullAssessment } from '../../../../test/fixtures.ts';
import { apiUrl, http, HttpResponse, receivedRequests, server } from '../../../../test/msw-server.ts';
import { renderWithRouter } from '../../../../test/providers.tsx';
import { EditAssessmentScreen } from './edit-assessment-screen.tsx';

const assessment = makeFullAssessment({
  questions: [
    {
      ...newQuestion('true-false', 'q1'),
      text: 'Water boils at 100 °C at sea level.',
      config: { correct: true },
    },
  ],
  totalMarks: 1,
  questionCount: 1,
});
const SWITCH = { name: /Give a certificate automatically when a student passes/ };

/** PUT /assessments/:id answers what it was sent, as the server saves it. */
function serveSave() {
  server.use(
    http.put(apiUrl(`/assessments/${assessment.id}`), async ({ request }) => {
      const body = (await request.json()) as object;
      return HttpResponse.json(AssessmentSchema.parse({ ...assessment, ...body, draws: [] }));
    }),
  );
}
const sent = async () =>
  (await receivedRequests('PUT')[0]!.body) as { title: string; autoCertificate?: boolean };

describe('the automatic certificate switch in the assessment settings', { timeout: 30_000 }, () => {
  it("is one of an Administrator's marking settings and saves with them", async () => {
    serveSave();
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={{ ...assessment, autoCertificate: false }}
        userId="u-1"
        allowedTypes={['true-false']}
        canSetAutoCertificate
      />,
      '/edit',
    );
    const marking = (await screen.findByRole('heading', { name: 'Marking' })).closest('section')!;
    const autoGive = within(marking).getByRole('switch', SWITCH);
    expect(autoGive).not.toBeChecked();
    expect(within(marking).getByText(/also when a teacher's mark turns it into a pass/)).toBeInTheDocument();

    fireEvent.click(autoGive);
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Heat, week 2' } });
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(receivedRequests('PUT')).toHaveLength(1));
    // One save: the switch with the rest of the settings, nothing sent elsewhere.
    expect(await sent()).toMatchObject({ title: 'Heat, week 2', autoCertificate: true });
    expect(receivedRequests('PUT', `/certificates/rules/${assessment.id}`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', SWITCH)).toBeChecked();
  });

  it('is not offered to a Teacher, whose save keeps the value as it was', async () => {
    serveSave();
    await renderWithRouter(
      <EditAssessmentScreen
        assessment={{ ...assessment, autoCertificate: true }}
        userId="u-1"
        allowedTypes={['true-false']}
      />,
      '/edit',
    );
    await screen.findByRole('heading', { name: 'Marking' });
    expect(screen.queryByRole('switch', SWITCH)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Heat, week 3' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(receivedRequests('PUT')).toHaveLength(1));
    expect(await sent()).toMatchObject({ title: 'Heat, week 3', autoCertificate: true });
  });
});
