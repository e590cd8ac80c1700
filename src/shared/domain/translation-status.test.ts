import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { TARGET_LANGUAGES, translationStatus } from './translation-status';

describe('translationStatus', () => {
  const recorded = (state: 'translated' | 'reviewed') => ({ state, source: 'e1', target: 't1' });

  it('an incomplete translation is missing, whatever was recorded', () => {
    expect(
      translationStatus({
        complete: false,
        recorded: recorded('reviewed'),
        source: 'e1',
        target: 't1',
      }),
    ).toBe('missing');
  });

  it('a complete translation with no record (typed in the editor) is translated, not reviewed', () => {
    expect(
      translationStatus({ complete: true, recorded: undefined, source: 'e1', target: 't1' }),
    ).toBe('translated');
  });

  it('a reviewed translation stays reviewed while neither text changes', () => {
    expect(
      translationStatus({
        complete: true,
        recorded: recorded('reviewed'),
        source: 'e1',
        target: 't1',
      }),
    ).toBe('reviewed');
  });

  it('an English edit makes a reviewed or translated translation stale', () => {
    for (const state of ['reviewed', 'translated'] as const) {
      expect(
        translationStatus({
          complete: true,
          recorded: recorded(state),
          source: 'e2',
          target: 't1',
        }),
      ).toBe('stale');
    }
  });

  it('a translation edited after its review is translated again, not reviewed', () => {
    expect(
      translationStatus({
        complete: true,
        recorded: recorded('reviewed'),
        source: 'e1',
        target: 't2',
      }),
    ).toBe('translated');
  });
});

it('translates into every interface language but English', () => {
  expect([...TARGET_LANGUAGES]).toEqual(LANGUAGES.filter((language) => language !== 'en'));
});
