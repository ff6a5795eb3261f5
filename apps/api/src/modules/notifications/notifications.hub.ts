import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_CHANNEL } from './notifications.repository.ts';

type Listener = (notificationId: string) => void;

/**
 * Tells this instance's open streams about new notifications, wherever they were made: every
 * instance LISTENs on one PostgreSQL channel (on the embedded database, in its one session), and the job
 * that inserts a notification NOTIFYs in the same transaction. No instance keeps what another
 * needs (docs/operations/configuration.md).
 */
export interface NotificationHub {
  subscribe(userId: string, listener: Listener): () => void;
  /** Ends every open stream (before the server closes, so no stream holds it open). */
  endStreams(): void;
  /** A stream's way to be ended by endStreams. */
  track(end: () => void): () => void;
  close(): Promise<void>;
}

export async function startNotificationHub(app: FastifyInstance): Promise<NotificationHub> {
  const listeners = new Map<string, Set<Listener>>();
  const streams = new Set<() => void>();
  let closed = false;

  const dispatch = (payload: string) => {
    try {
      const { id, userId } = JSON.parse(payload) as { id: string; userId: string };
      for (const listener of listeners.get(userId) ?? []) listener(id);
    } catch (err) {
      app.log.warn({ err, payload }, 'unreadable notification announcement');
    }
  };

  let stopListening: () => Promise<void>;
  if (app.database.session) {
    stopListening = await app.database.session.listen(NOTIFICATION_CHANNEL, dispatch);
  } else {
    // A dedicated connection: a pooled one would be handed to others and lose the LISTEN.
    const { default: pg } = await import('pg');
    const { connectionString } = app.database;
    if (!connectionString) throw new Error('notification listener: no PostgreSQL connection string');
    let connection: InstanceType<typeof pg.Client> | null = null;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString, application_name: 'vbuilder-notifications' });
      next.on('notification', (message) => {
        if (message.channel === NOTIFICATION_CHANNEL && message.payload) dispatch(message.payload);
      });
      next.on('error', (err) => {
        app.log.warn({ err }, 'notification listener lost its connection; reconnecting');
        void next.end().catch(() => {});
        if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
      });
      await next.connect();
      await next.query(`listen ${NOTIFICATION_CHANNEL}`);
      connection = next;
    };
    await connect();
    stopListening = async () => {
      await connection?.end().catch(() => {});
    };
  }

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    track(end) {
      streams.add(end);
      return () => streams.delete(end);
    },
    endStreams() {
      for (const end of [...streams]) end();
    },
    async close() {
      closed = true;
      await stopListening();
    },
  };
}
