import { buildApp } from './app';
import { ConfigError, loadConfigFromProcess } from './config';
import { createReadiness } from './http/health';
import { EXIT_CODES, StartUpError } from './start-up-error';

/**
 * Reads the environment, listens, and shuts down without dropping a request (ADR 0016).
 *
 * SIGTERM: `/health/ready` answers 503 at once while the server goes on accepting and serving
 * for SHUTDOWN_DRAIN_SECONDS, long enough for the load balancer to stop sending it requests;
 * then it stops listening, finishes the requests under way, closes the database and exits 0.
 * SIGINT (Ctrl-C at a terminal) skips the drain. A second signal, or SHUTDOWN_TIMEOUT_SECONDS
 * after the listener closed, ends the process at once with 1.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(EXIT_CODES.configuration);
    }
    throw error;
  }

  const readiness = createReadiness();
  const app = await buildApp(config, { readiness }).catch((error: unknown) => {
    // A cause outside the code (no database, no season file): one line and its exit code,
    // not a stack trace (docs/operations.md, "Exit codes").
    if (!(error instanceof StartUpError)) throw error;
    console.error(`Podium cannot start: ${error.message}`);
    process.exit(error.exitCode);
  });
  const { drainMs, timeoutMs } = config.shutdown;
  let stopping = false;
  const stop = () => {
    app.log.info('draining done: no longer accepting connections, finishing requests under way');
    const forceExit = setTimeout(() => {
      app.log.error(`requests still under way ${timeoutMs / 1000} s after the drain; exiting`);
      process.exit(1);
    }, timeoutMs);
    forceExit.unref();
    // Stops listening, waits for the requests under way, then runs the onClose hooks (the
    // database is closed last).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal while shutting down; exiting now');
      process.exit(1);
    }
    stopping = true;
    readiness.drain();
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    app.log.info({ signal, drainMs: drain }, 'shutting down: /health/ready answers 503');
    setTimeout(stop, drain);
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
