import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDraftSeason,
  latestAudit,
  markedWeekFile,
  ok,
  questionsUrl,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  expectStatus,
  playWeek,
  registeredPlayer,
  signedInPlayer,
  type PlayApp,
  type Player,
} from '../../../../../tests/play-helpers';
import { moments2025, profileInput, teamByCode } from '../../../../../tests/factories';
import { questions } from '../../../db/schema';
import type {
  ImportResult,
  QuestionInput,
  WeekQuestions,
} from '#shared/contracts/organise-questions';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import type { OrganiserSeasons } from '#shared/contracts/past-seasons';
import type { Attempt } from '#shared/contracts/play';

/**
 * Writing and importing questions into the draft of the next season (ADR 0042): an empty draft
 * filled through the question routes with `?season=` until the content rules pass, launched, then
 * played; the current season untouched meanwhile; archived seasons refused.
 */

let t: PlayApp;
let organiser: ApiClient;
let ana: Player;
const CSRF = { 'x-podium-csrf': '1' };

const DRAFT = { id: '2025-autumn', name: 'Podium 2025 — second season', launchOn: '2025-03-25' };
const MARK = 'Draft —';
const season2Week1 = new Date('2025-03-26T10:00:00Z');

const draftView = async () =>
  (await ok<OrganiserSeasons>(await organiser.get('/api/organise/seasons'))).draft!;
const draftQuestions = (setNum: number, rest = '') => questionsUrl(setNum, DRAFT.id, rest);
const importInto = (setNum: number, file: object, dryRun = false) =>
  organiser.post(draftQuestions(setNum, '/import'), { ...file, dryRun });

/** Every stored question of a season, as bytes to compare. */
async function seasonRows(seasonId: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(questions)
    .where(eq(questions.seasonId, seasonId))
    .orderBy(asc(questions.setNum), asc(questions.kind), asc(questions.position));
  return JSON.stringify(rows);
}

async function weekRowCount(seasonId: string, setNum: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(questions)
    .where(and(eq(questions.seasonId, seasonId), eq(questions.setNum, setNum)));
  return row!.n;
}

let currentBefore: string;

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  organiser = await signInOrganiser(t.app);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  // Week 1 of the current season has been played: its questions are locked.
  await playWeek(t, ana, { pattern: 'rrrrw' });
  await createDraftSeason(organiser, { ...DRAFT, from: 'empty' });
  currentBefore = await seasonRows('2025');
});
afterAll(() => t.close());

describe('the question routes on a draft', () => {
  it('refuse players with 403 and unknown seasons with 404', async () => {
    const player = (method: 'GET' | 'PUT' | 'POST', url: string) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: ana.cookie, ...CSRF },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
    for (const [method, url] of [
      ['GET', draftQuestions(1)],
      ['PUT', draftQuestions(1, '/1')],
      ['POST', draftQuestions(1, '/import')],
      ['POST', draftQuestions(1, '/1/review')],
      ['GET', `/api/organise/weeks/1/translations?season=${DRAFT.id}`],
    ] as const) {
      refused(await player(method, url), 403, 'FORBIDDEN');
    }
    refused(await organiser.get(questionsUrl(1, 'nope')), 404, 'SEASON_NOT_FOUND');
    const file = await markedWeekFile(organiser, 1, MARK);
    refused(
      await organiser.post(questionsUrl(1, 'nope', '/import'), file),
      404,
      'SEASON_NOT_FOUND',
    );
    refused(await organiser.get(questionsUrl(1, 'x'.repeat(41))), 400, 'BAD_REQUEST');
  });

  it('read an empty draft week: six empty slots, never locked', async () => {
    const week = ok<WeekQuestions>(await organiser.get(draftQuestions(1)));
    expect(week).toMatchObject({ setNum: 1, opensOn: '2025-03-25', locked: false });
    expect(week.slots.map((slot) => slot.question)).toEqual([null, null, null, null, null, null]);
    expect((await draftView()).problems).toEqual([
      'questions: weeks: no questions for week 1, 2, 3, 4, 5, 6',
    ]);
  });

  it('write one question by slot into the draft; the draft’s problems see it', async () => {
    const current = ok<WeekQuestions>(await organiser.get(questionsUrl(1)));
    const source = current.slots[0]!.question!;
    const input: QuestionInput = {
      category: source.category,
      correct: source.correct,
      source: source.source,
      translations: {
        ...source.translations,
        en: { ...source.translations.en!, text: `${MARK} written by hand` },
      },
    };
    // The current season's week 1 was played: it keeps its questions.
    refused(await organiser.put(questionsUrl(1, undefined, '/1'), input), 409, 'QUESTIONS_LOCKED');
    refused(await organiser.put(questionsUrl(1, '2025', '/1'), input), 409, 'QUESTIONS_LOCKED');

    const week = ok<WeekQuestions>(await organiser.put(draftQuestions(1, '/1'), input));
    expect(week.locked).toBe(false);
    expect(week.slots[0]!.question).toMatchObject({ status: 'draft', correct: source.correct });
    expect(week.slots[0]!.question!.translations.en!.text).toBe(`${MARK} written by hand`);
    const draft = await draftView();
    expect(draft.weeks[0]!.questions).toBe(1);
    expect(draft.problems).toContain(
      'questions: weeks[0].questions: needs exactly slots 1 to 5 and one challenger',
    );
    expect(draft.problems.join('\n')).not.toMatch(/no questions for week 1/);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({ action: 'question.create', entityId: `${DRAFT.id}/1/1` });
  });

  it('a dry run shows the imported week and writes nothing', async () => {
    const file = await markedWeekFile(organiser, 1, MARK);
    const result = ok<ImportResult>(await importInto(1, file, true));
    expect(result).toMatchObject({ dryRun: true, changed: 6 });
    expect(result.week.slots.every((slot) => slot.question !== null)).toBe(true);
    expect(await weekRowCount(DRAFT.id, 1)).toBe(1);
  });

  it('importing every week makes an empty draft valid', async () => {
    for (const setNum of [1, 2, 3, 4, 5, 6]) {
      const file = await markedWeekFile(organiser, setNum, MARK);
      const result = ok<ImportResult>(await importInto(setNum, file));
      expect(result.dryRun).toBe(false);
      expect(result.changed).toBe(6);
      expect(result.week.setNum).toBe(setNum);
      const { problems } = await draftView();
      if (setNum < 6) expect(problems.join('\n')).toMatch(/no questions for week .*6/);
      else expect(problems).toEqual([]);
    }
    const draft = await draftView();
    expect(draft.weeks.map((week) => week.questions)).toEqual([6, 6, 6, 6, 6, 6]);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({ action: 'questions.import', entityId: `${DRAFT.id}/6` });
  });

  it('two identical imports at once: no 500, no duplicate rows', async () => {
    const file = await markedWeekFile(organiser, 3, `${MARK} again`, 2);
    const responses = await Promise.all([importInto(2, file), importInto(2, file)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const changed = responses.map((response) => (response.json() as ImportResult).changed).sort();
    expect(changed).toEqual([0, 6]);
    expect(await weekRowCount(DRAFT.id, 2)).toBe(6);
    expect((await draftView()).problems).toEqual([]);
  });

  it('exports the draft week and serves its translation status', async () => {
    const csv = await organiser.get(draftQuestions(4, '/export?format=csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('week-4-questions.csv');
    expect(csv.body).toContain(MARK);
    const translations = ok<WeekTranslations>(
      await organiser.get(`/api/organise/weeks/4/translations?season=${DRAFT.id}`),
    );
    expect(translations).toMatchObject({ setNum: 4, locked: false });
    const xliff = await organiser.get(
      `/api/organise/weeks/4/translations/fr/xliff?season=${DRAFT.id}`,
    );
    expect(xliff.statusCode).toBe(200);
    expect(xliff.body).toContain(MARK);
  });

  it('approves the draft’s week 1 through the review route', async () => {
    for (const slot of ['1', '2', '3', '4', '5', 'challenger']) {
      ok(await organiser.post(draftQuestions(1, `/${slot}/review`), { status: 'approved' }));
    }
    const week = ok<WeekQuestions>(await organiser.get(draftQuestions(1)));
    expect(week.readiness.ready).toBe(true);
  });

  it('leaves the current season’s questions byte for byte as they were', async () => {
    expect(await seasonRows('2025')).toBe(currentBefore);
    const current = ok<WeekQuestions>(await organiser.get(questionsUrl(1)));
    expect(JSON.stringify(current)).not.toContain(MARK);
  });
});

describe('after the launch', () => {
  it('players play the questions written and imported into the draft', async () => {
    t.clock.set(moments2025.afterSeason);
    organiser = await signInOrganiser(t.app);
    ok(await organiser.post(`/api/organise/seasons/${DRAFT.id}/launch`));
    t.clock.set(season2Week1);
    organiser = await signInOrganiser(t.app);
    ana = await signedInPlayer(t, 'demo-ana');
    const es = await teamByCode(t.database.db, 'es');
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/me/registration',
        headers: { cookie: ana.cookie, ...CSRF },
        payload: profileInput(es),
      }),
    );
    const attempt = expectStatus<Attempt>(await ana.start(), 200);
    const texts = attempt.questions.map((question) => question.text);
    expect(texts).toHaveLength(5);
    expect(texts.every((text) => text.startsWith(MARK))).toBe(true);
  });

  it('refuses the archived season with 409 SEASON_ARCHIVED', async () => {
    refused(await organiser.get(questionsUrl(1, '2025')), 409, 'SEASON_ARCHIVED');
    const file = await markedWeekFile(organiser, 2, MARK);
    refused(await organiser.post(questionsUrl(2, '2025', '/import'), file), 409, 'SEASON_ARCHIVED');
    refused(
      await organiser.get(`/api/organise/weeks/1/translations?season=2025`),
      409,
      'SEASON_ARCHIVED',
    );
    // The launched season is now the current one, by its id or without one.
    const byId = ok<WeekQuestions>(await organiser.get(questionsUrl(1, DRAFT.id)));
    expect(byId).toEqual(ok<WeekQuestions>(await organiser.get(questionsUrl(1))));
  });
});
