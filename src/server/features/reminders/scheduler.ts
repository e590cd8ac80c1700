import type { FastifyInstance } from 'fastify';
import { runReminderRound, type ReminderDeps, type RemindersPlanned } from './service';

const ROUND_INTERVAL_MS = 30_000;

/**
 * Every 30 s, and once at start-up (catching up what came due while no server ran), plans and
 * sends the reminders that are due. Every instance runs it; the database's unique key and
 * claims decide who sends what (ADR 0020). This process keeps only when it planned each due
 * reminder, so that later rounds look at the players changed since.
 */
export function startReminderScheduler(app: FastifyInstance, deps: ReminderDeps): void {
  let running: Promise<unknown> | null = null;
  const planned: RemindersPlanned = new Map();
  const round = () => {
    if (running) return;
    running = runReminderRound(deps, planned)
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
