import { loadConfig, ConfigError, publicUrl } from './config.ts';
import { buildApp } from './app.ts';
import { closeWithin } from './lib/shutdown.ts';
import { formatDemoSeed, hasAnyUser, seedDemo } from './modules/demo/seed-demo.ts';

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

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`vbuilder is running at ${publicUrl(config)}`);

  // A new installation gets a demo organization to explore; its passwords are printed only now.
  if (config.SEED_DEMO && !(await hasAnyUser(app.db))) {
    console.log(formatDemoSeed(await seedDemo(app.db), publicUrl(config)));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
