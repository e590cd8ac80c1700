import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/server/db/client';
import { players, sessions } from '../src/server/db/schema';
import type { Attempt } from '#shared/contracts/play';
import type { TestClock } from './play-helpers';

/**
 * Scripted players for a whole season (whole-season.api.test.ts): players and sessions written as a
 * sign-in writes them, a client that counts every request and sends each write in duplicate (one
 * after the other, or at the same moment), and a timeline that runs every player's steps in the
 * order of the clock, with the steps due at the same instant running concurrently.
 */

/** A small deterministic generator (mulberry32), so that every run plays the same season. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ScriptedPlayer {
  playerId: string;
  name: string;
  cookie: string;
}

/**
 * `count` players, each with a session that began at `signedInAt` (the sign-in itself is not
 * what this exercises), stored as the server stores it: the SHA-256 of the cookie's random id.
 */
export async function seedScriptedPlayers(
  db: Database,
  names: string[],
  signedInAt: Date,
): Promise<ScriptedPlayer[]> {
  const rows = await db
    .insert(players)
    .values(
      names.map((name, index) => ({
        oidcIssuer: 'scripted-season',
        oidcSubject: `scripted-${index}`,
        email: `scripted-${index}@example.com`,
        name,
        givenName: name.split(' ')[0]!,
        familyName: name.split(' ').slice(1).join(' '),
        locale: 'en',
        createdAt: signedInAt,
        updatedAt: signedInAt,
        lastSignInAt: signedInAt,
      })),
    )
    .returning({ id: players.id, name: players.name });
  const seeded = rows.map((row) => ({
    playerId: row.id,
    name: row.name!,
    sessionId: randomBytes(32).toString('base64url'),
  }));
  await db.insert(sessions).values(
    seeded.map((player) => ({
      idHash: createHash('sha256').update(player.sessionId).digest('hex'),
      playerId: player.playerId,
      accessToken: 'scripted',
      createdAt: signedInAt,
      lastSeenAt: signedInAt,
      expiresAt: new Date(signedInAt.getTime() + 90 * 86_400_000),
    })),
  );
  return seeded.map(({ playerId, name, sessionId }) => ({
    playerId,
    name,
    cookie: `podium_session=${sessionId}`,
  }));
}

export type Duplication = 'sequential' | 'concurrent' | 'concurrent-3';

export interface Counters {
  requests: number;
  /** Extra copies of a write (the second or third identical request). */
  duplicates: number;
  /** Writes sent as identical requests at the same moment. */
  concurrentGroups: number;
}

/** The part of an attempt that identical requests must agree on. */
export function attemptEssentials(attempt: Attempt) {
  return {
    id: attempt.id,
    setNum: attempt.setNum,
    status: attempt.status,
    deadlineAt: attempt.deadlineAt,
    answers: attempt.answers,
    result: attempt.result,
    weekScore: attempt.weekScore,
    challenger: attempt.challenger && {
      status: attempt.challenger.status,
      deadlineAt: attempt.challenger.deadlineAt,
      answer: attempt.challenger.answer,
      outcome: attempt.challenger.outcome,
    },
  };
}

/** What a response says, for comparing identical requests: status and essentials or error code. */
function outcomeOf(response: LightMyRequestResponse): string {
  const body = response.json() as { error?: { code: string } } & Attempt;
  if (response.statusCode >= 400) return `${response.statusCode} ${body.error?.code}`;
  return `${response.statusCode} ${JSON.stringify('questions' in body ? attemptEssentials(body) : body)}`;
}

/** A client that counts its requests and sends every write as identical duplicates. */
export function countingClient(app: FastifyInstance, counters: Counters, random: () => number) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) => {
    counters.requests += 1;
    return app.inject({
      method,
      url,
      headers: { cookie, ...(method === 'GET' ? {} : { 'x-podium-csrf': '1' }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

  /**
   * Sends the same request two or three times, one after the other or at once, and checks that
   * every copy got the same answer (the stored result). Returns the first response and the mode.
   */
  async function duplicated(
    method: 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: unknown,
    options: { mode?: Duplication; sameAnswer?: boolean } = {},
  ): Promise<{ response: LightMyRequestResponse; responses: LightMyRequestResponse[] }> {
    const draw = random();
    const mode: Duplication =
      options.mode ?? (draw < 0.45 ? 'sequential' : draw < 0.9 ? 'concurrent' : 'concurrent-3');
    let responses: LightMyRequestResponse[];
    if (mode === 'sequential') {
      responses = [await send(method, url, cookie, payload)];
      responses.push(await send(method, url, cookie, payload));
      counters.duplicates += 1;
    } else {
      const copies = mode === 'concurrent' ? 2 : 3;
      responses = await Promise.all(
        Array.from({ length: copies }, () => send(method, url, cookie, payload)),
      );
      counters.duplicates += copies - 1;
      counters.concurrentGroups += 1;
    }
    if (options.sameAnswer !== false) {
      const outcomes = new Set(responses.map(outcomeOf));
      if (outcomes.size !== 1)
        throw new Error(
          `${method} ${url}: identical requests answered differently:\n${[...outcomes].join('\n')}`,
        );
    }
    return { response: responses[0]!, responses };
  }

  return {
    get: (url: string, cookie: string) => send('GET', url, cookie),
    duplicated,
  };
}
export type CountingClient = ReturnType<typeof countingClient>;

export interface Step {
  at: number;
  label: string;
  run: () => Promise<void>;
}

/**
 * Runs the steps in the order of their instants, the clock set to each; the steps due at the
 * same instant run at once. A failing step fails the run with its label.
 */
export async function runTimeline(clock: TestClock, steps: Step[]): Promise<void> {
  const ordered = [...steps].sort((a, b) => a.at - b.at);
  for (let index = 0; index < ordered.length;) {
    const at = ordered[index]!.at;
    const group: Step[] = [];
    while (index < ordered.length && ordered[index]!.at === at) group.push(ordered[index++]!);
    clock.set(new Date(at));
    await Promise.all(
      group.map((step) =>
        step.run().catch((error: unknown) => {
          throw new Error(
            `${step.label} at ${new Date(at).toISOString()}: ${(error as Error).message}`,
          );
        }),
      ),
    );
  }
}

// Local times in the teams' zones, from Intl alone (not from src/shared/domain/time-zone.ts, so
// that the test's calendar also checks the server's).
const SECOND = 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The offset of `zone` from UTC at `instant`, in ms (e.g. +3,600,000 for Paris in winter). */
function zoneOffsetMs(instant: number, zone: string): number {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  const part = Object.fromEntries(
    format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]),
  );
  const wall = Date.UTC(
    part.year!,
    part.month! - 1,
    part.day!,
    part.hour!,
    part.minute!,
    part.second!,
  );
  return wall - Math.floor(instant / SECOND) * SECOND;
}

/**
 * The instant the clocks of `zone` show `date` (YYYY-MM-DD) at `time` (HH:MM:SS, default
 * midnight). Not meant for the hour a clock skips when it springs forward.
 */
export function zonedInstant(date: string, zone: string, time = '00:00:00'): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second ?? 0);
  const first = wall - zoneOffsetMs(wall, zone);
  return new Date(wall - zoneOffsetMs(first, zone));
}

/** YYYY-MM-DD plus `days`. */
export function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** A week opens at 00:00 on opensOn and closes at the end of closesOn, in `zone`. */
export function weekOpensAt(week: { opensOn: string }, zone: string): Date {
  return zonedInstant(week.opensOn, zone);
}
/** The last millisecond of the week in `zone`. */
export function weekClosesAt(week: { closesOn: string }, zone: string): Date {
  return new Date(zonedInstant(plusDays(week.closesOn, 1), zone).getTime() - 1);
}
