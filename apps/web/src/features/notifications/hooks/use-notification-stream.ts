import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { NotificationStreamEventSchema } from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { staleAfter } from '../lib/stale-after.ts';

/** The first wait before connecting again, doubled after each failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/** The kind of a `notification` event's notification; null when its data is not one. */
function kindOf(data: string) {
  try {
    const parsed = NotificationStreamEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.notification.kind : null;
  } catch {
    return null;
  }
}

/**
 * Listens to GET /api/notifications/stream (server-sent events over fetch, since EventSource
 * cannot send the bearer token) while mounted: each new notification, and the count sent on
 * connecting, make the lists fetched again; a new notification also refreshes what it changed
 * (the dashboard's cards and the lists of what it is about, staleAfter). A dropped stream is opened again with growing waits.
 * Answers whether it is connected, so the lists can poll while it is not.
 */
export function useNotificationStream(enabled = true): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retryMs = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    const refreshWhatChanged = (data: string) => {
      const kind = kindOf(data);
      if (!kind) return;
      for (const queryKey of staleAfter(kind)) void queryClient.invalidateQueries({ queryKey });
    };

    const connect = async () => {
      try {
        const response = await api.openStream('/notifications/stream', undefined, controller.signal);
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        const parser = createParser({
          onEvent: (message) => {
            if (message.event === 'unread' || message.event === 'notification') refresh();
            if (message.event === 'notification') refreshWhatChanged(message.data);
          },
        });
        setConnected(true);
        retryMs = FIRST_RETRY_MS;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // Refused or dropped: try again below unless we are leaving.
      }
      setConnected(false);
      if (controller.signal.aborted) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    void connect();

    return () => {
      controller.abort();
      clearTimeout(timer);
      setConnected(false);
    };
  }, [enabled, queryClient]);

  return connected;
}
