import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedQuery,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { makeDetail, makeList, makeStudentStatus, makeSummary, STUDENT } from '../test-utils.ts';
import { SubmissionsScreen } from './submissions-screen.tsx';

const ASSESSMENT = { title: 'Plants and light', subject: 'Biology', passMark: 50 };

/** Answers GET `path` with the value, or with a 500 for 'fails'. */
function serve(routes: Record<string, unknown>) {
  for (const [path, value] of Object.entries(routes))
    server.use(
      value === 'fails' ? answerError('get', path, 500, 'internal_error') : answer('get', path, value),
    );
}

/** Answers the export with a file, and the name the server gives it (Content-Disposition), if any. */
function serveFile(path: string, body: string, type: string, fileName?: string) {
  server.use(
    http.get(
      apiUrl(path),
      () =>
        new HttpResponse(body, {
          headers: {
            'Content-Type': type,
            ...(fileName
              ? { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}` }
              : {}),
          },
        }),
    ),
  );
}

function renderScreen(giveCertificatesPath?: string, entry = '/') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <SubmissionsScreen
        assessmentId="assessment-1"
        assessment={ASSESSMENT}
        assessmentMissing={false}
        backTo="/account/questions/teacher-1"
        markingPath={(studentId) => `/account/questions/pending-marking/assessment-1/${studentId}`}
        giveCertificatesPath={giveCertificatesPath}
      />
    </MemoryRouter>,
  );
}

// The first render loads the players and editors: slower than the default 5 s on a busy machine.
describe('SubmissionsScreen', { timeout: 20_000 }, () => {
  it("offers Administrators 'Give certificates', leading to the certificates screen preset to the assessment", async () => {
    serve({ '/assessments/assessment-1/submissions': makeList([makeSummary()]) });
    await renderScreen('/account/certifications/admin-1?give=assessment-1');
    expect(await screen.findByRole('link', { name: 'Give certificates' })).toHaveAttribute(
      'href',
      '/account/certifications/admin-1?give=assessment-1',
    );
  });

  it("has no 'Give certificates' for a Teacher", async () => {
    serve({ '/assessments/assessment-1/submissions': makeList([makeSummary()]) });
    await renderScreen();
    await screen.findByRole('table', { name: 'Submitted attempts, newest first' });
    expect(screen.queryByRole('link', { name: 'Give certificates' })).toBeNull();
  });

  it('shows the title, the figures and the submitted attempts with Details and Mark', async () => {
    serve({
      '/assessments/assessment-1/submissions': makeList([
        makeSummary(),
        makeSummary({
          attemptId: 'attempt-2',
          student: { id: 'student-2', name: 'Budi Santoso', email: 'budi@school.test' },
          status: 'Submitted',
          score: 7,
          percentage: 100,
          passed: true,
        }),
      ]),
    });
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Plants and light' })).toBeInTheDocument();
    await screen.findByText('2 of 3 assigned students');
    const stats = screen.getByLabelText('Results at a glance');
    expect(within(stats).getByText('Submitted')).toBeInTheDocument();
    expect(within(stats).getByText('2 of 3 assigned students')).toBeInTheDocument();
    expect(within(stats).getByText('Pass rate')).toBeInTheDocument();
    expect(within(stats).getByText('50%')).toBeInTheDocument();
    expect(within(stats).getByText('Pending marking')).toBeInTheDocument();
    expect(within(stats).getByText('64.3%')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Submitted attempts, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Amina Njeri')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: "Mark Amina Njeri's answers" })).toHaveAttribute(
      'href',
      '/account/questions/pending-marking/assessment-1/student-1',
    );
    expect(within(rows[1]!).getByText('Passed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('7 / 7')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: /Mark/ })).toBeNull();
    expect(receivedQuery('GET', '/assessments/assessment-1/submissions', 0)).toEqual({
      page: '1',
      pageSize: '20',
    });
  });

  it('asks the server for pending submissions only when filtered', async () => {
    serve({ '/assessments/assessment-1/submissions': makeList([makeSummary()]) });
    await renderScreen();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('radio', { name: 'Pending marking' }));
    await waitFor(() =>
      expect(receivedQuery('GET', '/assessments/assessment-1/submissions', -1)).toEqual({
        page: '1',
        pageSize: '20',
        status: 'Pending',
      }),
    );
  });

  it('lists assigned students on the Student Status tab, with Mark for answers waiting', async () => {
    serve({
      '/assessments/assessment-1/submissions': makeList([makeSummary()]),
      '/assessments/assessment-1/students': [
        makeStudentStatus(),
        makeStudentStatus({
          student: { id: 'student-3', name: 'Chen Wei', email: 'chen@school.test' },
          status: 'Pending',
          attempts: 0,
          bestPercentage: null,
          lastSubmittedAt: null,
          pendingMarking: false,
        }),
      ],
      // Accommodations and release: none here (student-status-tab.test.tsx shows them).
      '/assessments/assessment-1/accommodations': { data: [] },
      '/assessments/assessment-1/release': { releasePolicy: 'immediate', releasesAt: null, unreleased: [] },
    });
    await renderScreen();
    fireEvent.click(screen.getByRole('tab', { name: 'Student Status' }));
    const table = await screen.findByRole('table', { name: 'Assigned students and their status' });
    // The table shows placeholder rows until the students arrive.
    await within(table).findByText('Chen Wei');
    const [amina, chen] = within(table).getAllByRole('row').slice(1);
    expect(within(amina!).getByText('Submitted')).toBeInTheDocument();
    expect(within(amina!).getByRole('link', { name: "Mark Amina Njeri's answers" })).toBeInTheDocument();
    expect(within(chen!).getByText('Pending')).toBeInTheDocument();
    expect(within(chen!).queryByRole('link', { name: /^Mark/ })).toBeNull();
  });

  it('opens the tab a link names (?tab=regrade, from the locked editor)', async () => {
    serve({
      '/assessments/assessment-1/submissions': makeList([]),
      '/assessments/assessment-1/regrades': { questions: [], history: [] },
    });
    await renderScreen(undefined, '/submissions?tab=regrade');
    expect(await screen.findByRole('tab', { name: 'Regrade', selected: true })).toBeInTheDocument();
  });

  it('shows the item analysis on its own tab, read only when the tab is opened', async () => {
    serve({
      '/assessments/assessment-1/submissions': makeList([makeSummary()]),
      '/assessments/assessment-1/item-analysis': {
        responses: 0,
        pendingLeftOut: 1,
        earlierAttemptsLeftOut: 0,
        groupSize: 0,
        summary: { mean: null, median: null, standardDeviation: null, lowest: null, highest: null },
        reliability: {
          method: null,
          value: null,
          reason: 'tooFewResponses',
          responses: 0,
          questions: [],
          scoredQuestions: 0,
        },
        questions: [],
      },
    });
    await renderScreen();
    await screen.findByRole('table', { name: 'Submitted attempts, newest first' });
    expect(receivedRequests('GET', /item-analysis/)).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Item analysis' }));
    expect(await screen.findByText('No fully marked attempt yet.')).toBeInTheDocument();
    expect(screen.getByText('Left out: 1 waiting for marking, 0 earlier attempts.')).toBeInTheDocument();
  });

  it('opens the details of an attempt: per question outcome, answer, score and the final score', async () => {
    serve({
      '/assessments/assessment-1/submissions': makeList([makeSummary()]),
      '/attempts/attempt-1/submission': makeDetail(),
    });
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: "Details of Amina Njeri's attempt 1" }));
    const dialog = await screen.findByRole('dialog', { name: 'Amina Njeri · attempt 1' });
    await within(dialog).findByText('Which gas do plants take in?');
    const items = [...dialog.querySelectorAll('ol > li')] as HTMLElement[];
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Which gas do plants take in?')).toBeInTheDocument();
    expect(items[0]!.querySelector('[data-outcome]')).toHaveTextContent('Correct');
    expect(within(items[0]!).getByText('2 / 2')).toBeInTheDocument();
    expect(items[1]!.querySelector('[data-outcome]')).toHaveTextContent('Pending marking');
    expect(within(items[1]!).getByText('— / 5')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Light becomes chemical energy.')).toBeInTheDocument();
    expect(await within(items[1]!).findByText('light', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getAllByText('Final score')).toHaveLength(2);
    expect(within(dialog).getAllByText('2 / 7 · 28.6%')[0]).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: `Mark ${STUDENT.name}'s answers` })).toBeInTheDocument();
  });

  it('says so when submissions fail to load, and retries', async () => {
    serve({ '/assessments/assessment-1/submissions': 'fails' });
    await renderScreen();
    expect(
      await screen.findByText('Failed to load submissions. Please try again later.'),
    ).toBeInTheDocument();
    serve({ '/assessments/assessment-1/submissions': makeList([]) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('saves the results as a CSV file through the API client, dated in the browser’s zone', async () => {
    serve({ '/assessments/assessment-1/submissions': makeList([makeSummary()]) });
    serveFile('/assessments/assessment-1/export.csv', 'a,b', 'text/csv');
    const createObjectURL = vi.fn(() => 'blob:results');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Export results' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(receivedRequests('GET', '/assessments/assessment-1/export.csv')).toHaveLength(1);
    expect(receivedQuery('GET', '/assessments/assessment-1/export.csv')).toEqual({ timeZone: zone });
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('Plants-and-light-results.csv');
    click.mockRestore();
  });

  it('saves the file under the name the server gives it, in any script', async () => {
    serve({ '/assessments/assessment-1/submissions': makeList([makeSummary()]) });
    serveFile('/assessments/assessment-1/export.csv', '%PDF-', 'application/pdf', 'পরীক্ষা - প্রতিবেদন.pdf');
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Export results' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('পরীক্ষা - প্রতিবেদন.pdf');
    click.mockRestore();
  });
});
