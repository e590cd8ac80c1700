import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import {
  ok,
  readCsv,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, type PlayApp } from '../../../../../tests/play-helpers';
import type {
  ImportResult,
  OrganiserQuestion,
  QuestionInput,
  WeekQuestions,
} from '#shared/contracts/organise-questions';
import { toCsv } from '../csv';
import { CSV_COLUMNS } from './file-formats';

/**
 * Explanations (ADR 0019) are question content like the text: the editor saves one per
 * language, an edit to it or to the source makes the question a draft to approve again, and
 * the CSV and JSON files carry them both ways.
 */

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const week = async (setNum: number) =>
  ok<WeekQuestions>(await organiser.get(`/api/organise/weeks/${setNum}/questions`));
const question = async (setNum: number, slot: number | 'challenger') =>
  (await week(setNum)).slots.find((entry) => entry.slot === slot)!.question!;
const inputOf = (stored: OrganiserQuestion): QuestionInput => ({
  category: stored.category,
  correct: stored.correct,
  source: stored.source,
  translations: structuredClone(stored.translations) as QuestionInput['translations'],
});
const save = (setNum: number, slot: number | 'challenger', input: QuestionInput) =>
  organiser.put(`/api/organise/weeks/${setNum}/questions/${slot}`, input);
const approve = (setNum: number, slot: number | 'challenger') =>
  organiser.post(`/api/organise/weeks/${setNum}/questions/${slot}/review`, {
    status: 'approved',
  });

describe('the question editor', () => {
  it('saves an explanation per language; the edit makes a draft that needs approving again', async () => {
    const input = inputOf(await question(3, 1));
    input.translations.en!.explanation = '  DHA is most of the brain omega-3.  ';
    input.translations.pl!.explanation = 'DHA to większość kwasów omega-3 w mózgu.';
    input.translations.fr!.explanation = '   ';
    ok(await save(3, 1, input));
    const saved = await question(3, 1);
    expect(saved.status).toBe('draft');
    expect(saved.translations.en!.explanation).toBe('DHA is most of the brain omega-3.');
    expect(saved.translations.pl!.explanation).toBe('DHA to większość kwasów omega-3 w mózgu.');
    // A blank explanation is none: the player sees the English one.
    expect(saved.translations.fr).not.toHaveProperty('explanation');
    ok(await approve(3, 1));
    expect((await question(3, 1)).status).toBe('approved');

    // Only the explanation changes: a draft again.
    const again = inputOf(await question(3, 1));
    again.translations.pl!.explanation = 'Poprawione wyjaśnienie.';
    ok(await save(3, 1, again));
    expect((await question(3, 1)).status).toBe('draft');
    ok(await approve(3, 1));

    // Only the source changes: a draft again.
    const sourced = inputOf(await question(3, 1));
    sourced.source = 'EFSA Journal 2010;8(3):1461';
    ok(await save(3, 1, sourced));
    expect(await question(3, 1)).toMatchObject({
      status: 'draft',
      source: 'EFSA Journal 2010;8(3):1461',
    });
  });

  it('refuses an explanation longer than 1000 characters with 400', async () => {
    const input = inputOf(await question(3, 2));
    input.translations.en!.explanation = 'x'.repeat(1001);
    expect((await save(3, 2, input)).statusCode).toBe(400);
  });
});

describe('the files', () => {
  it('export an explanation column in the CSV and the explanations in the JSON', async () => {
    const csv = readCsv(await organiser.get('/api/organise/weeks/3/questions/export?format=csv'));
    expect(csv.header.at(-1)).toBe('explanation');
    const polish = csv.rows.find((row) => row.slot === '1' && row.language === 'pl')!;
    expect(polish.explanation).toBe('Poprawione wyjaśnienie.');
    const json = await organiser.get('/api/organise/weeks/3/questions/export?format=json');
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('Poprawione wyjaśnienie.');
  });

  it('import explanations from a CSV: changed questions become drafts', async () => {
    const { rows } = readCsv(
      await organiser.get('/api/organise/weeks/4/questions/export?format=csv'),
    );
    const edited = rows.map((row) =>
      row.slot === '2' && row.language === 'en'
        ? { ...row, explanation: 'Imported from a spreadsheet.' }
        : row,
    );
    const content = toCsv(
      CSV_COLUMNS,
      edited.map((row) => CSV_COLUMNS.map((column) => row[column] ?? '')),
    );
    const result = ok<ImportResult>(
      await organiser.post('/api/organise/weeks/4/questions/import', { format: 'csv', content }),
    );
    expect(result.changed).toBe(1);
    const imported = result.week.slots.find((entry) => entry.slot === 2)!.question!;
    expect(imported.status).toBe('draft');
    expect(imported.translations.en!.explanation).toBe('Imported from a spreadsheet.');
  });

  it('import a CSV exported before explanations existed and keep the stored explanations', async () => {
    const stored = await question(5, 1);
    expect(stored.translations.en!.explanation, 'the content has explanations').toBeTruthy();
    const { rows } = readCsv(
      await organiser.get('/api/organise/weeks/5/questions/export?format=csv'),
    );
    const columns = CSV_COLUMNS.filter((column) => column !== 'explanation');
    const content = toCsv(
      columns,
      rows.map((row) => columns.map((column) => row[column] ?? '')),
    );
    const result = ok<ImportResult>(
      await organiser.post('/api/organise/weeks/5/questions/import', { format: 'csv', content }),
    );
    // No column is not a blank column: nothing changes, no question becomes a draft.
    expect(result).toMatchObject({ dryRun: false, changed: 0 });
    expect(await question(5, 1)).toEqual(stored);
  });
});
