import { oldestOpenDeadline, pastGrace } from '#shared/domain/play-clock';
import { mainSetScore, QUESTIONS_PER_WEEK, weekScore } from '#shared/domain/scoring';
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
  const last = answers.reduce(
    (latest, a) => Math.max(latest, Date.parse(a.answeredAt)),
    attempt.startedAt.getTime(),
  );
  const correct = answers.filter((a) => a.correct).length;
  const complete = answers.length === QUESTIONS_PER_WEEK;
  // An incomplete set earns no speed bonus, timed out or not.
  const main = mainSetScore({
    correct,
    elapsedSeconds: (last - attempt.startedAt.getTime()) / 1000,
    timedOut: !complete,
    // Measured on the player's own allowance, as the attempt started with it (ADR 0037).
    timePercent: attempt.timePercent,
  });
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
): Promise<repo.AttemptRow | undefined> {
  const result = mainSetResult(attempt, answers, now);
  if (!(await repo.scoreAttemptAsRead(deps.db, attempt, result, oldestOpenDeadline(now))))
    return undefined;
  deps.metrics?.attemptFinished(attempt.setNum);
  return { ...attempt, ...result };
}

/** What deciding the challenger of `attempt` writes, and the change of the week's score. */
function challengerResult(
  attempt: repo.AttemptRow,
  decision: { option: string | null; correct: boolean; at: Date },
) {
  const newScore = weekScore(attempt.mainScore!, decision.correct ? 'correct' : 'wrong');
  return {
    result: {
      challengerOption: decision.option,
      challengerAnsweredAt: decision.option === null ? null : decision.at,
      challengerCorrect: decision.correct,
      weekScore: newScore,
    },
    scoreDelta: newScore - attempt.weekScore!,
  };
}

/** The challenger is decided: the week's score changes, for the player and for the team. */
export async function decideChallenger(
  tx: Database,
  attempt: repo.AttemptRow,
  decision: { option: string | null; correct: boolean; at: Date },
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
  answer: { option: string; correct: boolean },
  now: Date,
): Promise<repo.AttemptRow | undefined> {
  const change = challengerResult(attempt, { ...answer, at: now });
  const notBefore = oldestOpenDeadline(now);
  const decided = await repo.decideChallengerAsRead(deps.db, attempt, change, notBefore);
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
    current = await decideChallenger(tx, current, { option: null, correct: false, at });
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
