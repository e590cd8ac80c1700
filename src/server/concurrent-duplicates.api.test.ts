import type { LightMyRequestResponse } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moments2025,
  profileInput,
  teamsByCode,
  weeksOff,
  type TeamWithSalesTeams,
} from '../../tests/factories';
import { ok, seasonInputOf, signInOrganiser, type ApiClient } from '../../tests/organise-helpers';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  SECOND,
  signedInPlayer,
  updateProfile,
  type PlayApp,
  type Player,
} from '../../tests/play-helpers';
import { expectStandingsToMatchRawRows, type TeamHistory } from '../../tests/standings-recompute';
import type { OrganiserSeason, OrganiserTeam } from '#shared/contracts/organise';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { Attempt } from '#shared/contracts/play';
import { attempts, auditLog, salesTeams, teams } from './db/schema';

/**
 * Two identical requests at once (docs/reliability.md): every write path receives PARALLEL
 * identical requests at the same moment (a double click, a retry racing the original, a client
 * sending twice). Each has one effect; the others get the stored result or a 409 in the house
 * format, never a 500 (ADR 0015). After each phase the standings are recomputed from the raw rows
 * (tests/standings-recompute.ts) and must equal what the API serves. On PostgreSQL
 * (TEST_DATABASE_URL) the requests really run at once on separate connections.
 */

const PARALLEL = 20;
/** Each test sends hundreds of requests; on a busy machine PGlite takes its time. */
const SLOW = { timeout: 180_000 };

let t: PlayApp;
let organiser: ApiClient;
let codes: Record<'es' | 'fr' | 'th' | 'us' | 'pl', TeamWithSalesTeams>;
/** The teams each player joined, in order, as the tests change them. */
const teamHistory: TeamHistory = new Map();
const members: { cookie: string; teamId: number }[] = [];

beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  codes = await teamsByCode(t.database.db, ['es', 'fr', 'th', 'us', 'pl']);
}, 180_000);
afterAll(() => t.close());

/** `PARALLEL` copies of the request, sent at once. */
const all = (send: () => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: PARALLEL }, () => send()));

/** How many responses had each status, e.g. { 200: 1, 409: 19 }. */
function tally(responses: LightMyRequestResponse[]) {
  const counts: Record<number, number> = {};
  for (const response of responses)
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

/** Every refusal is in the house format with the expected code (and never a 500). */
function expectRefusals(responses: LightMyRequestResponse[], status: number, code: string) {
  for (const response of responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 201)) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ error: { code, message: expect.stringMatching(/\S/) } });
  }
}

const auditCount = async (action: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!
    .n;

const anyCookie = () => members[0]!.cookie;
const expectStandings = () =>
  expectStandingsToMatchRawRows(t.app, t.database.db, {
    cookie: anyCookie(),
    now: t.clock.now(),
    teamHistory,
    members,
  });

let ana: Player;
let luis: Player;
let camille: Player;
let kasia: Player;
let emily: Player;

describe(`${PARALLEL} identical requests at once, before launch`, SLOW, () => {
  it('registration: one registration, the others 409 ALREADY_REGISTERED; one active member per week', async () => {
    const cases: [string, TeamWithSalesTeams, boolean[]][] = [
      ['demo-ana', codes.es, weeksOff()],
      ['demo-luis', codes.es, weeksOff(2)],
      ['demo-camille', codes.fr, weeksOff(3, 4)],
      ['demo-kasia', codes.pl, weeksOff()],
      ['demo-emily', codes.us, weeksOff(6)],
    ];
    const registered: Player[] = [];
    for (const [account, team, activeWeeks] of cases) {
      const player = await signedInPlayer(t, account);
      const body = profileInput(team, { activeWeeks });
      const responses = await all(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/me/registration',
          headers: { cookie: player.cookie, 'x-podium-csrf': '1' },
          payload: body,
        }),
      );
      expect(tally(responses)).toEqual({ 200: 1, 409: PARALLEL - 1 });
      expectRefusals(responses, 409, 'ALREADY_REGISTERED');
      teamHistory.set(player.playerId, [{ teamId: team.id, since: t.clock.now() }]);
      members.push({ cookie: player.cookie, teamId: team.id });
      registered.push(player);
    }
    [ana, luis, camille, kasia, emily] = registered as [Player, Player, Player, Player, Player];
    await expectStandings();
  });

  it('profile (a double click): the same save twenty times moves each count once', async () => {
    // Luis takes week 2 back, leaves week 5, and moves from Spain to France.
    const body = profileInput(codes.fr, { activeWeeks: weeksOff(5) });
    const responses = await all(() => updateProfile(t.app, luis, body));
    expect(tally(responses)).toEqual({ 200: PARALLEL });
    teamHistory.set(luis.playerId, [{ teamId: codes.fr.id, since: t.clock.now() }]);
    members[1] = { cookie: luis.cookie, teamId: codes.fr.id };
    // Camille's holiday weeks change, nothing else.
    const camilleBody = profileInput(codes.fr, { activeWeeks: weeksOff(1) });
    expect(tally(await all(() => updateProfile(t.app, camille, camilleBody)))).toEqual({
      200: PARALLEL,
    });
    await expectStandings();
  });

  it('organiser season save: every response 200, one audit entry', async () => {
    const season = ok<OrganiserSeason>(await organiser.get('/api/organise/season'));
    const input = { ...seasonInputOf(season), name: 'Podium 2025 — concurrent' };
    const before = await auditCount('season.update');
    const responses = await all(() => organiser.put('/api/organise/season', input));
    expect(tally(responses)).toEqual({ 200: PARALLEL });
    expect(await auditCount('season.update')).toBe(before + 1);
  });

  it('team creation with one code: one team, the others 409 NAME_TAKEN', async () => {
    const japan = {
      code: 'jp',
      name: 'Japan',
      flag: 'jp',
      region: 'ASEAN',
      timeZone: 'Asia/Tokyo',
    };
    const responses = await all(() => organiser.post('/api/organise/teams', japan));
    expect(tally(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expectRefusals(responses, 409, 'NAME_TAKEN');
    const rows = await t.database.db.select().from(teams).where(eq(teams.code, 'jp'));
    expect(rows).toHaveLength(1);
    expect(await auditCount('team.create')).toBe(1);
  });

  it('team creation with one name in different cases and codes: one team, the others 409 NAME_TAKEN', async () => {
    let i = 0;
    const responses = await all(() => {
      i += 1;
      const name = i % 2 ? 'South Korea' : 'SOUTH KOREA';
      return organiser.post('/api/organise/teams', {
        code: `kr${i}`,
        name,
        flag: 'kr',
        region: 'ASEAN',
        timeZone: 'Asia/Seoul',
      });
    });
    expect(tally(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expectRefusals(responses, 409, 'NAME_TAKEN');
    const rows = await t.database.db
      .select()
      .from(teams)
      .where(sql`lower(${teams.name}) = 'south korea'`);
    expect(rows).toHaveLength(1);
  });

  it('team renames: the same rename twenty times is one change; twenty teams renamed to one name, one wins', async () => {
    const list = ok<{ teams: OrganiserTeam[] }>(await organiser.get('/api/organise/teams')).teams;
    const japan = list.find((team) => team.code === 'jp')!;
    const input = { name: 'Nippon', flag: 'jp', region: 'ASEAN', timeZone: 'Asia/Tokyo' };
    const before = await auditCount('team.update');
    const same = await all(() => organiser.put(`/api/organise/teams/${japan.id}`, input));
    expect(tally(same)).toEqual({ 200: PARALLEL });
    expect(await auditCount('team.update')).toBe(before + 1);

    // Twenty different teams (created for the purpose) all renamed 'Atlantis' at once.
    const ids: number[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const created = ok<OrganiserTeam>(
        await organiser.post('/api/organise/teams', {
          code: `x${i}`,
          name: `Extra ${i}`,
          flag: 'xx',
          region: 'EUROPE',
          timeZone: 'Europe/Lisbon',
        }),
        201,
      );
      ids.push(created.id);
    }
    const clash = await Promise.all(
      ids.map((id, i) =>
        organiser.put(`/api/organise/teams/${id}`, {
          name: i % 2 ? 'Atlantis' : 'ATLANTIS',
          flag: 'xx',
          region: 'EUROPE',
          timeZone: 'Europe/Lisbon',
        }),
      ),
    );
    expect(tally(clash)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expectRefusals(clash, 409, 'NAME_TAKEN');
    const named = await t.database.db
      .select()
      .from(teams)
      .where(sql`lower(${teams.name}) = 'atlantis'`);
    expect(named).toHaveLength(1);
  });

  it('sales teams: one added, the others 409 NAME_TAKEN; renames to one name, one wins; one removal', async () => {
    const spain = codes.es.id;
    let i = 0;
    const added = await all(() => {
      i += 1;
      return organiser.post(`/api/organise/teams/${spain}/sales-teams`, {
        name: i % 2 ? 'Canarias' : 'CANARIAS',
      });
    });
    expect(tally(added)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expectRefusals(added, 409, 'NAME_TAKEN');
    const rows = await t.database.db
      .select()
      .from(salesTeams)
      .where(and(eq(salesTeams.teamId, spain), sql`lower(${salesTeams.name}) = 'canarias'`));
    expect(rows).toHaveLength(1);

    // Two sales teams renamed to one name at once, ten times each.
    const [first, second] = codes.es.salesTeams;
    const renames = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        organiser.put(`/api/organise/sales-teams/${n % 2 ? first!.id : second!.id}`, {
          name: 'Baleares',
        }),
      ),
    );
    expect(renames.filter((r) => r.statusCode === 500)).toEqual([]);
    expectRefusals(renames, 409, 'NAME_TAKEN');
    const baleares = await t.database.db
      .select()
      .from(salesTeams)
      .where(and(eq(salesTeams.teamId, spain), sql`lower(${salesTeams.name}) = 'baleares'`));
    expect(baleares).toHaveLength(1);
    // Every response for the winner is 200 (the same rename repeated); the loser's are 409.
    const winner = baleares[0]!.id;
    for (const [n, response] of renames.entries()) {
      expect(response.statusCode, response.body).toBe(
        (n % 2 ? first!.id : second!.id) === winner ? 200 : 409,
      );
    }

    const removed = await all(() => organiser.delete(`/api/organise/sales-teams/${rows[0]!.id}`));
    expect(tally(removed)).toEqual({ 200: 1, 404: PARALLEL - 1 });
    expectRefusals(removed, 404, 'SALES_TEAM_NOT_FOUND');
    // The new teams stand in the standings with nothing yet.
    await expectStandings();
  });

  it('questions: the same save, review and import twenty times are each one change', async () => {
    const view = ok<WeekQuestions>(await organiser.get('/api/organise/weeks/6/questions'));
    const question = view.slots.find((slot) => slot.slot === 1)!.question!;
    const input = {
      category: question.category,
      correct: question.correct,
      source: 'Edited twice at once',
      translations: question.translations,
    };
    const saveBefore = await auditCount('question.update');
    const saved = await all(() => organiser.put('/api/organise/weeks/6/questions/1', input));
    expect(tally(saved)).toEqual({ 200: PARALLEL });
    expect(await auditCount('question.update')).toBe(saveBefore + 1);

    const reviewBefore = await auditCount('question.review');
    const reviewed = await all(() =>
      organiser.post('/api/organise/weeks/6/questions/1/review', { status: 'approved' }),
    );
    expect(tally(reviewed)).toEqual({ 200: PARALLEL });
    expect(await auditCount('question.review')).toBe(reviewBefore + 1);

    const exported = await organiser.get('/api/organise/weeks/5/questions/export?format=json');
    const content = exported.body.replace(/"source":\s*"[^"]*"/, '"source": "Imported at once"');
    const importBefore = await auditCount('questions.import');
    const imported = await all(() =>
      organiser.post('/api/organise/weeks/5/questions/import', {
        format: 'json',
        content,
        dryRun: false,
      }),
    );
    expect(tally(imported)).toEqual({ 200: PARALLEL });
    expect(await auditCount('questions.import')).toBe(importBefore + 1);
  });
});

describe(`${PARALLEL} identical requests at once, week 1 open`, SLOW, () => {
  it('attempt start, answers, finish, challenger start and answer: one attempt, one score', async () => {
    t.clock.set(moments2025.week1Open);
    // Ana plays everything at once twenty times over.
    const starts = await all(() => ana.start());
    expect(tally(starts)).toEqual({ 200: PARALLEL });
    const id = (starts[0]!.json() as Attempt).id;
    expect(new Set(starts.map((r) => (r.json() as Attempt).id))).toEqual(new Set([id]));
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2, 3, 4, 5]) {
      t.clock.advance(11 * SECOND);
      const answered = await all(() => ana.answer(id, position, key.right(position)));
      expect(tally(answered)).toEqual({ 200: PARALLEL });
    }
    const challenger = await all(() => ana.startChallenger(id));
    expect(tally(challenger)).toEqual({ 200: PARALLEL });
    const challengerKey = await answerKey(t.database.db, id);
    t.clock.advance(8 * SECOND);
    const decided = await all(() => ana.answerChallenger(id, challengerKey.challengerRight()));
    expect(tally(decided)).toEqual({ 200: PARALLEL });
    const scores = new Set(decided.map((r) => (r.json() as Attempt).weekScore));
    expect(scores.size).toBe(1);

    // Kasia answers two and finishes early, twenty times at once.
    const kasiaAttempt = expectStatus(await kasia.start(), 200);
    const kasiaKey = await answerKey(t.database.db, kasiaAttempt.id);
    for (const position of [1, 2]) {
      t.clock.advance(9 * SECOND);
      expectStatus(await kasia.answer(kasiaAttempt.id, position, kasiaKey.right(position)), 200);
    }
    const finished = await all(() => kasia.finish(kasiaAttempt.id));
    expect(tally(finished)).toEqual({ 200: PARALLEL });
    expect(new Set(finished.map((r) => (r.json() as Attempt).weekScore)).size).toBe(1);

    const rows = await t.database.db
      .select({ n: count() })
      .from(attempts)
      .where(eq(attempts.seasonId, '2025'));
    expect(rows[0]!.n).toBe(2);
    await expectStandings();
  });

  it('holiday override: one change, the others 409 WEEK_INACTIVE', async () => {
    const responses = await all(() =>
      organiser.post(`/api/organise/players/${emily.playerId}/weeks/1/inactive`, {
        reason: 'On leave, told us late',
      }),
    );
    expect(tally(responses)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expectRefusals(responses, 409, 'WEEK_INACTIVE');
    expect(await auditCount('player.week-inactive')).toBe(1);
    await expectStandings();
  });

  it('player move by an organiser: one move, every response 200 with the stored result', async () => {
    const body = { teamId: codes.th.id, salesTeamId: null, reason: 'Moved to Bangkok' };
    const responses = await all(() =>
      organiser.post(`/api/organise/players/${camille.playerId}/team`, body),
    );
    expect(tally(responses)).toEqual({ 200: PARALLEL });
    expect(await auditCount('player.move-team')).toBe(1);
    teamHistory.get(camille.playerId)!.push({ teamId: codes.th.id, since: t.clock.now() });
    members[2] = { cookie: camille.cookie, teamId: codes.th.id };
    await expectStandings();
  });
});

describe(`${PARALLEL} identical requests at once, between weeks`, SLOW, () => {
  it('profile with a team change and holiday weeks: each count moves once', async () => {
    t.clock.set(moments2025.betweenWeeks1And2);
    const body = profileInput(codes.th, { activeWeeks: weeksOff(3) });
    const responses = await all(() => updateProfile(t.app, kasia, body));
    expect(tally(responses)).toEqual({ 200: PARALLEL });
    teamHistory.get(kasia.playerId)!.push({ teamId: codes.th.id, since: t.clock.now() });
    members[3] = { cookie: kasia.cookie, teamId: codes.th.id };
    await expectStandings();
  });
});
