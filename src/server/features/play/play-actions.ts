import { accepts, challengerOutcomeOf, type AnswerKey } from '#shared/domain/answer-key';
import { weekWindow } from '#shared/domain/calendar';
import { oldestOpenDeadline, pastGrace, playDeadline } from '#shared/domain/play-clock';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { PlayerRow } from '../players/repository';
import {
  closeExpired,
  closeIfExpired,
  decideChallenger,
  decideChallengerAsRead,
  score,
  scoreAsRead,
} from './closing';
import type { StoredAnswer } from '../../db/schema';
import * as repo from './repository';
import type { PlayDeps } from './play-deps';
import { locatePlayer, shuffled, weekQuestion, type PlayerWeek } from './service';

/**
 * The play actions: answers, finish and the challenger (ADR 0013). The common case takes one
 * guarded statement that PostgreSQL checks again on the attempt's row as it writes it; the
 * rest (the last answer, which scores the week, an attempt to close, a repeat, a refusal, a
 * race) takes the locked transaction, which decides on what it finds.
 */

const notFound = () => new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
const tooLate = () => new AppError('ANSWER_TOO_LATE', 'Time is up: the 5 minutes have run out.');

/**
 * A question as it is now in the database, read under the attempt's lock: the memoised week may
 * still hold a key that a correction has just changed (ADR 0041), and a correction waits for
 * this transaction (or this transaction for it), so what is read here is the key in force.
 */
async function keyNow(tx: Database, id: number): Promise<repo.QuestionRow> {
  const [question] = await repo.findQuestions(tx, [id]);
  return question!;
}

/** Runs `work` on the locked attempt, after closing it if its time has run out. */
async function withLockedAttempt<T>(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  work: (tx: Database, attempt: repo.AttemptRow, now: Date) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockOwnAttempt(tx, id, player.id);
    if (!found) throw notFound();
    const now = deps.clock.now();
    return work(tx, await closeExpired(deps, tx, found, now), now);
  });
}

/** The open week of the player's team, if any: the only week whose attempt takes answers. */
const openWeek = (located: PlayerWeek | null) =>
  located?.weekOpen && located.week
    ? {
        seasonId: located.current.season.id,
        setNum: located.week.setNum,
        closesAt: weekWindow(located.week, located.timeZone).closesAt,
      }
    : null;

type AnswerDecision =
  { kind: 'unchanged' } | { kind: 'too-late' } | { kind: 'record'; questionId: number };

/** What an answer does to the locked attempt (closed first if expired); a refusal is thrown. */
function decideAnswer(
  attempt: repo.AttemptRow,
  input: { position: number; option: string },
  now: Date,
): AnswerDecision {
  const { answers } = attempt;
  const previous = answers.find((a) => a.position === input.position);
  if (previous) {
    if (previous.option === input.option) return { kind: 'unchanged' };
    throw new AppError(
      'ANSWER_FINAL',
      'This question has already been answered; answers are final.',
    );
  }
  if (attempt.finishedAt) {
    if (attempt.timedOut && pastGrace(attempt.deadlineAt, now)) return { kind: 'too-late' };
    throw new AppError('ATTEMPT_FINISHED', 'This week is already finished.');
  }
  const questionId = attempt.questionIds[input.position - 1];
  if (questionId === undefined)
    throw new AppError('UNKNOWN_QUESTION', `There is no question ${input.position}.`);
  if (input.position !== answers.length + 1) {
    throw new AppError('ANSWER_OUT_OF_ORDER', `Answer question ${answers.length + 1} first.`);
  }
  if (!attempt.optionOrders[String(questionId)]!.includes(input.option)) {
    throw new AppError(
      'UNKNOWN_OPTION',
      `'${input.option}' is not an option of question ${input.position}.`,
    );
  }
  return { kind: 'record', questionId };
}

/** An answer as the attempt stores it, marked against its question's key (ADR 0041). */
const stored = (
  input: { position: number; option: string },
  question: AnswerKey & { id: number },
  now: Date,
): StoredAnswer => ({
  position: input.position,
  questionId: question.id,
  option: input.option,
  correct: accepts(question, input.option),
  answeredAt: now.toISOString(),
});

/**
 * The usual fifth answer, without a lock: on the attempt as read (still open, in time, four
 * answers), records it and scores the set in one statement (closing.ts's scoreAsRead).
 * Undefined for everything else, and when the attempt changed since it was read.
 */
async function lastAnswerAsRead(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  input: { position: number; option: string },
): Promise<repo.AttemptRow | undefined> {
  if (input.position !== QUESTIONS_PER_WEEK) return undefined;
  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  const now = deps.clock.now();
  if (!found || found.finishedAt || pastGrace(found.deadlineAt, now)) return undefined;
  // On an open attempt within its time, a refusal read here is the one the lock would give;
  // 'record' means the four others are there.
  const decision = decideAnswer(found, input, now);
  if (decision.kind !== 'record') return undefined;
  const question = await weekQuestion(deps, found, decision.questionId);
  return scoreAsRead(deps, found, [...found.answers, stored(input, question!, now)], now, {
    questionId: question!.id,
    version: question!.keyVersion,
  });
}

/** Saves one answer. Answers are final, in order, and refused after the deadline (+ grace). */
export async function answer(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  input: { position: number; option: string },
): Promise<repo.AttemptRow> {
  // Questions 1–4 of the open week: the attempt's n-th question is the week's n-th (start).
  const week = input.position < QUESTIONS_PER_WEEK && openWeek(await locatePlayer(deps, player));
  if (week) {
    const main = (await repo.findWeekQuestions(deps.db, week.seasonId, week.setNum)).filter(
      (q) => q.kind === 'main',
    );
    const question = main[input.position - 1];
    const now = deps.clock.now();
    const recorded =
      question &&
      (await repo.appendAnswer(
        deps.db,
        { id, playerId: player.id },
        stored(input, question, now),
        oldestOpenDeadline(now),
        question.keyVersion,
      ));
    if (recorded) return recorded;
  }
  const scored = await lastAnswerAsRead(deps, player, id, input);
  if (scored) return scored;
  const result = await withLockedAttempt(deps, player, id, async (tx, attempt, now) => {
    const decision = decideAnswer(attempt, input, now);
    if (decision.kind !== 'record') return { attempt, tooLate: decision.kind === 'too-late' };
    const question = await keyNow(tx, decision.questionId);
    const recorded = stored(input, question, now);
    const answers = [...attempt.answers, recorded];
    if (answers.length === QUESTIONS_PER_WEEK)
      return { attempt: await score(deps, tx, attempt, answers, now), tooLate: false };
    const appended = await repo.appendAnswer(
      tx,
      attempt,
      recorded,
      oldestOpenDeadline(now),
      question.keyVersion,
    );
    return { attempt: appended!, tooLate: false };
  });
  // Outside the transaction, so that closing the attempt is kept while the answer is refused.
  if (result.tooLate) throw tooLate();
  return result.attempt;
}

/** Scores the main set (what was answered counts); repeating it changes nothing. */
export async function finish(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
): Promise<repo.AttemptRow> {
  // After the fifth answer the set is already scored: a read, no transaction.
  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  if (!found) throw notFound();
  if (found.finishedAt) return closeIfExpired(deps, found);
  return withLockedAttempt(deps, player, id, async (tx, attempt, now) =>
    attempt.finishedAt ? attempt : score(deps, tx, attempt, attempt.answers, now),
  );
}

/**
 * The challenger's question, its option order and its clock (its own 300 s × the attempt's time
 * factor, cut short by the week's close: ADR 0014, 0037) for the open week given; null when there is none or the week closed.
 */
async function challengerStart(
  deps: PlayDeps,
  week: { seasonId: string; setNum: number; closesAt: Date },
) {
  // Memoised: a started week's questions are frozen (see weekQuestion).
  const challenger = (await repo.findWeekQuestions(deps.db, week.seasonId, week.setNum)).find(
    (q) => q.kind === 'challenger',
  );
  const now = deps.clock.now();
  // Whether the week still gives it time; its deadline (the attempt's own time factor, ADR
  // 0037) is set by the statement that starts it.
  if (!challenger || !playDeadline(now, week.closesAt)) return null;
  return {
    challengerQuestionId: challenger.id,
    challengerOptionOrder: shuffled(Object.keys(challenger.translations.en!.options)),
    challengerStartedAt: now,
    closesAt: week.closesAt,
  };
}

/**
 * Starts the challenger (its own 5 minutes × the time factor) once the main set is done and while the week is
 * open; a repeat returns the one started. Usually one guarded update, which checks all of that
 * on the row; when it finds nothing to start, a read and the lock decide why.
 */
export async function startChallenger(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
): Promise<repo.AttemptRow> {
  const week = openWeek(await locatePlayer(deps, player));
  const values = week && (await challengerStart(deps, week));
  if (week && values) {
    const target = { id, playerId: player.id, seasonId: week.seasonId, setNum: week.setNum };
    const started = await repo.startChallenger(deps.db, target, values);
    if (started) return started;
  }
  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  if (!found) throw notFound();
  if (found.challengerStartedAt) return closeIfExpired(deps, found);
  const ofOpenWeek = (attempt: repo.AttemptRow) =>
    week?.setNum === attempt.setNum && week.seasonId === attempt.seasonId;
  return withLockedAttempt(deps, player, id, async (tx, attempt) => {
    if (attempt.challengerStartedAt) return attempt;
    if (!attempt.finishedAt)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'Finish the five questions first.');
    if (!ofOpenWeek(attempt))
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'The challenger closes with the game week.');
    if (!values)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'This week has no challenger question.');
    return (await repo.startChallenger(tx, attempt, values))!;
  });
}

/**
 * The usual challenger answer, without a lock: on the attempt as read (challenger started, not
 * decided, in time, the option one of its own), decides it in one statement (closing.ts's
 * decideChallengerAsRead). Undefined for everything else, and when it was decided since.
 */
async function challengerAnswerAsRead(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  option: string,
): Promise<repo.AttemptRow | undefined> {
  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  const now = deps.clock.now();
  if (
    !found?.challengerStartedAt ||
    found.challengerCorrect !== null ||
    pastGrace(found.challengerDeadlineAt!, now) ||
    !found.challengerOptionOrder!.includes(option)
  )
    return undefined;
  const question = await weekQuestion(deps, found, found.challengerQuestionId!);
  const outcome = challengerOutcomeOf(question!, option);
  return decideChallengerAsRead(
    deps,
    found,
    { option, outcome, keyVersion: question!.keyVersion },
    now,
  );
}

export async function answerChallenger(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  option: string,
): Promise<repo.AttemptRow> {
  const decided = await challengerAnswerAsRead(deps, player, id, option);
  if (decided) return decided;
  const result = await withLockedAttempt(deps, player, id, async (tx, attempt, now) => {
    if (!attempt.challengerStartedAt)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'Start the challenger first.');
    if (attempt.challengerCorrect !== null) {
      if (attempt.challengerOption === option) return { tooLate: false, attempt };
      if (attempt.challengerOption === null) return { tooLate: true, attempt };
      throw new AppError(
        'ANSWER_FINAL',
        'The challenger has already been answered; answers are final.',
      );
    }
    if (!attempt.challengerOptionOrder!.includes(option)) {
      throw new AppError('UNKNOWN_OPTION', `'${option}' is not an option of the challenger.`);
    }
    const question = await keyNow(tx, attempt.challengerQuestionId!);
    const outcome = challengerOutcomeOf(question, option);
    return {
      tooLate: false,
      attempt: await decideChallenger(tx, attempt, { option, outcome, at: now }),
    };
  });
  if (result.tooLate) throw tooLate();
  return result.attempt;
}
