import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  min,
  sql,
  sum,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attemptAnswers, attempts, questions } from '../../db/schema';
import { memoised } from '../season/content-cache';

export type AttemptRow = typeof attempts.$inferSelect;
export type AnswerRow = typeof attemptAnswers.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** A week's questions, memoised per instance until the questions change (content-cache.ts). */
export async function findWeekQuestions(
  db: Database,
  seasonId: string,
  setNum: number,
): Promise<QuestionRow[]> {
  return memoised(db, `week-questions:${seasonId}:${setNum}`, () =>
    db
      .select()
      .from(questions)
      .where(and(eq(questions.seasonId, seasonId), eq(questions.setNum, setNum)))
      .orderBy(asc(questions.kind), asc(questions.position)),
  );
}

export async function findQuestions(db: Database, ids: number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.id, ids));
}

/** Whether anyone has started the week. */
export async function weekHasAttempts(
  db: Database,
  seasonId: string,
  setNum: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.seasonId, seasonId), eq(attempts.setNum, setNum)))
    .limit(1);
  return row !== undefined;
}

/** Creates the attempt unless one exists for that player and week; returns the stored one. */
export async function insertAttemptOnce(
  db: Database,
  row: typeof attempts.$inferInsert,
): Promise<AttemptRow> {
  await db.insert(attempts).values(row).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.playerId, row.playerId),
        eq(attempts.seasonId, row.seasonId),
        eq(attempts.setNum, row.setNum),
      ),
    );
  return stored!;
}

export async function findPlayerAttempt(
  db: Database,
  playerId: string,
  seasonId: string,
  setNum: number,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.playerId, playerId),
        eq(attempts.seasonId, seasonId),
        eq(attempts.setNum, setNum),
      ),
    );
  return row;
}

/** The attempt if it is this player's; locked for the rest of the transaction when `forUpdate`. */
export async function findOwnAttempt(
  db: Database,
  id: string,
  playerId: string,
  forUpdate = false,
): Promise<AttemptRow | undefined> {
  const query = db
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.playerId, playerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findAnswers(db: Database, attemptId: string): Promise<AnswerRow[]> {
  return db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .orderBy(asc(attemptAnswers.position));
}

/** Records an answer unless that position already has one (answers are final). */
export async function insertAnswerOnce(db: Database, row: AnswerRow): Promise<void> {
  await db.insert(attemptAnswers).values(row).onConflictDoNothing();
}

export async function updateAttempt(
  db: Database,
  id: string,
  values: Partial<AttemptRow>,
): Promise<AttemptRow> {
  const [row] = await db.update(attempts).set(values).where(eq(attempts.id, id)).returning();
  return row!;
}

/** Attempts whose time ran out but were not closed yet (main set or challenger), a batch at a time. */
export async function findExpiredAttemptIds(
  db: Database,
  before: Date,
  limit: number,
): Promise<{ id: string; playerId: string }[]> {
  const main = await db
    .select({ id: attempts.id, playerId: attempts.playerId })
    .from(attempts)
    .where(and(isNull(attempts.finishedAt), lt(attempts.deadlineAt, before)))
    .limit(limit);
  const challenger = await db
    .select({ id: attempts.id, playerId: attempts.playerId })
    .from(attempts)
    .where(
      and(
        isNotNull(attempts.challengerStartedAt),
        isNull(attempts.challengerCorrect),
        lt(attempts.challengerDeadlineAt, before),
      ),
    )
    .limit(limit);
  return [...main, ...challenger];
}

/** The account page's statistics, from the player's scored attempts of a season. */
export async function playerStats(db: Database, playerId: string, seasonId: string) {
  const [row] = await db
    .select({
      totalScore: sum(attempts.weekScore).mapWith(Number),
      bestWeekScore: max(attempts.weekScore),
      fastestMs: min(
        sql<number>`case when ${attempts.timedOut} = false then ${attempts.elapsedMs} end`,
      ).mapWith(Number),
      challengersAttempted: count(attempts.challengerStartedAt),
      challengersCorrect: count(sql`case when ${attempts.challengerCorrect} then 1 end`),
    })
    .from(attempts)
    .where(
      and(
        eq(attempts.playerId, playerId),
        eq(attempts.seasonId, seasonId),
        isNotNull(attempts.weekScore),
      ),
    );
  return row!;
}
