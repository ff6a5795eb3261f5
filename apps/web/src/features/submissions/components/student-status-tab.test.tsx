import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Accommodation, StudentStatusEntry } from '@vbuilder/shared';
import { answer, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/providers.tsx';
import { makeStudentStatus } from '../test-utils.ts';
import { StudentStatusTab } from './student-status-tab.tsx';

/** The Student Status tab's accommodations and release, for a teacher. */

const BASE = '/assessments/assessment-1';

const accommodation = (overrides: Partial<Accommodation> = {}): Accommodation => ({
  assessmentId: 'assessment-1',
  studentId: 'student-3',
  studentName: 'Chen Wei',
  extraMinutes: 15,
  extraPercent: null,
  startsAt: null,
  endsAt: null,
  runningDeadlineAt: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

function serve(accommodations: Accommodation[], unreleased: Array<{ studentId: string; attempts: number }>) {
  server.use(
    answer('get', `${BASE}/students`, [
      makeStudentStatus({ pendingMarking: false }),
      makeStudentStatus({
        student: { id: 'student-3', name: 'Chen Wei', email: 'chen@school.test' },
        pendingMarking: false,
      }),
    ]),
    answer('get', `${BASE}/accommodations`, { data: accommodations }),
    answer('get', `${BASE}/release`, { releasePolicy: 'manual', releasesAt: null, unreleased }),
    answer('put', `${BASE}/accommodations/:studentId`, accommodation()),
    answer('post', `${BASE}/release`, { released: 1 }),
  );
}

async function renderTab({ canRelease = true } = {}) {
  await renderWithProviders(
    <MemoryRouter>
      <StudentStatusTab
        assessmentId="assessment-1"
        markingPath={() => '/m'}
        durationMinutes={30}
        canManage
        canRelease={canRelease}
      />
    </MemoryRouter>,
  );
  const table = await screen.findByRole('table', { name: 'Assigned students and their status' });
  await within(table).findByText('Chen Wei');
  return table;
}

describe('StudentStatusTab: accommodations and release', { timeout: 20_000 }, () => {
  it('shows "+15 min" and "Not released" beside the student, and releases one or all', async () => {
    serve([accommodation()], [{ studentId: 'student-3', attempts: 1 }]);
    const table = await renderTab();
    const chen = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Chen Wei'))!;
    expect(await within(chen).findByText('+15 min')).toBeInTheDocument();
    expect(within(chen).getByText('Not released')).toBeInTheDocument();
    expect(screen.getByText(/1 student is waiting for results/)).toBeInTheDocument();

    fireEvent.click(within(chen).getByRole('button', { name: "Release Chen Wei's results" }));
    await waitFor(() => expect(receivedRequests('POST', /\/release$/)).toHaveLength(1));
    expect(await receivedBody('POST', /\/release$/)).toEqual({ studentIds: ['student-3'] });

    fireEvent.click(screen.getByRole('button', { name: 'Release all results' }));
    await waitFor(() => expect(receivedRequests('POST', /\/release$/)).toHaveLength(2));
    expect(await receivedBody('POST', /\/release$/, 1)).toEqual({});
  });

  it("offers a teacher who is not the assessment's author extra time but no release (the API refuses it)", async () => {
    serve([accommodation()], [{ studentId: 'student-3', attempts: 1 }]);
    const table = await renderTab({ canRelease: false });
    const chen = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Chen Wei'))!;
    expect(await within(chen).findByText('Not released')).toBeInTheDocument();
    expect(within(chen).queryByRole('button', { name: "Release Chen Wei's results" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release all results' })).toBeNull();
    expect(
      within(chen).getByRole('button', { name: 'Extra time or own window for Chen Wei' }),
    ).toBeInTheDocument();
  });

  it('sets extra time in a dialog, refusing a bad value before sending anything', async () => {
    serve([], []);
    const table = await renderTab();
    const amina = within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Amina Njeri'))!;
    fireEvent.click(within(amina).getByRole('button', { name: 'Extra time or own window for Amina Njeri' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extra time for Amina Njeri' });
    const minutes = within(dialog).getByRole('textbox', { name: 'Extra minutes' });
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter a whole number: 1 to 1440 minutes or 1 to 300 %.'),
    ).toBeInTheDocument();
    expect(receivedRequests('PUT', /\/accommodations\//)).toHaveLength(0);

    fireEvent.change(minutes, { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(receivedRequests('PUT', /\/accommodations\//)).toHaveLength(1));
    expect(await receivedBody('PUT', /\/accommodations\//)).toEqual({
      extraMinutes: 15,
      extraPercent: null,
      startsAt: null,
      endsAt: null,
    });
  });
});

describe('StudentStatusTab on exam day', { timeout: 20_000 }, () => {
  const sitting = (secondsLeft: number | null) =>
    makeStudentStatus({
      student: { id: 'student-3', name: 'Chen Wei', email: 'chen@school.test' },
      status: 'InProgress',
      attempts: 0,
      bestPercentage: null,
      lastSubmittedAt: null,
      pendingMarking: false,
      inProgress: {
        attemptNumber: 1,
        startedAt: '2026-12-07T09:00:00.000Z',
        deadlineAt: secondsLeft === null ? null : '2026-12-07T09:30:00.000Z',
        secondsLeft,
      },
    });
  const rowOf = (table: HTMLElement, name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText(name))!;

  function serveStudents(...lists: StudentStatusEntry[][]) {
    server.use(
      ...lists.map((list, i) => answer('get', `${BASE}/students`, list, { once: i < lists.length - 1 })),
      answer('get', `${BASE}/accommodations`, { data: [] }),
      answer('get', `${BASE}/release`, {
        releasePolicy: 'afterSubmission',
        releasesAt: null,
        unreleased: [],
      }),
    );
  }

  it('shows a student sitting it as In progress with the time left, counting down', async () => {
    serveStudents([makeStudentStatus({ pendingMarking: false }), sitting(75)]);
    const table = await renderTab();
    const chen = rowOf(table, 'Chen Wei');
    expect(within(chen).getByText('In progress')).toBeInTheDocument();
    expect(within(chen).queryByText('Pending')).not.toBeInTheDocument();
    expect(within(chen).getByTestId('time-left')).toHaveTextContent(/^1 min 1[45] sec left$/);
    // A second later, by this device's clock.
    await waitFor(
      () => expect(within(chen).getByTestId('time-left')).toHaveTextContent(/^1 min 1[34] sec left$/),
      {
        timeout: 3000,
      },
    );
    // The other student has submitted: no time shown.
    expect(within(rowOf(table, 'Amina Njeri')).getByText('Submitted')).toBeInTheDocument();
  });

  it('shows longer times in minutes and hours, no limit, and time up', async () => {
    serveStudents([
      sitting(12 * 60),
      makeStudentStatus({
        ...sitting(null),
        student: { id: 's-4', name: 'Dara Sok', email: 'dara@school.test' },
      }),
      makeStudentStatus({
        ...sitting(65 * 60),
        student: { id: 's-5', name: 'Eka Putri', email: 'eka@school.test' },
      }),
      makeStudentStatus({
        ...sitting(0),
        student: { id: 's-6', name: 'Femi Ade', email: 'femi@school.test' },
      }),
    ]);
    const table = await renderTab();
    expect(within(rowOf(table, 'Chen Wei')).getByTestId('time-left')).toHaveTextContent(/^1[12] min left$/);
    expect(within(rowOf(table, 'Dara Sok')).getByTestId('time-left')).toHaveTextContent('No time limit');
    expect(within(rowOf(table, 'Eka Putri')).getByTestId('time-left')).toHaveTextContent(
      /^1 hr [45] min left$/,
    );
    expect(within(rowOf(table, 'Femi Ade')).getByTestId('time-left')).toHaveTextContent(
      'Time is up: being handed in',
    );
  });

  it('reads the list again every 30 seconds: a student who hands in shows as Submitted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveStudents(
        [makeStudentStatus({ pendingMarking: false }), sitting(10 * 60)],
        [
          makeStudentStatus({ pendingMarking: false }),
          makeStudentStatus({
            student: { id: 'student-3', name: 'Chen Wei', email: 'chen@school.test' },
            pendingMarking: false,
          }),
        ],
      );
      const table = await renderTab();
      expect(within(rowOf(table, 'Chen Wei')).getByText('In progress')).toBeInTheDocument();
      expect(receivedRequests('GET', /\/students$/)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(31_000);
      await waitFor(() => expect(receivedRequests('GET', /\/students$/)).toHaveLength(2));
      await waitFor(() =>
        expect(within(rowOf(table, 'Chen Wei')).getByText('Submitted')).toBeInTheDocument(),
      );
      expect(within(rowOf(table, 'Chen Wei')).queryByTestId('time-left')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
