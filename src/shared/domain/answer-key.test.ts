import { describe, expect, it } from 'vitest';
import { accepts, acceptedOptionsOf, challengerOutcomeOf, correctionOf } from './answer-key';

const key = { correctOption: 'b', acceptedOptions: [] as string[], voidedAt: null };

describe('a corrected answer key (ADR 0041)', () => {
  it('accepts the correct option only, until a correction accepts more', () => {
    expect(accepts(key, 'b')).toBe(true);
    expect(accepts(key, 'c')).toBe(false);
    expect(accepts(key, null)).toBe(false);
    const corrected = { ...key, acceptedOptions: ['c'] };
    expect(accepts(corrected, 'b')).toBe(true);
    expect(accepts(corrected, 'c')).toBe(true);
    expect(accepts(corrected, 'a')).toBe(false);
    expect(acceptedOptionsOf(corrected)).toEqual(['b', 'c']);
    expect(correctionOf(key)).toBeNull();
    expect(correctionOf(corrected)).toEqual({ kind: 'accepted', options: ['c'] });
  });

  it('accepts nothing once voided, and a voided challenger counts as not taken', () => {
    const voided = { ...key, acceptedOptions: ['c'], voidedAt: new Date('2025-02-08T12:00:00Z') };
    expect(accepts(voided, 'b')).toBe(false);
    expect(accepts(voided, 'c')).toBe(false);
    expect(acceptedOptionsOf(voided)).toEqual([]);
    expect(correctionOf(voided)).toEqual({ kind: 'voided' });
    expect(challengerOutcomeOf(voided, 'b')).toBe('not-taken');
    expect(challengerOutcomeOf(voided, null)).toBe('not-taken');
    expect(challengerOutcomeOf(key, 'b')).toBe('correct');
    expect(challengerOutcomeOf(key, 'a')).toBe('wrong');
    expect(challengerOutcomeOf(key, null)).toBe('wrong');
  });
});
