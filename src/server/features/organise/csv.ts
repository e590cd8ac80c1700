/**
 * CSV as spreadsheets read it (RFC 4180): UTF-8 with a byte-order mark, so that Excel opens Thai
 * and Vietnamese correctly; comma-separated, CRLF line ends, fields quoted when they hold a comma,
 * a quote or a line break. Text that a spreadsheet would run as a formula (=, +, -, @ first) is
 * prefixed with an apostrophe; `unguardCell` removes it again on import.
 */

export const BOM = '\uFEFF';
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function formatCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  let text = String(cell);
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** @example toCsv(['name', 'points'], [['Ana, Spain', 10.8]]) // '\uFEFFname,points\r\n"Ana, Spain",10.8\r\n' */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(formatCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** A cell as written before `toCsv` guarded it against formulas. */
export function unguardCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export class CsvError extends Error {
  override name = 'CsvError';
}

/**
 * Rows of cells, with the BOM dropped; blank lines are skipped. Accepts CRLF or LF line ends,
 * quoted fields with doubled quotes and line breaks inside. Refuses an unterminated quote.
 * @example parseCsv('a,"b ""c"""\r\n1,2') // [['a', 'b "c"'], ['1', '2']]
 */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).map((row) => row.cells);
}

/** As parseCsv, with the line each row starts on. */
function parseCsvLines(text: string): { line: number; cells: string[] }[] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: { line: number; cells: string[] }[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push({ line: rowLine, cells: row });
    row = [];
    cell = '';
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvError(`line ${quoteLine}: a quoted field is not closed`);
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Rows as objects keyed by the header's names (lower case, trimmed), with their line numbers. */
export function parseCsvRecords(text: string): {
  header: string[];
  records: { line: number; values: Record<string, string> }[];
} {
  const [header, ...rows] = parseCsvLines(text);
  const names = (header?.cells ?? []).map((name) => name.trim().toLowerCase());
  return {
    header: names,
    records: rows.map(({ line, cells }) => ({
      line,
      values: Object.fromEntries(names.map((name, column) => [name, cells[column] ?? ''])),
    })),
  };
}

/** Hundredths of a point as a number with two decimals: 1080 → '10.80'. */
export const points = (hundredths: number) => (hundredths / 100).toFixed(2);
