import Papa from 'papaparse';
import { readSheet, type SheetData } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { BOM } from './csv';

/**
 * Spreadsheets as organisers have them. A table is rows of text cells, row i being the row the
 * spreadsheet numbers i + 1 (the header is row 1), blank rows kept so that the numbers match.
 * Reads CSV as any spreadsheet saves it: UTF-8 with or without a byte-order mark, or UTF-16
 * with one (Excel's "Unicode text"), separated by commas, semicolons (Excel in French, Spanish or
 * Polish) or tabs (papaparse guesses which); and .xlsx files (read-excel-file, write-excel-file).
 */

export type Table = string[][];

export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
  constructor(
    readonly reason: 'encoding' | 'unreadable' | 'unclosedQuote',
    message: string,
    readonly row?: number,
  ) {
    super(message);
  }
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/**
 * The text of a file's bytes: UTF-16 (little- or big-endian) when it starts with that byte-order
 * mark, else UTF-8 (its byte-order mark dropped). Refuses bytes that are not valid UTF-8, such as
 * a CSV saved in a Windows code page, rather than guessing the code page and garbling accents.
 */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, ZIP_SIGNATURE)) {
    throw new SpreadsheetError('unreadable', 'this is a zipped file (an .xlsx?), not text');
  }
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SpreadsheetError(
      'encoding',
      'the file is not UTF-8: save it as "CSV UTF-8", as "Unicode text" or as .xlsx',
    );
  }
}

/**
 * The rows of a CSV text, its delimiter guessed among comma, semicolon and tab. Refuses a quoted
 * cell that is never closed.
 * @example readDelimited('slot;text\r\n1;"Yes, no"') // [['slot', 'text'], ['1', 'Yes, no']]
 */
export function readDelimited(text: string): Table {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  // Guessed on the rows that hold something (a blank row has one cell whatever the delimiter),
  // then read with blank rows kept.
  const { delimiter } = Papa.parse<string[]>(input, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
    preview: 20,
  }).meta;
  const parsed = Papa.parse<string[]>(input, { delimiter, skipEmptyLines: false });
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    const row = (unclosed.row ?? parsed.data.length - 1) + 1;
    throw new SpreadsheetError('unclosedQuote', 'a quoted cell is not closed', row);
  }
  const rows = parsed.data;
  // The line break ending the last row is not a row of its own.
  if (rows.length > 0 && rows.at(-1)!.every((cell) => cell === '')) rows.pop();
  return rows;
}

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
};

/** The rows of an .xlsx file's first sheet, each cell as text (numbers as written, 1 not 1.0). */
export async function readXlsx(bytes: Buffer): Promise<Table> {
  let rows: SheetData;
  try {
    rows = await readSheet(bytes, 1, { trim: false });
  } catch (error) {
    throw new SpreadsheetError('unreadable', `not an .xlsx file (${(error as Error).message})`);
  }
  return rows.map((row) => row.map(cellText));
}

/**
 * An .xlsx file of one sheet: the header row in bold and frozen, then the rows. Every cell is
 * written as text, which a spreadsheet shows as it is and never runs as a formula.
 */
export async function writeXlsx(
  sheet: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  widths: readonly number[] = [],
): Promise<Buffer> {
  const data = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((value) => (value === '' ? null : { value, type: String }))),
  ];
  return writeXlsxFile(data, {
    sheet,
    stickyRowsCount: 1,
    columns: header.map((_, index) => ({ width: widths[index] ?? 14 })),
  }).toBuffer();
}

/** A column's letters as a spreadsheet shows them: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
