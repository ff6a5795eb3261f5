import type { LanguageCode, Role } from '@vbuilder/shared';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Policy } from './plugins/authorize.ts';

/** Who is calling, built from the database on every request (never from the browser). */
export interface Actor {
  userId: string;
  organizationId: string | null;
  role: Role;
  /** The identity provider session id of the token (docs/product/data.md 'session id'). */
  sessionId: string | null;
  /** The language the user reads (profile); answers, mail and files for them are written in it. */
  language: LanguageCode;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    clock: Clock;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on every route whose policy is not 'public'. */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; a route without one fails at startup. */
    policy?: Policy;
    /**
     * The handler checks the caller's account (active, role) in its own statement, so the auth
     * hook builds the actor from the verified token without reading the database: for the
     * exam-day hot path only (the autosave), where that read was a third of the work.
     */
    accountCheckedByHandler?: boolean;
  }
}
