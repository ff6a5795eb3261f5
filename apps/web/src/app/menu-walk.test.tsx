import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notificationKindsFor, type NotificationKind, type Role } from '@vbuilder/shared';
import { CurrentPath, authValue, makeProfile, renderAt } from '../components/layout/test-utils.tsx';
import { servePlatformCards, serveStaffCards, serveStudentCards } from '../features/dashboard/test-utils.ts';
import { listOf, makeNotification, streamHandler } from '../features/notifications/test-utils.tsx';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { answer, answerError, server } from '../test/msw-server.ts';
import { accountChildren, mayOpenPath } from './account-routes.tsx';
import { Component as AccountRoute } from './routes/account-route.tsx';
import { Component as HomeRoute } from './routes/home-route.tsx';

vi.mock('../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
vi.setConfig({ testTimeout: 60_000 });

const ME = 'u-1';
const A = 'a-1';

/** Where the server's notification of each kind points (notifications.events.ts). */
const LINK: Record<NotificationKind, string> = {
  assessment_published: `/account/user/${ME}/quiz/${A}`,
  assessment_opening_soon: `/account/user/${ME}/quiz/${A}`,
  result_released: `/account/user/${ME}/quiz/${A}/my-results`,
  result_regraded: `/account/user/${ME}/quiz/${A}/my-results`,
  marking_waiting: `/account/questions/pending-marking/${A}/student-7`,
  certificate_given: `/account/certifications/${ME}`,
  certificate_revoked: `/account/certifications/${ME}`,
  invoice_issued: '/account/payments/payment_history',
  payment_activated: '/account/subscription',
  subscription_expiring: '/account/subscription',
  receipt_uploaded: '/account/payments/payment_history',
  invitation_accepted: `/account/users/${ME}`,
};

const REFUSAL = "You don't have access to this page";

/** The real /account routes and their access; the dashboard is real, every other screen its path. */
async function renderShell(role: Role) {
  vi.mocked(useAuth).mockReturnValue(
    authValue(
      makeProfile({ id: ME, role, organizationId: role === 'Super Administrator' ? null : 'org-1' }),
    ) as unknown as ReturnType<typeof useAuth>,
  );
  const { handler } = streamHandler();
  const kinds = notificationKindsFor(role);
  server.use(
    handler,
    answerError('get', '/auth/config', 404, 'not_found'),
    answer('get', '/dashboard/summary', {
      scope: role === 'Super Administrator' ? 'platform' : 'organization',
      organizationId: role === 'Super Administrator' ? null : 'org-1',
      users: { total: 10, students: 7, teachers: 2, administrators: 1 },
      organizations: role === 'Super Administrator' ? 3 : null,
      assessments: { total: 4, manual: 3, ai: 1, assigned: 4 },
    }),
    // One notification of every kind the role is sent, each pointing where the server points it.
    answer(
      'get',
      '/notifications',
      listOf(
        kinds.map((kind, i) =>
          makeNotification({
            id: `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            kind,
            params: { assessmentTitle: `Notice ${kind}`, planName: 'Basic', invoiceNumber: 'INV-1' },
            link: LINK[kind],
          }),
        ),
      ),
    ),
  );
  if (role === 'Student') serveStudentCards();
  else if (role === 'Super Administrator') servePlatformCards();
  else serveStaffCards();
  return renderAt(null, {
    route: '/account/home',
    routes: [
      {
        path: '/account',
        element: <AccountRoute />,
        children: accountChildren
          .filter((route) => !route.index)
          .map(({ path, handle }) => ({
            path,
            handle,
            element: path === 'home' ? <HomeRoute /> : <CurrentPath />,
          })),
      },
    ],
  });
}

const internal = (anchors: HTMLElement[]) =>
  anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('/account'));

/** Every in-app link the shell shows the role: the menu's sections, the dashboard, the bell. */
async function linksShown(): Promise<string[]> {
  const hrefs = new Set<string>();
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  for (const rail of within(nav).getAllByRole('button')) {
    fireEvent.click(rail);
    for (const href of internal(within(document.getElementById('side-nav-panel')!).getAllByRole('link')))
      hrefs.add(href);
  }
  // The dashboard's cards, once they have loaded.
  const main = screen.getByRole('main');
  await waitFor(() => expect(within(main).queryAllByRole('status')).toHaveLength(0), { timeout: 10_000 });
  for (const href of internal(within(main).queryAllByRole('link'))) hrefs.add(href);
  // The bell's latest notifications.
  fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  const bell = await screen.findByRole('dialog', { name: 'Notifications' });
  await within(bell).findByText(/See all notifications/);
  await waitFor(() => expect(within(bell).queryAllByRole('status')).toHaveLength(0));
  for (const href of internal(within(bell).getAllByRole('link'))) hrefs.add(href);
  return [...hrefs].sort();
}

describe('every link the shell shows a role opens for that role', () => {
  it.each<Role>(['Student', 'Teacher', 'user', 'Administrator', 'Super Administrator'])(
    '%s: the menu, the dashboard and the bell lead only to pages it may open',
    async (role) => {
      const { router } = await renderShell(role);
      await screen.findByRole('navigation', { name: 'Main navigation' });
      const hrefs = await linksShown();
      expect(hrefs.length).toBeGreaterThan(3);
      const refused: string[] = [];
      for (const href of hrefs) {
        await act(() => router.navigate(href));
        const main = screen.getByRole('main');
        if (within(main).queryByText(REFUSAL)) refused.push(href);
        else if (href !== '/account/home')
          expect(within(main).getByTestId('current-path').textContent, href).toBe(href.split('?')[0]);
        // What the app checks before showing a link agrees with what the page then does.
        expect(mayOpenPath(href, role), href).toBe(true);
        if (href !== '/account/home') await act(() => router.navigate('/account/home'));
      }
      expect(refused).toEqual([]);
    },
  );

  it('the legacy user role is offered neither its plan nor billing notices as links', async () => {
    await renderShell('user');
    const hrefs = await linksShown();
    expect(hrefs).not.toContain('/account/subscription');
    expect(hrefs).not.toContain('/account/payments/payment_history');
    // The billing notices are still listed, as text.
    expect(screen.getByText('Invoice INV-1')).toBeInTheDocument();
    // Its plan's card is shown, without the link an Administrator gets.
    const card = screen.getByRole('region', { name: 'Plan usage this month' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });
});
