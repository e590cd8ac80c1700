import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import { latestAudit, ok, refused, signInOrganiser } from '../../../../../tests/organise-helpers';
import type { ApiClient } from '../../../../../tests/organise-helpers';
import {
  correctOptionLeaks,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  SECOND,
  signedInPlayer,
  type PlayApp,
  type Player,
} from '../../../../../tests/play-helpers';
import {
  attemptsAgainstTheirAnswers,
  expectStandingsToMatchRawRows,
} from '../../../../../tests/standings-recompute';
import type { KeyCorrectionResult } from '#shared/contracts/key-correction';
import type { WeekReview } from '#shared/contracts/review';
import type { RegionalWinners } from '#shared/contracts/standings';
import { attempts, auditLog, playerTotals, questions } from '../../../db/schema';

/**
 * Correcting a played week's answer key (ADR 0041): accepting one more option or voiding a
 * question re-scores every attempt of the week, the players' totals, the teams' week figures and
 * so the regional winners, exactly as a recomputation from the raw rows says; one audit row per
 * correction; the review shows it. On PostgreSQL (TEST_DATABASE_URL) the parallel requests
 * really run at once, corrections included.
 */

const CLOSED_EVERYWHERE = new Date('2025-02-08T12:00:00.000Z');
const WEEK2_OPEN = new Date('2025-02-11T10:00:00Z');

let t: PlayApp;
let organiser: ApiClient;
let ana: Player; // es, Europe: fast, question 2 answered with `alt`
let camille: Player; // fr, Europe: every answer right, slowly
let somchai: Player; // th, ASEAN: question 2 with another wrong option; challenger with its `alt`
let luis: Player; // mx, LATAM: two answers, then the set times out
let everyone: Player[];

interface SlotKey {
  id: number;
  correct: string;
  /** The first option that is not the correct one: the one a correction will accept. */
  alt: string;
  /** Another wrong option. */
  other: string;
}

/** A week's keys by slot, read from the questions table. */
async function weekKeys(setNum: number) {
  const rows = await t.database.db
    .select()
    .from(questions)
    .where(and(eq(questions.seasonId, '2025'), eq(questions.setNum, setNum)))
    .orderBy(asc(questions.kind), asc(questions.position));
  const keyOf = (row: (typeof rows)[number]): SlotKey => {
    const wrong = Object.keys(row.translations.en!.options)
      .sort()
      .filter((key) => key !== row.correctOption);
    return { id: row.id, correct: row.correctOption, alt: wrong[0]!, other: wrong[1]! };
  };
  const main = rows.filter((row) => row.kind === 'main').map(keyOf);
  const challenger = keyOf(rows.find((row) => row.kind === 'challenger')!);
  return { main, challenger };
}

/** Starts the player's set and answers the options given, `seconds` apart. */
async function play(player: Player, options: string[], seconds: number) {
  const view = expectStatus(await player.start(), 200);
  for (const [index, option] of options.entries()) {
    t.clock.advance(seconds * SECOND);
    expectStatus(await player.answer(view.id, index + 1, option), 200);
  }
  return view.id;
}

const correction = (setNum: number, slot: number | 'challenger', body: object) =>
  organiser.post(`/api/organise/weeks/${setNum}/questions/${slot}/correction`, body);

async function winners(): Promise<RegionalWinners['winners']> {
  const response = await t.app.inject({
    url: '/api/standings/winners',
    headers: { cookie: ana.cookie },
  });
  return ok<RegionalWinners>(response).winners;
}

async function totalOf(player: Player): Promise<number> {
  const [row] = await t.database.db
    .select({ total: playerTotals.total })
    .from(playerTotals)
    .where(eq(playerTotals.playerId, player.playerId));
  return row!.total;
}

/** Every stored figure against the raw rows: attempts, totals, team weeks, API standings. */
async function expectEverythingRecomputes() {
  expect(await attemptsAgainstTheirAnswers(t.database.db, t.clock.now())).toEqual([]);
  await expectStandingsToMatchRawRows(t.app, t.database.db, {
    cookie: ana.cookie,
    now: t.clock.now(),
    winners: true,
    players: everyone.map((player) => ({ cookie: player.cookie, playerId: player.playerId })),
  });
}

let week1: Awaited<ReturnType<typeof weekKeys>>;
let camilleAttempt: string;

beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  camille = await registeredPlayer(t, 'demo-camille', { team: 'fr' });
  somchai = await registeredPlayer(t, 'demo-somchai', { team: 'th' });
  luis = await registeredPlayer(t, 'demo-luis', { team: 'mx' });
  everyone = [ana, camille, somchai, luis];
  week1 = await weekKeys(1);
  const [q1, q2, q3, q4, q5] = week1.main as [SlotKey, SlotKey, SlotKey, SlotKey, SlotKey];
  t.clock.set(moments2025.week1Open);
  await play(ana, [q1.correct, q2.alt, q3.correct, q4.correct, q5.correct], 10);
  camilleAttempt = await play(
    camille,
    week1.main.map((q) => q.correct),
    40,
  );
  const somchaiAttempt = await play(
    somchai,
    [q1.correct, q2.other, q3.correct, q4.correct, q5.alt],
    20,
  );
  expectStatus(await somchai.startChallenger(somchaiAttempt), 200);
  t.clock.advance(10 * SECOND);
  expectStatus(await somchai.answerChallenger(somchaiAttempt, week1.challenger.alt), 200);
  const luisAttempt = expectStatus(await luis.start(), 200).id;
  t.clock.advance(10 * SECOND);
  expectStatus(await luis.answer(luisAttempt, 1, q1.correct), 200);
  expectStatus(await luis.answer(luisAttempt, 2, q2.alt), 200);
  // Week 1 has closed everywhere; reading the week closes luis's set as timed out.
  t.clock.set(CLOSED_EVERYWHERE);
  expectStatus(await luis.attempt(luisAttempt), 200);
});
afterAll(() => t.close());

describe('a closed week', () => {
  it('starts consistent, with camille the winner of Europe', async () => {
    await expectEverythingRecomputes();
    expect((await winners()).find((w) => w.region === 'EUROPE')!.name).toMatch(/Camille/);
  });

  it('previews an accepted option without changing anything', async () => {
    const before = await totalOf(ana);
    const audits = (await latestAudit(t.database.db, 1))[0]?.id;
    const preview = ok<KeyCorrectionResult>(
      await correction(1, 2, {
        action: 'accept-option',
        option: week1.main[1]!.alt,
        reason: 'Two options are right',
        dryRun: true,
      }),
    );
    expect(preview.dryRun).toBe(true);
    expect(preview.before).toEqual({
      correct: week1.main[1]!.correct,
      accepted: [],
      voided: false,
    });
    expect(preview.after.accepted).toEqual([week1.main[1]!.alt]);
    // ana (a complete set: 1 point and a bigger bonus) and luis (timed out: 1 point, no bonus).
    expect(preview.players.map((p) => p.playerId).sort()).toEqual(
      [ana.playerId, luis.playerId].sort(),
    );
    const luisChange = preview.players.find((p) => p.playerId === luis.playerId)!;
    expect(luisChange.total.after - luisChange.total.before).toBe(100);
    expect(await totalOf(ana)).toBe(before);
    expect((await latestAudit(t.database.db, 1))[0]?.id).toBe(audits);
    const [stored] = await t.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, week1.main[1]!.id));
    expect(stored!.acceptedOptions).toEqual([]);
  });

  it('accepts an option: every total, team week and the winner of Europe follow exactly', async () => {
    const before = { ana: await totalOf(ana), camille: await totalOf(camille) };
    const result = ok<KeyCorrectionResult>(
      await correction(1, 2, {
        action: 'accept-option',
        option: week1.main[1]!.alt,
        reason: 'Two options are right',
      }),
    );
    expect(result.dryRun).toBe(false);
    // ana: 4 right in 50 s → 5 right in 50 s: 400 + 66 → 500 + 83.
    expect(before.ana).toBe(466);
    expect(await totalOf(ana)).toBe(583);
    expect(result.players.find((p) => p.playerId === ana.playerId)!.total).toEqual({
      before: 466,
      after: 583,
    });
    expect(await totalOf(camille)).toBe(before.camille);
    const spain = result.teams.find((team) => team.flag === 'es')!;
    expect(spain.scoreSum).toEqual({ before: 466, after: 583 });
    // ana now beats camille's 5 right in 200 s (533) for the top of Europe.
    expect((await winners()).find((w) => w.region === 'EUROPE')!.name).toMatch(/Ana/);
    await expectEverythingRecomputes();

    const [entry] = await latestAudit(t.database.db, 1);
    expect(entry).toMatchObject({
      action: 'question.accept-option',
      entityType: 'question',
      entityId: '1/2',
      reason: 'Two options are right',
    });
    expect(entry!.before).toMatchObject({
      key: { correct: week1.main[1]!.correct, accepted: [], voided: false },
      players: expect.arrayContaining([{ playerId: ana.playerId, total: 466 }]),
      teams: expect.arrayContaining([{ teamId: spain.teamId, setNum: 1, scoreSum: 466 }]),
    });
    expect(entry!.after).toMatchObject({
      key: { accepted: [week1.main[1]!.alt] },
      players: expect.arrayContaining([{ playerId: ana.playerId, total: 583 }]),
      teams: expect.arrayContaining([{ teamId: spain.teamId, setNum: 1, scoreSum: 583 }]),
    });
    // The dashboard's hardest questions count both options as correct now.
    const board = ok<{
      questions: {
        slot: number | string;
        correct: number;
        options: { key: string; correct: boolean }[];
      }[];
    }>(await organiser.get('/api/organise/weeks/1/dashboard'));
    const second = board.questions.find((q) => q.slot === 2)!;
    expect(
      second.options
        .filter((o) => o.correct)
        .map((o) => o.key)
        .sort(),
    ).toEqual([week1.main[1]!.correct, week1.main[1]!.alt].sort());
    // camille (the correct option), ana and luis (the option accepted); somchai chose another.
    expect(second.correct).toBe(3);
    // Ids only: no names or e-mail addresses beyond the actor the log always keeps.
    expect(JSON.stringify([entry!.before, entry!.after])).not.toMatch(/@|Ana|Luis/);
    // The entry is about ana: her data export holds it; camille's, whose total stayed, does not.
    const exported = async (player: Player) =>
      ok<{ audit: { action: string; role: string }[] }>(
        await t.app.inject({ url: '/api/me/export', headers: { cookie: player.cookie } }),
      ).audit;
    expect(await exported(ana)).toContainEqual(
      expect.objectContaining({ action: 'question.accept-option', role: 'subject' }),
    );
    expect((await exported(camille)).map((e) => e.action)).not.toContain('question.accept-option');
  });

  it('refuses to accept it again, the correct option, an unknown option or no reason', async () => {
    const q2 = week1.main[1]!;
    const reason = 'Again';
    refused(
      await correction(1, 2, { action: 'accept-option', option: q2.alt, reason }),
      409,
      'KEY_ALREADY_CORRECTED',
    );
    refused(
      await correction(1, 2, { action: 'accept-option', option: q2.correct, reason }),
      409,
      'KEY_ALREADY_CORRECTED',
    );
    refused(
      await correction(1, 2, { action: 'accept-option', option: 'e', reason }),
      400,
      'UNKNOWN_OPTION',
    );
    refused(await correction(1, 2, { action: 'void' }), 400, 'BAD_REQUEST');
    refused(await correction(1, 2, { action: 'void', reason: ' ' }), 400, 'BAD_REQUEST');
    // A week nobody has played is changed, not corrected.
    refused(await correction(3, 1, { action: 'void', reason }), 409, 'KEY_NOT_CORRECTABLE');
  });

  it('shows the accepted option on the review page', async () => {
    const review = ok<WeekReview>(
      await t.app.inject({ url: '/api/weeks/1/review', headers: { cookie: ana.cookie } }),
    );
    expect(review.questions[1]!.correction).toEqual({
      kind: 'accepted',
      options: [week1.main[1]!.alt],
    });
    expect(review.questions[0]!.correction).toBeNull();
    expect(review.result!.correctCount).toBe(5);
  });

  it('voids a question: it counts for nobody, and everything follows', async () => {
    const before = await totalOf(camille);
    ok(await correction(1, 5, { action: 'void', reason: 'The source was withdrawn' }));
    // camille: 5 right in 200 s (500 + 33) → 4 right in 200 s (400 + 26).
    expect(before).toBe(533);
    expect(await totalOf(camille)).toBe(426);
    await expectEverythingRecomputes();
    const [entry] = await latestAudit(t.database.db, 1);
    expect(entry).toMatchObject({ action: 'question.void', entityId: '1/5' });
    const review = ok<WeekReview>(
      await t.app.inject({ url: '/api/weeks/1/review', headers: { cookie: camille.cookie } }),
    );
    expect(review.questions[4]!.correction).toEqual({ kind: 'voided' });
    expect(review.result!.correctCount).toBe(4);
    // The attempt, read after the close, says the same of every question as the review.
    const attempt = expectStatus(await camille.attempt(camilleAttempt), 200);
    const keyOf = (q: { correctOption: string | null; correction: unknown }) => [
      q.correctOption,
      q.correction,
    ];
    expect(attempt.questions.map(keyOf)).toEqual(review.questions.map(keyOf));
    expect(attempt.questions[1]!.correction).toEqual({
      kind: 'accepted',
      options: [week1.main[1]!.alt],
    });
    expect(attempt.result!.correctCount).toBe(4);
    refused(
      await correction(1, 5, {
        action: 'accept-option',
        option: week1.main[4]!.alt,
        reason: 'x y z',
      }),
      409,
      'KEY_ALREADY_CORRECTED',
    );
    // The knowledge gaps no longer count it.
    const gaps = ok<{ questions: { setNum: number; slot: number | string }[] }>(
      await organiser.get('/api/organise/gaps?setNum=1'),
    );
    expect(gaps.questions.some((q) => q.setNum === 1 && q.slot === 5)).toBe(false);
  });

  it('corrects the challenger: an accepted option gives +5 instead of the halving', async () => {
    const [somchaiRow] = await t.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.playerId, somchai.playerId));
    expect(somchaiRow!.challengerCorrect).toBe(false);
    expect(somchaiRow!.weekScore).toBe(Math.floor(somchaiRow!.mainScore! / 2));
    ok(
      await correction(1, 'challenger', {
        action: 'accept-option',
        option: week1.challenger.alt,
        reason: 'Ambiguous wording',
      }),
    );
    const [after] = await t.database.db
      .select()
      .from(attempts)
      .where(eq(attempts.playerId, somchai.playerId));
    expect(after!.challengerCorrect).toBe(true);
    expect(after!.weekScore).toBe(after!.mainScore! + 500);
    await expectEverythingRecomputes();
  });

  it('voids the challenger: neither +5 nor the halving, for anyone', async () => {
    ok(await correction(1, 'challenger', { action: 'void', reason: 'Withdrawn' }));
    const rows = await t.database.db.select().from(attempts).where(eq(attempts.setNum, 1));
    for (const row of rows) {
      if (row.challengerStartedAt) expect(row.challengerCorrect).toBe(false);
      expect(row.weekScore).toBe(row.mainScore);
    }
    const review = ok<WeekReview>(
      await t.app.inject({ url: '/api/weeks/1/review', headers: { cookie: somchai.cookie } }),
    );
    expect(review.challenger.question!.correction).toEqual({ kind: 'voided' });
    expect(review.challenger.outcome).toBe('voided');
    await expectEverythingRecomputes();
  });

  it('applies one of two identical corrections sent at once, and answers the other 409', async () => {
    const audits = await t.database.db.select().from(auditLog);
    const body = { action: 'void', reason: 'Sent twice' };
    const responses = await Promise.all([correction(1, 4, body), correction(1, 4, body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = responses.find((r) => r.statusCode === 409)!;
    expect(conflict.json()).toMatchObject({ error: { code: 'KEY_ALREADY_CORRECTED' } });
    const added = (await t.database.db.select().from(auditLog)).length - audits.length;
    expect(added).toBe(1);
    await expectEverythingRecomputes();
  });

  it('applies two different corrections sent at once, one after the other', async () => {
    const responses = await Promise.all([
      correction(1, 1, { action: 'accept-option', option: week1.main[0]!.alt, reason: 'One' }),
      correction(1, 3, { action: 'accept-option', option: week1.main[2]!.alt, reason: 'Two' }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    await expectEverythingRecomputes();
  });
});

describe('a correction while the week is being played', () => {
  it('leaves no answer and no score with the old key', async () => {
    t.clock.set(WEEK2_OPEN);
    const more: Player[] = [];
    for (const [account, team] of [
      ['demo-emily', 'us'],
      ['demo-kasia', 'pl'],
      ['demo-linh', 'vn'],
      ['demo-putri', 'id'],
      ['demo-rafael', 'br'],
    ] as const)
      more.push(await registeredPlayer(t, account, { team }));
    // Signed in again: the sessions of week 1 have gone idle over the days between.
    for (const account of ['demo-ana', 'demo-camille', 'demo-somchai', 'demo-luis'])
      more.push(await signedInPlayer(t, account));
    ana = more.at(-4)!;
    organiser = await signInOrganiser(t.app);
    everyone = more;
    const week2 = await weekKeys(2);
    const ids = await Promise.all(
      everyone.map(async (player) => expectStatus(await player.start(), 200).id),
    );
    // Each player answers `alt` to every question (the option the corrections accept) while
    // the organiser accepts it for questions 1 to 4 and voids question 5, all at once.
    const playing = everyone.map(async (player, index) => {
      for (let position = 1; position <= 5; position++) {
        const response = await player.answer(ids[index]!, position, week2.main[position - 1]!.alt);
        expect(response.statusCode, response.body).toBe(200);
      }
    });
    const correcting = (async () => {
      for (const slot of [1, 2, 3, 4] as const) {
        const option = week2.main[slot - 1]!.alt;
        const response = await correction(2, slot, {
          action: 'accept-option',
          option,
          reason: 'Live fix',
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      ok(await correction(2, 5, { action: 'void', reason: 'Live void' }));
    })();
    await Promise.all([...playing, correcting]);
    const rows = await t.database.db.select().from(attempts).where(eq(attempts.setNum, 2));
    expect(rows).toHaveLength(everyone.length);
    for (const row of rows) {
      expect(row.answers.map((answer) => answer.correct)).toEqual([true, true, true, true, false]);
      expect(row.correctCount).toBe(4);
    }
    await expectEverythingRecomputes();
    // The week is still open: the corrected key stays on the server, as the key does.
    for (const [index, player] of everyone.entries()) {
      const view = expectStatus(await player.attempt(ids[index]!), 200);
      expect(correctOptionLeaks(view)).toEqual([]);
    }
  });
});
