import { describe, expect, it } from 'vitest';
import { weekWindow } from './calendar';
import {
  closingSoon,
  deadlineFrom,
  oldestOpenDeadline,
  pastGrace,
  playDeadline,
} from './play-clock';
import { mainSetScore } from './scoring';

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

  describe("cut short by the week's close (ADR 0014)", () => {
    // Week 1 of 2025 closes at the end of Fri 7 Feb in Paris: 22:59:59.999 UTC.
    const closesAt = weekWindow(
      { opensOn: '2025-02-04', closesOn: '2025-02-07' },
      'Europe/Paris',
    ).closesAt;
    const before = (seconds: number) => new Date(closesAt.getTime() - seconds * 1000);

    it("closes at 23:59:59.999 in the team's zone", () => {
      expect(closesAt).toEqual(at('2025-02-07T22:59:59.999Z'));
    });

    it('gives the full five minutes when the close is further away', () => {
      expect(playDeadline(before(600), closesAt)).toEqual(deadlineFrom(before(600)));
      expect(closingSoon(before(600), closesAt)).toBeNull();
    });

    it('gives exactly five minutes when they end with the week', () => {
      expect(playDeadline(before(300), closesAt)).toEqual(closesAt);
      expect(closingSoon(before(300), closesAt)).toBeNull();
      expect(closingSoon(before(299.999), closesAt)).toBe(299_999);
    });

    it('ends at the close when a player starts 58 s or 1 s before it', () => {
      expect(playDeadline(before(58), closesAt)).toEqual(closesAt);
      expect(closingSoon(before(58), closesAt)).toBe(58_000);
      expect(playDeadline(before(1), closesAt)).toEqual(closesAt);
      expect(closingSoon(before(1), closesAt)).toBe(1_000);
    });

    it('starts nothing once the week has closed', () => {
      expect(playDeadline(closesAt, closesAt)).toBeNull();
      expect(playDeadline(before(-1), closesAt)).toBeNull();
      expect(closingSoon(before(-1), closesAt)).toBe(0);
    });

    it('keeps the speed bonus measured from the start over 300 s when the time is cut short', () => {
      // Started 58 s before the close, five answers in 50 s: the same bonus as on any other day.
      const start = before(58);
      const deadline = playDeadline(start, closesAt)!;
      expect(deadline.getTime() - start.getTime()).toBe(58_000);
      expect(mainSetScore({ correct: 5, elapsedSeconds: 50, timedOut: false })).toBe(
        500 + Math.floor((5 * (300 - 50) * 100) / (5 * 300)),
      );
    });
  });
});

describe('the clock with a time accommodation (ADR 0037)', () => {
  const at = (iso: string) => new Date(iso);
  const closesAt = at('2025-02-07T22:59:59.999Z');

  it('gives start + 5 minutes × the factor: 10 minutes at 2×, 7 min 30 s at 1.5×', () => {
    const start = at('2025-02-05T10:00:00.000Z');
    expect(deadlineFrom(start, 200)).toEqual(at('2025-02-05T10:10:00.000Z'));
    expect(playDeadline(start, closesAt, 150)).toEqual(at('2025-02-05T10:07:30.000Z'));
  });

  it('still caps the longer time at the week’s close', () => {
    const start = at('2025-02-07T22:52:00.000Z');
    expect(playDeadline(start, closesAt, 200)).toEqual(closesAt);
    expect(playDeadline(start, closesAt)).toEqual(at('2025-02-07T22:57:00.000Z'));
  });

  it('warns before the start when the close would cut the player’s own time short', () => {
    const now = at('2025-02-07T22:52:00.000Z'); // 8 minutes before the close
    expect(closingSoon(now, closesAt)).toBeNull();
    expect(closingSoon(now, closesAt, 200)).toBe(479_999);
  });
});
