import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@vbuilder/shared';
import { notifications, type UserRow } from '../../db/schema/index.ts';
import { bearer, makeUser, tokenFor } from '../../test/sign-in.ts';

/** Test helpers of the notifications module's test files. */

export interface Member {
  user: UserRow;
  headers: Record<string, string>;
}

export async function member(
  app: FastifyInstance,
  role: Role,
  organizationId: string | null,
  overrides: Partial<UserRow> = {},
): Promise<Member> {
  const user = await makeUser(app, role, organizationId, overrides);
  return { user, headers: bearer(await tokenFor(app, user)) };
}

/** Every notification row of a person (listed or mail-only), oldest first. */
export const rowsOf = (app: FastifyInstance, userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));

/** Polls until `check` answers a value (not undefined/false), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface EventStream {
  headers: Headers;
  events: { event: string | undefined; data: unknown }[];
  close(): void;
}

/**
 * Opens GET /api/notifications/stream over real HTTP with a bearer token (as the web does with
 * fetch streaming) and collects its events as they arrive.
 */
export async function openStream(baseUrl: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream`, { headers, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const events: EventStream['events'] = [];
  // Blocks end with a blank line; `event:` and `data:` lines; comment lines (keep-alive) start with ':'.
  let buffer = '';
  const feed = (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        block.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      const data = field('data');
      if (data !== undefined) events.push({ event: field('event'), data: JSON.parse(data) });
    }
  };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  return { headers: res.headers, events, close: () => controller.abort() };
}
