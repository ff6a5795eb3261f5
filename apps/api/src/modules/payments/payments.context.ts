// What the payments module needs from the app (the module's map: README.md beside this file).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { publicUrl, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { createFileStore, type FileStore } from '../../lib/files.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the payment rules need from the app (built once per app by paymentsContext). */
export interface PaymentsContext {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  files: FileStore;
  config: Config;
  baseUrl: string;
  log: FastifyBaseLogger;
  /**
   * The job queue: a change writes its notices in its own transaction through it (the
   * Administrators' bell hears of invoices, activations, renewals; docs/architecture/effects.md).
   */
  jobs: JobQueue;
}

export const paymentsContext = (app: FastifyInstance): PaymentsContext => ({
  db: app.db,
  clock: app.clock,
  mailer: app.mailer,
  files: createFileStore(app.config),
  config: app.config,
  baseUrl: publicUrl(app.config),
  log: app.log,
  jobs: app.jobs,
});
