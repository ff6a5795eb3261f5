import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { safeLogOptions } from './lib/log-options.ts';
import errorsPlugin from './plugins/errors.ts';
import jsonBodyPlugin from './plugins/json-body.ts';
import storedTextPlugin from './plugins/stored-text.ts';
import securityPlugin from './plugins/security.ts';
import compressionPlugin from './plugins/compression.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import multipartPlugin from './plugins/multipart.ts';
import swaggerPlugin from './plugins/swagger.ts';
import spaPlugin from './plugins/spa.ts';
import authPlugin from './plugins/auth.ts';
import oidcPlugin from './plugins/oidc.ts';
import healthRoutes from './modules/health.routes.ts';
import dashboardRoutes from './modules/dashboard/dashboard.routes.ts';
import profileRoutes from './modules/profile/profile.routes.ts';
import mailPlugin from './modules/mail/mailer.ts';
import jobsPlugin, { type JobsOptions } from './jobs/queue.ts';
import accountsRoutes from './modules/accounts/accounts.routes.ts';
import organizationsRoutes from './modules/organizations/organizations.routes.ts';
import schoolSignInRoutes from './modules/school-sign-in/school-sign-in.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import questionTypesRoutes from './modules/question-types/question-types.routes.ts';
import questionImagesRoutes from './modules/question-images/question-images.routes.ts';
import aiRoutes from './modules/ai/ai.routes.ts';
import aiAssistantRoutes from './modules/ai/ai-assistant.routes.ts';
import assessmentsRoutes from './modules/assessments/assessments.routes.ts';
import submissionsRoutes from './modules/submissions/submissions.routes.ts';
import regradesRoutes from './modules/regrades/regrades.routes.ts';
import attemptsRoutes from './modules/attempts/attempts.routes.ts';
import accommodationsRoutes from './modules/accommodations/accommodations.routes.ts';
import releaseRoutes from './modules/release/release.routes.ts';
import { scheduleReleaseSweeper } from './modules/release/release-sweeper.ts';
import { scheduleDeadlineCloser } from './modules/attempts/deadline-closer.ts';
import plansRoutes from './modules/plans/plans.routes.ts';
import paymentsRoutes from './modules/payments/payments.routes.ts';
import { scheduleBillingClock } from './modules/payments/billing-clock.ts';
import { handleInvoiceMails } from './modules/payments/payments.requests.ts';
import certificateIssuerRoutes from './modules/certificates/certificates.issuer.routes.ts';
import certificatesRoutes from './modules/certificates/certificates.routes.ts';
import notificationsRoutes from './modules/notifications/notifications.routes.ts';
import questionBankRoutes from './modules/question-bank/question-bank.routes.ts';
import questionExportsRoutes from './modules/question-exports/question-exports.routes.ts';
import questionImportsRoutes from './modules/question-imports/question-imports.routes.ts';
import markingQueueRoutes from './modules/marking-queue/marking-queue.routes.ts';
import ltiRoutes from './modules/lti/lti.routes.ts';

export interface AppDependencies {
  /** An already opened database (tests); otherwise one is opened from the config. */
  database?: Database;
  clock?: Clock;
  /** Pino logger options; false silences the logger (tests). */
  logger?: boolean | object;
  /**
   * How often attempts past their deadline are submitted (ms); false: never. Default 15 s, and
   * off when NODE_ENV is 'test' (tests call closeExpiredAttempts themselves).
   */
  deadlineCloserMs?: number | false;
  /**
   * How often the billing clock runs (renewal reminders, lapses; ms); false: never. Default
   * BILLING_CLOCK_INTERVAL_MS (15 minutes; 0 turns it off), and off when NODE_ENV is 'test' (tests
   * call runBillingClock with the time they want).
   */
  billingClockMs?: number | false;
  /**
   * The job queue (apps/api/src/jobs): workers on by default, off when NODE_ENV is 'test' or
   * JOBS_WORK is false (jobs wait in the database; a test runs them with `app.jobs.drain()` or
   * turns workers on).
   */
  jobs?: Partial<JobsOptions>;
  /** The least time between two fetches of one LTI platform's key set (ms); 30 s by default. */
  ltiKeySetCooldownMs?: number;
}

/**
 * Whether a package can be imported from here. pino-pretty is a devDependency: `npm start` on a
 * production install (without dev dependencies) logs JSON instead of failing on a missing transport.
 */
function isInstalled(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops" (proxy-addr's rule). */
function fastifyTrustProxy(trust: Config['TRUST_PROXY']) {
  if (typeof trust !== 'number') return trust;
  return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
}

/** Wires plugins and modules; no business logic lives here. */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      ...safeLogOptions,
      ...(config.NODE_ENV === 'development' && process.stdout.isTTY && isInstalled('pino-pretty')
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
        : {}),
    },
    // Off unless configured: otherwise any client could choose its address.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DB_POOL_SIZE,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', deps.clock ?? systemClock);
  if (!deps.database) app.addHook('onClose', () => database.close());

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(storedTextPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  await app.register(authPlugin);
  await app.register(swaggerPlugin);
  await app.register(jobsPlugin, {
    // JOBS_WORK=false: a web-only instance, whose jobs another instance runs.
    work: config.NODE_ENV !== 'test' && config.JOBS_WORK,
    pollingSeconds: config.NODE_ENV === 'test' ? 0.5 : 2,
    retryDelaySeconds: config.NODE_ENV === 'test' ? 1 : 30,
    ...deps.jobs,
  });
  // After the jobs: the mailer delivers through the queue.
  await app.register(mailPlugin);
  await app.register(oidcPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(organizationsRoutes, { prefix: '/api' });
  await app.register(schoolSignInRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(questionTypesRoutes, { prefix: '/api' });
  await app.register(questionImagesRoutes, { prefix: '/api' });
  await app.register(aiRoutes, { prefix: '/api' });
  await app.register(aiAssistantRoutes, { prefix: '/api' });
  await app.register(assessmentsRoutes, { prefix: '/api' });
  await app.register(submissionsRoutes, { prefix: '/api' });
  await app.register(regradesRoutes, { prefix: '/api' });
  await app.register(attemptsRoutes, { prefix: '/api' });
  await app.register(accommodationsRoutes, { prefix: '/api' });
  await app.register(releaseRoutes, { prefix: '/api' });
  await app.register(plansRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(certificatesRoutes, { prefix: '/api' });
  // did:web fixes the issuer documents' addresses: /orgs/<id>/did.json, beside /api.
  await app.register(certificateIssuerRoutes);
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(questionBankRoutes, { prefix: '/api' });
  await app.register(questionImportsRoutes, { prefix: '/api' });
  await app.register(markingQueueRoutes, { prefix: '/api' });
  await app.register(questionExportsRoutes, { prefix: '/api' });
  await app.register(ltiRoutes, { prefix: '/api', keySetCooldownMs: deps.ltiKeySetCooldownMs });
  // The periodic tasks are jobs of the queue (app.jobs.every): one run per period across every
  // instance, none where workers are off. Off in tests, which call their functions with their clock.
  const closerMs = deps.deadlineCloserMs ?? (config.NODE_ENV === 'test' ? false : undefined);
  scheduleDeadlineCloser(
    app,
    closerMs === undefined || closerMs === false ? closerMs : Math.max(1, Math.round(closerMs / 1000)),
  );
  // Results of 'afterWindow' assessments are released (students told) at the window's end.
  scheduleReleaseSweeper(app, closerMs === false ? false : undefined);
  const billingClockMs =
    deps.billingClockMs ??
    (config.NODE_ENV === 'test' || config.BILLING_CLOCK_INTERVAL_MS === 0
      ? false
      : config.BILLING_CLOCK_INTERVAL_MS);
  scheduleBillingClock(app, billingClockMs);
  handleInvoiceMails(app);

  await app.register(spaPlugin, { webDist: config.WEB_DIST });
  return app;
}
