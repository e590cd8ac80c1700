import { describe, expect, it } from 'vitest';
import { auditChanges, pathLabel, valueLabel } from './audit-diff';

const weeks = (week6Opens: string) =>
  [1, 2, 3, 4, 5, 6].map((setNum) => ({
    setNum,
    opensOn: setNum === 6 ? week6Opens : `2025-0${setNum}-01`,
    closesOn: `2025-0${setNum}-05`,
  }));

describe('what an audit entry changed', () => {
  it('reduces a season update that moved one week to that week’s date', () => {
    const before = { name: 'Demo', timeZone: 'Europe/Berlin', weeks: weeks('2025-03-10') };
    const after = { name: 'Demo', timeZone: 'Europe/Berlin', weeks: weeks('2025-03-11') };
    expect(auditChanges(before, after)).toEqual([
      { path: ['weeks', 5, 'opensOn'], before: '2025-03-10', after: '2025-03-11' },
    ]);
  });

  it('lists every field of a creation as added, and of a removal as removed', () => {
    expect(auditChanges(null, { teamId: 3, name: 'Kansai' })).toEqual([
      { path: ['teamId'], after: 3 },
      { path: ['name'], after: 'Kansai' },
    ]);
    expect(auditChanges({ teamId: 3, name: 'Kansai' }, null)).toEqual([
      { path: ['teamId'], before: 3 },
      { path: ['name'], before: 'Kansai' },
    ]);
  });

  it('tells a field that became null from one that disappeared', () => {
    expect(auditChanges({ salesTeamId: 4, team: 'Spain' }, { salesTeamId: null })).toEqual([
      { path: ['salesTeamId'], before: 4, after: null },
      { path: ['team'], before: 'Spain' },
    ]);
  });

  it('keeps a list that grew from empty, item by item', () => {
    expect(auditChanges({ languages: [] }, { languages: ['th', 'vi'] })).toEqual([
      { path: ['languages'], before: [] },
      { path: ['languages', 0], after: 'th' },
      { path: ['languages', 1], after: 'vi' },
    ]);
  });

  it('finds nothing when nothing changed, and compares plain values too', () => {
    expect(auditChanges({ status: 'draft' }, { status: 'draft' })).toEqual([]);
    expect(auditChanges('draft', 'approved')).toEqual([
      { path: [], before: 'draft', after: 'approved' },
    ]);
  });
});

describe('how a change reads', () => {
  it('counts list positions from 1 and shows values as text', () => {
    expect(pathLabel(['weeks', 5, 'opensOn'])).toBe('weeks › 6 › opensOn');
    expect(valueLabel('Kansai')).toBe('Kansai');
    expect(valueLabel(false)).toBe('false');
    expect(valueLabel(null)).toBe('∅');
    expect(valueLabel([])).toBe('[]');
  });
});
