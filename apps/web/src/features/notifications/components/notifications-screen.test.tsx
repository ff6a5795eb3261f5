import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferencesResponse } from '@vbuilder/shared';
import { answer, answerError, receivedBody, receivedRequests, server } from '../../../test/msw-server.ts';
import { renderWithRouter } from '../../../test/providers.tsx';
import { listOf, makeNotification, USER_ID } from '../test-utils.tsx';
import { toastTexts } from '../../../test/toasts.ts';
import { NotificationsScreen } from './notifications-screen.tsx';

vi.setConfig({ testTimeout: 20_000 });

const PATH = '/account/notifications/:userId';
const render = () => renderWithRouter(<NotificationsScreen />, `/account/notifications/${USER_ID}`, PATH);

const studentPreferences: NotificationPreferencesResponse = {
  preferences: [
    { kind: 'assessment_published', delivery: 'both' },
    { kind: 'assessment_opening_soon', delivery: 'both' },
    { kind: 'result_released', delivery: 'in_app' },
    { kind: 'certificate_given', delivery: 'both' },
  ],
};

const unread = makeNotification();
const read = makeNotification({
  id: 'a0000000-0000-4000-8000-000000000002',
  kind: 'assessment_opening_soon',
  params: { assessmentTitle: 'Timed quiz', opensAt: '2026-12-01T08:00:00.000Z' },
  readAt: '2026-11-25T10:00:00.000Z',
});

describe('NotificationsScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show');
  });

  it('lists them newest first with what each is about, read or unread', async () => {
    server.use(
      answer('get', '/notifications', listOf([unread, read])),
      answer('get', '/notifications/preferences', studentPreferences),
    );
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Unread:')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/New assessment: Fractions check/)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Open' })).toHaveAttribute('href', unread.link!);
    expect(within(items[1]!).queryByText('Unread:')).toBeNull();
    expect(within(items[1]!).getByText(/Timed quiz opens at Dec 1, 2026/)).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('marks one read, then all', async () => {
    server.use(
      answer('get', '/notifications', listOf([unread, read])),
      answer('get', '/notifications/preferences', studentPreferences),
      answer('post', '/notifications/read', { unread: 0 }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(receivedRequests('POST', '/notifications/read')).toHaveLength(1));
    expect(await receivedBody('POST', '/notifications/read')).toEqual({ ids: [unread.id] });
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(receivedRequests('POST', '/notifications/read')).toHaveLength(2));
    expect(await receivedBody('POST', '/notifications/read', 1)).toEqual({ all: true });
  });

  it('shows only unread ones when asked, and says when there are none', async () => {
    server.use(
      answer('get', '/notifications', listOf([], 0)),
      answer('get', '/notifications/preferences', studentPreferences),
    );
    await render();
    expect(await screen.findByText('You have no notifications')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Unread'));
    expect(await screen.findByText('Nothing unread')).toBeInTheDocument();
    expect(receivedRequests('GET', '/notifications').at(-1)!.query.get('unread')).toBe('true');
  });

  it('shows a load error with a retry', async () => {
    server.use(
      answerError('get', '/notifications', 500, 'internal_error'),
      answer('get', '/notifications/preferences', studentPreferences),
    );
    await render();
    expect(await screen.findByText('Error loading notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('saves the choice of each kind: in the app, by mail', async () => {
    server.use(
      answer('get', '/notifications', listOf([])),
      answer('get', '/notifications/preferences', studentPreferences),
      answer('put', '/notifications/preferences', studentPreferences),
    );
    await render();
    const mail = await screen.findByRole('checkbox', { name: 'New assessments for you: by mail' });
    expect(mail).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Your results: by mail' })).not.toBeChecked();
    // Certificates come with their document by mail: only the app side is a choice.
    expect(screen.queryByRole('checkbox', { name: 'Certificates given to you: by mail' })).toBeNull();
    expect(screen.getByText('Always mailed with the document')).toBeInTheDocument();

    fireEvent.click(mail);
    await waitFor(() => expect(receivedRequests('PUT', '/notifications/preferences')).toHaveLength(1));
    expect(await receivedBody('PUT', '/notifications/preferences')).toEqual({
      preferences: [{ kind: 'assessment_published', delivery: 'in_app' }],
    });
    await waitFor(() => expect(toastTexts()).toContain('Your choice is saved.'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Your results: in the app' }));
    await waitFor(() => expect(receivedRequests('PUT', '/notifications/preferences')).toHaveLength(2));
    expect(await receivedBody('PUT', '/notifications/preferences', 1)).toEqual({
      preferences: [{ kind: 'result_released', delivery: 'none' }],
    });
  });
});
