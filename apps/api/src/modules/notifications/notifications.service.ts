import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_DELIVERY,
  KINDS_MAILED_BY_THEIR_MODULE,
  notificationKindsFor,
  type MarkReadBody,
  type NotificationDelivery,
  type NotificationKind,
  type NotificationListResponse,
  type NotificationPreferencesResponse,
  type Role,
} from '@vbuilder/shared';
import { publicUrl } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Actor } from '../../types.d.ts';
import { openingSoonAt, resolveNotice, uuidOf, type NotificationEvent } from './notifications.events.ts';
import { notificationMail } from './notifications.mails.ts';
import { toNotification } from './notifications.mapper.ts';
import {
  announce,
  countUnread,
  findNotification,
  findRecipients,
  insertNotification,
  listNotifications,
  markMailed,
  markRead,
  preferencesOf,
  savePreferences,
} from './notifications.repository.ts';

export type { NotificationEvent } from './notifications.events.ts';

/** The job that turns an event into notification rows (and mail jobs). */
export const EVENT_QUEUE = 'notifications-event';
/** The job that mails one notification; retried with back-off when the SMTP server refuses. */
export const MAIL_QUEUE = 'notifications-mail';

/** See KINDS_MAILED_BY_THEIR_MODULE (shared): their notification is in the app only. */
export const MAILED_BY_THEIR_MODULE: ReadonlySet<NotificationKind> = new Set(KINDS_MAILED_BY_THEIR_MODULE);

/**
 * Records that something happened, for the people it concerns to be told. With `tx`, inside the
 * caller's transaction: the job exists exactly when the change commits. `key` names the event
 * (the same key twice is one event); a new one by default.
 */
export async function emitNotification(
  jobs: JobQueue,
  event: NotificationEvent,
  options: { tx?: DbOrTx; startAfter?: Date; key?: string } = {},
): Promise<void> {
  const key = options.key ?? randomUUID();
  await jobs.send(
    EVENT_QUEUE,
    { event, key },
    {
      ...(options.tx ? { tx: options.tx } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      id: uuidOf(`${event.kind}:${key}`),
    },
  );
}

/**
 * Schedules the "opening soon" reminder of a published assessment (once per opening time: a
 * second call for the same time adds nothing; a reminder for a time changed since does nothing).
 */
export async function scheduleOpeningSoon(
  jobs: JobQueue,
  tx: DbOrTx,
  assessment: { id: string; status: string; startsAt: Date | null },
  now: Date,
): Promise<void> {
  const at = assessment.status === 'published' ? openingSoonAt(assessment.startsAt, now) : null;
  if (!at || !assessment.startsAt) return;
  const opensAt = assessment.startsAt.toISOString();
  await emitNotification(
    jobs,
    { kind: 'assessment_opening_soon', assessmentId: assessment.id, opensAt },
    { tx, startAfter: at, key: `${assessment.id}:${opensAt}` },
  );
}

export interface NotificationsContext {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  baseUrl: string;
}

export const notificationsContext = (app: FastifyInstance): NotificationsContext => ({
  db: app.db,
  clock: app.clock,
  jobs: app.jobs,
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
});

const delivers = (delivery: NotificationDelivery) => ({
  inApp: delivery === 'both' || delivery === 'in_app',
  mail: delivery === 'both' || delivery === 'mail',
});

/**
 * The event job: the rows for exactly the people the event concerns, each as they chose, their
 * mail jobs and the announcement to open browsers, all in one transaction; run twice (a crash
 * before the job was marked done), the event key makes the second run add nothing.
 */
export async function fanOut(ctx: NotificationsContext, data: { event: NotificationEvent; key: string }) {
  const { event, key } = data;
  const notice = await resolveNotice(ctx.db, event);
  if (!notice || notice.recipients.length === 0) return;
  const chosen = new Map(
    (
      await preferencesOf(
        ctx.db,
        notice.recipients.map((r) => r.id),
      )
    )
      .filter((p) => p.kind === notice.kind)
      .map((p) => [p.userId, p.delivery as NotificationDelivery]),
  );
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const recipient of notice.recipients) {
      const { inApp, mail } = delivers(chosen.get(recipient.id) ?? DEFAULT_DELIVERY[notice.kind]);
      const mailed = mail && !MAILED_BY_THEIR_MODULE.has(notice.kind);
      if (!inApp && !mailed) continue;
      const row = await insertNotification(tx, {
        userId: recipient.id,
        organizationId: notice.organizationId,
        kind: notice.kind,
        params: notice.params,
        link: notice.link(recipient),
        eventKey: `${event.kind}:${key}`,
        inApp,
        createdAt: now,
      });
      if (!row) continue;
      if (inApp) await announce(tx, row);
      if (mailed) await ctx.jobs.send(MAIL_QUEUE, { notificationId: row.id }, { tx, id: row.id });
    }
  });
}

/** The mail job: one notification's mail, in its recipient's language, sent once. */
export async function mailNotification(ctx: NotificationsContext, data: { notificationId: string }) {
  const row = await findNotification(ctx.db, data.notificationId);
  if (!row || row.mailedAt) return;
  const [recipient] = await findRecipients(ctx.db, [row.userId]);
  if (!recipient) return;
  // Throws when the SMTP server does not take it: the job is retried with back-off.
  await ctx.mailer.deliver(notificationMail(recipient, toNotification(row), ctx.baseUrl));
  await markMailed(ctx.db, row.id, ctx.clock.now());
}

/** Declares the notification jobs on the app's queue (before it starts). */
export function registerNotificationJobs(app: FastifyInstance): void {
  const ctx = notificationsContext(app);
  app.jobs.handle<{ event: NotificationEvent; key: string }>(EVENT_QUEUE, (data) => fanOut(ctx, data));
  app.jobs.handle<{ notificationId: string }>(MAIL_QUEUE, (data) => mailNotification(ctx, data), {
    retryLimit: 12,
  });
}

export async function listFor(
  ctx: NotificationsContext,
  actor: Actor,
  query: { limit: number; unread: boolean; before?: string | undefined },
): Promise<NotificationListResponse> {
  const rows = await listNotifications(ctx.db, actor.userId, {
    limit: query.limit + 1,
    unread: query.unread,
    before: query.before ? new Date(query.before) : undefined,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toNotification),
    unread: await countUnread(ctx.db, actor.userId),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

export async function markReadFor(ctx: NotificationsContext, actor: Actor, body: MarkReadBody) {
  await markRead(ctx.db, actor.userId, 'all' in body ? 'all' : body.ids, ctx.clock.now());
  return { unread: await countUnread(ctx.db, actor.userId) };
}

export const unreadFor = (ctx: NotificationsContext, userId: string) => countUnread(ctx.db, userId);

/** One notification of this person's, for the stream (null when it is not theirs or not listed). */
export async function streamedNotification(ctx: NotificationsContext, userId: string, id: string) {
  const row = await findNotification(ctx.db, id);
  if (!row || row.userId !== userId || !row.inApp) return null;
  return { notification: toNotification(row), unread: await countUnread(ctx.db, userId) };
}

export async function preferencesFor(
  ctx: NotificationsContext,
  actor: Actor,
): Promise<NotificationPreferencesResponse> {
  const saved = new Map(
    (await preferencesOf(ctx.db, [actor.userId])).map((p) => [p.kind, p.delivery as NotificationDelivery]),
  );
  return {
    preferences: notificationKindsFor(actor.role).map((kind) => ({
      kind,
      delivery: saved.get(kind) ?? DEFAULT_DELIVERY[kind],
    })),
  };
}

export async function savePreferencesFor(
  ctx: NotificationsContext,
  actor: Actor,
  preferences: { kind: NotificationKind; delivery: NotificationDelivery }[],
): Promise<NotificationPreferencesResponse> {
  const allowed = new Set<NotificationKind>(notificationKindsFor(actor.role as Role));
  const foreign = preferences.filter((p) => !allowed.has(p.kind));
  if (foreign.length > 0) {
    throw badRequest('validation_error', 'These notification kinds are not sent to your role', {
      kinds: foreign.map((p) => p.kind),
    });
  }
  await savePreferences(ctx.db, actor.userId, preferences, ctx.clock.now());
  return preferencesFor(ctx, actor);
}
