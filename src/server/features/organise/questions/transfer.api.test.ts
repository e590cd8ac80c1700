import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import {
  latestAudit,
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  expectStatus,
  registeredPlayer,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { ImportResult, WeekQuestions } from '#shared/contracts/organise-questions';
import { LANGUAGES } from '#shared/domain/language';
import { projectRoot } from '../../../project-root';
import { questionsFileSchema } from '../../content/content-schema';
import { toCsv } from '../csv';
import { CSV_COLUMNS } from './file-formats';

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const contentFile = readFileSync(
  path.join(projectRoot, 'content/questions/nutrition-2025.json'),
  'utf8',
);
const week = async (setNum: number) =>
  ok<WeekQuestions>(await organiser.get(`/api/organise/weeks/${setNum}/questions`));
const exportCsv = async (setNum: number) =>
  readCsv(await organiser.get(`/api/organise/weeks/${setNum}/questions/export?format=csv`));
const importFile = (setNum: number, format: 'csv' | 'json', content: string, dryRun = false) =>
  organiser.post(`/api/organise/weeks/${setNum}/questions/import`, { format, content, dryRun });
/** A CSV like the export, rebuilt from its rows after `edit` changed them. */
const rebuild = (rows: Record<string, string>[]) =>
  toCsv(
    CSV_COLUMNS,
    rows.map((row) => CSV_COLUMNS.map((column) => row[column] ?? '')),
  );

describe('export', () => {
  it('writes a CSV with a BOM, one row per question and language, that reads back as stored', async () => {
    const { header, rows } = await exportCsv(1);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(6 * LANGUAGES.length);
    expect(rows.map((row) => `${row.slot}/${row.language}`).slice(0, 8)).toEqual([
      ...LANGUAGES.map((language) => `1/${language}`),
      '2/en',
    ]);
    const stored = await week(1);
    for (const row of rows) {
      const question = stored.slots.find((entry) => String(entry.slot) === row.slot)!.question!;
      const texts = question.translations[row.language as 'en']!;
      expect(row.text).toBe(texts.text);
      expect(row.correct).toBe(question.correct);
      for (const key of question.optionKeys) expect(row[`option_${key}`]).toBe(texts.options[key]);
    }
    expect(rows.find((row) => row.language === 'th')!.text).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('writes the content file format, identical to the shipped week', async () => {
    const response = await organiser.get('/api/organise/weeks/1/questions/export?format=json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="week-1-questions.json"',
    );
    const file = questionsFileSchema.parse(response.json());
    const shipped = questionsFileSchema.parse(JSON.parse(contentFile)).weeks[0]!;
    expect(file.weeks).toEqual([shipped]);
  });

  it('refuses an unknown format with 400', async () => {
    refused(
      await organiser.get('/api/organise/weeks/1/questions/export?format=ods'),
      400,
      'BAD_REQUEST',
    );
  });
});

describe('import', () => {
  it('changes nothing when the export comes back unchanged', async () => {
    const { text } = await exportCsv(2);
    const [before] = await latestAudit(t.database.db);
    const result = ok<ImportResult>(await importFile(2, 'csv', text));
    expect(result).toMatchObject({
      dryRun: false,
      changed: 0,
      week: { readiness: { ready: true } },
    });
    expect((await latestAudit(t.database.db))[0]?.id).toBe(before?.id);
  });

  it('previews a changed CSV with dryRun without saving anything', async () => {
    const { rows } = await exportCsv(2);
    rows.find((row) => row.slot === '2' && row.language === 'th')!.text = 'คำถามที่แก้ไข?';
    const result = ok<ImportResult>(await importFile(2, 'csv', rebuild(rows), true));
    expect(result.dryRun).toBe(true);
    expect(result.changed).toBe(1);
    expect(result.week.slots[1]!.question!.translations.th!.text).toBe('คำถามที่แก้ไข?');
    expect((await week(2)).slots[1]!.question!.translations.th!.text).not.toBe('คำถามที่แก้ไข?');
  });

  it('applies a changed CSV: changed questions become drafts, with one audit entry', async () => {
    const { rows } = await exportCsv(2);
    rows.find((row) => row.slot === '2' && row.language === 'th')!.text = 'คำถามที่แก้ไข?';
    // Translators may leave category, correct and source blank on their rows.
    for (const row of rows.filter((entry) => entry.language !== 'en'))
      row.category = row.correct = row.source = '';
    const result = ok<ImportResult>(await importFile(2, 'csv', rebuild(rows)));
    expect(result.changed).toBe(1);
    const view = await week(2);
    expect(view.slots.map((entry) => entry.question!.status)).toEqual([
      'approved',
      'draft',
      'approved',
      'approved',
      'approved',
      'approved',
    ]);
    expect(view.slots[1]!.question!.translations.th!.text).toBe('คำถามที่แก้ไข?');
    const [entry] = await latestAudit(t.database.db);
    expect(entry).toMatchObject({
      action: 'questions.import',
      entityType: 'week',
      entityId: '2',
      reason: 'CSV import, 1 question(s) changed',
    });
  });

  it('imports the content file format, taking the week it names', async () => {
    expect(ok<ImportResult>(await importFile(4, 'json', contentFile)).changed).toBe(0);
    const file = JSON.parse(contentFile);
    file.weeks[2].questions[0].source = 'A new source';
    const result = ok<ImportResult>(await importFile(3, 'json', JSON.stringify(file)));
    expect(result.changed).toBe(1);
    expect(result.week.slots[0]!.question).toMatchObject({
      source: 'A new source',
      status: 'draft',
    });
  });

  it('round-trips text a spreadsheet would take for a formula', async () => {
    const file = JSON.parse(contentFile);
    file.weeks[4].questions[0].translations.en.text = '=Which of these is right?';
    ok(await importFile(5, 'json', JSON.stringify(file)));
    const { rows, text } = await exportCsv(5);
    expect(rows.find((row) => row.slot === '1' && row.language === 'en')!.text).toBe(
      "'=Which of these is right?",
    );
    expect(ok<ImportResult>(await importFile(5, 'csv', text)).changed).toBe(0);
  });

  describe('refuses a broken file whole with 400 IMPORT_INVALID, naming the place, importing nothing', () => {
    const cases: [string, (rows: Record<string, string>[]) => string, RegExp][] = [
      [
        'an unknown slot and language',
        (rows) => {
          rows[0]!.slot = '7';
          rows[1]!.language = 'de';
          return rebuild(rows);
        },
        /row 2, column A \(slot\): slot '7'[\s\S]*row 3, column B \(language\): unknown language 'de'/,
      ],
      [
        'a week without its challenger',
        (rows) => rebuild(rows.filter((row) => row.slot !== 'challenger')),
        /needs slots 1 to 5 and the challenger; missing: challenger/,
      ],
      [
        'a correct option that does not exist',
        (rows) => {
          for (const row of rows.filter((entry) => entry.slot === '3')) row.correct = 'e';
          return rebuild(rows);
        },
        /row 16, column D \(correct\): 'e' is not one of the options/,
      ],
      [
        'a translation missing an option',
        (rows) => {
          rows.find((row) => row.slot === '2' && row.language === 'th')!.option_b = '';
          return rebuild(rows);
        },
        /row 14, column H \(option_b\): fill in the same options as the English row/,
      ],
      [
        'a category that differs from the English row',
        (rows) => {
          rows.find((row) => row.slot === '1' && row.language === 'fr')!.category = 'allergy';
          return rebuild(rows);
        },
        /row 4, column C \(category\): category differs from the English row/,
      ],
      [
        'a question twice in one language',
        (rows) => rebuild([...rows, rows[0]!]),
        /row 44: question 1 in en twice/,
      ],
      [
        'missing columns',
        () => 'slot,language\r\n1,en\r\n',
        /row 1: missing column\(s\) text, option_a, option_b/,
      ],
      [
        'an unterminated quote',
        (rows) => `${rebuild(rows)}1,en,"open`,
        /row 44: a quoted cell is not closed/,
      ],
    ];
    it.each(cases)('%s', async (_name, edit, reason) => {
      const before = await week(6);
      const { rows } = await exportCsv(6);
      const message = refused(await importFile(6, 'csv', edit(rows)), 400, 'IMPORT_INVALID');
      expect(message).toMatch(reason);
      expect(await week(6)).toEqual(before);
    });

    it.each([
      ['text that is not JSON', '{ weeks: [', /not valid JSON/],
      [
        'a file of another shape',
        '{"weeks": [{"setNum": 6, "questions": []}]}',
        /weeks\[0\]\.questions: needs exactly slots/,
      ],
      [
        'a file without the week',
        JSON.stringify({ weeks: [JSON.parse(contentFile).weeks[0]] }),
        /no questions for week 6/,
      ],
    ])('a content file with %s', async (_name, content, reason) => {
      expect(refused(await importFile(6, 'json', content), 400, 'IMPORT_INVALID')).toMatch(reason);
    });

    it('an empty file or an unknown format (400 BAD_REQUEST)', async () => {
      refused(await importFile(6, 'csv', ''), 400, 'BAD_REQUEST');
      refused(
        await organiser.post('/api/organise/weeks/6/questions/import', {
          format: 'ods',
          content: 'x',
        }),
        400,
        'BAD_REQUEST',
      );
    });
  });

  it('refuses to import into a week somebody played (409 QUESTIONS_LOCKED)', async () => {
    t.clock.set(moments2025.week1Open);
    expectStatus(await (await registeredPlayer(t, 'demo-ana')).start(), 200);
    const { text } = await exportCsv(1);
    refused(await importFile(1, 'csv', text), 409, 'QUESTIONS_LOCKED');
  });
});
