import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import i18n from '../../../lib/i18n.ts';
import { answer, answerError, receivedQuery, receivedRequests, server } from '../../../test/msw-server.ts';
import { authValue, makeProfile, renderAt } from '../../../components/layout/test-utils.tsx';
import type { DashboardSummary } from '@vbuilder/shared';
import { Component as HomeRoute } from '../../../app/routes/home-route.tsx';
import {
  emptySchedule,
  markingQueue,
  servePlatformCards,
  serveStaffCards,
  serveStudentCards,
  usage,
  week,
} from '../test-utils.ts';

vi.mock('../../../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const summary: DashboardSummary = {
  scope: 'organization',
  organizationId: 'org-1',
  users: { total: 10, students: 7, teachers: 2, administrators: 1 },
  organizations: null,
  assessments: { total: 4, manual: 3, ai: 1, assigned: 4 },
};

function signIn(overrides: Parameters<typeof makeProfile>[0]) {
  vi.mocked(useAuth).mockReturnValue(
    authValue(makeProfile(overrides)) as unknown as ReturnType<typeof useAuth>,
  );
  server.use(answer('get', '/dashboard/summary', summary));
}

// The role cards are a lazy chunk: the first test of the file waits for its import.
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 5000 });
/** The screen-reader table a chart carries, by its caption. */
const chartTable = (caption: string) => screen.getByRole('table', { name: caption });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe('role dashboards', () => {
  // No mockReset here: a query settling before the cleanup unmounts still renders with the user.
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("gives a Teacher what is open, the marking queue one click from marking, the week's submissions and recent results", async () => {
    signIn({ id: 'teacher-1', role: 'Teacher', organizationId: 'org-1' });
    serveStaffCards();
    // Other paths show where a link led.
    await renderAt(<HomeRoute />, { path: '/account/home' });

    const schedule = await region('Open now and upcoming');
    expect(await within(schedule).findByText('Algebra basics')).toHaveAttribute(
      'href',
      '/account/user/questions/teacher-1/quiz/a-algebra/view',
    );
    expect(within(schedule).getByText('open now').previousSibling).toHaveTextContent('3');
    expect(within(schedule).getByText(/Closes in 2 days/)).toBeInTheDocument();
    expect(within(schedule).getByText('No closing time')).toBeInTheDocument();
    expect(within(schedule).getByText(/Opens in 3 hours/)).toBeInTheDocument();

    const queue = await region('Marking queue');
    expect((await within(queue).findByText('answers to mark')).previousSibling).toHaveTextContent('5');
    expect(within(queue).getByText('submissions waiting').previousSibling).toHaveTextContent('3');
    const names = within(queue)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(names).toEqual(['Cy Student', 'Ada Student']);
    expect(within(queue).getByText(/2 answers to mark/)).toBeInTheDocument();
    await userEvent.click(
      within(queue).getByRole('link', {
        name: 'Mark the answers of Cy Student to The industrial revolution',
      }),
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent(
      '/account/questions/pending-marking/a-history/student-7',
    );
  });

  it('shows the charts as tables for screen readers, with numbers in the reader’s format', async () => {
    signIn({ id: 'teacher-1', role: 'Teacher', organizationId: 'org-1' });
    serveStaffCards();
    await renderAt(<HomeRoute />);
    await region('Submissions this week');
    await screen.findByText('submissions in 7 days');
    expect(screen.getByText('1,242')).toBeInTheDocument();
    const days = rowTexts(chartTable('Submissions this week'));
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual(['Mar 12, 2030', '1,234']);
    // The days are the reader's: the request names their time zone.
    expect(receivedQuery('GET', '/dashboard/submissions-week')).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    await screen.findByRole('table', { name: 'Recent results' });
    expect(rowTexts(chartTable('Recent results'))).toEqual([
      ['Cells and tissues', '12', '75%', '68.5%', '0'],
      ['The industrial revolution and its consequences', '3', '0%', '—', '3'],
    ]);
    // A Teacher has no plan card.
    expect(screen.queryByRole('region', { name: 'Plan usage this month' })).not.toBeInTheDocument();
    expect(receivedRequests('GET', '/assessments/usage')).toHaveLength(0);
  });

  it("gives an Administrator the Teacher's cards and the plan used this month", async () => {
    signIn({ id: 'admin-1', role: 'user', organizationId: 'org-1' });
    serveStaffCards();
    await renderAt(<HomeRoute />);
    const plan = await region('Plan usage this month');
    expect(await within(plan).findByText('42 / 50')).toBeInTheDocument();
    expect(within(plan).getByText('assessments created this month (Basic plan)')).toBeInTheDocument();
    expect(within(plan).getByText('8 left until Apr 1, 2030.')).toBeInTheDocument();
    expect(
      within(plan).getByRole('progressbar', { name: "84% of this month's allowance used" }),
    ).toBeInTheDocument();
    expect(await region('Marking queue')).toBeInTheDocument();
    const people = await region('People by role');
    expect((await within(people).findAllByRole('listitem')).map((li) => li.textContent)).toEqual([
      'Students7',
      'Teachers2',
      'Administrators1',
    ]);
    // The overview's figures, asked once for both.
    expect(receivedRequests('GET', '/dashboard/summary')).toHaveLength(1);
  });

  it('says when the plan has no limit or the limit is reached', async () => {
    signIn({ role: 'Administrator', organizationId: 'org-1' });
    serveStaffCards({
      usage: { ...usage, usedThisMonth: 50, remaining: 0, limitReached: true },
    });
    await renderAt(<HomeRoute />);
    expect(
      await screen.findByText('The monthly limit is reached. It resets on Apr 1, 2030.'),
    ).toBeInTheDocument();
  });

  it('gives a Student what to take now (with a link to take or continue), what is next, results and certificates', async () => {
    signIn({ id: 'student-1', role: 'Student', organizationId: 'org-1' });
    serveStudentCards();
    await renderAt(<HomeRoute />);

    const schedule = await region('Your assessments to take');
    expect(await within(schedule).findByRole('link', { name: 'Algebra basics' })).toHaveAttribute(
      'href',
      '/account/user/student-1/quiz/a-algebra',
    );
    expect(within(schedule).getByText('In progress')).toBeInTheDocument();
    expect(within(schedule).getByText('to take now')).toBeInTheDocument();
    // Not open yet: named, not linked.
    expect(within(schedule).getByText('Acids and bases').closest('a')).toBeNull();

    const results = await region('Your recent results');
    expect((await within(results).findAllByRole('listitem')).map((li) => li.textContent)).toEqual([
      'Cells and tissues · passed · Mar 12, 2030100%',
      'The industrial revolution · pending marking · Mar 11, 203030%',
    ]);
    const certificates = await region('Certificates');
    expect(await within(certificates).findByText('certificates earned')).toBeInTheDocument();
    expect(within(certificates).getByText('2')).toBeInTheDocument();
    expect(within(certificates).getByRole('link', { name: 'See my certificates' })).toHaveAttribute(
      'href',
      '/account/certifications/student-1',
    );
    // A Student asks for none of the staff cards.
    expect(receivedRequests('GET', '/dashboard/marking-queue')).toHaveLength(0);
    expect(receivedRequests('GET', '/dashboard/submissions-week')).toHaveLength(0);
  });

  it('gives the Super Administrator organizations by plan and status and this month’s payments', async () => {
    vi.mocked(useAuth).mockReturnValue(
      authValue(makeProfile({ role: 'Super Administrator', organizationId: null })) as unknown as ReturnType<
        typeof useAuth
      >,
    );
    server.use(
      answer('get', '/dashboard/summary', {
        ...summary,
        scope: 'platform',
        organizationId: null,
        organizations: 7,
        assessments: null,
      }),
    );
    servePlatformCards();
    await renderAt(<HomeRoute />);
    const organizations = await region('Organizations, plans and subscriptions');
    expect(await within(organizations).findByText('Professional')).toBeInTheDocument();
    expect(within(organizations).getByText('Pending activation')).toBeInTheDocument();
    const payments = await region('Payments this month');
    expect(await within(payments).findByText('$107.80')).toBeInTheDocument();
    expect(within(payments).getByText('THB 1,900.00')).toBeInTheDocument();
    expect(within(payments).getByText('requests waiting for payment').previousSibling).toHaveTextContent('2');
    expect(receivedRequests('GET', '/dashboard/schedule')).toHaveLength(0);
  });

  it('shows an empty organization zeros and what will appear, not an empty-state card', async () => {
    signIn({ role: 'Administrator', organizationId: 'org-1' });
    server.use(
      answer('get', '/dashboard/schedule', emptySchedule),
      answer('get', '/dashboard/submissions-week', week([0, 0, 0, 0, 0, 0, 0])),
      answer('get', '/dashboard/recent-results', { items: [] }),
      answer('get', '/dashboard/marking-queue', { answersWaiting: 0, submissionsWaiting: 0, items: [] }),
      answer('get', '/assessments/usage', { ...usage, usedThisMonth: 0, remaining: 50 }),
    );
    await renderAt(<HomeRoute />);
    expect(await screen.findByText('No assessment is open right now.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is scheduled yet.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waits to be marked.')).toBeInTheDocument();
    expect(
      await screen.findByText('No submissions yet. Results appear here once students submit.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('0 / 50')).toBeInTheDocument();
    expect(
      rowTexts(await screen.findByRole('table', { name: 'Submissions this week' })).map((r) => r[1]),
    ).toEqual(['0', '0', '0', '0', '0', '0', '0']);
  });

  it('lets one card fail with its own retry while the others show their figures', async () => {
    signIn({ role: 'Teacher', organizationId: 'org-1' });
    serveStaffCards();
    server.use(answerError('get', '/dashboard/marking-queue', 500, 'internal_error', { once: true }));
    await renderAt(<HomeRoute />);
    const queue = await region('Marking queue');
    expect(await within(queue).findByText('This card could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('Algebra basics')).toBeInTheDocument();
    await userEvent.click(within(queue).getByRole('button', { name: 'Try again' }));
    expect(await within(queue).findByText('Cy Student')).toBeInTheDocument();
    expect(receivedRequests('GET', '/dashboard/marking-queue')).toHaveLength(2);
  });

  it('speaks the reader’s language: Bengali words and digits', async () => {
    await i18n.changeLanguage('bn');
    signIn({ role: 'Teacher', organizationId: 'org-1' });
    serveStaffCards();
    server.use(answer('get', '/dashboard/marking-queue', { ...markingQueue, answersWaiting: 15 }));
    await renderAt(<HomeRoute />);
    const queue = await region('নম্বর দেওয়ার সারি');
    expect(await within(queue).findByText('১৫')).toBeInTheDocument();
    expect(within(queue).getByText('জমা দেওয়া উত্তর অপেক্ষায়').previousSibling).toHaveTextContent('৩');
  });
});
