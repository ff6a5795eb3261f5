import { loadConfig, ConfigError, publicUrl } from './config.ts';
import { buildApp } from './app.ts';
import { closeWithin } from './lib/shutdown.ts';
import { formatError } from './lib/log-options.ts';
import { formatDemoSeed, seedDemoOnce } from './modules/demo/seed-demo.ts';

/** Starts vbuilder: database, migrations, API, identity provider and the built SPA on one port. */
async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp(config);

  // Drain, then leave within SHUTDOWN_TIMEOUT whatever still runs; a second signal leaves at once.
  const shutdown = async (signal: string) => {
    app.log.info({ signal, timeoutSeconds: config.SHUTDOWN_TIMEOUT }, 'shutting down');
    process.once(signal, () => process.exit(1));
    const outcome = await closeWithin(() => app.close(), config.SHUTDOWN_TIMEOUT * 1000);
    if (outcome === 'timed-out')
      app.log.warn('requests still running after SHUTDOWN_TIMEOUT: leaving anyway');
    process.exit(outcome === 'closed' ? 0 : 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A new installation gets a demo organization to explore, before the server answers (so a ready
  // server has it), seeded once however many instances start together; its passwords are printed
  // only now, by the instance that made them.
  const seed = config.SEED_DEMO ? await seedDemoOnce(app.db) : null;

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`vbuilder is running at ${publicUrl(config)}`);
  if (seed) console.log(formatDemoSeed(seed, publicUrl(config)));
}

main().catch((error: unknown) => {
  // Never the error object itself: a failing statement's values (a password hash) would be printed.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(formatError(error));
  process.exit(1);
});
