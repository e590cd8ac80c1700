import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { startRounds } from '../../rounds';
import { erasePlayer } from './erase';
import * as repo from './retention-repository';

const ROUND_INTERVAL_MS = 60 * 60_000;
/** At most this many erasures per round: a first round on an old database does not hog it. */
const BATCH = 500;

export interface RetentionDeps {
  db: Database;
  clock: Clock;
  months: number;
}

/**
 * The instant from which players who have not signed in are kept: the end of the latest season
 * whose last week closed at least `months` ago. A week's last day ends last at UTC−12, so a
 * season ends at noon UTC the day after its last week's last day. Null while no season is old
 * enough.
 *
 * @example retentionCutoff(['2025-03-14'], 6, new Date('2025-09-16T00:00:00Z'))
 *   // 2025-03-15T12:00:00Z: closed on 15 March, six months ago on 16 September
 */
export function retentionCutoff(lastDays: string[], months: number, now: Date): Date | null {
  const ends = lastDays
    .map((day) => {
      const end = new Date(`${day}T12:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      return end;
    })
    .filter((end) => {
      const due = new Date(end);
      due.setUTCMonth(due.getUTCMonth() + months);
      return due <= now;
    });
  return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
}

/**
 * One round: erases, one transaction each, the players not erased who have not signed in since
 * the cutoff. Each is claimed with FOR UPDATE SKIP LOCKED, as reminders are (ADR 0020): several
 * instances run rounds side by side, never take the same player, and never wait for each other.
 * Returns how many this round erased.
 */
export async function runRetentionRound(deps: RetentionDeps): Promise<number> {
  const now = deps.clock.now();
  const cutoff = retentionCutoff(await repo.seasonLastDays(deps.db), deps.months, now);
  if (!cutoff) return 0;
  let erased = 0;
  while (erased < BATCH) {
    const done = await deps.db.transaction(async (tx) => {
      const id = await repo.claimStalePlayer(tx, cutoff);
      if (!id) return false;
      await erasePlayer(tx, id, { kind: 'retention', months: deps.months }, now);
      return true;
    });
    if (!done) break;
    erased += 1;
  }
  return erased;
}

/** Every hour, and once at start-up, on every instance (they share the work, above). */
export function startRetention(app: FastifyInstance, deps: RetentionDeps): void {
  startRounds(app, {
    name: 'retention',
    intervalMs: ROUND_INTERVAL_MS,
    round: async () => {
      const count = await runRetentionRound(deps);
      if (count > 0) app.log.info({ count }, 'retention: players erased');
    },
  });
}
