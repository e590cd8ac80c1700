import { describe, expect, it } from 'vitest';
import { deadlineFrom, oldestOpenDeadline, pastGrace } from './play-clock';

const at = (value: string) => new Date(value);

describe('the play clock', () => {
  it('gives five minutes from the start', () => {
    expect(deadlineFrom(at('2025-02-05T10:00:00.000Z'))).toEqual(at('2025-02-05T10:05:00.000Z'));
  });

  it('accepts answers up to 2 s after the deadline, and refuses the next millisecond', () => {
    const deadline = at('2025-02-05T10:05:00.000Z');
    expect(pastGrace(deadline, at('2025-02-05T10:04:59.999Z'))).toBe(false);
    expect(pastGrace(deadline, at('2025-02-05T10:05:02.000Z'))).toBe(false);
    expect(pastGrace(deadline, at('2025-02-05T10:05:02.001Z'))).toBe(true);
  });

  it('names the oldest deadline still open, the one pastGrace compares with', () => {
    const now = at('2025-02-05T10:05:02.000Z');
    expect(oldestOpenDeadline(now)).toEqual(at('2025-02-05T10:05:00.000Z'));
    expect(pastGrace(oldestOpenDeadline(now), now)).toBe(false);
    expect(pastGrace(new Date(oldestOpenDeadline(now).getTime() - 1), now)).toBe(true);
  });
});
