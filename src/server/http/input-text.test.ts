import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './input-text';

describe('findUnsafeText', () => {
  it('finds a NUL or an unpaired surrogate, and says where', () => {
    expect(findUnsafeText('a\u0000b')).toBe('/');
    expect(findUnsafeText({ name: '\uD800' })).toBe('/name');
    expect(findUnsafeText({ weeks: [{}, { text: 'x\uDC00' }] })).toBe('/weeks/1/text');
    expect(findUnsafeText(['\uDC00\uD800'])).toBe('/0');
    expect(findUnsafeText({ 'bad\u0000key': 1 })).toBe('/bad?key');
  });

  it('lets every well-formed text through: emoji, right-to-left, Thai, combining marks', () => {
    expect(
      findUnsafeText({
        emoji: '👩‍👩‍👧‍👦🏳️‍🌈',
        rtl: '\u202Eabc',
        thai: 'สวัสดี',
        combining: 'e\u0301',
        numbers: [1, null, true],
      }),
    ).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(findUnsafeText(deep)).toMatch(/^(\/0){100000}$/);
  });
});
