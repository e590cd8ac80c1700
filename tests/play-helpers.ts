import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { attemptAnswers, attempts, players, questions } from '../src/server/db/schema';
import type { Attempt } from '../src/shared/contracts/play';
import { loadSeason2025, moments2025, teamByCode } from './factories';
import { createTestApp, fixedClock, signIn, type TestApp } from './test-app';

/**
 * Helpers for the weekly game's API tests (issue 4): an app on the 2025 season with a settable
 * clock, registered players, a small client for the play endpoints, and the correct options
 * read straight from the questions table.
 */

export type TestClock = ReturnType<typeof fixedClock>;

export interface PlayApp extends TestApp {
  clock: TestClock;
}

/**
 * The real app with the 2025 season loaded, its clock standing at `start` (week 1 open by
 * default). Sessions last long enough for a test to move the clock across days.
 */
export async function createPlayApp(start = moments2025.week1Open): Promise<PlayApp> {
  const clock = fixedClock(start);
  const t = await createTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '2160' },
  });
  await loadSeason2025(t.database.db, clock);
  return { ...t, clock };
}

export const SECOND = 1000;
const CSRF = { 'x-podium-csrf': '1' };

/** Play endpoints as the signed-in player with `cookie` sees them. */
export function playClient(app: FastifyInstance, cookie: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...CSRF },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    cookie,
    current: () => get('/api/weeks/current'),
    stats: () => get('/api/me/stats'),
    start: () => post('/api/weeks/current/attempt'),
    attempt: (id: string) => get(`/api/attempts/${id}`),
    answer: (id: string, position: number, option: string) =>
      post(`/api/attempts/${id}/answers`, { position, option }),
    /** Any body, for the refusals of malformed input. */
    answerRaw: (id: string, payload: unknown) => post(`/api/attempts/${id}/answers`, payload),
    finish: (id: string) => post(`/api/attempts/${id}/finish`),
    startChallenger: (id: string) => post(`/api/attempts/${id}/challenger`),
    answerChallenger: (id: string, option: string) =>
      post(`/api/attempts/${id}/challenger/answer`, { option }),
    answerChallengerRaw: (id: string, payload: unknown) =>
      post(`/api/attempts/${id}/challenger/answer`, payload),
  };
}
export type PlayClient = ReturnType<typeof playClient>;
/** A signed-in player's client and stored id. */
export type Player = PlayClient & { playerId: string };

export interface PlayerOptions {
  team?: string;
  language?: string;
  activeWeeks?: boolean[];
}

/** Signs a demo account in and registers it (team 'es', English, every week active). */
export async function registeredPlayer(
  t: TestApp,
  account: string,
  options: PlayerOptions = {},
): Promise<Player> {
  const { cookie } = await signIn(t.app, account);
  const team = await teamByCode(t.database.db, options.team ?? 'es');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/me/registration',
    headers: { cookie, ...CSRF },
    payload: {
      language: options.language ?? 'en',
      teamId: team.id,
      salesTeamId: null,
      activeWeeks: options.activeWeeks ?? [true, true, true, true, true, true],
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return { ...playClient(t.app, cookie), playerId: await playerIdOf(t.database.db, account) };
}

/** Signs a demo account in without registering it. */
export async function signedInPlayer(t: TestApp, account: string): Promise<Player> {
  const { cookie } = await signIn(t.app, account);
  return { ...playClient(t.app, cookie), playerId: await playerIdOf(t.database.db, account) };
}

async function playerIdOf(db: Database, account: string): Promise<string> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.oidcSubject, account));
  return row!.id;
}

/** The response's JSON, after checking its status (the body is in the failure message). */
export function expectStatus<T = Attempt>(response: LightMyRequestResponse, status: number): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json() as T;
}

/** The error code of a refusal, after checking its status. */
export function errorCode(response: LightMyRequestResponse, status: number): string {
  return expectStatus<{ error: { code: string } }>(response, status).error.code;
}

/**
 * The correct option of each question of an attempt, read from the questions table (never
 * from the API): main questions by position 1–5, and the challenger once started.
 */
export async function answerKey(db: Database, attemptId: string) {
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  const ids = [...attempt!.questionIds, attempt!.challengerQuestionId ?? -1];
  const rows = await db.select().from(questions).where(inArray(questions.id, ids));
  const correctOf = (id: number) => rows.find((row) => row.id === id)!.correctOption;
  const main = attempt!.questionIds.map(correctOf);
  return {
    /** Correct option of question `position` (1–5). */
    right: (position: number) => main[position - 1]!,
    /** Some option of question `position` that is not the correct one. */
    wrong: (position: number) =>
      attempt!.optionOrders[String(attempt!.questionIds[position - 1])]!.find(
        (key) => key !== main[position - 1],
      )!,
    challengerRight: () => correctOf(attempt!.challengerQuestionId!),
    challengerWrong: () =>
      attempt!.challengerOptionOrder!.find(
        (key) => key !== correctOf(attempt!.challengerQuestionId!),
      )!,
  };
}

/** The stored attempt row and its answer rows. */
export async function storedAttempt(db: Database, attemptId: string) {
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  const answers = await db
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
  return { attempt: attempt!, answers };
}

/**
 * Starts the attempt and answers questions 1..`count` after `secondsEach` seconds each, right
 * or wrong as `pattern` says ('r' right, 'w' wrong; default all right). Returns the last view.
 */
export async function playMainSet(
  t: PlayApp,
  player: PlayClient,
  pattern = 'rrrrr',
  secondsEach = 12,
): Promise<Attempt> {
  let view = expectStatus(await player.start(), 200);
  const key = await answerKey(t.database.db, view.id);
  for (const [index, mark] of [...pattern].entries()) {
    t.clock.advance(secondsEach * SECOND);
    const position = index + 1;
    const option = mark === 'r' ? key.right(position) : key.wrong(position);
    view = expectStatus(await player.answer(view.id, position, option), 200);
  }
  return view;
}

/**
 * Every place in a JSON value where a correct option could leak: a non-null `correctOption`,
 * or any field whose name mentions 'correct' holding a string (an option key). Counts such as
 * `correctCount` are numbers and do not count.
 */
export function correctOptionLeaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => correctOptionLeaks(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, field]) => {
    const here = `${path}.${name}`;
    const leak =
      /correct|right|solution/i.test(name) && (typeof field === 'string' || Array.isArray(field))
        ? [`${here} = ${JSON.stringify(field)}`]
        : [];
    return [...leak, ...correctOptionLeaks(field, here)];
  });
}
