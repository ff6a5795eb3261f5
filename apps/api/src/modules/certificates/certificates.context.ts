import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { createFileStore, type FileStore } from '../../lib/files.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * What giving or revoking a certificate sets off, written in the transaction that gives or
 * revokes it (docs/architecture/effects.md): the holder's notice through the job queue and the
 * "certificate given" mail through the mailer's outbox. The modules whose changes give
 * certificates by the assessment's rule (attempts, submissions, release, regrades) pass it to
 * giveOnPass with their transaction.
 */
export interface CertificateEffects {
  jobs: JobQueue;
  mailer: Mailer;
  /** The public address the mail's links and the verification address start with. */
  baseUrl: string;
}

export const certificateEffects = (app: FastifyInstance): CertificateEffects => ({
  jobs: app.jobs,
  mailer: app.mailer,
  baseUrl: publicUrl(app.config),
});

/** What the certificates module needs from the app. */
export interface CertificatesContext extends CertificateEffects {
  db: Db;
  clock: Clock;
  files: FileStore;
}

export const certificatesContext = (app: FastifyInstance): CertificatesContext => ({
  ...certificateEffects(app),
  db: app.db,
  clock: app.clock,
  files: createFileStore(app.config),
});
