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
import { prepared, preparedSql, valueOf } from '../../db/prepared';
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

// The play path's queries are prepared (db/prepared.ts): built and planned once, each run by
// a few hundred requests a second.

const insertAttemptQuery = prepared('play_insert_attempt', (db) =>
  db
    .insert(attempts)
    .values({
      playerId: sql.placeholder('playerId'),
      seasonId: sql.placeholder('seasonId'),
      setNum: sql.placeholder('setNum'),
      teamId: sql.placeholder('teamId'),
      startedAt: sql.placeholder('startedAt'),
      deadlineAt: sql.placeholder('deadlineAt'),
      questionIds: sql.placeholder('questionIds'),
      optionOrders: sql.placeholder('optionOrders'),
    })
    .onConflictDoNothing()
    .returning(),
);

/**
 * Creates the attempt unless one exists for that player and week; returns the stored one, and
 * whether this call created it.
 */
export async function insertAttemptOnce(
  db: Database,
  row: Pick<
    AttemptRow,
    | 'playerId'
    | 'seasonId'
    | 'setNum'
    | 'teamId'
    | 'startedAt'
    | 'deadlineAt'
    | 'questionIds'
    | 'optionOrders'
  >,
): Promise<{ attempt: AttemptRow; created: boolean }> {
  const [inserted] = await insertAttemptQuery(db, row);
  if (inserted) return { attempt: inserted, created: true };
  const stored = await findPlayerAttempt(db, row.playerId, row.seasonId, row.setNum);
  return { attempt: stored!, created: false };
}

const playerAttemptQuery = prepared('play_player_attempt', (db) =>
  db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.playerId, sql.placeholder('playerId')),
        eq(attempts.seasonId, sql.placeholder('seasonId')),
        eq(attempts.setNum, sql.placeholder('setNum')),
      ),
    ),
);

export async function findPlayerAttempt(
  db: Database,
  playerId: string,
  seasonId: string,
  setNum: number,
): Promise<AttemptRow | undefined> {
  const [row] = await playerAttemptQuery(db, { playerId, seasonId, setNum });
  return row;
}

const seasonAttemptsQuery = prepared('play_season_attempts', (db) =>
  db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.playerId, sql.placeholder('playerId')),
        eq(attempts.seasonId, sql.placeholder('seasonId')),
      ),
    ),
);

/** The player's attempts of a season: at most one a week. */
export async function findSeasonAttempts(
  db: Database,
  playerId: string,
  seasonId: string,
): Promise<AttemptRow[]> {
  return seasonAttemptsQuery(db, { playerId, seasonId });
}

/** An attempt and its answers (in order), as one row per answer (one row when none). */
const ownAttemptWithAnswers = (db: Database) =>
  db
    .select({ attempt: attempts, answer: attemptAnswers })
    .from(attempts)
    .leftJoin(attemptAnswers, eq(attemptAnswers.attemptId, attempts.id))
    .where(
      and(
        eq(attempts.id, sql.placeholder('id')),
        eq(attempts.playerId, sql.placeholder('playerId')),
      ),
    )
    .orderBy(asc(attemptAnswers.position));
const ownAttemptQuery = prepared('play_own_attempt', ownAttemptWithAnswers);
const lockOwnAttemptQuery = prepared('play_lock_own_attempt', (db) =>
  ownAttemptWithAnswers(db).for('update', { of: attempts }),
);

type AttemptWithAnswers = { attempt: AttemptRow; answer: AnswerRow | null }[];
const withAnswers = (rows: AttemptWithAnswers) =>
  rows.length === 0
    ? undefined
    : {
        attempt: rows[0]!.attempt,
        answers: rows.flatMap((row) => (row.answer ? [row.answer] : [])),
      };

/** The attempt and its answers if it is this player's, in one round trip (one snapshot). */
export async function findOwnAttempt(
  db: Database,
  id: string,
  playerId: string,
): Promise<{ attempt: AttemptRow; answers: AnswerRow[] } | undefined> {
  return withAnswers(await ownAttemptQuery(db, { id, playerId }));
}

/**
 * The attempt if it is this player's, locked for the rest of the transaction, with its answers.
 * After waiting for the lock, PostgreSQL gives the locked row as it now is but the joined
 * answers as they were when the statement began: they are read again unless the attempt is
 * finished with exactly those answers (a finished attempt's answers are final).
 */
export async function lockOwnAttempt(
  db: Database,
  id: string,
  playerId: string,
): Promise<{ attempt: AttemptRow; answers: AnswerRow[] } | undefined> {
  const found = withAnswers(await lockOwnAttemptQuery(db, { id, playerId }));
  if (!found) return undefined;
  const { attempt, answers } = found;
  if (attempt.finishedAt && attempt.answeredCount === answers.length) return found;
  return { attempt, answers: await findAnswers(db, attempt.id) };
}

const answersQuery = prepared('play_answers', (db) =>
  db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, sql.placeholder('attemptId')))
    .orderBy(asc(attemptAnswers.position)),
);

export async function findAnswers(db: Database, attemptId: string): Promise<AnswerRow[]> {
  return answersQuery(db, { attemptId });
}

const insertAnswerQuery = prepared('play_insert_answer', (db) =>
  db
    .insert(attemptAnswers)
    .values({
      attemptId: sql.placeholder('attemptId'),
      position: sql.placeholder('position'),
      questionId: sql.placeholder('questionId'),
      option: sql.placeholder('option'),
      correct: sql.placeholder('correct'),
      answeredAt: sql.placeholder('answeredAt'),
    })
    .onConflictDoNothing(),
);

/** Records an answer unless that position already has one (answers are final). */
export async function insertAnswerOnce(db: Database, row: AnswerRow): Promise<void> {
  await insertAnswerQuery(db, row);
}

// The checks of the locked path, made again by one statement under the attempt's row lock
// (written in SQL: Drizzle cannot lock in an insert's select). After waiting for the lock the
// row is checked as it now is; the count comes from when the statement began, which can only
// be lower than the truth, and then the position exists and the insert does nothing.
const insertNextAnswerQuery = preparedSql<{ position: number }>(
  'play_insert_next_answer',
  `insert into attempt_answers (attempt_id, position, question_id, option, correct, answered_at)
   select a.id, $3::smallint, $4::integer, $5::text, $6::boolean, $7::timestamptz
   from attempts a
   where a.id = $1 and a.player_id = $2 and a.finished_at is null
     and (select count(*) from attempt_answers n where n.attempt_id = $1) = $3::smallint - 1
   for update of a
   on conflict do nothing
   returning position`,
);

/**
 * Records the next answer of an unfinished attempt in one statement, without a transaction;
 * false when the attempt was finished, or the position taken or not next, by then.
 */
export async function insertNextAnswer(
  db: Database,
  playerId: string,
  row: AnswerRow,
): Promise<boolean> {
  const inserted = await insertNextAnswerQuery(db, [
    row.attemptId,
    playerId,
    row.position,
    row.questionId,
    row.option,
    row.correct,
    row.answeredAt,
  ]);
  return inserted.length === 1;
}

const scoreAttemptQuery = prepared('play_score_attempt', (db) =>
  db
    .update(attempts)
    .set({
      finishedAt: valueOf('finishedAt'),
      timedOut: valueOf('timedOut'),
      correctCount: valueOf('correctCount'),
      answeredCount: valueOf('answeredCount'),
      elapsedMs: valueOf('elapsedMs'),
      mainScore: valueOf('mainScore'),
      weekScore: valueOf('weekScore'),
    })
    .where(eq(attempts.id, sql.placeholder('id')))
    .returning(),
);

/** The main set scored: finished, with its figures and the week's score. */
export async function scoreAttempt(
  db: Database,
  id: string,
  values: Pick<
    AttemptRow,
    | 'finishedAt'
    | 'timedOut'
    | 'correctCount'
    | 'answeredCount'
    | 'elapsedMs'
    | 'mainScore'
    | 'weekScore'
  >,
): Promise<AttemptRow> {
  const [row] = await scoreAttemptQuery(db, { ...values, id });
  return row!;
}

const startChallengerQuery = prepared('play_start_challenger', (db) =>
  db
    .update(attempts)
    .set({
      challengerQuestionId: valueOf('challengerQuestionId'),
      challengerOptionOrder: valueOf('challengerOptionOrder'),
      challengerStartedAt: valueOf('challengerStartedAt'),
      challengerDeadlineAt: valueOf('challengerDeadlineAt'),
    })
    .where(
      and(
        eq(attempts.id, sql.placeholder('id')),
        eq(attempts.playerId, sql.placeholder('playerId')),
        isNotNull(attempts.finishedAt),
        isNull(attempts.challengerStartedAt),
      ),
    )
    .returning(),
);

/**
 * Starts the challenger of a finished attempt, unless it was started already (then undefined):
 * one statement, whose conditions PostgreSQL checks again on the row as it is once it may
 * write it, so two starts at once record one.
 */
export async function startChallenger(
  db: Database,
  playerId: string,
  id: string,
  values: Pick<
    AttemptRow,
    | 'challengerQuestionId'
    | 'challengerOptionOrder'
    | 'challengerStartedAt'
    | 'challengerDeadlineAt'
  >,
): Promise<AttemptRow | undefined> {
  const [row] = await startChallengerQuery(db, { ...values, id, playerId });
  return row;
}

const decideChallengerQuery = prepared('play_decide_challenger', (db) =>
  db
    .update(attempts)
    .set({
      challengerOption: valueOf('challengerOption'),
      // Null when the time ran out: bound as it is, the timestamp encoder would refuse a null.
      challengerAnsweredAt: sql`${sql.placeholder('challengerAnsweredAt')}`,
      challengerCorrect: valueOf('challengerCorrect'),
      weekScore: valueOf('weekScore'),
    })
    .where(eq(attempts.id, sql.placeholder('id')))
    .returning(),
);

/** The challenger decided: the option (null when its time ran out) and the new week score. */
export async function decideChallenger(
  db: Database,
  id: string,
  values: Pick<
    AttemptRow,
    'challengerOption' | 'challengerAnsweredAt' | 'challengerCorrect' | 'weekScore'
  >,
): Promise<AttemptRow> {
  const [row] = await decideChallengerQuery(db, { ...values, id });
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
