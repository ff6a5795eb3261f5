import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, mailOutbox } from '../../db/schema/index.ts';

/** Test helpers shared by the users module's test files. */

export const mailsTo = (app: FastifyInstance, to: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

/** The token of the invitation link in a mail's text (fails the test when there is none). */
export const invitationToken = (text: string): string | null => {
  const match = /http:\/\/localhost:3999\/resetpassword\?token=([A-Za-z0-9_%-]+)&invite=1/.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
};

export const auditOf = (app: FastifyInstance, targetId: string) =>
  app.db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(asc(auditEvents.at));

let ip = 0;
/** A fresh client address, so per-address rate limits of public routes never bite across tests. */
export const nextAddress = () => `10.3.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
