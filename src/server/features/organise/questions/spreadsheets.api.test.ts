import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import {
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import { createPlayApp, type PlayApp } from '../../../../../tests/play-helpers';
import type { ImportDetails } from '#shared/contracts/errors';
import type { ImportProblem } from '#shared/contracts/import-problems';
import type { ImportResult, WeekQuestions } from '#shared/contracts/organise-questions';
import { CSV_COLUMNS } from './file-formats';

/**
 * Spreadsheets as organisers save them: Excel in French, Spanish or Polish separates CSV cells
 * with semicolons, its "Unicode text" is UTF-16 with tabs, and .xlsx is its own format.
 */

let t: PlayApp;
let organiser: ApiClient;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
});
afterAll(() => t.close());

const SET_NUM = 4;
const base = `/api/organise/weeks/${SET_NUM}/questions`;
const week = async () => ok<WeekQuestions>(await organiser.get(base));
const textOf = (view: WeekQuestions, slot: number, language: 'en' | 'fr' | 'th') =>
  view.slots.find((entry) => entry.slot === slot)!.question!.translations[language]!.text;

/** The week's rows as exported, as lists of cells under CSV_COLUMNS. */
async function exportedRows(): Promise<string[][]> {
  const { rows } = readCsv(await organiser.get(`${base}/export?format=csv`));
  return rows.map((row) => CSV_COLUMNS.map((column) => row[column] ?? ''));
}
const cellIndex = (column: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(column);
/** The index of the row of `slot` in `language` among the exported rows. */
const rowIndex = (rows: string[][], slot: string, language: string) =>
  rows.findIndex((row) => row[0] === slot && row[1] === language);

/** Cells joined by `delimiter`, every cell quoted as spreadsheets do when they must. */
const delimited = (rows: string[][], delimiter: string) =>
  rows
    .map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(delimiter))
    .join('\r\n');

const importBytes = (format: 'csv' | 'xlsx', bytes: Buffer, dryRun: boolean) =>
  organiser.post(`${base}/import`, {
    format,
    content: bytes.toString('base64'),
    encoding: 'base64',
    dryRun,
  });

const problemsOf = (response: Parameters<typeof refused>[0]): ImportProblem[] => {
  refused(response, 400, 'IMPORT_INVALID');
  return (response.json() as { error: { details: ImportDetails } }).error.details.problems;
};

describe('a CSV saved by Excel in French (semicolons)', () => {
  it('imports with a BOM and commas and semicolons inside quoted cells: preview, then apply', async () => {
    const rows = await exportedRows();
    const edited = 'Laquelle, selon vous ; est juste « vraiment » ?';
    rows[rowIndex(rows, '2', 'fr')]![cellIndex('text')] = edited;
    const file = Buffer.from(`\uFEFF${delimited([[...CSV_COLUMNS], ...rows], ';')}\r\n`, 'utf8');

    const before = await week();
    const preview = ok<ImportResult>(await importBytes('csv', file, true));
    expect(preview).toMatchObject({ dryRun: true, changed: 1 });
    expect(textOf(preview.week, 2, 'fr')).toBe(edited);
    expect(await week()).toEqual(before);

    const applied = ok<ImportResult>(await importBytes('csv', file, false));
    expect(applied).toMatchObject({ dryRun: false, changed: 1 });
    expect(textOf(await week(), 2, 'fr')).toBe(edited);
  });

  it('also arrives as text, without a BOM', async () => {
    const rows = await exportedRows();
    const content = delimited([[...CSV_COLUMNS], ...rows], ';');
    const result = ok<ImportResult>(
      await organiser.post(`${base}/import`, { format: 'csv', content, dryRun: true }),
    );
    expect(result.changed).toBe(0);
  });

  it('names the row and column of a bad cell', async () => {
    const rows = await exportedRows();
    const row = rowIndex(rows, '3', 'en');
    for (const cells of rows.filter((cells) => cells[0] === '3')) {
      cells[cellIndex('category')] = 'astrology';
    }
    const file = Buffer.from(delimited([[...CSV_COLUMNS], ...rows], ';'), 'utf8');
    expect(problemsOf(await importBytes('csv', file, true))).toEqual([
      {
        problem: 'category',
        row: row + 2,
        column: 'category',
        columnLetter: 'C',
        value: 'astrology',
        message: `row ${row + 2}, column C (category): 'astrology' is not a category`,
      },
    ]);
  });
});

describe("Excel's Unicode text (UTF-16LE with a BOM, tab-separated)", () => {
  it('imports Thai text edited in it', async () => {
    const rows = await exportedRows();
    const edited = 'ข้อใดถูกต้อง (แก้ไขแล้ว)?';
    rows[rowIndex(rows, '1', 'th')]![cellIndex('text')] = edited;
    const text = [[...CSV_COLUMNS], ...rows].map((row) => row.join('\t')).join('\r\n');
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const result = ok<ImportResult>(await importBytes('csv', file, false));
    expect(result.changed).toBe(1);
    expect(textOf(await week(), 1, 'th')).toBe(edited);
  });

  it('refuses a CSV in a Windows code page, saying so', async () => {
    const rows = await exportedRows();
    const text = delimited([[...CSV_COLUMNS], ...rows], ';').replace(/[^\x20-\x7e\r\n]/g, '?');
    const file = Buffer.from(`${text}\r\n"5";"fr";"";"";"";"Réponse"`, 'latin1');
    expect(problemsOf(await importBytes('csv', file, true))).toMatchObject([
      { problem: 'encoding', value: 'csv' },
    ]);
  });
});

describe('.xlsx', () => {
  it('exports a workbook whose rows are the CSV rows, and imports it back unchanged', async () => {
    const response = await organiser.get(`${base}/export?format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="week-${SET_NUM}-questions.xlsx"`,
    );
    const sheet = await readSheet(response.rawPayload);
    const rows = await exportedRows();
    expect(sheet.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))).toEqual([
      [...CSV_COLUMNS],
      ...rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@])/, ''))),
    ]);
    const result = ok<ImportResult>(await importBytes('xlsx', response.rawPayload, true));
    expect(result.changed).toBe(0);
  });

  it('imports a workbook written by a spreadsheet writer, slots as numbers', async () => {
    const response = await organiser.get(`${base}/export?format=xlsx`);
    const [header, ...rows] = await readSheet(response.rawPayload);
    const edited = 'Which one, in your view, is right?';
    const english = rows.find((row) => row[0] === '5' && row[1] === 'en')!;
    english[CSV_COLUMNS.indexOf('text')] = edited;
    const data = [header!, ...rows].map((row, index) =>
      row.map((cell) => (index > 0 && cell === '5' ? 5 : (cell as string | null))),
    );
    const file = await writeXlsxFile(data).toBuffer();
    const result = ok<ImportResult>(await importBytes('xlsx', file, false));
    expect(result.changed).toBe(1);
    expect(textOf(await week(), 5, 'en')).toBe(edited);
  });

  it('names the row and column of a bad cell, and refuses what is not an .xlsx', async () => {
    const response = await organiser.get(`${base}/export?format=xlsx`);
    const sheet = await readSheet(response.rawPayload);
    const row = sheet.findIndex((cells) => cells[0] === '2' && cells[1] === 'fr');
    sheet[row]![CSV_COLUMNS.indexOf('option_b')] = 'x'.repeat(201);
    const file = await writeXlsxFile(sheet as (string | null)[][]).toBuffer();
    const [problem, ...others] = problemsOf(await importBytes('xlsx', file, true));
    expect(others).toEqual([]);
    expect(problem).toMatchObject({
      problem: 'tooLong',
      row: row + 1,
      column: 'option_b',
      columnLetter: 'H',
      max: 200,
    });
    expect(problem!.message).toBe(
      `row ${row + 1}, column H (option_b): longer than 200 characters`,
    );

    const notXlsx = Buffer.from('slot,language\r\n1,en\r\n');
    expect(problemsOf(await importBytes('xlsx', notXlsx, true))).toMatchObject([
      { problem: 'unreadable', value: 'xlsx' },
    ]);
  });
});
