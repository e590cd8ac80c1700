import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import { apiRoutes } from '../../../../tests/hostile-inputs';
import {
  answerKey,
  correctOptionLeaks,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  SECOND,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import { eq } from 'drizzle-orm';
import type { Attempt } from '#shared/contracts/play';
import { questions } from '../../db/schema';
import { notifyContentChanged } from '../season/content-cache';

/**
 * The correct answers of a week, and their explanations and sources (ADR 0019), stay on the
 * server until the week has closed in every time zone (`closedEverywhere`, ADR 0019).
 */

let t: PlayApp;
let ana: Player;
let somchai: Player;
let anaAttempt: Attempt;
let somchaiAttempt: Attempt;
/** Every explanation and source text of week 1: none may be in a response before the close. */
let secrets: string[];
beforeAll(async () => {
  t = await createPlayApp();
  secrets = await writeExplanations(t);
  ana = await registeredPlayer(t, 'demo-ana');
  // Bangkok (UTC+7): week 1 closes there at 2025-02-07T17:00Z, long before it closes everywhere.
  somchai = await registeredPlayer(t, 'demo-somchai', { team: 'th', language: 'th' });
});
afterAll(() => t.close());

/** Every play response of a whole week, each checked for leaks as it arrives. */
const responses: { call: string; response: LightMyRequestResponse }[] = [];
async function record(call: string, pending: Promise<LightMyRequestResponse>) {
  const response = await pending;
  responses.push({ call, response });
  return response;
}

/**
 * Every GET a player can make, found from the app's own routes (so a new player route is
 * scanned too): /api/me, the current week, the attempt, stats, standings, season…
 */
const playerReads = () =>
  apiRoutes(t.routes ?? []).filter(
    (route) =>
      route.method === 'GET' &&
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/organise/') &&
      // The OpenAPI document names the organisers' fields (correctOption…), but holds no data.
      route.url !== '/api/openapi.json',
  );

async function readEverything(stage: string, player: Player, attemptId: string) {
  for (const route of playerReads()) {
    const query = route.url === '/api/standings/track' ? '?eventId=1&eventWeek=1' : '';
    const url = route.url.replace(':id', attemptId).replace(':setNum', '1') + query;
    await record(
      `${stage}: GET ${route.url}`,
      t.app.inject({ url, headers: { cookie: player.cookie } }),
    );
  }
}

describe('while the week is open', () => {
  it('sends no correct option in any play response, refusals included', async () => {
    t.clock.set(moments2025.week1Open);
    await record('current (ready)', ana.current());
    anaAttempt = expectStatus(await record('start', ana.start()), 200);
    await readEverything('after start', ana, anaAttempt.id);
    const key = await answerKey(t.database.db, anaAttempt.id);
    await record('answer out of order', ana.answer(anaAttempt.id, 3, key.right(3)));
    await record('unknown option', ana.answer(anaAttempt.id, 1, 'z'));
    for (const position of [1, 2, 3, 4, 5]) {
      t.clock.advance(10 * SECOND);
      const option = position % 2 ? key.right(position) : key.wrong(position);
      await record(`answer ${position}`, ana.answer(anaAttempt.id, position, option));
      await record(`repeat ${position}`, ana.answer(anaAttempt.id, position, option));
      if (position === 1) await record('read mid-set', ana.attempt(anaAttempt.id));
      if (position === 3) await readEverything('mid-set', ana, anaAttempt.id);
    }
    await record('final answer changed', ana.answer(anaAttempt.id, 5, key.wrong(5)));
    await record('current (done)', ana.current());
    await record('finish', ana.finish(anaAttempt.id));
    await readEverything('main set done', ana, anaAttempt.id);
    await record('restart', ana.start());
    await record('challenger start', ana.startChallenger(anaAttempt.id));
    await record('challenger start again', ana.startChallenger(anaAttempt.id));
    await readEverything('challenger running', ana, anaAttempt.id);
    const withChallenger = await answerKey(t.database.db, anaAttempt.id);
    await record('challenger unknown option', ana.answerChallenger(anaAttempt.id, 'z'));
    await record(
      'challenger answer',
      ana.answerChallenger(anaAttempt.id, withChallenger.challengerWrong()),
    );
    await record(
      'challenger answer changed',
      ana.answerChallenger(anaAttempt.id, withChallenger.challengerRight()),
    );
    await record('read after', ana.attempt(anaAttempt.id));
    await readEverything('challenger done', ana, anaAttempt.id);
    await record('stats', ana.stats());

    somchaiAttempt = expectStatus(await record('start (th)', somchai.start()), 200);
    const thKey = await answerKey(t.database.db, somchaiAttempt.id);
    t.clock.advance(10 * SECOND);
    await record('answer (th)', somchai.answer(somchaiAttempt.id, 1, thKey.right(1)));
    await record('finish (th)', somchai.finish(somchaiAttempt.id));
    await readEverything('th done', somchai, somchaiAttempt.id);

    expect(playerReads().map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/me',
        '/api/weeks/current',
        '/api/me/stats',
        '/api/attempts/:id',
        '/api/weeks/:setNum/review',
      ]),
    );
    expect(responses.length).toBeGreaterThan(25 + 6 * playerReads().length);
    const statuses = new Set(responses.map(({ response }) => response.statusCode));
    expect([...statuses].sort()).toEqual([200, 400, 409]);
    for (const { call, response } of responses) {
      const body = response.json() as unknown;
      expect(correctOptionLeaks(body), call).toEqual([]);
      expect(response.body, call).not.toMatch(/"source"|correct_option|correct option is/i);
      expect(secretsIn(response.body), call).toEqual([]);
    }
    const attemptsSent = responses
      .map(({ response }) => response.json() as Partial<Attempt>)
      .filter((body) => Array.isArray(body.questions));
    expect(attemptsSent.length).toBeGreaterThan(15);
    for (const body of attemptsSent) {
      expect(body.questions!.map((q) => q.correctOption)).toEqual([null, null, null, null, null]);
      if (body.challenger?.question) expect(body.challenger.question.correctOption).toBeNull();
    }
  });
});

describe('after the week has closed', () => {
  const reveal = (attempt: Attempt) => attempt.questions.map((q) => q.correctOption);

  it('still hides them on Saturday 8 Feb, when week 1 is closed in Madrid and Bangkok but not everywhere', async () => {
    t.clock.set(moments2025.betweenWeeks1And2);
    responses.length = 0;
    await readEverything('Saturday', ana, anaAttempt.id);
    await readEverything('Saturday (th)', somchai, somchaiAttempt.id);
    for (const { call, response } of responses) {
      // The week's review is refused until it has closed everywhere; every other read serves.
      const refused = call.endsWith('/api/weeks/:setNum/review');
      expect(response.statusCode, call).toBe(refused ? 409 : 200);
      expect(correctOptionLeaks(response.json()), call).toEqual([]);
      expect(secretsIn(response.body), call).toEqual([]);
    }
    const view = expectStatus(await ana.attempt(anaAttempt.id), 200);
    expect(reveal(view)).toEqual([null, null, null, null, null]);
    expect(view.challenger!.question!.correctOption).toBeNull();
    expect(reveal(expectStatus(await somchai.attempt(somchaiAttempt.id), 200))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('still hides them 1 ms before week 1 closes in the last time zone (UTC−12)', async () => {
    t.clock.set(new Date('2025-02-08T11:59:59.999Z'));
    const view = expectStatus(await ana.attempt(anaAttempt.id), 200);
    expect(reveal(view)).toEqual([null, null, null, null, null]);
    const review = await t.app.inject({
      url: '/api/weeks/1/review',
      headers: { cookie: ana.cookie },
    });
    expect(review.statusCode).toBe(409);
    expect(secretsIn(review.body)).toEqual([]);
  });

  it('shows the correct option of every question, challenger included, once closed everywhere', async () => {
    t.clock.set(new Date('2025-02-08T12:00:00.000Z'));
    // The scan above would have seen them: the review serves every one of them now.
    const review = await t.app.inject({
      url: '/api/weeks/1/review',
      headers: { cookie: ana.cookie },
    });
    expect(review.statusCode).toBe(200);
    expect(secretsIn(review.body).sort()).toEqual(
      secrets.filter((text) => !text.includes('(th)')).sort(),
    );
    const key = await answerKey(t.database.db, anaAttempt.id);
    const view = expectStatus(await ana.attempt(anaAttempt.id), 200);
    expect(reveal(view)).toEqual([1, 2, 3, 4, 5].map((position) => key.right(position)));
    expect(view.challenger!.question!.correctOption).toBe(key.challengerRight());
    // The player's own answers are unchanged next to them.
    expect(view.answers.map((a) => a.option)).toEqual([
      key.right(1),
      key.wrong(2),
      key.right(3),
      key.wrong(4),
      key.right(5),
    ]);

    t.clock.set(new Date('2025-02-09T12:00:00Z'));
    const thKey = await answerKey(t.database.db, somchaiAttempt.id);
    const thView = expectStatus(await somchai.attempt(somchaiAttempt.id), 200);
    expect(reveal(thView)).toEqual([1, 2, 3, 4, 5].map((position) => thKey.right(position)));
    expect(thView.challenger!.question).toBeNull();
  });
});

/**
 * Gives every week-1 question an English and a Thai explanation, each a unique text, and
 * returns those with the questions' sources: the texts that must not leave before the close.
 */
async function writeExplanations(app: PlayApp): Promise<string[]> {
  const db = app.database.db;
  const rows = await db.select().from(questions).where(eq(questions.setNum, 1));
  const texts: string[] = [];
  for (const row of rows) {
    const translations = structuredClone(row.translations);
    for (const language of ['en', 'th'] as const) {
      const text = `Why ${row.kind} ${row.position} is right (${language}), ${row.id}`;
      translations[language]!.explanation = text;
      texts.push(text);
    }
    await db.update(questions).set({ translations }).where(eq(questions.id, row.id));
    if (row.source) texts.push(row.source);
  }
  await notifyContentChanged(db);
  return [...new Set(texts)];
}

/** The explanation and source texts found in a response body (JSON-escaped as sent). */
const secretsIn = (body: string) =>
  secrets.filter((text) => body.includes(JSON.stringify(text).slice(1, -1)));
