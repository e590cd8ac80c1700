import { buildApp } from './app';
import { ConfigError, loadConfigFromProcess } from './config';

/** Reads the environment, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stops accepting connections, waits for in-flight requests, then runs onClose hooks
    // (the database is closed last).
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicOrigin,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      identityProvider: config.oidc.kind,
    },
    'Podium is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
