import { oldestOpenDeadline, pastGrace } from '../../../shared/domain/play-clock';
import { mainSetScore, QUESTIONS_PER_WEEK, weekScore } from '../../../shared/domain/scoring';
import { timeUsedMs } from '../../../shared/domain/time-used';
import { afterCommit, type Database } from '../../db/client';
import { recordScore } from '../standings/aggregates';
import type { StoredAnswer } from '../../db/schema';
import * as repo from './repository';
import type { PlayDeps } from './service';

/**
 * Scoring, and closing what the clock has closed: every write that changes a week's score goes
 * through here, in the transaction that holds the attempt's lock.
 */

/**
 * Scores the main set once with `answers` (recorded with it: the last answer may arrive with
 * the score). Unanswered questions score 0 and cost the speed bonus, whether the time ran out
 * or the player stopped early; only the first is a time-out (ADR 0014): a set finished before
 * its deadline is not, and ends when the player finished it.
 */
export async function score(
  deps: PlayDeps,
  tx: Database,
  attempt: repo.AttemptRow,
  answers: StoredAnswer[],
  now: Date,
): Promise<repo.AttemptRow> {
  const last = answers.reduce(
    (latest, a) => Math.max(latest, Date.parse(a.answeredAt)),
    attempt.startedAt.getTime(),
  );
  const correct = answers.filter((a) => a.correct).length;
  const complete = answers.length === QUESTIONS_PER_WEEK;
  const timedOut = !complete && now >= attempt.deadlineAt;
  // An incomplete set earns no speed bonus, timed out or not.
  const main = mainSetScore({
    correct,
    elapsedSeconds: (last - attempt.startedAt.getTime()) / 1000,
    timedOut: !complete,
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
  const finishedAt = new Date(attempt.startedAt.getTime() + elapsedMs);
  const scored = await repo.scoreAttempt(tx, attempt.id, {
    answers,
    finishedAt,
    timedOut,
    correctCount: correct,
    answeredCount: answers.length,
    elapsedMs,
    mainScore: main,
    weekScore: main,
  });
  await recordScore(tx, attempt, {
    scoreDelta: main,
    timeMs: elapsedMs,
    played: true,
    at: finishedAt,
  });
  if (deps.metrics) afterCommit(tx, () => deps.metrics?.attemptFinished(attempt.setNum));
  return scored;
}

/** The challenger is decided: the week's score changes, for the player and for the team. */
export async function decideChallenger(
  tx: Database,
  attempt: repo.AttemptRow,
  decision: { option: string | null; correct: boolean; at: Date },
): Promise<repo.AttemptRow> {
  const newScore = weekScore(attempt.mainScore!, decision.correct ? 'correct' : 'wrong');
  const decided = await repo.decideChallenger(tx, attempt.id, {
    challengerOption: decision.option,
    challengerAnsweredAt: decision.option === null ? null : decision.at,
    challengerCorrect: decision.correct,
    weekScore: newScore,
  });
  await recordScore(tx, attempt, {
    scoreDelta: newScore - attempt.weekScore!,
    timeMs: 0,
    played: false,
    at: decision.at,
  });
  return decided;
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
