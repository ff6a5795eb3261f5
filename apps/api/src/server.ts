import { loadConfig, ConfigError, publicUrl } from './config.ts';
import { buildApp } from './app.ts';
import { formatDemoSeed, hasAnyUser, seedDemo } from './modules/demo/seed-demo.ts';

/** Starts vbuilder: database, migrations, API, identity provider and the built SPA on one port. */
async function main() {
  const config = loadConfig(process.env);
  const app = await buildApp(config);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
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
