import { describe, expect, it } from 'vitest';
import { BOM, CsvError, parseCsv, parseCsvRecords, points, toCsv, unguardCell } from './csv';

describe('toCsv', () => {
  it('starts with the byte-order mark and ends every line with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe(`${BOM}a,b\r\n1,x\r\n`);
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    const csv = toCsv(['v'], [['Ana, Spain'], ['say "hi"'], ['two\nlines'], [' padded']]);
    expect(csv).toBe(`${BOM}v\r\n"Ana, Spain"\r\n"say ""hi"""\r\n"two\nlines"\r\n" padded"\r\n`);
  });

  it('writes null and undefined as empty cells, numbers as they are', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, -3]])).toBe(`${BOM}a,b,c\r\n,,-3\r\n`);
  });

  it('keeps Thai and Vietnamese text as UTF-8', () => {
    const csv = toCsv(['name'], [['สมชาย ศรีสุข'], ['Nguyễn Linh']]);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parseCsv(csv)).toEqual([['name'], ['สมชาย ศรีสุข'], ['Nguyễn Linh']]);
  });

  it('defuses text a spreadsheet would run as a formula, and unguardCell restores it', () => {
    const csv = toCsv(['v'], [['=1+1'], ['@SUM(A1)'], ['-5 °C is cold']]);
    const cells = parseCsv(csv)
      .slice(1)
      .map(([cell]) => cell!);
    expect(cells).toEqual(["'=1+1", "'@SUM(A1)", "'-5 °C is cold"]);
    expect(cells.map(unguardCell)).toEqual(['=1+1', '@SUM(A1)', '-5 °C is cold']);
    expect(unguardCell("'plain")).toBe("'plain");
  });
});

describe('parseCsv', () => {
  it('reads what toCsv writes, field for field', () => {
    const rows = [
      ['a,b', 'c"d', 'e\r\nf'],
      ['', 'x', ''],
    ];
    expect(parseCsv(toCsv(['h1', 'h2', 'h3'], rows))).toEqual([['h1', 'h2', 'h3'], ...rows]);
  });

  it('accepts LF line ends, no final line end, and skips blank lines', () => {
    expect(parseCsv('a,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses an unterminated quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvError);
    expect(() => parseCsv('a\n"open,b\nc')).toThrow('line 2: a quoted field is not closed');
  });

  it('gives records keyed by the header in lower case, with the line each starts on', () => {
    const { header, records } = parseCsvRecords(`${BOM}Slot,Text\r\n1,"two\nlines"\r\n2,x\r\n`);
    expect(header).toEqual(['slot', 'text']);
    expect(records).toEqual([
      { line: 2, values: { slot: '1', text: 'two\nlines' } },
      { line: 4, values: { slot: '2', text: 'x' } },
    ]);
  });
});

it('points writes hundredths with two decimals', () => {
  expect([points(1080), points(5), points(0)]).toEqual(['10.80', '0.05', '0.00']);
});
