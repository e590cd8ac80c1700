import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  decodeText,
  readDelimited,
  readXlsx,
  SpreadsheetError,
  writeXlsx,
} from './spreadsheet';

const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.from(utf16le(text)).swap16();

describe('decodeText', () => {
  it('reads UTF-8 with or without a byte-order mark, and UTF-16 with one', () => {
    const text = 'slot;text\r\n1;Ça va, Nguyễn? ข้อใด';
    expect(decodeText(Buffer.from(text))).toBe(text);
    expect(decodeText(Buffer.from(`\uFEFF${text}`))).toBe(text);
    expect(decodeText(utf16le(text))).toBe(text);
    expect(decodeText(utf16be(text))).toBe(text);
  });

  it('refuses a Windows code page and a zipped file instead of garbling them', () => {
    expect(() => decodeText(Buffer.from('Réponse', 'latin1'))).toThrow(
      expect.objectContaining({ reason: 'encoding' }),
    );
    expect(() => decodeText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toThrow(SpreadsheetError);
  });
});

describe('readDelimited', () => {
  it('guesses a comma, a semicolon or a tab, keeping separators inside quoted cells', () => {
    const rows = [
      ['slot', 'text'],
      ['1', 'Oui, non; peut-être\tbof'],
    ];
    const quoted = (delimiter: string) =>
      rows.map((row) => row.map((cell) => `"${cell}"`).join(delimiter)).join('\r\n');
    for (const delimiter of [',', ';', '\t'])
      expect(readDelimited(quoted(delimiter))).toEqual(rows);
  });

  it('keeps blank rows so that row numbers match the spreadsheet, drops the final line break', () => {
    expect(readDelimited('a;b\n\n1;2\n')).toEqual([['a', 'b'], [''], ['1', '2']]);
  });

  it('refuses a quoted cell that is never closed, naming its row', () => {
    expect(() => readDelimited('a,b\n1,2\n3,"open\n4,5')).toThrow(
      expect.objectContaining({ reason: 'unclosedQuote', row: 3 }),
    );
  });
});

describe('.xlsx', () => {
  it('writes text cells that read back as written, formulas included', async () => {
    const file = await writeXlsx(
      'Week 1',
      ['slot', 'text'],
      [
        ['1', '=1+1'],
        ['2', ''],
      ],
    );
    expect(await readXlsx(file)).toEqual([
      ['slot', 'text'],
      ['1', '=1+1'],
      ['2', ''],
    ]);
  });

  it('refuses what is not an .xlsx file', async () => {
    await expect(readXlsx(Buffer.from('a,b\n'))).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('columnLetter', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 7, 25, 26, 27, 701, 702].map(columnLetter)).toEqual([
      'A',
      'H',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
  });
});
