import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  min,
  sql,
  sum,
} from 'drizzle-orm';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import type { Database } from '../../db/client';
import { prepared, preparedSql, valueOf } from '../../db/prepared';
import { attempts, questions, type StoredAnswer } from '../../db/schema';
import { memoised } from '../season/content-cache';
import { countScoreChangesOf, scoreChangesCounted } from '../standings/repository';

export type AttemptRow = typeof attempts.$inferSelect;
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
      timePercent: sql.placeholder('timePercent'),
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
    | 'timePercent'
    | 'questionIds'
    | 'optionOrders'
  >,
): Promise<{ attempt: AttemptRow; created: boolean }> {
  const [inserted] = await insertAttemptQuery(db, row);
  if (inserted) return { attempt: inserted, created: true };
  const stored = await findPlayerAttempt(db, row.playerId, row.seasonId, row.setNum);
  return { attempt: stored!, created: false };
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

/**
 * The player's attempt at a week, found among the season's (at most six): asked for the week
 * directly, a planner misled by statistics taken while the table was empty would scan the
 * week's attempts of every player (attempts_week_team) instead.
 */
export async function findPlayerAttempt(
  db: Database,
  playerId: string,
  seasonId: string,
  setNum: number,
): Promise<AttemptRow | undefined> {
  return (await findSeasonAttempts(db, playerId, seasonId)).find((a) => a.setNum === setNum);
}

/** The attempt, if it is this player's (its answers are in the row, ADR 0013). */
const ownAttempt = (db: Database) =>
  db
    .select()
    .from(attempts)
    .where(
      and(
        eq(attempts.id, sql.placeholder('id')),
        eq(attempts.playerId, sql.placeholder('playerId')),
      ),
    );
const ownAttemptQuery = prepared('play_own_attempt', ownAttempt);
const lockOwnAttemptQuery = prepared('play_lock_own_attempt', (db) => ownAttempt(db).for('update'));

/** The attempt if it is this player's. */
export async function findOwnAttempt(
  db: Database,
  id: string,
  playerId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await ownAttemptQuery(db, { id, playerId });
  return row;
}

/** The attempt if it is this player's, locked for the rest of the transaction. */
export async function lockOwnAttempt(
  db: Database,
  id: string,
  playerId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await lockOwnAttemptQuery(db, { id, playerId });
  return row;
}

const appendAnswerQuery = prepared('play_append_answer', (db) =>
  db
    .update(attempts)
    .set({
      answers: sql`${attempts.answers} || jsonb_build_array(${sql.placeholder('answer')}::jsonb)`,
    })
    .where(
      and(
        eq(attempts.id, sql.placeholder('id')),
        eq(attempts.playerId, sql.placeholder('playerId')),
        // Not scored yet: main_score is set with finished_at, and a condition on finished_at
        // would offer the planner attempts_open_deadline, a scan of every open attempt.
        isNull(attempts.mainScore),
        gte(attempts.deadlineAt, sql.placeholder('notBefore')),
        sql`jsonb_array_length(${attempts.answers}) = ${sql.placeholder('previous')}`,
        sql`${attempts.questionIds} -> ${sql.placeholder('previous')}::int = to_jsonb(${sql.placeholder('questionId')}::int)`,
        sql`${attempts.optionOrders} -> ${sql.placeholder('questionKey')}::text ? ${sql.placeholder('option')}::text`,
        // The answer was marked with the week's current answer key (ADR 0041).
        sql`exists (select 1 from ${questions} where ${questions.id} = ${sql.placeholder('questionId')}::int and ${questions.keyVersion} = ${sql.placeholder('keyVersion')}::smallint)`,
      ),
    )
    .returning(),
);

/**
 * Records `answer` as the next one of an unfinished attempt, in one statement, if the question
 * at its position is `answer.questionId`, the option one of its options and `keyVersion` (the
 * answer key it was marked with) still the week's (ADR 0041): PostgreSQL checks
 * the conditions again on the row as it is once it may write it, so an answer racing another,
 * the finish or the sweep is recorded at most once, and only if still next. Undefined when any
 * condition fails (the caller decides why, under a lock). Only the primary key can serve the
 * conditions: another index would let a planner misled by statistics taken while the table was
 * empty (a season's first minutes) scan the week's or the open attempts instead
 * (query-plans.api.test.ts).
 */
export async function appendAnswer(
  db: Database,
  target: { id: string; playerId: string },
  answer: StoredAnswer,
  notBefore: Date,
  keyVersion: number,
): Promise<AttemptRow | undefined> {
  const [row] = await appendAnswerQuery(db, {
    keyVersion,
    id: target.id,
    playerId: target.playerId,
    answer: JSON.stringify(answer),
    notBefore,
    previous: answer.position - 1,
    questionId: answer.questionId,
    questionKey: String(answer.questionId),
    option: answer.option,
  });
  return row;
}

const scoreAttemptQuery = prepared('play_score_attempt', (db) =>
  db
    .update(attempts)
    .set({
      answers: valueOf('answers'),
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

/** Whether a guarded statement counted its change (this instance then hears of it too). */
function counted(db: Database, rows: unknown[], attempt: AttemptRow): boolean {
  if (rows.length > 0) scoreChangesCounted(db, attempt.seasonId);
  return rows.length > 0;
}

/** What scoring the main set writes to the attempt. */
export type MainSetResult = Pick<
  AttemptRow,
  | 'answers'
  | 'finishedAt'
  | 'timedOut'
  | 'correctCount'
  | 'answeredCount'
  | 'elapsedMs'
  | 'mainScore'
  | 'weekScore'
>;

const scoreAsReadQuery = preparedSql(
  'play_score_as_read',
  `with change as (
     update attempts set answers = $3, finished_at = $4, timed_out = $5, correct_count = $6,
       answered_count = $7, elapsed_ms = $8, main_score = $9, week_score = $9
     where id = $1 and player_id = $2 and main_score is null and deadline_at >= $10
       and jsonb_array_length(answers) = $11 and answers = $12::jsonb
       and exists (select 1 from questions where id = $13 and key_version = $14)
     returning season_id, set_num, team_id, player_id, 1 as played, main_score as score,
       elapsed_ms as time_ms, finished_at as at
   ), ${countScoreChangesOf('change')}`,
);

/** The main set scored with these answers (the last one may be recorded with it). */
export async function scoreAttempt(
  db: Database,
  id: string,
  values: MainSetResult,
): Promise<AttemptRow> {
  const [row] = await scoreAttemptQuery(db, { ...values, id });
  return row!;
}

/**
 * Scores the main set of `attempt` as it was read, without a transaction: one statement writes
 * the score and counts it in the standings, if the attempt is still unscored, holds the answers
 * it was read with (appended to, or re-marked by a correction: ADR 0041), the week's answer key
 * is still `key.version` and its time has not run out (`notBefore`).
 * PostgreSQL checks these on the row once it may write it, so of a scoring racing another, the
 * finish or the sweep, one counts. False when a condition fails (the caller decides under a lock).
 */
export async function scoreAttemptAsRead(
  db: Database,
  attempt: AttemptRow,
  values: MainSetResult,
  notBefore: Date,
  key: { questionId: number; version: number },
): Promise<boolean> {
  const rows = await scoreAsReadQuery(db, [
    attempt.id,
    attempt.playerId,
    JSON.stringify(values.answers),
    values.finishedAt,
    values.timedOut,
    values.correctCount,
    values.answeredCount,
    values.elapsedMs,
    values.mainScore,
    notBefore,
    attempt.answers.length,
    JSON.stringify(attempt.answers),
    key.questionId,
    key.version,
  ]);
  return counted(db, rows, attempt);
}

const startChallengerQuery = prepared('play_start_challenger', (db) =>
  db
    .update(attempts)
    .set({
      challengerQuestionId: valueOf('challengerQuestionId'),
      challengerOptionOrder: valueOf('challengerOptionOrder'),
      challengerStartedAt: valueOf('challengerStartedAt'),
      // playDeadline with the attempt's own time factor (ADR 0037), which only the row holds:
      // 300 s × time_percent / 100 = time_percent × 3 s, cut short by the week's close.
      challengerDeadlineAt: sql`least(${sql.placeholder('startedIso')}::timestamptz + ${attempts.timePercent} * interval '3 seconds', ${sql.placeholder('closesIso')}::timestamptz)`,
    })
    .where(
      and(
        eq(attempts.id, sql.placeholder('id')),
        eq(attempts.playerId, sql.placeholder('playerId')),
        // The week, by `is not distinct from`: for these columns (never null) the same as `=`,
        // but no index serves it. With `=`, a planner misled by statistics taken while the
        // table was empty takes attempts_week_team and reads the whole week's attempts.
        sql`${attempts.seasonId} is not distinct from ${sql.placeholder('seasonId')}::text`,
        sql`${attempts.setNum} is not distinct from ${sql.placeholder('setNum')}::smallint`,
        isNotNull(attempts.finishedAt),
        isNull(attempts.challengerStartedAt),
      ),
    )
    .returning(),
);

/**
 * Starts the challenger of a finished attempt of the week given, unless it was started already
 * (then undefined): one statement, whose conditions PostgreSQL checks again on the row as it is
 * once it may write it, so two starts at once record one. Only the attempt's key, or the
 * player's own attempts, can serve its conditions (query-plans.api.test.ts).
 */
export async function startChallenger(
  db: Database,
  target: { id: string; playerId: string; seasonId: string; setNum: number },
  values: Pick<
    AttemptRow,
    'challengerQuestionId' | 'challengerOptionOrder' | 'challengerStartedAt'
  > & { closesAt: Date },
): Promise<AttemptRow | undefined> {
  const { id, playerId, seasonId, setNum } = target;
  const { closesAt, ...set } = values;
  const [row] = await startChallengerQuery(db, {
    ...set,
    startedIso: set.challengerStartedAt!.toISOString(),
    closesIso: closesAt.toISOString(),
    id,
    playerId,
    seasonId,
    setNum,
  });
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

/** What deciding the challenger writes to the attempt. */
export type ChallengerResult = Pick<
  AttemptRow,
  'challengerOption' | 'challengerAnsweredAt' | 'challengerCorrect' | 'weekScore'
>;

const decideChallengerAsReadQuery = preparedSql(
  'play_decide_challenger_as_read',
  `with change as (
     update attempts set challenger_option = $3, challenger_answered_at = $4,
       challenger_correct = $5, week_score = $6
     where id = $1 and player_id = $2 and challenger_correct is null
       and challenger_deadline_at >= $7
       and exists (select 1 from questions where id = challenger_question_id and key_version = $9)
     returning season_id, set_num, team_id, player_id, 0 as played, $8::int as score,
       0 as time_ms, challenger_answered_at as at
   ), ${countScoreChangesOf('change')}`,
);

/** The challenger decided: the option (null when its time ran out) and the new week score. */
export async function decideChallenger(
  db: Database,
  id: string,
  values: ChallengerResult,
): Promise<AttemptRow> {
  const [row] = await decideChallengerQuery(db, { ...values, id });
  return row!;
}

/**
 * Decides the answered challenger of `attempt` as it was read, without a transaction, as
 * scoreAttemptAsRead does the main set: if it is still undecided and its time has not run out
 * (`notBefore`), one statement writes the decision and counts its `scoreDelta` in the standings.
 * False when a condition fails (the caller decides under a lock).
 */
export async function decideChallengerAsRead(
  db: Database,
  attempt: AttemptRow,
  change: { result: ChallengerResult; scoreDelta: number },
  notBefore: Date,
  keyVersion: number,
): Promise<boolean> {
  const { result, scoreDelta } = change;
  const rows = await decideChallengerAsReadQuery(db, [
    attempt.id,
    attempt.playerId,
    result.challengerOption,
    result.challengerAnsweredAt,
    result.challengerCorrect,
    result.weekScore,
    notBefore,
    scoreDelta,
    keyVersion,
  ]);
  return counted(db, rows, attempt);
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
        sql<number>`case when ${attempts.answeredCount} = ${QUESTIONS_PER_WEEK} then ${attempts.elapsedMs} end`,
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
