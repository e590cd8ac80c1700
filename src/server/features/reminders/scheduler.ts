import type { FastifyInstance } from 'fastify';
import { runReminderRound, type ReminderDeps } from './service';

const ROUND_INTERVAL_MS = 30_000;

/**
 * Every 30 s, and once at start-up (catching up what came due while no server ran), plans and
 * sends the reminders that are due. Every instance runs it; the database's unique key and
 * claims decide who sends what (ADR 0020), so nothing is held in this process's memory.
 */
export function startReminderScheduler(app: FastifyInstance, deps: ReminderDeps): void {
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = runReminderRound(deps)
      .catch((error: unknown) => app.log.warn({ err: error }, 'reminder round failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(round, ROUND_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', () => void round());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    deps.mailer.close();
  });
}
