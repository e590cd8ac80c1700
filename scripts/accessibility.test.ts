import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every level A and AA success criterion of WCAG 2.2 (55: 31 at A, 24 at AA), in the order of
 * the standard. 4.1.1 Parsing is not among them: WCAG 2.2 removed it.
 */
const WCAG_22_A_AA: Record<string, 'A' | 'AA'> = {
  '1.1.1': 'A',
  '1.2.1': 'A',
  '1.2.2': 'A',
  '1.2.3': 'A',
  '1.2.4': 'AA',
  '1.2.5': 'AA',
  '1.3.1': 'A',
  '1.3.2': 'A',
  '1.3.3': 'A',
  '1.3.4': 'AA',
  '1.3.5': 'AA',
  '1.4.1': 'A',
  '1.4.2': 'A',
  '1.4.3': 'AA',
  '1.4.4': 'AA',
  '1.4.5': 'AA',
  '1.4.10': 'AA',
  '1.4.11': 'AA',
  '1.4.12': 'AA',
  '1.4.13': 'AA',
  '2.1.1': 'A',
  '2.1.2': 'A',
  '2.1.4': 'A',
  '2.2.1': 'A',
  '2.2.2': 'A',
  '2.3.1': 'A',
  '2.4.1': 'A',
  '2.4.2': 'A',
  '2.4.3': 'A',
  '2.4.4': 'A',
  '2.4.5': 'AA',
  '2.4.6': 'AA',
  '2.4.7': 'AA',
  '2.4.11': 'AA',
  '2.5.1': 'A',
  '2.5.2': 'A',
  '2.5.3': 'A',
  '2.5.4': 'A',
  '2.5.7': 'AA',
  '2.5.8': 'AA',
  '3.1.1': 'A',
  '3.1.2': 'AA',
  '3.2.1': 'A',
  '3.2.2': 'A',
  '3.2.3': 'AA',
  '3.2.4': 'AA',
  '3.2.6': 'A',
  '3.3.1': 'A',
  '3.3.2': 'A',
  '3.3.3': 'AA',
  '3.3.4': 'AA',
  '3.3.7': 'A',
  '3.3.8': 'AA',
  '4.1.2': 'A',
  '4.1.3': 'AA',
};

const LEVELS = ['Supports', 'Partially supports', 'Does not support', 'Not applicable'];

interface Row {
  criterion: string;
  level: string;
  conformance: string;
  remarks: string;
  tested: string;
}

/** The rows of docs/accessibility.md's table whose first cell starts with a criterion number. */
function reportRows(): Row[] {
  return readFileSync('docs/accessibility.md', 'utf8')
    .split('\n')
    .filter((line) => /^\| \d+\.\d+\.\d+ /.test(line))
    .map((line) => {
      const [criterion = '', level = '', conformance = '', remarks = '', tested = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return { criterion: criterion.split(' ')[0]!, level, conformance, remarks, tested };
    });
}

describe('docs/accessibility.md, the WCAG 2.2 conformance report', () => {
  it('the list here has the 55 criteria of WCAG 2.2 at A and AA, 31 and 24', () => {
    const levels = Object.values(WCAG_22_A_AA);
    expect(levels.filter((level) => level === 'A')).toHaveLength(31);
    expect(levels.filter((level) => level === 'AA')).toHaveLength(24);
  });

  it('has one row for every level A and AA criterion, at its level, and none other', () => {
    const rows = reportRows();
    expect(rows.map((row) => row.criterion)).toEqual(Object.keys(WCAG_22_A_AA));
    for (const row of rows) expect(row.level, row.criterion).toBe(WCAG_22_A_AA[row.criterion]);
  });

  it('gives every row a conformance level, a remark and how it is tested', () => {
    for (const row of reportRows()) {
      expect(LEVELS, `${row.criterion} conformance`).toContain(row.conformance);
      expect(row.remarks.length, `${row.criterion} remarks`).toBeGreaterThan(10);
      expect(row.tested.length, `${row.criterion} how tested`).toBeGreaterThan(5);
    }
  });

  it('names only test files that exist', () => {
    const named = reportRows().flatMap((row) => row.tested.match(/tests\/e2e\/[\w.-]+\.ts/g) ?? []);
    expect(named.length).toBeGreaterThan(0);
    for (const file of new Set(named)) expect(() => readFileSync(file), file).not.toThrow();
  });

  it('says that 4.1.1 Parsing is obsolete in WCAG 2.2', () => {
    expect(readFileSync('docs/accessibility.md', 'utf8')).toMatch(/4\.1\.1 Parsing is obsolete/);
  });
});
