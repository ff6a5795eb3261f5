import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardMyCertificates } from '@vbuilder/shared';
import { AccountLayout } from '../components/layout/account-layout.tsx';
import { authValue, makeProfile, renderAt } from '../components/layout/test-utils.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { listOf, makeNotification, streamHandler } from '../features/notifications/test-utils.tsx';
import { serveStudentCards } from '../features/dashboard/test-utils.ts';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import {
  answer,
  answerError,
  apiUrl,
  http,
  HttpResponse,
  receivedRequests,
  server,
} from '../test/msw-server.ts';
import { Component as HomeRoute } from './routes/home-route.tsx';

vi.mock('../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const STUDENT_ID = 'student-1';
const none: DashboardMyCertificates = { total: 0, items: [] };
const one: DashboardMyCertificates = {
  total: 1,
  items: [
    { id: 'c-1', assessmentTitle: 'Cells and tissues', issuedAt: '2030-03-12T08:30:00.000Z', percentage: 90 },
  ],
};

/** The signed-in shell as the app composes it: the bell in the top bar, the dashboard in the main area. */
async function renderShell() {
  vi.mocked(useAuth).mockReturnValue(
    authValue(
      makeProfile({ id: STUDENT_ID, role: 'Student', organizationId: 'org-1' }),
    ) as unknown as ReturnType<typeof useAuth>,
  );
  server.use(
    answerError('get', '/auth/config', 404, 'not_found'),
    answer('get', '/dashboard/summary', {
      scope: 'organization',
      organizationId: 'org-1',
      users: { total: 10, students: 7, teachers: 2, administrators: 1 },
      organizations: null,
      assessments: { total: 2, manual: 2, ai: 0, assigned: 2 },
    }),
  );
  return renderAt(null, {
    route: '/account/home',
    routes: [
      {
        path: '/account',
        element: <AccountLayout topBarActions={<NotificationBell userId={STUDENT_ID} />} />,
        children: [{ path: 'home', element: <HomeRoute /> }],
      },
    ],
  });
}

describe('the dashboard follows the notifications', () => {
  it('counts a certificate as soon as the bell announces it, without a reload', async () => {
    const { handler, stream } = streamHandler();
    let certificates = none;
    let notices = listOf([]);
    serveStudentCards();
    server.use(
      handler,
      http.get(apiUrl('/dashboard/my-certificates'), () => HttpResponse.json(certificates)),
      http.get(apiUrl('/notifications'), () => HttpResponse.json(notices)),
    );
    await renderShell();

    const card = await screen.findByRole('region', { name: 'Certificates' }, { timeout: 5000 });
    expect(await within(card).findByText('No certificates yet.')).toBeInTheDocument();
    await waitFor(() => expect(stream.opened()).toBe(1));
    const asked = receivedRequests('GET', '/dashboard/my-certificates').length;

    // An Administrator gives the certificate: the server's stream announces it.
    const given = makeNotification({
      kind: 'certificate_given',
      params: { assessmentTitle: 'Cells and tissues', organizationName: 'School' },
      link: `/account/certifications/${STUDENT_ID}`,
    });
    certificates = one;
    notices = listOf([given]);
    stream.send('notification', { notification: given, unread: 1 });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(await within(card).findByText('Cells and tissues')).toBeInTheDocument();
    expect(within(card).getByText('certificates earned').previousSibling).toHaveTextContent('1');
    expect(receivedRequests('GET', '/dashboard/my-certificates').length).toBe(asked + 1);
  });

  it('leaves the dashboard alone when the stream only repeats the unread count', async () => {
    const { handler, stream } = streamHandler();
    serveStudentCards();
    server.use(
      handler,
      answer('get', '/dashboard/my-certificates', none),
      answer('get', '/notifications', listOf([])),
    );
    await renderShell();
    const card = await screen.findByRole('region', { name: 'Certificates' }, { timeout: 5000 });
    await within(card).findByText('No certificates yet.');
    await waitFor(() => expect(stream.opened()).toBe(1));
    const asked = receivedRequests('GET', '/dashboard/my-certificates').length;
    stream.send('unread', { unread: 0 });
    await waitFor(() => expect(receivedRequests('GET', '/notifications').length).toBeGreaterThan(1));
    expect(receivedRequests('GET', '/dashboard/my-certificates').length).toBe(asked);
  });
});
