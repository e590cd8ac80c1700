import { randomInt } from 'node:crypto';
import type { Attempt, CurrentWeek, PlayerStats } from '#shared/contracts/play';
import type { QuestionCategory } from '#shared/contracts/season';
import { closedEverywhere, seasonPosition, weekWindow } from '#shared/domain/calendar';
import type { Language } from '#shared/domain/language';
import { playDeadline } from '#shared/domain/play-clock';
import { allowanceSeconds } from '#shared/domain/time-factor';
import { slotOf, weekReadiness } from '#shared/domain/question-review';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { findPlayerTeam, type ActiveWeeksOf, type PlayerRow } from '../players/repository';
import { findCurrentSeason, type CurrentSeason } from '../season/repository';
import { toAttemptView } from './attempt-view';
import { closeIfExpired } from './closing';
import type { PlayDeps } from './play-deps';
import * as repo from './repository';

/**
 * A week's play, decided by the server (ADR 0007): one attempt per player
 * and week, answers saved one by one with the server's time, scored once. Every call can be
 * repeated and returns the stored result. This file: the week's state, the start and the
 * attempt as the player sees it; play-actions.ts: answers and the challenger; closing.ts:
 * scoring and what the clock closes.
 */

/** Fisher–Yates with a cryptographic source: option order per attempt. */
export function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

export interface PlayerWeek {
  current: CurrentSeason;
  timeZone: string;
  week: CurrentSeason['weeks'][number] | null;
  weekOpen: boolean;
  /** Between two weeks or after the last one: a week has closed and none is open. */
  afterClose: boolean;
  /** The season's last week has closed in the player's time zone. */
  seasonEnded: boolean;
}

export async function locatePlayer(deps: PlayDeps, player: PlayerRow): Promise<PlayerWeek | null> {
  const current = await findCurrentSeason(deps.db);
  if (!current) return null;
  const { team } = await findPlayerTeam(deps.db, player);
  const timeZone = team?.timeZone ?? current.season.timeZone;
  const position = seasonPosition(current.weeks, timeZone, deps.clock.now());
  return {
    current,
    timeZone,
    week: position.week,
    weekOpen: position.phase === 'week-open',
    afterClose: position.phase === 'between-weeks' || position.phase === 'ended',
    seasonEnded: position.phase === 'ended',
  };
}

/** What /questions should show: the week, whether the player can play it, and their attempt. */
export async function currentWeek(
  deps: PlayDeps,
  player: PlayerRow,
  activeWeeksOf: ActiveWeeksOf,
): Promise<CurrentWeek> {
  const located = await locatePlayer(deps, player);
  const serverNow = deps.clock.now().toISOString();
  // The player's own time for a set (ADR 0037): what the instructions announce.
  const timeLimitSeconds = allowanceSeconds(player.timePercent);
  if (!located)
    return {
      state: 'no-season',
      week: null,
      attemptId: null,
      bestWeekScore: null,
      serverNow,
      timeLimitSeconds,
    };
  const { current, week, weekOpen, timeZone, seasonEnded } = located;
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
    serverNow,
    timeLimitSeconds,
  };
  if (player.registeredAt === null || player.teamId === null)
    return { ...view, state: 'not-registered', attemptId: null };
  const attempt = week ? attempts.find((a) => a.setNum === week.setNum) : undefined;
  if (attempt) {
    // Closing it may score the week: the personal best must count it.
    const closed = await closeIfExpired(deps, attempt);
    return {
      ...view,
      bestWeekScore: bestWeekScore(attempts.map((a) => (a === attempt ? closed : a))),
      state: closed.finishedAt ? 'done' : 'in-progress',
      attemptId: attempt.id,
    };
  }
  // After the last week there is no next week to wait for (season-over.api.test.ts).
  if (seasonEnded) return { ...view, state: 'season-over', attemptId: null };
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
  const { current, week } = located;
  const startedAt = deps.clock.now();
  // The five minutes (times the player's time factor, ADR 0037) end at the week's close at the
  // latest (ADR 0014).
  const closesAt = week && weekWindow(week, located.timeZone).closesAt;
  const deadlineAt = closesAt && playDeadline(startedAt, closesAt, player.timePercent);
  const refusal = await startRefusal(deps, located, activeWeeksOf, deadlineAt);
  if (!refusal) {
    const main = (await repo.findWeekQuestions(deps.db, current.season.id, week!.setNum)).filter(
      (q) => q.kind === 'main',
    );
    const { attempt, created } = await repo.insertAttemptOnce(deps.db, {
      playerId: player.id,
      seasonId: current.season.id,
      setNum: week!.setNum,
      teamId: player.teamId,
      startedAt,
      deadlineAt: deadlineAt!,
      timePercent: player.timePercent,
      questionIds: main.map((q) => q.id),
      optionOrders: Object.fromEntries(
        main.map((q) => [String(q.id), shuffled(Object.keys(q.translations.en!.options))]),
      ),
    });
    if (created) deps.metrics?.attemptStarted(week!.setNum);
    // Started a moment before (by another request of the player's): read it whole then.
    return attemptView(deps, player, attempt.id, language, created ? attempt : undefined);
  }
  // An attempt already started is the player's, whatever the week's state now.
  const existing = week
    ? await repo.findPlayerAttempt(deps.db, player.id, current.season.id, week.setNum)
    : undefined;
  if (existing) return attemptView(deps, player, existing.id, language);
  throw refusal;
}

/** Why the player cannot start the week now, or null when they can. */
async function startRefusal(
  deps: PlayDeps,
  { current, week, weekOpen, afterClose }: PlayerWeek,
  activeWeeksOf: ActiveWeeksOf,
  deadlineAt: Date | null,
): Promise<AppError | null> {
  if ((week && weekOpen && !deadlineAt) || (!weekOpen && afterClose)) {
    return new AppError(
      'WEEK_CLOSED',
      'This game week has closed: its questions can no longer be started.',
    );
  }
  if (!week || !weekOpen) return new AppError('WEEK_NOT_OPEN', 'No game week is open right now.');
  const flags = await activeWeeksOf(current.season.id);
  if (!flags[week.setNum - 1]) {
    return new AppError(
      'WEEK_INACTIVE',
      'This week is inactive on your profile: enable it on your account page and click Update.',
    );
  }
  const weekQuestions = await repo.findWeekQuestions(deps.db, current.season.id, week.setNum);
  if (!(await weekPlayable(deps.db, weekQuestions))) {
    return new AppError(
      'WEEK_NOT_READY',
      'This week’s questions are not ready yet. Please try again later.',
    );
  }
  if (weekQuestions.filter((q) => q.kind === 'main').length !== QUESTIONS_PER_WEEK)
    return new AppError('WEEK_NOT_READY', 'This week has no questions yet.');
  return null;
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

/**
 * The player's own attempt; someone else's is 'not found' (its existence is not revealed).
 * After a play action, `attempt` is what its statement stored: no need to read it again.
 */
export async function attemptView(
  deps: PlayDeps,
  player: PlayerRow,
  id: string,
  language: Language,
  attempt?: repo.AttemptRow,
): Promise<Attempt> {
  let shown = attempt;
  if (!shown) {
    const found = await repo.findOwnAttempt(deps.db, id, player.id);
    if (!found) throw new AppError('ATTEMPT_NOT_FOUND', 'This attempt does not exist.');
    shown = await closeIfExpired(deps, found);
  }
  const season = await findCurrentSeason(deps.db);
  const week = season?.weeks.find(
    (w) => w.setNum === shown.setNum && w.seasonId === shown.seasonId,
  );
  const { team } = await findPlayerTeam(deps.db, player);
  const now = deps.clock.now();
  const timeZone = team?.timeZone ?? season?.season.timeZone ?? 'UTC';
  const ids = [
    ...shown.questionIds,
    ...(shown.challengerQuestionId ? [shown.challengerQuestionId] : []),
  ];
  const weekQuestions = await repo.findWeekQuestions(deps.db, shown.seasonId, shown.setNum);
  // An attempt's questions are its week's; the week's set is memoised (content-cache.ts).
  const questions = ids.every((id) => weekQuestions.some((q) => q.id === id))
    ? weekQuestions
    : await repo.findQuestions(deps.db, ids);
  const window = week ? weekWindow(week, timeZone) : null;
  return toAttemptView({
    attempt: shown,
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
export async function weekQuestion(
  deps: PlayDeps,
  attempt: Pick<repo.AttemptRow, 'seasonId' | 'setNum'>,
  id: number,
) {
  const week = await repo.findWeekQuestions(deps.db, attempt.seasonId, attempt.setNum);
  return week.find((q) => q.id === id) ?? (await repo.findQuestions(deps.db, [id]))[0];
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
