import type pg from 'pg';
import type { Database } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/config';
import {
  planDueReminders,
  type RemindersPlanned,
} from '../../src/server/features/reminders/service';
import { findCurrentSeason } from '../../src/server/features/season/repository';

export interface ReminderPlanning {
  /** Reminders the first plan wrote. */
  written: number;
  /** Milliseconds of one instance's first plan, of its next round's, and of a fresh instance's. */
  firstMs: number;
  laterMs: number;
  freshMs: number;
}

/**
 * The reminder scheduler's planning, as one round of an instance runs it (ADR 0020), at `now`:
 * the first plan writes the due reminder of every qualifying player; the same instance's next
 * round looks only at the players changed since; a fresh instance (a restart, another replica)
 * looks at everyone again and writes nothing new. Sending is not measured.
 */
export async function measureReminderPlanning(
  db: Database,
  client: pg.ClientBase,
  now: Date,
): Promise<ReminderPlanning> {
  const current = await findCurrentSeason(db);
  if (!current) throw new Error('the bench database has no current season');
  const { localHour, hoursBeforeClose } = loadConfig({}).reminders;
  const deps = { db, clock: { now: () => now }, times: { localHour, hoursBeforeClose } };
  const plan = async (planned: RemindersPlanned) => {
    const started = performance.now();
    await planDueReminders(deps, current, planned);
    return performance.now() - started;
  };
  const count = async () => {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from reminders');
    return rows[0]!.n;
  };
  const before = await count();
  const planned: RemindersPlanned = new Map();
  const firstMs = await plan(planned);
  const written = (await count()) - before;
  const laterMs = await plan(planned);
  const freshMs = await plan(new Map());
  return { written, firstMs, laterMs, freshMs };
}
