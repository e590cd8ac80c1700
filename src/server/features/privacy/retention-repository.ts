import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Each season's last day (YYYY-MM-DD): the last week's closing date. */
export async function seasonLastDays(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select max(closes_on)::text as last_day from weeks group by season_id`,
  );
  // PGlite and node-postgres both answer raw queries with { rows }.
  return (result as unknown as { rows: { last_day: string }[] }).rows.map((row) => row.last_day);
}

/**
 * A player not erased who has not signed in since `cutoff`, locked for the caller's transaction;
 * rows another instance holds are skipped, not waited for.
 */
export async function claimStalePlayer(db: Database, cutoff: Date): Promise<string | null> {
  const result = await db.execute(sql`
    select id from players
    where erased_at is null and last_sign_in_at < ${cutoff.toISOString()}::timestamptz
    order by last_sign_in_at
    limit 1
    for update skip locked`);
  const [row] = (result as unknown as { rows: { id: string }[] }).rows;
  return row?.id ?? null;
}
