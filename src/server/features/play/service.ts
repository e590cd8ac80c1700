import { randomInt } from 'node:crypto';
import type { Attempt, CurrentWeek, PlayerStats } from '../../../shared/contracts/play';
import type { QuestionCategory } from '../../../shared/contracts/season';
import { closedEverywhere, seasonPosition, weekWindow } from '../../../shared/domain/calendar';
import type { Language } from '../../../shared/domain/language';
import { slotOf, weekReadiness } from '../../../shared/domain/question-review';
import {
  GRACE_SECONDS,
  mainSetScore,
  PLAY_SECONDS,
  QUESTIONS_PER_WEEK,
  weekScore,
} from '../../../shared/domain/scoring';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { findPlayerTeam, type ActiveWeeksOf, type PlayerRow } from '../players/repository';
import { findCurrentSeason, type CurrentSeason } from '../season/repository';
import { toAttemptView } from './attempt-view';
import { recordScore } from '../standings/aggregates';
import * as repo from './repository';

/**
 * A week's play, decided by the server (DESIGN.md §2 'A week's play'): one attempt per player
 * and week, answers saved one by one with the server's time, scored once. Every call can be
 * repeated and returns the stored result.
 */

export interface PlayDeps {
  db: Database;
  clock: Clock;
}

const deadlineFrom = (start: Date) => new Date(start.getTime() + PLAY_SECONDS * 1000);
const pastGrace = (deadline: Date, now: Date) =>
  now.getTime() > deadline.getTime() + GRACE_SECONDS * 1000;

/** Fisher–Yates with a cryptographic source: option order per attempt. */
function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

interface PlayerWeek {
  current: CurrentSeason;
  timeZone: string;
  week: CurrentSeason['weeks'][number] | null;
  weekOpen: boolean;
}

async function locatePlayer(deps: PlayDeps, player: PlayerRow): Promise<PlayerWeek | null> {
  const current = await findCurrentSeason(deps.db);
  if (!current) return null;
  const { team } = await findPlayerTeam(deps.db, player);
  const timeZone = team?.timeZone ?? current.season.timeZone;
  const position = seasonPosition(current.weeks, timeZone, deps.clock.now());
  return { current, timeZone, week: position.week, weekOpen: position.phase === 'week-open' };
}

/** What /questions should show: the week, whether the player can play it, and their attempt. */
export async function currentWeek(
  deps: PlayDeps,
  player: PlayerRow,
  activeWeeksOf: ActiveWeeksOf,
): Promise<CurrentWeek> {
  const located = await locatePlayer(deps, player);
  if (!located) return { state: 'no-season', week: null, attemptId: null, bestWeekScore: null };
  const { current, week, weekOpen, timeZone } = located;
  // The player's attempts of the season (at most six): this week's, and the personal best.
  const attempts = await repo.findSeasonAttempts(deps.db, player.id, current.season.id);
  const weekQuestions = week
    ? await repo.findWeekQuestions(deps.db, current.season.id, week.setNum)
    : [];
  const window = week ? weekWindow(week, timeZone) : null;
  const view = {
    week:
      week && window
        ? {
            setNum: week.setNum,
            eventId: week.eventId,
            eventWeek: week.eventWeek,
            opensAt: window.opensAt.toISOString(),
            closesAt: window.closesAt.toISOString(),
            topic: (weekQuestions.find((q) => q.kind === 'main' && q.position === 1)?.category ??
              null) as QuestionCategory | null,
          }
        : null,
    bestWeekScore: bestWeekScore(attempts),
  };
  if (player.registeredAt === null || player.teamId === null)
    return { ...view, state: 'not-registered', attemptId: null };
  const attempt = week ? attempts.find((a) => a.setNum === week.setNum) : undefined;
  if (attempt) {
    // Closing it may score the week: the personal best must count it.
    const { attempt: closed } = await closeIfExpired(deps, { attempt, answers: null });
    return {
      ...view,
      bestWeekScore: bestWeekScore(attempts.map((a) => (a === attempt ? closed : a))),
      state: closed.finishedAt ? 'done' : 'in-progress',
      attemptId: attempt.id,
    };
  }
  if (!week || !weekOpen) return { ...view, state: 'not-open', attemptId: null };
  const flags = await activeWeeksOf(current.season.id);
  if (flags.every((active) => !active))
    return { ...view, state: 'no-active-weeks', attemptId: null };
  if (!flags[week.setNum - 1]) return { ...view, state: 'inactive', attemptId: null };
  if (!(await weekPlayable(deps.db, weekQuestions)))
    return { ...view, state: 'not-ready', attemptId: null };
  return { ...view, state: 'ready', attemptId: null };
}

/** The best scored week of these attempts, or null before any. */
function bestWeekScore(attempts: readonly repo.AttemptRow[]): number | null {
  const scores = attempts.flatMap((a) => (a.weekScore === null ? [] : [a.weekScore]));
  return scores.length > 0 ? Math.max(...scores) : null;
}

/** Starts the player's attempt at the open week, or returns the one already started. */
export async function startAttempt(
  deps: PlayDeps,
  player: PlayerRow,
  activeWeeksOf: ActiveWeeksOf,
  language: Language,
): Promise<Attempt> {
  const located = await locatePlayer(deps, player);
  if (!located) throw new AppError('NO_SEASON', 'No season has been set up yet.');
  if (player.registeredAt === null || player.teamId === null) {
    throw new AppError(
      'NOT_REGISTERED',
      'Choose your team on the registration page before playing.',
    );
  }
  const { current, week, weekOpen } = located;
  const existing = week
    ? await repo.findPlayerAttempt(deps.db, player.id, current.season.id, week.setNum)
    : undefined;
  if (existing) return attemptView(deps, player, existing.id, language);
  if (!week || !weekOpen) throw new AppError('WEEK_NOT_OPEN', 'No game week is open right now.');
  const flags = await activeWeeksOf(current.season.id);
  if (!flags[week.setNum - 1]) {
    throw new AppError(
      'WEEK_INACTIVE',
      'This week is inactive on your profile: enable it on your account page and click Update.',
    );
  }
  const weekQuestions = await repo.findWeekQuestions(deps.db, current.season.id, week.setNum);
  if (!(await weekPlayable(deps.db, weekQuestions))) {
    throw new AppError(
      'WEEK_NOT_READY',
      'This week’s questions are not ready yet. Please try again later.',
    );
  }
  const main = weekQuestions.filter((q) => q.kind === 'main');
  if (main.length !== QUESTIONS_PER_WEEK)
    throw new AppError('WEEK_NOT_READY', 'This week has no questions yet.');
  const startedAt = deps.clock.now();
  const { attempt, created } = await repo.insertAttemptOnce(deps.db, {
    playerId: player.id,
    seasonId: current.season.id,
    setNum: week.setNum,
    teamId: player.teamId,
    startedAt,
    deadlineAt: deadlineFrom(startedAt),
    questionIds: main.map((q) => q.id),
    optionOrders: Object.fromEntries(
      main.map((q) => [String(q.id), shuffled(Object.keys(q.translations.en!.options))]),
    ),
  });
  // Another request of the player's may have started it a moment before: read it whole then.
  return attemptView(
    deps,
    player,
    attempt.id,
    language,
    created ? { attempt, answers: [] } : undefined,
  );
}

/**
 * A week opens only with its six questions approved and translated (ADR 0009). Once someone has
 * played it, it stays playable for everyone: the organiser tools freeze a played week's questions.
 */
async function weekPlayable(db: Database, weekQuestions: repo.QuestionRow[]): Promise<boolean> {
  if (readyOf(weekQuestions)) return true;
  const first = weekQuestions[0];
  return first !== undefined && (await repo.weekHasAttempts(db, first.seasonId, first.setNum));
}

/** Readiness per memoised week (its questions are the same frozen array until they change). */
const readyWeeks = new WeakMap<readonly repo.QuestionRow[], boolean>();

function readyOf(weekQuestions: readonly repo.QuestionRow[]): boolean {
  let ready = readyWeeks.get(weekQuestions);
  if (ready === undefined) {
    ready = weekReadiness(
      weekQuestions.map((q) => ({
        slot: slotOf(q.kind, q.position),
        status: q.reviewStatus,
        translations: q.translations,
      })),
    ).ready;
    readyWeeks.set(weekQuestions, ready);
  }
  return ready;
}

/** An attempt and its answers as a play action's transaction left them. */
export interface AttemptState {
  attempt: repo.AttemptRow;
  answers: repo.AnswerRow[];
}

/**
 * The player's own attempt; someone else's is 'not found' (its existence is not revealed).
 * After a play action, `state` is what its transaction committed: no need to read it again.
 */
export async function attemptView(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  language: Language,
  state?: AttemptState,
): Promise<Attempt> {
  let current: AttemptState;
  if (state) {
    current = state;
  } else {
    const found = await repo.findOwnAttempt(deps.db, id, player.id);
    if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
    current = await closeIfExpired(deps, found);
  }
  const { attempt, answers } = current;
  const season = await findCurrentSeason(deps.db);
  const week = season?.weeks.find(
    (w) => w.setNum === attempt.setNum && w.seasonId === attempt.seasonId,
  );
  const { team } = await findPlayerTeam(deps.db, player);
  const now = deps.clock.now();
  const timeZone = team?.timeZone ?? season?.season.timeZone ?? 'UTC';
  const ids = [
    ...attempt.questionIds,
    ...(attempt.challengerQuestionId ? [attempt.challengerQuestionId] : []),
  ];
  const weekQuestions = await repo.findWeekQuestions(deps.db, attempt.seasonId, attempt.setNum);
  // An attempt's questions are its week's; the week's set is memoised (content-cache.ts).
  const questions = ids.every((id) => weekQuestions.some((q) => q.id === id))
    ? weekQuestions
    : await repo.findQuestions(deps.db, ids);
  const window = week ? weekWindow(week, timeZone) : null;
  return toAttemptView({
    attempt,
    answers,
    questionsById: new Map(questions.map((q) => [q.id, q])),
    language,
    now,
    weekOpen: window !== null && now >= window.opensAt && now <= window.closesAt,
    revealCorrect: week ? closedEverywhere(week, now) : false,
  });
}

/**
 * One question of the attempt's week, from the memoised week (content-cache.ts): a week's
 * questions are frozen once anyone has started it (ADR 0009), so no need to read it in the lock.
 */
async function weekQuestion(deps: PlayDeps, attempt: repo.AttemptRow, id: number) {
  const week = await repo.findWeekQuestions(deps.db, attempt.seasonId, attempt.setNum);
  return week.find((q) => q.id === id) ?? (await repo.findQuestions(deps.db, [id]))[0];
}

/** Runs `work` on the locked attempt and its answers, after closing it if its time has run out. */
async function withLockedAttempt<T>(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  work: (tx: Database, state: AttemptState, now: Date) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockOwnAttempt(tx, id, player.id);
    if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
    const now = deps.clock.now();
    return work(tx, await closeExpired(tx, found, now), now);
  });
}

type AnswerDecision =
  | { kind: 'unchanged' }
  | { kind: 'too-late' }
  /** Past its deadline but not closed yet: only the locked path may close it. */
  | { kind: 'expired' }
  | { kind: 'record'; questionId: number };

/** What an answer does to the attempt as `state` has it; a refusal is thrown. */
function decideAnswer(
  { attempt, answers }: AttemptState,
  input: { position: number; option: string },
  now: Date,
): AnswerDecision {
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
  if (pastGrace(attempt.deadlineAt, now)) return { kind: 'expired' };
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

async function answerRow(
  deps: PlayDeps,
  attempt: repo.AttemptRow,
  input: { position: number; option: string },
  questionId: number,
  now: Date,
): Promise<repo.AnswerRow> {
  const question = await weekQuestion(deps, attempt, questionId);
  return {
    attemptId: attempt.id,
    position: input.position,
    questionId,
    option: input.option,
    correct: question!.correctOption === input.option,
    answeredAt: now,
  };
}

const tooLate = () => new AppError('ANSWER_TOO_LATE', 'Time is up: the 5 minutes have run out.');

/**
 * Saves one answer. Answers are final, in order, and refused after the deadline (+ grace).
 * Questions 1–4, the common case, take a fast path: a read, then one statement that records
 * the answer only if the attempt is, under its lock, still as read (repository.insertNextAnswer).
 * The last answer (it scores the week), an attempt to close, and any surprise take the locked
 * transaction, which decides again on what it finds.
 */
export async function answer(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  input: { position: number; option: string },
): Promise<AttemptState> {
  if (input.position < QUESTIONS_PER_WEEK) {
    const found = await repo.findOwnAttempt(deps.db, id, player.id);
    if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
    const now = deps.clock.now();
    const decision = decideAnswer(found, input, now);
    if (decision.kind === 'unchanged') return found;
    if (decision.kind === 'record') {
      const row = await answerRow(deps, found.attempt, input, decision.questionId, now);
      if (await repo.insertNextAnswer(deps.db, player.id, row))
        return { attempt: found.attempt, answers: [...found.answers, row] };
    }
  }
  const result = await withLockedAttempt(deps, player, id, async (tx, state, now) => {
    const decision = decideAnswer(state, input, now);
    if (decision.kind !== 'record') return { ...state, tooLate: decision.kind === 'too-late' };
    const row = await answerRow(deps, state.attempt, input, decision.questionId, now);
    await repo.insertAnswerOnce(tx, row);
    const answers = [...state.answers, row];
    const attempt =
      answers.length === QUESTIONS_PER_WEEK
        ? await score(tx, state.attempt, answers, now)
        : state.attempt;
    return { tooLate: false, attempt, answers };
  });
  // Outside the transaction, so that closing the attempt is kept while the answer is refused.
  if (result.tooLate) throw tooLate();
  return { attempt: result.attempt, answers: result.answers };
}

/** Scores the main set (what was answered counts); repeating it changes nothing. */
export async function finish(deps: PlayDeps, player: PlayerRow, id: string): Promise<AttemptState> {
  // After the fifth answer the set is already scored: a read, no transaction.
  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
  if (found.attempt.finishedAt) return closeIfExpired(deps, found);
  return withLockedAttempt(deps, player, id, async (tx, { attempt, answers }, now) => ({
    attempt: attempt.finishedAt ? attempt : await score(tx, attempt, answers, now),
    answers,
  }));
}

/**
 * Starts the challenger (its own 5 minutes) once the main set is done and while the week is
 * open. Usually one read and one guarded update; anything unusual takes the locked path.
 */
export async function startChallenger(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
): Promise<AttemptState> {
  const located = await locatePlayer(deps, player);
  const challengerOf = async (attempt: repo.AttemptRow) => {
    if (!attempt.finishedAt)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'Finish the five questions first.');
    const weekOpen = located?.weekOpen && located.week?.setNum === attempt.setNum;
    if (!weekOpen)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'The challenger closes with the game week.');
    // Memoised: a started week's questions are frozen (see weekQuestion).
    const challenger = (
      await repo.findWeekQuestions(deps.db, attempt.seasonId, attempt.setNum)
    ).find((q) => q.kind === 'challenger');
    if (!challenger)
      throw new AppError('CHALLENGER_NOT_AVAILABLE', 'This week has no challenger question.');
    const now = deps.clock.now();
    return {
      challengerQuestionId: challenger.id,
      challengerOptionOrder: shuffled(Object.keys(challenger.translations.en!.options)),
      challengerStartedAt: now,
      challengerDeadlineAt: deadlineFrom(now),
    };
  };

  const found = await repo.findOwnAttempt(deps.db, id, player.id);
  if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
  if (found.attempt.challengerStartedAt) return closeIfExpired(deps, found);
  if (found.attempt.finishedAt) {
    // A finished attempt's answers are final: the ones read here are the ones to show.
    const started = await repo.startChallenger(
      deps.db,
      player.id,
      id,
      await challengerOf(found.attempt),
    );
    if (started) return { attempt: started, answers: found.answers };
  }
  return withLockedAttempt(deps, player, id, async (tx, { attempt, answers }) => {
    if (attempt.challengerStartedAt) return { attempt, answers };
    const started = await repo.startChallenger(tx, player.id, id, await challengerOf(attempt));
    return { attempt: started!, answers };
  });
}

export async function answerChallenger(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  option: string,
): Promise<AttemptState> {
  const result = await withLockedAttempt(
    deps,
    player,
    id,
    async (tx, { attempt, answers }, now) => {
      if (!attempt.challengerStartedAt)
        throw new AppError('CHALLENGER_NOT_AVAILABLE', 'Start the challenger first.');
      if (attempt.challengerCorrect !== null) {
        if (attempt.challengerOption === option) return { tooLate: false, attempt, answers };
        if (attempt.challengerOption === null) return { tooLate: true, attempt, answers };
        throw new AppError(
          'ANSWER_FINAL',
          'The challenger has already been answered; answers are final.',
        );
      }
      if (!attempt.challengerOptionOrder!.includes(option)) {
        throw new AppError('UNKNOWN_OPTION', `'${option}' is not an option of the challenger.`);
      }
      const question = await weekQuestion(deps, attempt, attempt.challengerQuestionId!);
      const correct = question!.correctOption === option;
      const decided = await decideChallenger(tx, attempt, { option, correct, at: now });
      return { tooLate: false, attempt: decided, answers };
    },
  );
  if (result.tooLate) throw tooLate();
  return { attempt: result.attempt, answers: result.answers };
}

/**
 * Scores the main set once. Unanswered questions score 0 and cost the speed bonus, whether the
 * time ran out or the player stopped early.
 */
async function score(
  tx: Database,
  attempt: repo.AttemptRow,
  answers: repo.AnswerRow[],
  now: Date,
): Promise<repo.AttemptRow> {
  const last = answers.reduce(
    (latest, a) => Math.max(latest, a.answeredAt.getTime()),
    attempt.startedAt.getTime(),
  );
  const correct = answers.filter((a) => a.correct).length;
  const timedOut = answers.length < QUESTIONS_PER_WEEK;
  const elapsedMs = last - attempt.startedAt.getTime();
  const main = mainSetScore({ correct, elapsedSeconds: elapsedMs / 1000, timedOut });
  const finishedAt = new Date(
    timedOut ? Math.min(now.getTime(), attempt.deadlineAt.getTime()) : last,
  );
  const scored = await repo.scoreAttempt(tx, attempt.id, {
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
  return scored;
}

/** The challenger is decided: the week's score changes, for the player and for the team. */
async function decideChallenger(
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

/**
 * Closes what the clock has closed: a main set past its deadline (+ grace) is scored with what
 * was answered; a challenger started and not answered in time counts as wrong.
 */
async function closeExpired(tx: Database, state: AttemptState, now: Date): Promise<AttemptState> {
  let { attempt } = state;
  if (!attempt.finishedAt && pastGrace(attempt.deadlineAt, now)) {
    attempt = await score(tx, attempt, state.answers, now);
  }
  if (
    attempt.challengerStartedAt &&
    attempt.challengerCorrect === null &&
    pastGrace(attempt.challengerDeadlineAt!, now)
  ) {
    attempt = await decideChallenger(tx, attempt, { option: null, correct: false, at: now });
  }
  return { attempt, answers: state.answers };
}

/**
 * Lazily, on a read: closes the attempt if its time ran out (in its own locked transaction).
 * `answers` may be null when the caller did not read them (they are then read if needed).
 */
async function closeIfExpired<Answers extends repo.AnswerRow[] | null>(
  deps: PlayDeps,
  state: { attempt: repo.AttemptRow; answers: Answers },
): Promise<{ attempt: repo.AttemptRow; answers: Answers | repo.AnswerRow[] }> {
  const { attempt } = state;
  const now = deps.clock.now();
  const mainExpired = !attempt.finishedAt && pastGrace(attempt.deadlineAt, now);
  const challengerExpired =
    attempt.challengerStartedAt !== null &&
    attempt.challengerCorrect === null &&
    pastGrace(attempt.challengerDeadlineAt!, now);
  if (!mainExpired && !challengerExpired) return state;
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockOwnAttempt(tx, attempt.id, attempt.playerId);
    return closeExpired(tx, locked!, now);
  });
}

/** The periodic sweep: closes expired attempts nobody reads. Safe with several instances. */
export async function sweepExpiredAttempts(deps: PlayDeps, batch = 200): Promise<number> {
  const now = deps.clock.now();
  const expired = await repo.findExpiredAttemptIds(
    deps.db,
    new Date(now.getTime() - GRACE_SECONDS * 1000),
    batch,
  );
  for (const { id, playerId } of expired) {
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockOwnAttempt(tx, id, playerId);
      if (locked) await closeExpired(tx, locked, now);
    });
  }
  return expired.length;
}

export async function stats(deps: PlayDeps, player: PlayerRow): Promise<PlayerStats> {
  const current = await findCurrentSeason(deps.db);
  if (!current)
    return {
      totalScore: 0,
      bestWeekScore: null,
      fastestSeconds: null,
      challengersAttempted: 0,
      challengersCorrect: 0,
    };
  const row = await repo.playerStats(deps.db, player.id, current.season.id);
  return {
    totalScore: row.totalScore ?? 0,
    bestWeekScore: row.bestWeekScore,
    fastestSeconds:
      row.fastestMs === null || Number.isNaN(row.fastestMs)
        ? null
        : Math.round(row.fastestMs / 1000),
    challengersAttempted: row.challengersAttempted,
    challengersCorrect: row.challengersCorrect,
  };
}
