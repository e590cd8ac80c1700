import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { questions, seasons, teams, weeks } from '../../../db/schema';
import { notifyContentChanged } from '../../season/content-cache';

/** The IANA zones the season runs in: every team's, and the season's own. */
export async function listTeamZones(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ timeZone: teams.timeZone }).from(teams);
  return rows.map((row) => row.timeZone);
}

/** Locks the season's row for the rest of the transaction (one calendar edit at a time). */
export async function lockSeason(db: Database, seasonId: string): Promise<void> {
  await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).for('update');
}

export async function updateSeason(
  db: Database,
  seasonId: string,
  values: Pick<
    typeof seasons.$inferInsert,
    'name' | 'productName' | 'timeZone' | 'registrationClosesAt' | 'updatedAt'
  >,
): Promise<void> {
  await db.update(seasons).set(values).where(eq(seasons.id, seasonId));
  await notifyContentChanged(db);
}

export async function updateWeekDates(
  db: Database,
  key: { seasonId: string; setNum: number },
  dates: { opensOn: string; closesOn: string },
): Promise<void> {
  await db
    .update(weeks)
    .set(dates)
    .where(and(eq(weeks.seasonId, key.seasonId), eq(weeks.setNum, key.setNum)));
  await notifyContentChanged(db);
}

/** Every question of a season, by week and slot. */
export async function listSeasonQuestions(db: Database, seasonId: string) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.seasonId, seasonId))
    .orderBy(asc(questions.setNum), asc(questions.kind), asc(questions.position));
}
