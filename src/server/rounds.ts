import type { FastifyInstance } from 'fastify';

/**
 * Runs `round` every `intervalMs` and once when the app is ready, never two at once on this
 * instance (a round still running skips the tick), and waits for the one under way on close.
 * Every instance runs its own; the database decides who does what (reminders, retention).
 */
export function startRounds(
  app: FastifyInstance,
  options: {
    name: string;
    intervalMs: number;
    round: () => Promise<unknown>;
    /** Runs on close, once the round under way has ended. */
    afterLastRound?: () => void;
  },
): void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = options
      .round()
      .catch((error: unknown) => app.log.warn({ err: error }, `${options.name} round failed`))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  app.addHook('onReady', () => void tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    options.afterLastRound?.();
  });
}
