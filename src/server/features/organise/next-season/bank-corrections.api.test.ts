import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import { ok, signInOrganiser, type ApiClient } from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import type { OrganiserSeasons } from '#shared/contracts/past-seasons';
import { questions } from '../../../db/schema';

/**
 * A week taken from the question bank into a draft season keeps what was checked of it (the
 * approval, the translations' review), except where its key was corrected after it was played
 * (ADR 0041): a question with an option accepted afterwards, or voided, was flawed, and comes
 * as a draft to be mended and approved again, with a plain key, rather than being played a
 * second time as it was.
 */

const DRAFT = { id: '2025-autumn', name: 'Podium 2025 autumn', launchOn: '2025-03-25' };

let t: PlayApp;
let organiser: ApiClient;

/** A week's questions in slot order: main 1–5, then the challenger. */
const weekRows = (seasonId: string, setNum: number) =>
  t.database.db
    .select()
    .from(questions)
    .where(and(eq(questions.seasonId, seasonId), eq(questions.setNum, setNum)))
    .orderBy(desc(questions.kind), asc(questions.position));

beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  // Thai translations of questions 1 and 2 reviewed before the week opens.
  ok(await organiser.post('/api/organise/weeks/1/translations/th/review', { slots: [1, 2] }));
  const ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  t.clock.set(moments2025.week1Open);
  await playWeek(t, ana);
  const [, second, third] = await weekRows('2025', 1);
  expect([second!.position, third!.position]).toEqual([2, 3]);
  const other = Object.keys(second!.translations.en!.options).find(
    (key) => key !== second!.correctOption,
  )!;
  const correct = async (slot: number, body: object) =>
    ok(await organiser.post(`/api/organise/weeks/1/questions/${slot}/correction`, body));
  await correct(2, { action: 'accept-option', option: other, reason: 'Two options are right' });
  await correct(3, { action: 'void', reason: 'The question was ambiguous' });
  const created = await organiser.post('/api/organise/seasons', { ...DRAFT, from: 'empty' });
  expect(created.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('a corrected week taken from the bank', () => {
  it('comes with its corrected questions as drafts, with a plain key, and the rest as they were', async () => {
    const view = ok<OrganiserSeasons>(
      await organiser.put(`/api/organise/seasons/${DRAFT.id}/weeks/1/questions`, {
        seasonId: '2025',
        setNum: 1,
      }),
    );
    // The draft's page counts them for the organiser.
    expect(view.draft!.weeks.map((week) => [week.questions, week.toApprove])).toEqual([
      [6, 2],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const [source, copy] = [await weekRows('2025', 1), await weekRows(DRAFT.id, 1)];
    expect(source.map((row) => [row.acceptedOptions.length, row.voidedAt !== null])).toEqual([
      [0, false],
      [1, false],
      [0, true],
      [0, false],
      [0, false],
      [0, false],
    ]);
    expect(copy.map((row) => row.reviewStatus)).toEqual([
      'approved',
      'draft',
      'draft',
      'approved',
      'approved',
      'approved',
    ]);
    expect(copy.map((row) => row.approvedAt === null)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    for (const [index, row] of copy.entries()) {
      const from = source[index]!;
      expect(row).toMatchObject({
        kind: from.kind,
        position: from.position,
        category: from.category,
        correctOption: from.correctOption,
        translations: from.translations,
        acceptedOptions: [],
        voidedAt: null,
        keyVersion: 0,
      });
    }
  });

  it("keeps the translations' review", async () => {
    const view = ok<WeekTranslations>(
      await organiser.get(`/api/organise/weeks/1/translations?season=${DRAFT.id}`),
    );
    const thai = (slot: number) => view.questions.find((entry) => entry.slot === slot)!.status.th;
    expect([thai(1), thai(2), thai(3)]).toEqual(['reviewed', 'reviewed', 'translated']);
  });
});
