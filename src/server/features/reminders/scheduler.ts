import type { FastifyInstance } from 'fastify';
import { startRounds } from '../../rounds';
import { runReminderRound, type ReminderDeps, type RemindersPlanned } from './service';

const ROUND_INTERVAL_MS = 30_000;

/**
 * Every 30 s, and once at start-up (catching up what came due while no server ran), plans and
 * sends the reminders that are due. Every instance runs it; the database's unique key and
 * claims decide who sends what (ADR 0020). This process keeps only when it planned each due
 * reminder, so that later rounds look at the players changed since.
 */
export function startReminderScheduler(app: FastifyInstance, deps: ReminderDeps): void {
  const planned: RemindersPlanned = new Map();
  startRounds(app, {
    name: 'reminder',
    intervalMs: ROUND_INTERVAL_MS,
    round: () => runReminderRound(deps, planned),
    afterLastRound: () => deps.mailer.close(),
  });
}
