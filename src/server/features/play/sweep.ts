import type { FastifyInstance } from 'fastify';
import { sweepExpiredAttempts } from './closing';
import type { PlayDeps } from './play-deps';

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Every 30 s, closes attempts whose time ran out and that nobody reads (reads close them
 * lazily too). Row locks make it safe when several instances sweep at once.
 */
export function startAttemptSweep(app: FastifyInstance, deps: PlayDeps): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredAttempts(deps)
      .catch((error: unknown) => app.log.warn({ err: error }, 'attempt sweep failed'))
      .finally(() => (running = null));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
