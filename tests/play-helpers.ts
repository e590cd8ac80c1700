import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { attempts, players, questions } from '../src/server/db/schema';
import type { Attempt } from '#shared/contracts/play';
import { loadSeason2025, moments2025, teamByCode } from './factories';
import { createTestApp, fixedClock, signIn, type TestApp } from './test-app';

/**
 * Helpers for the weekly game's API tests (ADR 0007): an app on the 2025 season with a settable
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
export async function createPlayApp(
  start = moments2025.week1Open,
  env: Record<string, string> = {},
): Promise<PlayApp> {
  const clock = fixedClock(start);
  const t = await createTestApp({
    clock,
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '2160', ...env },
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

/** The stored attempt row and its answers (kept in it). */
export async function storedAttempt(db: Database, attemptId: string) {
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return { attempt: attempt!, answers: attempt!.answers };
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
 * Every place in a JSON value where a correct option could leak: any field whose name mentions
 * 'correct' (or 'right', 'solution') holding a string (an option key), a list of keys or a
 * correction of the key. Counts such as `correctCount` are numbers and do not count.
 */
export function correctOptionLeaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => correctOptionLeaks(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, field]) => {
    const here = `${path}.${name}`;
    const leak =
      /correct|right|solution/i.test(name) &&
      (typeof field === 'string' || (typeof field === 'object' && field !== null))
        ? [`${here} = ${JSON.stringify(field)}`]
        : [];
    return [...leak, ...correctOptionLeaks(field, here)];
  });
}

/** Week 2 of 2025 (Mon 10 – Fri 14 Feb) open in every team's time zone. */
export const week2Open = new Date('2025-02-11T10:00:00Z');

/** The standings endpoints (ADR 0008) as the signed-in player with `cookie` sees them. */
export function standingsClient(app: FastifyInstance, cookie: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    standings: () => get('/api/standings'),
    track: (eventId: number | string, eventWeek: number | string) =>
      get(`/api/standings/track?eventId=${eventId}&eventWeek=${eventWeek}`),
    myTeam: () => get('/api/standings/my-team'),
    winners: () => get('/api/standings/winners'),
  };
}

/** Saves the account page's profile (PUT /api/me/profile) for a registered player. */
export function updateProfile(app: FastifyInstance, player: PlayClient, payload: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { cookie: player.cookie, ...CSRF },
    payload: payload as object,
  });
}

/**
 * Plays a whole week: the main set as `playMainSet` does, then, when asked, the challenger
 * answered right or wrong after 10 s. Returns the final view.
 */
export async function playWeek(
  t: PlayApp,
  player: PlayClient,
  options: { pattern?: string; secondsEach?: number; challenger?: 'right' | 'wrong' } = {},
): Promise<Attempt> {
  const view = await playMainSet(t, player, options.pattern, options.secondsEach);
  return options.challenger ? playChallenger(t, player, view.id, options.challenger) : view;
}

/** Starts the challenger of a scored attempt and answers it right or wrong after 10 s. */
export async function playChallenger(
  t: PlayApp,
  player: PlayClient,
  attemptId: string,
  outcome: 'right' | 'wrong',
): Promise<Attempt> {
  expectStatus(await player.startChallenger(attemptId), 200);
  const key = await answerKey(t.database.db, attemptId);
  t.clock.advance(10 * SECOND);
  const option = outcome === 'right' ? key.challengerRight() : key.challengerWrong();
  return expectStatus(await player.answerChallenger(attemptId, option), 200);
}

/**
 * Seeds `count` registered players in bulk (one SQL statement, whatever the count), spread
 * over the teams, with consistent standings aggregates: each player is active in a week with
 * probability `activeRate`, plays each of weeks 1..`weeksPlayed` they are active in with
 * probability `playRate`, with a random week score (0–10.80 points) and time (20–300 s). The
 * per-player totals and the per-team-week figures are written as the scoring transaction
 * would (added to existing rows). For the standings' cost tests and the benchmark.
 */
export async function seedPlayers(
  db: Database,
  options: {
    count: number;
    seasonId?: string;
    weeksPlayed?: number;
    activeRate?: number;
    playRate?: number;
    /** When each week's submissions start; they spread over the following day. */
    weekStarts?: Date[];
    registeredAt?: Date;
  },
): Promise<void> {
  const seasonId = options.seasonId ?? '2025';
  const weeksPlayed = options.weeksPlayed ?? 1;
  const activeRate = options.activeRate ?? 0.9;
  const playRate = options.playRate ?? 0.8;
  // As a PostgreSQL array literal: Drizzle would expand a JavaScript array into a list.
  const weekStarts = `{${(
    options.weekStarts ?? [4, 10, 17, 24, 31, 38].map((day) => new Date(Date.UTC(2025, 1, day, 8)))
  )
    .map((date) => date.toISOString())
    .join(',')}}`;
  const registeredAt = (options.registeredAt ?? new Date('2025-02-03T09:00:00Z')).toISOString();
  const batch = randomUUID().slice(0, 8);
  await db.execute(sql`
    with team_ids as (select array_agg(id order by id) as ids from teams),
    seeded as (
      insert into players (oidc_issuer, oidc_subject, email, name, given_name, family_name,
        language, team_id, registered_at, updated_at)
      select 'seed', ${`seed-${batch}-`} || g, 'seed-' || g || '@example.com',
        'Seed ' || ${batch} || ' ' || g, 'Seed', ${batch} || ' ' || g, 'en',
        team_ids.ids[1 + g % cardinality(team_ids.ids)], ${registeredAt}::timestamptz,
        ${registeredAt}::timestamptz
      from generate_series(1, ${options.count}::int) g, team_ids
      returning id, team_id
    ),
    flags as (
      insert into active_weeks (player_id, season_id, week_1, week_2, week_3, week_4, week_5,
        week_6, updated_at)
      select id, ${seasonId}, random() < ${activeRate}, random() < ${activeRate},
        random() < ${activeRate}, random() < ${activeRate}, random() < ${activeRate},
        random() < ${activeRate}, ${registeredAt}::timestamptz
      from seeded
      returning player_id, array[week_1, week_2, week_3, week_4, week_5, week_6] as active
    ),
    membership as (
      select seeded.id as player_id, seeded.team_id, week as set_num, flags.active[week] as active
      from seeded join flags on flags.player_id = seeded.id, generate_series(1, 6) week
    ),
    scores as materialized (
      select player_id, team_id, set_num,
        floor(random() * 1081)::int as score,
        (20000 + floor(random() * 280000))::bigint as time_ms,
        (${weekStarts}::timestamptz[])[set_num] + random() * interval '1 day' as submitted_at
      from membership
      where active and set_num <= ${weeksPlayed}::int and random() < ${playRate}
    ),
    totals as (
      insert into player_totals (player_id, season_id, team_id, total, total_time_ms,
        last_submission_at)
      select player_id, ${seasonId}, team_id, sum(score), sum(time_ms), max(submitted_at)
      from scores group by player_id, team_id
      returning player_id
    ),
    team_weeks as (
      select m.team_id, m.set_num, count(*) filter (where m.active)::int as active_members,
        count(s.player_id)::int as played, coalesce(sum(s.score), 0)::bigint as score_sum,
        coalesce(sum(s.time_ms), 0)::bigint as time_sum_ms
      from membership m
      left join scores s on s.player_id = m.player_id and s.set_num = m.set_num
      group by m.team_id, m.set_num
    )
    insert into team_week_stats (season_id, set_num, team_id, active_members, played, score_sum,
      time_sum_ms)
    select ${seasonId}, set_num, team_id, active_members, played, score_sum, time_sum_ms
    from team_weeks
    on conflict (season_id, set_num, team_id) do update set
      active_members = team_week_stats.active_members + excluded.active_members,
      played = team_week_stats.played + excluded.played,
      score_sum = team_week_stats.score_sum + excluded.score_sum,
      time_sum_ms = team_week_stats.time_sum_ms + excluded.time_sum_ms
  `);
}
