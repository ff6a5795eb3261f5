import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardSummary } from '@vbuilder/shared';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { answer, answerError, receivedRequests, server } from '../../../test/msw-server.ts';
import { authValue, makeProfile, renderAt } from '../../../components/layout/test-utils.tsx';
import { Component as HomeRoute } from '../../../app/routes/home-route.tsx';
import { servePlatformCards, serveStaffCards, serveStudentCards } from '../test-utils.ts';

vi.mock('../../../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const organizationSummary: DashboardSummary = {
  scope: 'organization',
  organizationId: 'org-1',
  users: { total: 1234, students: 1100, teachers: 120, administrators: 14 },
  organizations: null,
  assessments: { total: 12, manual: 9, ai: 3, assigned: 12 },
};

const SUMMARY = '/dashboard/summary';
/** What GET /dashboard/summary answers. */
const serveSummary = (summary: DashboardSummary) => server.use(answer('get', SUMMARY, summary));

function signIn(overrides: Parameters<typeof makeProfile>[0]) {
  vi.mocked(useAuth).mockReturnValue(
    authValue(makeProfile(overrides)) as unknown as ReturnType<typeof useAuth>,
  );
}

/** A figure card of the analytics overview (the role cards above it may use the same words). */
const card = (label: string) =>
  within(screen.getByRole('region', { name: 'Analytics overview' }))
    .getByText(label)
    .closest('.mantine-Paper-root') as HTMLElement;

describe('Home dashboard', () => {
  // The role cards load beside the overview (role-dashboard.test.tsx looks at them).
  beforeEach(() => {
    serveStaffCards();
    serveStudentCards();
    servePlatformCards();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(useAuth).mockReset();
  });

  it('welcomes the user with name, role and organization (its name, not its id) and shows the organization counts', async () => {
    signIn({ name: 'Ada Lovelace', role: 'user', organizationId: 'org-1', organizationName: 'Hill School' });
    serveSummary(organizationSummary);
    await renderAt(<HomeRoute />);

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument(); // 'user' is displayed as Administrator
    expect(screen.getByText('Hill School')).toBeInTheDocument();
    expect(screen.getByText('Organization:', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('org-1')).not.toBeInTheDocument();

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(within(card('Total users')).getByText('1,234')).toBeInTheDocument();
    expect(within(card('Students')).getByText('1,100')).toBeInTheDocument();
    expect(within(card('Teachers')).getByText('120')).toBeInTheDocument();
    expect(within(card('Administrators')).getByText('14')).toBeInTheDocument();
    expect(screen.queryByText('Organizations')).not.toBeInTheDocument();
    expect(receivedRequests('GET', SUMMARY)).toHaveLength(1);
  });

  it('shows a Super Administrator the platform totals with the number of organizations', async () => {
    signIn({ name: 'Root', role: 'Super Administrator', organizationId: null });
    serveSummary({
      scope: 'platform',
      organizationId: null,
      users: { total: 50, students: 30, teachers: 10, administrators: 8 },
      organizations: 4,
      assessments: null,
    });
    await renderAt(<HomeRoute />);
    expect(screen.getByText('Super Administrator')).toBeInTheDocument();
    expect(screen.getByText('You are not part of an organization yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('Everyone on the platform, across all organizations.'),
    ).toBeInTheDocument();
    expect(within(card('Organizations')).getByText('4')).toBeInTheDocument();
    expect(within(card('Total users')).getByText('50')).toBeInTheDocument();
    // 30 + 10 + 8 = 48: the 2 others are the Super Administrators, counted on a card of their own.
    expect(within(card('Super Administrators')).getByText('2')).toBeInTheDocument();
  });

  it('makes the role cards add up to the total in an organization too', async () => {
    signIn({ role: 'Administrator' });
    serveSummary({
      ...organizationSummary,
      users: { total: 10, students: 6, teachers: 2, administrators: 1 },
    });
    await renderAt(<HomeRoute />);
    await screen.findAllByText('Other roles');
    expect(within(card('Other roles')).getByText('1')).toBeInTheDocument();
  });

  it('explains the missing figures to someone outside any organization', async () => {
    signIn({ role: 'Teacher', organizationId: null });
    serveSummary({
      ...organizationSummary,
      organizationId: null,
      users: { total: 0, students: 0, teachers: 0, administrators: 0 },
    });
    await renderAt(<HomeRoute />);
    expect(await screen.findByText('No organization yet')).toBeInTheDocument();
    expect(screen.queryByText('Total users')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the overview cannot load', async () => {
    signIn({ role: 'Student' });
    serveSummary(organizationSummary);
    server.use(answerError('get', SUMMARY, 500, 'internal_error', { once: true }));
    await renderAt(<HomeRoute />);
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('shows staff the assessments in total, written by hand and generated with AI', async () => {
    signIn({ id: 'teacher-1', role: 'Teacher', organizationId: 'org-1' });
    serveSummary(organizationSummary);
    await renderAt(<HomeRoute />);
    const section = await screen.findByRole('region', { name: 'Assessments' });
    expect(within(card('Total assessments')).getByText('12')).toBeInTheDocument();
    expect(within(card('Written by hand')).getByText('9')).toBeInTheDocument();
    expect(within(card('Generated with AI')).getByText('3')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open the assessment list' })).toHaveAttribute(
      'href',
      '/account/questions/teacher-1',
    );
  });

  it('shows a student the assessments assigned to them', async () => {
    signIn({ id: 'student-1', role: 'Student', organizationId: 'org-1' });
    serveSummary({ ...organizationSummary, assessments: { total: 4, manual: 3, ai: 1, assigned: 4 } });
    await renderAt(<HomeRoute />);
    expect(await screen.findByText('Assigned to you')).toBeInTheDocument();
    expect(within(card('Assigned to you')).getByText('4')).toBeInTheDocument();
    expect(screen.queryByText('Total assessments')).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Assessments' });
    expect(within(section).getByRole('link', { name: 'See my assessments' })).toBeInTheDocument();
  });
});
