import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss, fromDrizzle, fromPglite, type Job, type PGliteLike, type Queue } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';

/**
 * The durable job queue (docs/architecture/effects.md#the-job-queue): pg-boss, on the app's own database, PostgreSQL or the embedded PGlite. A job sent inside the
 * caller's transaction exists exactly when the change commits; a job taken by a process that
 * dies is given back after its expiry by whichever instance supervises next, so a crash loses
 * none. A handler that throws is retried with exponential back-off.
 *
 * Promptness: a new job wakes the workers through LISTEN/NOTIFY when its transaction commits (and
 * wake() does so in this process without the round trip); a worker that found a job looks again at
 * once, until the queue is empty. Only then does it wait for the next poll: pg-boss's own loop
 * would wait out the poll after every job, so a burst of jobs whose notifications all arrived
 * while a worker was busy drained at one job per poll (20 mails took 3 minutes). The
 * polls remain for jobs that become due without a notification: retries, and those of a dead process.
 */

export interface JobOptions {
  /** Send inside this transaction: the job exists only if it commits. */
  tx?: DbOrTx;
  /** Run no earlier than this. */
  startAfter?: Date;
  /** A job id (uuid) that makes the send idempotent: a second send with it adds nothing. */
  id?: string;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface QueueSettings {
  /** How many times a failed job is tried again (back-off doubles from retryDelaySeconds). */
  retryLimit?: number;
  /** Jobs of this queue run side by side in this process (default 1). */
  concurrency?: number;
}

/** A periodic task's handler: the time it runs is the app's clock, read by the task itself. */
export type PeriodicHandler = () => Promise<void>;

export interface JobQueue {
  /** Declares a queue and its handler; call while the app registers its plugins. */
  handle<T extends object>(name: string, handler: JobHandler<T>, settings?: QueueSettings): void;
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Runs, in this process, every job that is ready now until none is left (tests that run with
   * workers off: deterministic, no timers). Failed jobs are recorded as failed (retry later).
   * `names`: only those queues' jobs (the mailer's idle()), else every queue's.
   */
  drain(names?: string[]): Promise<void>;
  /**
   * Wakes this process's idle workers of a queue to look for jobs now: after a send whose
   * transaction has committed, so its job starts at once whether or not LISTEN/NOTIFY reaches
   * this process. Nothing when workers are off.
   */
  wake(name: string): void;
  /**
   * Runs `handler` every `seconds` (false: never, and a schedule an earlier start left is removed),
   * once per period across every instance: a pg-boss schedule on the shared database sends one job
   * per period and one worker anywhere runs it, never two at once (a singleton queue). A run that
   * fails is logged and not retried: the next period runs it again. Nothing runs where workers are
   * off (tests call the task's function with the time they want).
   */
  every(name: string, seconds: number | false, handler: PeriodicHandler): void;
}

export interface JobsOptions {
  /** Run workers that poll for jobs; off, jobs wait in the database (or for drain()). */
  work: boolean;
  /** How often an idle worker looks again when no notification woke it (s, ≥ 0.5). */
  pollingSeconds: number;
  /** The first retry's delay (s); each further one doubles it, up to an hour. */
  retryDelaySeconds: number;
  /**
   * How often the schedule pass looks for periodic tasks that are due (s, 1–45; default 5): a
   * periodic run is at most that late. Tests of the schedules themselves set 1.
   */
  scheduleCheckSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * pg-boss on the database the app uses: the embedded database's one session (its own connections
 * would wait behind the app's, see db/embedded.ts), or its own pool to the same PostgreSQL server.
 */
function bossFor(database: Database, options: JobsOptions): PgBoss {
  const common = {
    useListenNotify: true,
    // Schedules and maintenance (expiring jobs of dead workers, retention) only where workers run,
    // so a test app without workers leaves no timers.
    schedule: options.work,
    // The schedule pass (claimed by one instance at a time) looks every few seconds, so a periodic
    // run is at most that late.
    cronMonitorIntervalSeconds: options.scheduleCheckSeconds ?? 5,
    cronWorkerIntervalSeconds: options.scheduleCheckSeconds ?? 5,
    supervise: options.work,
    application_name: 'vbuilder-jobs',
  } as const;
  if (database.session) {
    return new PgBoss({ ...common, db: fromPglite(database.session as PGliteLike), backend: 'pglite' });
  }
  if (!database.connectionString) throw new Error('job queue: no PostgreSQL connection string');
  return new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
}

export default fp(
  async function jobsPlugin(app: FastifyInstance, options: JobsOptions) {
    const boss = bossFor(app.database, options);
    boss.on('error', (err: unknown) => app.log.error({ err }, 'job queue error'));
    const handlers = new Map<string, { handler: JobHandler<object>; settings: QueueSettings }>();
    /** Periodic tasks by queue name: their period in seconds, or false to remove the schedule. */
    const periods = new Map<string, number | false>();
    /** Each queue's workers in this process, by pg-boss worker id. */
    const workers = new Map<string, string[]>();
    let started = false;

    const queueOptions = (settings: QueueSettings): Omit<Queue, 'name'> => ({
      retryLimit: settings.retryLimit ?? 10,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // A worker that died mid-job: another instance takes it again after this long.
      expireInSeconds: 120,
      notify: true,
    });

    const run = async (name: string, job: Job<object>) => {
      const entry = handlers.get(name);
      if (!entry) throw new Error(`No handler for the job queue ${name}`);
      await entry.handler(job.data, { id: job.id, retryCount: job.retryCount });
    };

    const queue: JobQueue = {
      handle(name, handler, settings = {}) {
        if (started) throw new Error(`The job queue ${name} is declared after the app started`);
        handlers.set(name, { handler: handler as JobHandler<object>, settings });
      },
      async send(name, data, { tx, startAfter, id } = {}) {
        await boss.send(name, data, {
          ...(tx ? { db: fromDrizzle(tx as never, sql as never) } : {}),
          ...(startAfter ? { startAfter } : {}),
          ...(id ? { id } : {}),
        });
      },
      async drain(names) {
        for (let more = true; more;) {
          more = false;
          for (const name of names ?? handlers.keys()) {
            const jobs = await boss.fetch<object>(name, { batchSize: 20 });
            for (const job of jobs) {
              more = true;
              try {
                await run(name, job);
                await boss.complete(name, job);
              } catch (err) {
                await boss.fail(name, job, { message: err instanceof Error ? err.message : String(err) });
              }
            }
          }
        }
      },
      wake(name) {
        for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
      },
      every(name, seconds, handler) {
        if (started) throw new Error(`The periodic task ${name} is declared after the app started`);
        if (seconds !== false && !(Number.isInteger(seconds) && seconds >= 1)) {
          throw new Error(`The periodic task ${name} needs a whole number of seconds, not ${seconds}`);
        }
        periods.set(name, seconds);
        handlers.set(name, {
          handler: async () => {
            try {
              await handler();
            } catch (err) {
              app.log.error({ err, task: name }, 'A periodic task failed; it runs again next period');
            }
          },
          settings: { retryLimit: 0 },
        });
      },
    };
    app.decorate('jobs', queue);

    app.addHook('onReady', async () => {
      await boss.start();
      started = true;
      for (const [name, { settings }] of handlers) {
        const existing = await boss.getQueue(name);
        if (existing) await boss.updateQueue(name, queueOptions(settings));
        else {
          // A periodic task's queue holds one job at a time, so two instances never run it at once.
          const policy = periods.has(name) ? { policy: 'singleton' as const } : {};
          await boss.createQueue(name, { ...queueOptions(settings), ...policy });
        }
        if (!options.work) continue;
        const period = periods.get(name);
        if (period === false) await boss.unschedule(name);
        else if (period !== undefined) {
          // An RFC 5545 rule rather than cron, whose finest step is a minute.
          await boss.schedule(name, `FREQ=SECONDLY;INTERVAL=${period}`, {}, { tz: 'UTC' });
        }
        const ids: string[] = [];
        workers.set(name, ids);
        // One pg-boss worker per slot, each knowing its own id, so that it can wake itself.
        for (let slot = 0; slot < (settings.concurrency ?? 1); slot++) {
          let id = '';
          id = await boss.work<object>(
            name,
            {
              pollingIntervalSeconds: options.pollingSeconds,
              // New jobs wake workers at once (LISTEN/NOTIFY, wake()); retries due later send no
              // notification, so idle workers still look every few polls.
              notifyPollingIntervalSeconds: options.pollingSeconds * 5,
              batchSize: 1,
            },
            async ([job]) => {
              try {
                if (job) await run(name, job);
              } finally {
                // It found a job, so there may be more: look again at once (after pg-boss has
                // completed or failed this one) instead of after the poll's delay.
                if (id) boss.notifyWorker(id);
              }
            },
          );
          ids.push(id);
        }
      }
    });
    // Waits for running handlers (a mail being sent), then stops polling; the database is closed
    // after this by its owner.
    app.addHook('onClose', async () => {
      if (started) await boss.stop({ graceful: true, timeout: 10_000, close: true });
    });
  },
  { name: 'jobs' },
);
