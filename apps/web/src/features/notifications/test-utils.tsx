import type { Notification, NotificationListResponse } from '@vbuilder/shared';
import { apiUrl, http, HttpResponse } from '../../test/msw-server.ts';

/** The notifications' test kit: fixtures typed by the shared contract and a stream to push events into. */

export const USER_ID = '11111111-0000-4000-8000-000000000001';
export const ASSESSMENT_ID = '7c1e2d3f-0000-4000-8000-000000000001';

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    kind: 'assessment_published',
    params: { assessmentTitle: 'Fractions check' },
    link: `/account/user/${USER_ID}/quiz/${ASSESSMENT_ID}`,
    readAt: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (
  items: Notification[],
  unread = items.filter((n) => !n.readAt).length,
): NotificationListResponse => ({
  items,
  unread,
  nextBefore: null,
});

export interface FakeStream {
  /** Sends one server-sent event to the open stream. */
  send(event: string, data: unknown): void;
  /** How many times the stream was opened. */
  opened(): number;
}

/** GET /api/notifications/stream answered by a stream that stays open; the test pushes events. */
export function streamHandler(): { handler: ReturnType<typeof http.get>; stream: FakeStream } {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let count = 0;
  const encoder = new TextEncoder();
  const handler = http.get(apiUrl('/notifications/stream'), () => {
    count += 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    handler,
    stream: {
      send(event, data) {
        controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
      opened: () => count,
    },
  };
}
