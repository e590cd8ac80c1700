import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEASON_2025 } from '../../../../tests/factories';
import { answerKey, type TestClock } from '../../../../tests/play-helpers';
import {
  countingClient,
  plusDays,
  seedScriptedPlayers,
  seededRandom,
  runTimeline,
  weekClosesAt,
  weekOpensAt,
  zonedInstant,
  type Counters,
  type CountingClient,
  type ScriptedPlayer,
  type Step,
} from '../../../../tests/scripted-season';
import {
  attemptsAgainstTheirAnswers,
  expectStandingsToMatchRawRows,
} from '../../../../tests/standings-recompute';
import { createTestApp, fixedClock, type TestApp } from '../../../../tests/test-app';
import type { Attempt } from '#shared/contracts/play';
import { attempts, teams as teamsTable, weeks } from '../../db/schema';
import { readSeasonBundle } from '../content/read-content';
import { seasonFileSchema, teamsFileSchema } from '../content/content-schema';
import { loadSeasonBundle } from '../content/service';
import { sweepExpiredAttempts } from '../play/closing';

/**
 * A whole season (docs/reliability.md), played by scripted players in seven time zones (UTC−10 to
 * UTC+9), every write sent in duplicate (one after the other, or two or three at the same
 * moment), players starting in the last minute of every week, time-outs, challengers won, lost
 * and left to run out, holidays, late registrations. After every week, in the middle of two, and
 * at the end of the season, every figure the API serves (leaderboard, the six track weeks, each
 * team's tiles, the regional winners, every player's statistics) is compared with a plain
 * recomputation from the raw rows (tests/standings-recompute.ts): they must be equal, to the
 * hundredth. Deterministic: the same season every run (seeded generator, settable clock).
 *
 * The calendar: Wednesday–Sunday weeks from 26 Feb to 6 Apr 2025, so that both daylight-saving
 * changes fall inside a week: the United States on Sunday 9 March (week 2: Los Angeles and New
 * York open in standard time and close in daylight time), Europe on Sunday 30 March (week 5:
 * London, Paris and the season's own zone, Berlin). Honolulu, Bangkok and Tokyo keep one offset.
 */

const WEEKS = [
  ['2025-02-26', '2025-03-02'],
  ['2025-03-05', '2025-03-09'],
  ['2025-03-12', '2025-03-16'],
  ['2025-03-19', '2025-03-23'],
  ['2025-03-26', '2025-03-30'],
  ['2025-04-02', '2025-04-06'],
] as const;

const TEAMS = [
  { code: 'honolulu', name: 'Honolulu', flag: 'us', region: 'US_CANADA', zone: 'Pacific/Honolulu' },
  {
    code: 'los-angeles',
    name: 'Los Angeles',
    flag: 'us',
    region: 'US_CANADA',
    zone: 'America/Los_Angeles',
  },
  { code: 'new-york', name: 'New York', flag: 'us', region: 'US_CANADA', zone: 'America/New_York' },
  { code: 'london', name: 'London', flag: 'gb', region: 'EUROPE', zone: 'Europe/London' },
  { code: 'paris', name: 'Paris', flag: 'fr', region: 'EUROPE', zone: 'Europe/Paris' },
  { code: 'bangkok', name: 'Bangkok', flag: 'th', region: 'ASEAN', zone: 'Asia/Bangkok' },
  { code: 'tokyo', name: 'Tokyo', flag: 'jp', region: 'ASEAN', zone: 'Asia/Tokyo' },
] as const;

/** Players per team from the start, plus one who registers during week 3. */
const FROM_LAUNCH = 4;
const LATE_WEEK = 3;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const GRACE = 2 * SECOND;

/** What the players of a team do in a week: one of them always starts in the last minute. */
const ROLES = [
  'normal',
  'challenger-right',
  'challenger-wrong',
  'time-out',
  'finish-early',
  'challenger-at-close',
  'absent-or-too-late',
] as const;
type Role = (typeof ROLES)[number] | 'last-minute-58s' | 'last-seconds' | 'holiday';

interface Member extends ScriptedPlayer {
  team: { id: number; index: number; zone: string; name: string };
  index: number;
  /** Weeks (1–6) the player is on holiday. */
  holidays: Set<number>;
  joinsInWeek: number;
  registered?: boolean;
}

interface Figures {
  counters: Counters;
  /** Team and week of each start in the last minute before the team's close. */
  lastMinuteStarts: string[];
  refusedAfterClose: number;
  refusedOnHoliday: number;
  answersAfterClose: { accepted: number; refused: number };
  checkpoints: number;
  /** Reads of the standings and statistics compared with the recomputation. */
  comparedReads: number;
  mismatches: string[];
}

let t: TestApp & { clock: TestClock };
let client: CountingClient;
const random = seededRandom(14);
const figures: Figures = {
  counters: { requests: 0, duplicates: 0, concurrentGroups: 0 },
  lastMinuteStarts: [],
  refusedAfterClose: 0,
  refusedOnHoliday: 0,
  answersAfterClose: { accepted: 0, refused: 0 },
  checkpoints: 0,
  comparedReads: 0,
  mismatches: [],
};
const members: Member[] = [];
let checkpointMs = 0;

const week = (setNum: number) => ({
  opensOn: WEEKS[setNum - 1]![0],
  closesOn: WEEKS[setNum - 1]![1],
});
/** The first millisecond after the week, in the member's zone (its close is 1 ms before). */
const closeOf = (member: Member, setNum: number) =>
  weekClosesAt(week(setNum), member.team.zone).getTime() + 1;
const localAt = (member: Member, setNum: number, day: number, time: string) =>
  zonedInstant(plusDays(week(setNum).opensOn, day), member.team.zone, time).getTime();

const flagsOf = (member: Member) => [1, 2, 3, 4, 5, 6].map((n) => !member.holidays.has(n));
const profileOf = (member: Member) => ({
  language: 'en',
  teamId: member.team.id,
  salesTeamId: null,
  activeWeeks: flagsOf(member),
});

const codeOf = (response: LightMyRequestResponse) =>
  response.statusCode >= 400
    ? `${response.statusCode} ${(response.json() as { error: { code: string } }).error.code}`
    : `${response.statusCode}`;

function expectOutcome(response: LightMyRequestResponse, ...allowed: string[]) {
  const code = codeOf(response);
  if (!allowed.includes(code))
    throw new Error(`expected ${allowed.join(' or ')}, got ${code}: ${response.body}`);
}

beforeAll(async () => {
  const setUp = performance.now();
  const clock = fixedClock(new Date('2025-02-20T12:00:00Z'));
  const app = await createTestApp({
    clock,
    env: {
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '2160',
      // Several hundred scripted requests a minute per player: no rate limit in this test.
      RATE_LIMIT_PLAY: '0',
    },
  });
  t = { ...app, clock };
  client = countingClient(t.app, figures.counters, random);

  // The 2025 questions, with seven teams and a calendar spanning both daylight-saving changes.
  const bundle = await readSeasonBundle(SEASON_2025);
  const season = seasonFileSchema.parse({
    ...bundle.season,
    id: 'seven-zones',
    name: 'Seven zones 2025',
    registrationClosesAt: '2025-03-14T00:00:00+01:00',
    weeks: bundle.season.weeks.map((entry, index) => ({
      ...entry,
      opensOn: WEEKS[index]![0],
      closesOn: WEEKS[index]![1],
    })),
  });
  const { teams } = teamsFileSchema.parse({
    teams: TEAMS.map(({ zone, ...team }) => ({ ...team, timeZone: zone, salesTeams: [] })),
  });
  await loadSeasonBundle(t.database.db, { ...bundle, season, teams }, clock);
  const teamRows = await t.database.db.select().from(teamsTable);

  const names = TEAMS.flatMap((team) =>
    Array.from({ length: FROM_LAUNCH + 1 }, (_, index) => `${team.name} Player${index + 1}`),
  );
  const seeded = await seedScriptedPlayers(t.database.db, names, clock.now());
  seeded.forEach((player, n) => {
    const index = n % (FROM_LAUNCH + 1);
    const teamIndex = Math.floor(n / (FROM_LAUNCH + 1));
    const team = teamRows.find((row) => row.code === TEAMS[teamIndex]!.code)!;
    // Two players a team take one holiday week each, set in advance at registration.
    const holidays = new Set(index === 1 || index === 3 ? [((teamIndex + index) % 6) + 1] : []);
    members.push({
      ...player,
      team: { id: team.id, index: teamIndex, zone: team.timeZone, name: team.name },
      index,
      holidays,
      joinsInWeek: index === FROM_LAUNCH ? LATE_WEEK : 1,
    });
  });
  const registering = performance.now();
  for (const member of members.filter((m) => m.joinsInWeek === 1)) await register(member);
  console.info(
    `[whole season] set up in ${Math.round(performance.now() - setUp)} ms, registrations ${Math.round(performance.now() - registering)} ms`,
  );
}, 120_000);
afterAll(() => t?.close());

/** Registration, sent in duplicate: one registers, the copies are told it is already done. */
async function register(member: Member) {
  const { responses } = await client.duplicated(
    'POST',
    '/api/me/registration',
    member.cookie,
    profileOf(member),
    { sameAnswer: false },
  );
  member.registered = true;
  const codes = responses.map(codeOf).sort();
  const expected = ['200', ...responses.slice(1).map(() => '409 ALREADY_REGISTERED')];
  if (JSON.stringify(codes) !== JSON.stringify(expected))
    throw new Error(`registration of ${member.name}: ${codes.join(', ')}`);
}

/** The team's player who starts in the last minute of the week: one of those who may play. */
function lastMinuteStarter(teamIndex: number, setNum: number): Member {
  const players = members.filter(
    (m) =>
      m.team.index === teamIndex &&
      !m.holidays.has(setNum) &&
      (m.joinsInWeek === 1 || m.joinsInWeek < setNum),
  );
  return players[(teamIndex + setNum) % players.length]!;
}

function roleOf(member: Member, setNum: number): Role {
  if (member.holidays.has(setNum)) return 'holiday';
  // A late registrant's first week: a plain game on the Saturday, after registering.
  if (setNum === member.joinsInWeek && member.joinsInWeek > 1) return 'challenger-right';
  if (lastMinuteStarter(member.team.index, setNum) === member)
    return (member.team.index + setNum) % 2 ? 'last-seconds' : 'last-minute-58s';
  return ROLES[(member.index + 3 * member.team.index + 2 * setNum) % ROLES.length]!;
}

/** One player's week as timed steps; they share what the server answered (the attempt). */
function planWeek(member: Member, setNum: number): Step[] {
  const role = roleOf(member, setNum);
  const steps: Step[] = [];
  const label = `${member.name}, week ${setNum}, ${role}`;
  const close = closeOf(member, setNum);
  // A few milliseconds of each player's own, so that no two players tie on time to the ms.
  const own = (member.team.index * (FROM_LAUNCH + 1) + member.index) * 7;
  let attempt: Attempt | null = null;
  let key: Awaited<ReturnType<typeof answerKey>> | null = null;
  const at = (instant: number, run: () => Promise<void>) => steps.push({ at: instant, label, run });
  const attemptUrl = () => `/api/attempts/${attempt!.id}`;

  const start = (instant: number) =>
    at(instant, async () => {
      const { response } = await client.duplicated(
        'POST',
        '/api/weeks/current/attempt',
        member.cookie,
      );
      expectOutcome(response, '200');
      attempt = response.json() as Attempt;
      key = await answerKey(t.database.db, attempt.id);
      if (close - instant <= MINUTE) figures.lastMinuteStarts.push(`${member.team.name} ${setNum}`);
      expect(attempt.setNum).toBe(setNum);
    });
  const refusedStart = (instant: number, code: string) =>
    at(instant, async () => {
      const { response } = await client.duplicated(
        'POST',
        '/api/weeks/current/attempt',
        member.cookie,
      );
      expectOutcome(response, `409 ${code}`);
      if (code !== 'WEEK_INACTIVE') figures.refusedAfterClose += 1;
      else figures.refusedOnHoliday += 1;
    });
  /** An answer right ('r') or wrong ('w'); after the close, what the deadline rule says. */
  const answer = (instant: number, position: number, mark: 'r' | 'w') =>
    at(instant, async () => {
      const option = mark === 'r' ? key!.right(position) : key!.wrong(position);
      const { response } = await client.duplicated(
        'POST',
        `${attemptUrl()}/answers`,
        member.cookie,
        { position, option },
      );
      const deadline = Date.parse(attempt!.deadlineAt);
      if (instant <= deadline + GRACE) {
        expectOutcome(response, '200');
        attempt = response.json() as Attempt;
      } else {
        expectOutcome(response, '409 ANSWER_TOO_LATE');
      }
      if (instant >= close) {
        if (response.statusCode === 200) figures.answersAfterClose.accepted += 1;
        else figures.answersAfterClose.refused += 1;
      }
    });
  const finish = (instant: number) =>
    at(instant, async () => {
      const { response } = await client.duplicated('POST', `${attemptUrl()}/finish`, member.cookie);
      expectOutcome(response, '200');
      attempt = response.json() as Attempt;
      expect(attempt.status).toBe('done');
    });
  const startChallenger = (instant: number) =>
    at(instant, async () => {
      const { response } = await client.duplicated(
        'POST',
        `${attemptUrl()}/challenger`,
        member.cookie,
      );
      expectOutcome(response, '200');
      attempt = response.json() as Attempt;
      expect(attempt.challenger?.status).toBe('in-progress');
      key = await answerKey(t.database.db, attempt.id);
    });
  const answerChallenger = (instant: number, mark: 'r' | 'w') =>
    at(instant, async () => {
      const option = mark === 'r' ? key!.challengerRight() : key!.challengerWrong();
      const { response } = await client.duplicated(
        'POST',
        `${attemptUrl()}/challenger/answer`,
        member.cookie,
        { option },
      );
      const deadline = Date.parse(attempt!.challenger!.deadlineAt!);
      if (instant <= deadline + GRACE) expectOutcome(response, '200');
      else expectOutcome(response, '409 ANSWER_TOO_LATE');
      if (instant >= close) {
        if (response.statusCode === 200) figures.answersAfterClose.accepted += 1;
        else figures.answersAfterClose.refused += 1;
      }
    });
  /** The player comes back: the page reads the week and the attempt, twice at once. */
  const comeBack = (instant: number) =>
    at(instant, async () => {
      const responses = await Promise.all([
        client.get('/api/weeks/current', member.cookie),
        client.get(attemptUrl(), member.cookie),
        client.get(attemptUrl(), member.cookie),
      ]);
      for (const response of responses) expectOutcome(response, '200');
      const [first, second] = [responses[1]!.json(), responses[2]!.json()] as Attempt[];
      expect(first!.status).toBe('done');
      expect(first!.weekScore).toBe(second!.weekScore);
    });
  /** Five answers from `from`, `gaps` seconds apart (plus the player's own ms). */
  const fiveAnswers = (from: number, gaps: number[]) => {
    let instant = from;
    gaps.forEach((gap, index) => {
      instant += gap * SECOND + own;
      answer(instant, index + 1, random() < 0.7 ? 'r' : 'w');
    });
    return instant;
  };
  const gaps = () => Array.from({ length: 5 }, () => 5 + Math.floor(random() * 36));
  const day = (member.index + setNum) % 4;

  switch (role) {
    case 'normal':
    case 'challenger-right':
    case 'challenger-wrong': {
      const late = setNum === member.joinsInWeek && member.joinsInWeek > 1;
      const begin =
        localAt(
          member,
          setNum,
          late ? 3 : day,
          `${String(8 + member.index).padStart(2, '0')}:00:00`,
        ) + own;
      start(begin);
      const last = fiveAnswers(begin, gaps());
      finish(last + 2 * SECOND);
      if (role !== 'normal') {
        startChallenger(last + 5 * SECOND);
        answerChallenger(
          last + (15 + Math.floor(random() * 40)) * SECOND,
          role === 'challenger-right' ? 'r' : 'w',
        );
      }
      break;
    }
    case 'last-minute-58s': {
      // 58 s before the close: three answers in time, the fourth within the grace after the
      // close, the fifth 8 s after it.
      start(close - 58 * SECOND);
      answer(close - 50 * SECOND, 1, 'r');
      answer(close - 40 * SECOND, 2, random() < 0.5 ? 'r' : 'w');
      answer(close - 25 * SECOND, 3, 'r');
      answer(close + 1 * SECOND, 4, 'r');
      answer(close + 8 * SECOND, 5, 'r');
      comeBack(close + 6 * MINUTE);
      break;
    }
    case 'last-seconds': {
      if (setNum % 2) {
        // 10 s before the close: two answers in time, a third 4 s after the close, then finish.
        start(close - 10 * SECOND);
        answer(close - 6 * SECOND, 1, 'r');
        answer(close - 2 * SECOND, 2, 'w');
        answer(close + 4 * SECOND, 3, 'r');
        finish(close + 6 * SECOND);
      } else {
        // 1 s before the close: one answer 1.5 s after it (within the grace), then nothing.
        start(close - 1 * SECOND);
        answer(close + 1500, 1, 'r');
      }
      break;
    }
    case 'time-out': {
      const begin = localAt(member, setNum, (day + 1) % 4, '20:00:00') + own;
      start(begin);
      answer(begin + 20 * SECOND, 1, 'r');
      answer(begin + 45 * SECOND, 2, 'r');
      answer(begin + 70 * SECOND, 3, 'w');
      // Half come back after the time ran out; the others' attempts are left to the sweep.
      if ((member.index + setNum) % 2 === 0) comeBack(begin + 400 * SECOND);
      break;
    }
    case 'finish-early': {
      const begin = localAt(member, setNum, 2, '12:00:00') + own;
      start(begin);
      answer(begin + 15 * SECOND, 1, 'r');
      answer(begin + 30 * SECOND, 2, 'r');
      finish(begin + 35 * SECOND);
      startChallenger(begin + 40 * SECOND);
      // Odd weeks: answered right; even weeks: left to run out (the week is halved).
      if (setNum % 2) answerChallenger(begin + 60 * SECOND, 'r');
      else comeBack(begin + 400 * SECOND);
      break;
    }
    case 'challenger-at-close': {
      // The main set ends 100 s before the close; the challenger starts 20 s before it and is
      // answered 10 s after it.
      const begin = close - 150 * SECOND + own;
      start(begin);
      fiveAnswers(begin, [10, 10, 10, 10, 10]);
      startChallenger(close - 20 * SECOND);
      answerChallenger(close + 10 * SECOND, random() < 0.5 ? 'r' : 'w');
      break;
    }
    case 'absent-or-too-late': {
      // Odd weeks: never plays. Even weeks: comes 1 s after the close and is refused.
      if (setNum % 2 === 0) refusedStart(close + 1 * SECOND, 'WEEK_CLOSED');
      break;
    }
    case 'holiday': {
      if (member.index === 1)
        refusedStart(localAt(member, setNum, 1, '10:00:00') + own, 'WEEK_INACTIVE');
      break;
    }
  }
  return steps;
}

/**
 * Everything a player's attempt row must respect, whatever its score, with the week's window
 * computed by the test's own calendar (tests/scripted-season.ts).
 */
async function attemptRules() {
  const db = t.database.db;
  const [attemptRows, teamRows, weekRows] = await Promise.all([
    db.select().from(attempts),
    db.select().from(teamsTable),
    db.select().from(weeks),
  ]);
  const out: string[] = [];
  const teamOf = new Map(teamRows.map((team) => [team.id, team]));
  const byId = new Map(members.map((member) => [member.playerId, member]));
  for (const attempt of attemptRows) {
    const member = byId.get(attempt.playerId)!;
    const zone = teamOf.get(attempt.teamId)!.timeZone;
    const calendar = weekRows.find((entry) => entry.setNum === attempt.setNum)!;
    const opens = weekOpensAt(calendar, zone).getTime();
    const closes = weekClosesAt(calendar, zone).getTime();
    const started = attempt.startedAt.getTime();
    const key = `attempt of ${member.name} in week ${attempt.setNum}`;
    if (attempt.teamId !== member.team.id) out.push(`${key}: counted for team ${attempt.teamId}`);
    if (member.holidays.has(attempt.setNum)) out.push(`${key}: played on holiday`);
    if (started < opens || started > closes) out.push(`${key}: started outside its week`);
    // ADR 0014: the earlier of start + 300 s and the week's close in the team's zone.
    const limit = (from: number) => Math.min(from + 300 * SECOND, closes);
    if (attempt.deadlineAt.getTime() !== limit(started))
      out.push(`${key}: deadline ${attempt.deadlineAt.toISOString()}`);
    if (
      attempt.challengerStartedAt &&
      attempt.challengerDeadlineAt!.getTime() !== limit(attempt.challengerStartedAt.getTime())
    )
      out.push(`${key}: challenger deadline ${attempt.challengerDeadlineAt!.toISOString()}`);
  }
  return { out, attemptRows, teamRows };
}

/**
 * The sweep's tick (every 30 s in production) closes what nobody read; then every figure the API
 * serves is compared with the recomputation from the raw rows.
 */
async function checkpoint(name: string) {
  const begin = performance.now();
  const now = t.clock.now();
  await sweepExpiredAttempts({ db: t.database.db, clock: t.clock });
  const rules = await attemptRules();
  const found = [...rules.out, ...(await attemptsAgainstTheirAnswers(t.database.db, now))];
  figures.mismatches.push(...found.map((line) => `${name}: ${line}`));
  const registered = members.filter((member) => member.registered);
  const onePerTeam = TEAMS.map((_, index) => registered.find((m) => m.team.index === index)!);
  const expected = await expectStandingsToMatchRawRows(t.app, t.database.db, {
    cookie: registered[0]!.cookie,
    now,
    members: onePerTeam.map((member) => ({ cookie: member.cookie, teamId: member.team.id })),
    players: registered.map((member) => ({ cookie: member.cookie, playerId: member.playerId })),
    winners: true,
  });
  // The leaderboard, six track weeks, each team's tiles, the winners, each player's statistics.
  figures.counters.requests += 1 + 6 + onePerTeam.length + 1 + registered.length;
  figures.comparedReads += 1 + 6 + onePerTeam.length + 1 + registered.length;
  figures.checkpoints += 1;
  checkpointMs += performance.now() - begin;
  return { expected, attempts: rules.attemptRows, teams: rules.teamRows };
}

/** The moment every zone has closed `setNum` (Honolulu is last) plus three hours. */
const afterWeek = (setNum: number) =>
  Math.max(...TEAMS.map((team) => weekClosesAt(week(setNum), team.zone).getTime())) + 3 * HOUR;

describe('a whole season in seven time zones with duplicated, concurrent and last-minute play', () => {
  it('ends with every served figure equal to the recomputation from the raw rows', async () => {
    const began = performance.now();
    // The calendar really spans the daylight-saving changes (offsets at the open and the close).
    const span = (zone: string, setNum: number) =>
      zonedInstant(plusDays(week(setNum).closesOn, 1), zone).getTime() -
      weekOpensAt(week(setNum), zone).getTime();
    expect(span('America/Los_Angeles', 2)).toBe(5 * 24 * HOUR - HOUR);
    expect(span('Europe/Paris', 5)).toBe(5 * 24 * HOUR - HOUR);
    expect(span('Pacific/Honolulu', 2)).toBe(5 * 24 * HOUR);

    for (let setNum = 1; setNum <= 6; setNum++) {
      const steps = members.flatMap((member) =>
        setNum < member.joinsInWeek ? [] : planWeek(member, setNum),
      );
      if (setNum === LATE_WEEK) {
        // The late registrants sign up on the Thursday of week 3 at noon, their time.
        for (const member of members.filter((m) => m.joinsInWeek === setNum)) {
          steps.push({
            at: localAt(member, setNum, 1, '12:00:00'),
            label: `${member.name} registers`,
            run: () => register(member),
          });
        }
      }
      if (setNum === 2 || setNum === 5) {
        // In the middle of the week of a daylight-saving change, with attempts under way.
        steps.push({
          at: Date.parse(`${plusDays(week(setNum).opensOn, 3)}T12:00:00Z`),
          label: `mid-week ${setNum} check`,
          run: async () => void (await checkpoint(`mid-week ${setNum}`)),
        });
      }
      await runTimeline(t.clock, steps);

      t.clock.set(new Date(afterWeek(setNum)));
      const { expected } = await checkpoint(`after week ${setNum}`);
      expect(expected.standings.setNum).toBe(setNum);
      expect(figures.mismatches).toEqual([]);

      if (setNum === 2) {
        // Between weeks: the first player of each team takes a holiday in a later week
        // (changed on the account page, saved twice).
        for (const member of members.filter((m) => m.index === 0)) {
          member.holidays.add(4 + (member.team.index % 3));
          const { response } = await client.duplicated(
            'PUT',
            '/api/me/profile',
            member.cookie,
            profileOf(member),
            { mode: 'sequential' },
          );
          expectOutcome(response, '200');
        }
      }
    }

    // Weeks later: the final standings, the same figures.
    t.clock.set(new Date('2025-04-20T12:00:00Z'));
    const final = await checkpoint('after the season');
    expect(final.expected.winners.final).toBe(true);
    expect(final.expected.winners.winners).toHaveLength(3);
    expect(figures.mismatches).toEqual([]);

    const challengers = final.attempts.filter((a) => a.challengerStartedAt);
    const seconds = (performance.now() - began) / 1000;
    const summary = {
      database: t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      teams: final.teams.length,
      players: members.length,
      attempts: final.attempts.length,
      requests: figures.counters.requests,
      duplicates: figures.counters.duplicates,
      concurrentGroups: figures.counters.concurrentGroups,
      lastMinuteStarts: figures.lastMinuteStarts.length,
      refusedAfterClose: figures.refusedAfterClose,
      refusedOnHoliday: figures.refusedOnHoliday,
      answersAfterClose: figures.answersAfterClose,
      timeOuts: final.attempts.filter((a) => a.timedOut).length,
      challengers: {
        right: challengers.filter((a) => a.challengerCorrect).length,
        wrong: challengers.filter((a) => a.challengerOption && !a.challengerCorrect).length,
        timedOut: challengers.filter((a) => !a.challengerOption).length,
      },
      checkpoints: figures.checkpoints,
      comparedReads: figures.comparedReads,
      mismatches: figures.mismatches.length,
      seconds: Math.round(seconds * 10) / 10,
      checkpointSeconds: Math.round(checkpointMs / 100) / 10,
    };
    console.info(`[whole season] ${JSON.stringify(summary)}`);
    // Every team started in the last minute of every week.
    expect(new Set(figures.lastMinuteStarts).size).toBe(6 * 7);
  }, 300_000);
});
