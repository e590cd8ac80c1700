import { createHash, randomBytes } from 'node:crypto';
import type { Attempt, CurrentWeek } from '#shared/contracts/play';
import type { PostgresInstance } from './postgres';
import { request, sleep, type Reply } from './process';

/**
 * Players for the scenarios: rows and sessions written the way a sign-in writes them (a random
 * 256-bit session id, stored as its SHA-256 hash), then registered through the API.
 */

export interface SeededPlayer {
  id: string;
  cookie: string;
  teamId: number;
}

export async function seedPlayers(
  postgres: PostgresInstance,
  count: number,
  prefix: string,
): Promise<SeededPlayer[]> {
  const teams = await postgres.query<{ id: number }>('select id from teams order by id');
  const players: SeededPlayer[] = [];
  for (let n = 0; n < count; n++) {
    const [row] = await postgres.query<{ id: string }>(
      `insert into players (oidc_issuer, oidc_subject, email, name, given_name, family_name, locale)
       values ('resilience-suite', $1, $2, $3, 'Player', $4, 'en') returning id`,
      [`${prefix}-${n}`, `${prefix}-${n}@example.com`, `Player ${prefix} ${n}`, `${prefix} ${n}`],
    );
    const sessionId = randomBytes(32).toString('base64url');
    await postgres.query(
      `insert into sessions (id_hash, player_id, access_token, expires_at)
       values ($1, $2, $3, now() + interval '90 days')`,
      [
        createHash('sha256').update(sessionId).digest('hex'),
        row!.id,
        randomBytes(16).toString('hex'),
      ],
    );
    players.push({
      id: row!.id,
      cookie: `podium_session=${sessionId}`,
      teamId: teams[n % teams.length]!.id,
    });
  }
  return players;
}

/** Registers each player through the API: English, their team, every week active. */
export async function registerAll(server: { port: number }, players: SeededPlayer[]) {
  for (const player of players) {
    const reply = await request(server, 'POST', '/api/me/registration', {
      cookie: player.cookie,
      body: {
        language: 'en',
        teamId: player.teamId,
        salesTeamId: null,
        activeWeeks: [true, true, true, true, true, true],
      },
    });
    if (reply.status !== 200)
      throw new Error(`registration: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

/** What a status and body say, for a failure message. */
export const describeReply = (reply: Reply) => `${reply.status} ${JSON.stringify(reply.body)}`;

/** The play calls of one player against whichever server `target()` names at call time. */
export function playCalls(target: () => { port: number }, cookie: string) {
  const get = <T>(url: string) => request<T>(target(), 'GET', url, { cookie });
  const post = <T>(url: string, body?: unknown) =>
    request<T>(target(), 'POST', url, { cookie, body });
  return {
    current: () => get<CurrentWeek>('/api/weeks/current'),
    start: () => post<Attempt>('/api/weeks/current/attempt'),
    attempt: (id: string) => get<Attempt>(`/api/attempts/${id}`),
    answer: (id: string, position: number, option: string) =>
      post<Attempt>(`/api/attempts/${id}/answers`, { position, option }),
    finish: (id: string) => post<Attempt>(`/api/attempts/${id}/finish`),
    startChallenger: (id: string) => post<Attempt>(`/api/attempts/${id}/challenger`),
    answerChallenger: (id: string, option: string) =>
      post<Attempt>(`/api/attempts/${id}/challenger/answer`, { option }),
  };
}

/** An option of question `position` of the attempt, chosen at random. */
export function pickOption(attempt: Attempt, position: number): string {
  const options = attempt.questions.find((q) => q.position === position)!.options;
  return options[Math.floor(Math.random() * options.length)]!.key;
}

/** A pause like a player's reading time, in ms. */
export const think = (minMs: number, maxMs: number) =>
  sleep(minMs + Math.floor(Math.random() * (maxMs - minMs)));

/** Every stored answer (kept in its attempt's row, ADR 0013), of these players or of all. */
export async function storedAnswers(
  postgres: PostgresInstance,
  playerIds?: string[],
): Promise<{ player: string; position: number; option: string }[]> {
  return postgres.query<{ player: string; position: number; option: string }>(
    `select a.player_id as player, (x ->> 'position')::int as position, x ->> 'option' as option
     from attempts a cross join lateral jsonb_array_elements(a.answers) x
     where $1::uuid[] is null or a.player_id = any($1::uuid[])`,
    [playerIds ?? null],
  );
}

/**
 * Each aggregate the standings read, next to the same figure recomputed from the attempts and
 * memberships: equal when no score was counted twice (or lost).
 */
export async function aggregateMismatches(postgres: PostgresInstance): Promise<string[]> {
  // Active-member counts are left out: no scenario changes a membership.
  const teamWeeks = await postgres.query<{ key: string; stored: string; recomputed: string }>(`
    with recomputed as (
      select season_id, set_num, team_id,
        count(*) filter (where finished_at is not null) as played,
        coalesce(sum(week_score), 0) as score_sum,
        coalesce(sum(elapsed_ms) filter (where finished_at is not null), 0) as time_sum_ms
      from attempts group by 1, 2, 3
    )
    select concat_ws('/', season_id, set_num, team_id) as key,
      concat_ws(' ', coalesce(s.played, 0), coalesce(s.score_sum, 0),
        coalesce(s.time_sum_ms, 0)) as stored,
      concat_ws(' ', coalesce(r.played, 0), coalesce(r.score_sum, 0),
        coalesce(r.time_sum_ms, 0)) as recomputed
    from team_week_stats s full join recomputed r using (season_id, set_num, team_id)
  `);
  const players = await postgres.query<{ key: string; stored: string; recomputed: string }>(`
    with recomputed as (
      select player_id, season_id, sum(week_score) as total, sum(elapsed_ms) as time_ms
      from attempts where finished_at is not null group by 1, 2
    )
    select coalesce(t.player_id, r.player_id)::text as key,
      concat_ws(' ', coalesce(t.total, 0), coalesce(t.total_time_ms, 0)) as stored,
      concat_ws(' ', coalesce(r.total, 0), coalesce(r.time_ms, 0)) as recomputed
    from player_totals t full join recomputed r using (player_id, season_id)
  `);
  return [...teamWeeks, ...players]
    .filter((row) => row.stored !== row.recomputed)
    .map((row) => `${row.key}: stored ${row.stored}, recomputed ${row.recomputed}`);
}
