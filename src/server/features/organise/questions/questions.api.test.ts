import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeason2025, moments2025 } from '../../../../../tests/factories';
import {
  latestAudit,
  ok,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  errorCode,
  expectStatus,
  registeredPlayer,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { Warnings } from '#shared/contracts/organise';
import type {
  OrganiserQuestion,
  QuestionInput,
  WeekQuestions,
} from '#shared/contracts/organise-questions';
import { LANGUAGES } from '#shared/domain/language';
import { questions } from '../../../db/schema';

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const week = async (setNum: number) =>
  ok<WeekQuestions>(await organiser.get(`/api/organise/weeks/${setNum}/questions`));
const slotOf = (view: WeekQuestions, slot: number | 'challenger') =>
  view.slots.find((entry) => entry.slot === slot)!.question!;
const inputOf = (question: OrganiserQuestion): QuestionInput => ({
  category: question.category,
  correct: question.correct,
  source: question.source,
  translations: structuredClone(question.translations) as QuestionInput['translations'],
});
const save = (setNum: number, slot: number | 'challenger', input: unknown) =>
  organiser.put(`/api/organise/weeks/${setNum}/questions/${slot}`, input);
const review = (setNum: number, slot: number | 'challenger', status: string) =>
  organiser.post(`/api/organise/weeks/${setNum}/questions/${slot}/review`, { status });

describe('GET /api/organise/weeks/:setNum/questions', () => {
  it('shows the six slots with all seven languages side by side, approved from the content file', async () => {
    const view = await week(1);
    expect(view).toMatchObject({
      setNum: 1,
      opensOn: '2025-02-04',
      locked: false,
      readiness: { ready: true, problems: [] },
    });
    expect(view.slots.map((entry) => entry.slot)).toEqual([1, 2, 3, 4, 5, 'challenger']);
    for (const { question } of view.slots) {
      expect(Object.keys(question!.translations).sort()).toEqual([...LANGUAGES].sort());
      expect(Object.values(question!.complete).every(Boolean)).toBe(true);
      expect(question).toMatchObject({
        status: 'approved',
        approvedBy: null,
        approvedAt: expect.any(String),
      });
      expect(question!.optionKeys).toContain(question!.correct);
    }
  });

  it('refuses a week that does not exist with 400', async () => {
    refused(await organiser.get('/api/organise/weeks/7/questions'), 400, 'BAD_REQUEST');
  });
});

describe('editing and reviewing a question', () => {
  it('saves an edit as a draft, which the week’s readiness reports, with an audit entry', async () => {
    const input = inputOf(slotOf(await week(2), 2));
    input.translations.en!.text = 'Which nutrient is edited here?';
    const view = ok<WeekQuestions>(await save(2, 2, input));
    expect(slotOf(view, 2)).toMatchObject({ status: 'draft', approvedBy: null, approvedAt: null });
    expect(slotOf(view, 2).translations.en!.text).toBe('Which nutrient is edited here?');
    expect(view.readiness).toEqual({
      ready: false,
      problems: [{ slot: 2, problem: 'draft', languages: [] }],
    });
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'question.update',
      entityType: 'question',
      entityId: '2/2',
      before: {
        status: 'approved',
        translations: { en: { text: expect.not.stringContaining('edited') } },
      },
      after: { status: 'draft', translations: { en: { text: 'Which nutrient is edited here?' } } },
    });
  });

  it('approves it, recording who and when', async () => {
    const view = ok<WeekQuestions>(await review(2, 2, 'approved'));
    expect(slotOf(view, 2)).toMatchObject({
      status: 'approved',
      approvedBy: { name: 'Morgan Lee' },
      approvedAt: moments2025.beforeLaunch.toISOString(),
    });
    expect(view.readiness.ready).toBe(true);
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'question.review',
      before: { status: 'draft' },
      after: { status: 'approved' },
    });
  });

  it('leaves an approved question approved when saved unchanged, with no audit entry', async () => {
    const [before] = await latestAudit(t.database.db);
    const view = ok<WeekQuestions>(await save(2, 2, inputOf(slotOf(await week(2), 2))));
    expect(slotOf(view, 2).status).toBe('approved');
    expect((await latestAudit(t.database.db))[0]!.id).toBe(before!.id);
  });

  it('flags a partial translation, refuses to approve it (409 QUESTION_INCOMPLETE), and sends edits back to draft', async () => {
    const input = inputOf(slotOf(await week(2), 3));
    input.translations.th = {
      ...input.translations.th!,
      options: { ...input.translations.th!.options, a: '' },
    };
    delete input.translations.vi;
    const view = ok<WeekQuestions>(await save(2, 3, input));
    const question = slotOf(view, 3);
    expect(question.complete).toMatchObject({ en: true, th: false, vi: false, fr: true });
    expect(question.translations.vi).toBeUndefined();
    expect(view.readiness.problems).toEqual([
      { slot: 3, problem: 'incomplete', languages: ['th', 'vi'] },
      { slot: 3, problem: 'draft', languages: [] },
    ]);
    const message = refused(await review(2, 3, 'approved'), 409, 'QUESTION_INCOMPLETE');
    expect(message).toContain('th, vi');
  });

  it('creates a question in an empty slot (a draft), and 404 reviews one that does not exist', async () => {
    await t.database.db
      .delete(questions)
      .where(and(eq(questions.setNum, 6), eq(questions.kind, 'challenger')));
    const empty = await week(6);
    expect(empty.slots.at(-1)).toEqual({ slot: 'challenger', question: null });
    expect(empty.readiness.problems).toEqual([
      { slot: 'challenger', problem: 'missing', languages: [] },
    ]);
    refused(await review(6, 'challenger', 'approved'), 404, 'QUESTION_NOT_FOUND');

    const input = inputOf(slotOf(empty, 1));
    const view = ok<WeekQuestions>(await save(6, 'challenger', input));
    expect(slotOf(view, 'challenger')).toMatchObject({ status: 'draft', category: input.category });
    expect((await latestAudit(t.database.db))[0]).toMatchObject({
      action: 'question.create',
      entityId: '6/challenger',
      before: null,
    });
    expect(ok<WeekQuestions>(await review(6, 'challenger', 'approved')).readiness.ready).toBe(true);
  });

  describe('refuses malformed questions with 400 and the reason, saving nothing', () => {
    const cases: [string, (input: QuestionInput) => void, RegExp][] = [
      [
        'one option only',
        (input) => {
          for (const texts of Object.values(input.translations))
            texts!.options = { a: texts!.options.a! };
          input.correct = 'a';
        },
        /2 to 5 options/,
      ],
      ['a sixth option', (input) => void (input.translations.en!.options.f = 'Six'), /options\/f/],
      [
        'a correct option that does not exist',
        (input) => void (input.correct = 'e'),
        /'e' is not one of the options/,
      ],
      ['no English', (input) => void delete input.translations.en, /English is required/],
      [
        'an English option left blank',
        (input) => void (input.translations.en!.options.a = ' '),
        /English needs/,
      ],
      [
        'a translation with other options than English',
        (input) => void delete input.translations.fr!.options.b,
        /same option keys as English/,
      ],
      ['an unknown category', (input) => void (input.category = 'sports' as never), /category/],
      [
        'a language the app does not offer',
        (input) => void Object.assign(input.translations, { de: input.translations.en }),
        /translations/,
      ],
      ['an unknown field', (input) => void Object.assign(input, { status: 'approved' }), /status/],
    ];
    it.each(cases)('%s', async (_name, edit, reason) => {
      const before = await week(4);
      const input = inputOf(slotOf(before, 1));
      edit(input);
      expect(refused(await save(4, 1, input), 400, 'BAD_REQUEST')).toMatch(reason);
      expect(await week(4)).toEqual(before);
    });

    it('a slot that is not 1–5 or challenger, and a bad review status', async () => {
      const input = inputOf(slotOf(await week(4), 1));
      expect(refused(await save(4, 6, input), 400, 'BAD_REQUEST')).toMatch(/slot/);
      refused(await review(4, 1, 'published'), 400, 'BAD_REQUEST');
    });
  });
});

describe('a week cannot open with unapproved or incomplete questions', () => {
  it('warns days ahead: GET /api/organise/warnings lists weeks opening within N days that are not ready', async () => {
    // Monday 27 Jan: week 2 (a partial translation in question 3) opens in 13.3 days in Manila.
    const soon = ok<Warnings>(await organiser.get('/api/organise/warnings'));
    expect(soon).toEqual({ days: 7, warnings: [] });
    const later = ok<Warnings>(await organiser.get('/api/organise/warnings?days=14'));
    expect(later.warnings).toEqual([
      {
        setNum: 2,
        startsAt: '2025-02-09T16:00:00.000Z',
        status: 'upcoming',
        problems: [
          { slot: 3, problem: 'incomplete', languages: ['th', 'vi'] },
          { slot: 3, problem: 'draft', languages: [] },
        ],
        languages: [],
        message: 'Week 2: question 3 is not translated into th, vi; question 3 is not approved.',
      },
    ]);
    refused(await organiser.get('/api/organise/warnings?days=-1'), 400, 'BAD_REQUEST');
  });

  it('refuses to start a week with a draft question (409 WEEK_NOT_READY), then starts once it is approved', async () => {
    const input = inputOf(slotOf(await week(1), 4));
    input.source = 'Edited source';
    ok(await save(1, 4, input));
    t.clock.set(moments2025.week1Open);
    const player = await registeredPlayer(t, 'demo-ana');
    // The player is told before pressing Start.
    expect((await player.current()).json()).toMatchObject({ state: 'not-ready', attemptId: null });
    expect(errorCode(await player.start(), 409)).toBe('WEEK_NOT_READY');
    const open = ok<Warnings>(await organiser.get('/api/organise/warnings?days=0'));
    expect(open.warnings.map((warning) => [warning.setNum, warning.status])).toEqual([[1, 'open']]);

    ok(await review(1, 4, 'approved'));
    expectStatus(await player.start(), 200);
    expect((await week(1)).locked).toBe(true);
  });

  it('freezes the questions of a week somebody played (409 QUESTIONS_LOCKED)', async () => {
    const input = inputOf(slotOf(await week(1), 1));
    input.translations.en!.text = 'Too late';
    refused(await save(1, 1, input), 409, 'QUESTIONS_LOCKED');
    refused(await review(1, 1, 'draft'), 409, 'QUESTIONS_LOCKED');
    expect(slotOf(await week(1), 1).translations.en!.text).not.toBe('Too late');
  });

  it('keeps a week that went live playable for everyone, whatever happens to its questions later', async () => {
    await t.database.db
      .update(questions)
      .set({ reviewStatus: 'draft' })
      .where(and(eq(questions.setNum, 1), eq(questions.position, 5)));
    const latecomer = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
    expectStatus(await latecomer.start(), 200);
  });

  it('keeps loading content files: their questions count as approved again', async () => {
    expect((await week(2)).readiness.ready).toBe(false);
    await loadSeason2025(t.database.db, t.clock);
    const view = await week(2);
    expect(view.readiness).toEqual({ ready: true, problems: [] });
    expect(slotOf(view, 2)).toMatchObject({ status: 'approved', approvedBy: null });
    expect(slotOf(view, 2).translations.en!.text).not.toBe('Which nutrient is edited here?');
  });
});
