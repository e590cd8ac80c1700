import { oldestOpenDeadline, pastGrace } from '#shared/domain/play-clock';
import { challengerOutcomeOf } from '#shared/domain/answer-key';
import {
  mainSetScore,
  QUESTIONS_PER_WEEK,
  weekScore,
  type ChallengerOutcome,
} from '#shared/domain/scoring';
import { timeUsedMs } from '#shared/domain/time-used';
import { afterCommit, type Database } from '../../db/client';
import { recordScore } from '../standings/aggregates';
import type { StoredAnswer } from '../../db/schema';
import * as repo from './repository';
import type { PlayDeps } from './play-deps';

/**
 * Scoring, and closing what the clock has closed: every write that changes a week's score goes
 * through here, in the transaction that holds the attempt's lock.
 */

/**
 * The main set's points with `answers` as marked: 1 a correct answer, and the speed bonus of a
 * complete set, measured to its last answer. Scoring and a correction of the key (ADR 0041)
 * both count this way.
 */
export function mainSetPoints(
  attempt: Pick<repo.AttemptRow, 'startedAt' | 'timePercent'>,
  answers: readonly StoredAnswer[],
): { correct: number; mainScore: number; lastAnswerAt: number } {
  const last = answers.reduce(
    (latest, a) => Math.max(latest, Date.parse(a.answeredAt)),
    attempt.startedAt.getTime(),
  );
  const correct = answers.filter((a) => a.correct).length;
  // An incomplete set earns no speed bonus, timed out or not.
  const mainScore = mainSetScore({
    correct,
    elapsedSeconds: (last - attempt.startedAt.getTime()) / 1000,
    timedOut: answers.length !== QUESTIONS_PER_WEEK,
    // Measured on the player's own allowance, as the attempt started with it (ADR 0037).
    timePercent: attempt.timePercent,
  });
  return { correct, mainScore, lastAnswerAt: last };
}

/**
 * What scoring the main set with `answers` writes (the last answer may arrive with the score).
 * Unanswered questions score 0 and cost the speed bonus, whether the time ran out or the player
 * stopped early; only the first is a time-out (ADR 0014): a set finished before its deadline is
 * not, and ends when the player finished it.
 */
function mainSetResult(
  attempt: repo.AttemptRow,
  answers: StoredAnswer[],
  now: Date,
): repo.MainSetResult & { finishedAt: Date; elapsedMs: number; mainScore: number } {
  const { correct, mainScore: main, lastAnswerAt: last } = mainSetPoints(attempt, answers);
  const complete = answers.length === QUESTIONS_PER_WEEK;
  // A time-out's time is the time it used (up to its deadline), never 0: it counts in the
  // player's and the team's time figures as the slow set it was. The set ended then.
  const elapsedMs = timeUsedMs({
    startedAt: attempt.startedAt,
    deadlineAt: attempt.deadlineAt,
    lastAnswerAt: new Date(last),
    closedAt: now,
    complete,
  });
  return {
    answers,
    finishedAt: new Date(attempt.startedAt.getTime() + elapsedMs),
    timedOut: !complete && now >= attempt.deadlineAt,
    correctCount: correct,
    answeredCount: answers.length,
    elapsedMs,
    mainScore: main,
    weekScore: main,
  };
}

/** Scores the main set once with `answers`, on the locked attempt. */
export async function score(
  deps: PlayDeps,
  tx: Database,
  attempt: repo.AttemptRow,
  answers: StoredAnswer[],
  now: Date,
): Promise<repo.AttemptRow> {
  const result = mainSetResult(attempt, answers, now);
  const scored = await repo.scoreAttempt(tx, attempt.id, result);
  await recordScore(tx, attempt, {
    scoreDelta: result.mainScore,
    timeMs: result.elapsedMs,
    played: true,
    at: result.finishedAt,
  });
  if (deps.metrics) afterCommit(tx, () => deps.metrics?.attemptFinished(attempt.setNum));
  return scored;
}

/**
 * The usual last answer, without a lock: scores the main set of `attempt` as it was read, with
 * `answers` (its own and the new one), in one statement that also counts it in the standings.
 * Undefined when the attempt changed since it was read or its time ran out: the caller then
 * decides under the lock.
 */
export async function scoreAsRead(
  deps: PlayDeps,
  attempt: repo.AttemptRow,
  answers: StoredAnswer[],
  now: Date,
  key: { questionId: number; version: number },
): Promise<repo.AttemptRow | undefined> {
  const result = mainSetResult(attempt, answers, now);
  if (!(await repo.scoreAttemptAsRead(deps.db, attempt, result, oldestOpenDeadline(now), key)))
    return undefined;
  deps.metrics?.attemptFinished(attempt.setNum);
  return { ...attempt, ...result };
}

/**
 * A challenger decision: the option (null when its time ran out) and its outcome under the
 * current answer key (challengerOutcomeOf: a voided challenger counts as not taken).
 */
export interface ChallengerDecision {
  option: string | null;
  outcome: ChallengerOutcome;
  at: Date;
}

/** What deciding the challenger of `attempt` writes, and the change of the week's score. */
function challengerResult(attempt: repo.AttemptRow, decision: ChallengerDecision) {
  const newScore = weekScore(attempt.mainScore!, decision.outcome);
  return {
    result: {
      challengerOption: decision.option,
      challengerAnsweredAt: decision.option === null ? null : decision.at,
      challengerCorrect: decision.outcome === 'correct',
      weekScore: newScore,
    },
    scoreDelta: newScore - attempt.weekScore!,
  };
}

/** The challenger is decided: the week's score changes, for the player and for the team. */
export async function decideChallenger(
  tx: Database,
  attempt: repo.AttemptRow,
  decision: ChallengerDecision,
): Promise<repo.AttemptRow> {
  const { result, scoreDelta } = challengerResult(attempt, decision);
  const decided = await repo.decideChallenger(tx, attempt.id, result);
  await recordScore(tx, attempt, { scoreDelta, timeMs: 0, played: false, at: decision.at });
  return decided;
}

/**
 * The usual challenger answer, without a lock: decides the challenger of `attempt` as it was
 * read, in one statement that also counts the change in the standings. Undefined when it was
 * decided since or its time ran out: the caller then decides under the lock.
 */
export async function decideChallengerAsRead(
  deps: PlayDeps,
  attempt: repo.AttemptRow,
  answer: { option: string; outcome: ChallengerOutcome; keyVersion: number },
  now: Date,
): Promise<repo.AttemptRow | undefined> {
  const change = challengerResult(attempt, { ...answer, at: now });
  const notBefore = oldestOpenDeadline(now);
  const decided = await repo.decideChallengerAsRead(
    deps.db,
    attempt,
    change,
    notBefore,
    answer.keyVersion,
  );
  return decided ? { ...attempt, ...change.result } : undefined;
}

/** The main set is still open past its deadline and grace: it is to be scored as it stands. */
const mainExpired = (attempt: repo.AttemptRow, now: Date) =>
  !attempt.finishedAt && pastGrace(attempt.deadlineAt, now);

/** The challenger was started and not answered in time: it is to count as wrong. */
const challengerExpired = (attempt: repo.AttemptRow, now: Date) =>
  attempt.challengerStartedAt !== null &&
  attempt.challengerCorrect === null &&
  pastGrace(attempt.challengerDeadlineAt!, now);

/** Closes what the clock has closed, on the locked attempt. */
export async function closeExpired(
  deps: PlayDeps,
  tx: Database,
  attempt: repo.AttemptRow,
  now: Date,
): Promise<repo.AttemptRow> {
  let current = attempt;
  if (mainExpired(current, now)) current = await score(deps, tx, current, current.answers, now);
  if (challengerExpired(current, now)) {
    // Decided at its deadline, whenever the server notices: the tie-break's 'last submission'
    // must not depend on when a read or the sweep came by (as for the main set's time-out).
    const at = new Date(Math.min(now.getTime(), current.challengerDeadlineAt!.getTime()));
    // Wrong, unless a correction voided it (ADR 0041): the key as stored, read under the lock.
    const [key] = await repo.findQuestions(tx, [current.challengerQuestionId!]);
    const outcome = key ? challengerOutcomeOf(key, null) : 'wrong';
    current = await decideChallenger(tx, current, { option: null, outcome, at });
  }
  return current;
}

/** Lazily, on a read: closes the attempt if its time ran out (in its own locked transaction). */
export async function closeIfExpired(
  deps: PlayDeps,
  attempt: repo.AttemptRow,
): Promise<repo.AttemptRow> {
  const now = deps.clock.now();
  if (!mainExpired(attempt, now) && !challengerExpired(attempt, now)) return attempt;
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockOwnAttempt(tx, attempt.id, attempt.playerId);
    return closeExpired(deps, tx, locked!, now);
  });
}

/** The periodic sweep: closes expired attempts nobody reads. Safe with several instances. */
export async function sweepExpiredAttempts(deps: PlayDeps, batch = 200): Promise<number> {
  const now = deps.clock.now();
  const expiredIds = await repo.findExpiredAttemptIds(deps.db, oldestOpenDeadline(now), batch);
  for (const { id, playerId } of expiredIds) {
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockOwnAttempt(tx, id, playerId);
      if (locked) await closeExpired(deps, tx, locked, now);
    });
  }
  return expiredIds.length;
}
