import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answer,
  http,
  apiUrl,
  HttpResponse,
  receivedBody,
  receivedRequests,
  server,
} from '../../../test/msw-server.ts';
import { renderWithRouter } from '../../../test/providers.tsx';
import { listOf, makeNotification, streamHandler, USER_ID } from '../test-utils.tsx';
import { NotificationBell } from './notification-bell.tsx';

vi.setConfig({ testTimeout: 20_000 });

const render = () => renderWithRouter(<NotificationBell userId={USER_ID} />, '/account/home');

describe('NotificationBell', () => {
  it('shows the unread count and raises it when the stream announces a new one', async () => {
    const { handler, stream } = streamHandler();
    let current = listOf([]);
    server.use(
      handler,
      http.get(apiUrl('/notifications'), () => HttpResponse.json(current)),
    );
    await render();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(stream.opened()).toBe(1));

    // Someone publishes an assessment to this student: the server's stream says so.
    const fresh = makeNotification();
    current = listOf([fresh]);
    stream.send('notification', { notification: fresh, unread: 1 });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
  });

  it('lists the latest in a popover, marks all read, and links to every notification', async () => {
    const { handler } = streamHandler();
    const first = makeNotification();
    const second = makeNotification({
      id: 'a0000000-0000-4000-8000-000000000002',
      kind: 'result_released',
      params: { assessmentTitle: 'Essay week' },
      link: `/account/user/${USER_ID}/quiz/x/my-results`,
    });
    server.use(
      handler,
      answer('get', '/notifications', listOf([second, first])),
      answer('post', '/notifications/read', { unread: 0 }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('Your results for Essay week')).toBeInTheDocument();
    expect(within(dialog).getByText('Fractions check has been published to you.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      `/account/notifications/${USER_ID}`,
    );
    expect(receivedRequests('GET', '/notifications')[0]!.query.get('limit')).toBe('5');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(receivedRequests('POST', '/notifications/read')).toHaveLength(1));
    expect(await receivedBody('POST', '/notifications/read')).toEqual({ all: true });
  });

  it('opens what a notification is about and marks it read', async () => {
    const { handler } = streamHandler();
    const one = makeNotification();
    server.use(
      handler,
      answer('get', '/notifications', listOf([one])),
      answer('post', '/notifications/read', { unread: 0 }),
    );
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByText('New assessment: Fractions check'));
    expect(await screen.findByTestId('current-path')).toHaveTextContent(one.link!);
    await waitFor(() => expect(receivedRequests('POST', '/notifications/read')).toHaveLength(1));
    expect(await receivedBody('POST', '/notifications/read')).toEqual({ ids: [one.id] });
  });
});
