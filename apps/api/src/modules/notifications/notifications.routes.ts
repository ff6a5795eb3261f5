import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkReadBodySchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationPreferencesBodySchema,
  NotificationPreferencesResponseSchema,
  UnreadCountSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { startNotificationHub, type NotificationHub } from './notifications.hub.ts';
import {
  listFor,
  markReadFor,
  notificationsContext,
  preferencesFor,
  registerNotificationJobs,
  savePreferencesFor,
  streamedNotification,
  unreadFor,
} from './notifications.service.ts';

const tags = ['notifications'];
/** Everyone signed in has notifications; each reads and changes only their own. */
const own = { policy: 'authenticated' as const };
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * Notifications (docs/product/api.md `GET /notifications` · `POST /notifications/read` ·
 * `GET /notifications/stream` · `GET|PUT /notifications/preferences`). Every route works on the
 * caller's own notifications only: there is no id of anyone else's to ask for.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = notificationsContext(app);
  registerNotificationJobs(app);

  let hub: NotificationHub | null = null;
  app.addHook('onReady', async () => {
    hub = await startNotificationHub(app);
  });
  // Open streams would hold the server open: end them before it closes.
  app.addHook('preClose', async () => hub?.endStreams());
  app.addHook('onClose', async () => hub?.close());

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListResponseSchema, ...COMMON_ERRORS },
      },
      config: own,
    },
    (req) => listFor(ctx, req.actor, req.query),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Marks the given notifications (or all) of the caller read',
        body: MarkReadBodySchema,
        response: { 200: UnreadCountSchema, ...COMMON_ERRORS },
      },
      config: own,
    },
    (req) => markReadFor(ctx, req.actor, req.body),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'How the caller wants each kind their role can get: in the app, by mail, both or neither',
        response: { 200: NotificationPreferencesResponseSchema, ...COMMON_ERRORS },
      },
      config: own,
    },
    (req) => preferencesFor(ctx, req.actor),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Saves the caller’s choices for the kinds given',
        body: NotificationPreferencesBodySchema,
        response: { 200: NotificationPreferencesResponseSchema, ...COMMON_ERRORS },
      },
      config: own,
    },
    (req) => savePreferencesFor(ctx, req.actor, req.body.preferences),
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: `unread` at once, then `notification` for each new one (bearer token; use fetch streaming)',
        produces: ['text/event-stream'],
        response: { ...COMMON_ERRORS },
      },
      config: own,
    },
    async (req, reply) => {
      const { userId } = req.actor;
      const unread = await unreadFor(ctx, userId);
      const res = reply.raw;
      // The headers set so far (security, CORS) go out with the stream's own.
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      send('unread', { unread });

      const unsubscribe = hub!.subscribe(userId, (id) => {
        streamedNotification(ctx, userId, id)
          .then((event) => event && send('notification', event))
          .catch((err: unknown) => req.log.warn({ err }, 'could not stream a notification'));
      });
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const end = () => {
        clearInterval(keepAlive);
        unsubscribe();
        untrack();
        if (!res.writableEnded) res.end();
      };
      const untrack = hub!.track(end);
      req.raw.on('close', end);
    },
  );
};

export default notificationsRoutes;
