import { describe, expect, it } from 'vitest';
import { averageSeconds, timeUsedMs } from './time-used';

const start = new Date('2025-02-05T10:00:00.000Z');
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const deadlineAt = after(300);

describe('the time a main set used', () => {
  it('runs to the last answer when all five were answered', () => {
    expect(
      timeUsedMs({
        startedAt: start,
        deadlineAt,
        lastAnswerAt: after(60),
        closedAt: after(60),
        complete: true,
      }),
    ).toBe(60_000);
  });

  it('counts a time-out without any answer as the full 5 minutes, never 0', () => {
    expect(
      timeUsedMs({
        startedAt: start,
        deadlineAt,
        lastAnswerAt: start,
        closedAt: after(420),
        complete: false,
      }),
    ).toBe(300_000);
  });

  it('counts a time-out after two answers to its deadline, not to the second answer', () => {
    expect(
      timeUsedMs({
        startedAt: start,
        deadlineAt,
        lastAnswerAt: after(40),
        closedAt: after(302),
        complete: false,
      }),
    ).toBe(300_000);
  });

  it('counts a set stopped early up to the moment it stopped', () => {
    expect(
      timeUsedMs({
        startedAt: start,
        deadlineAt,
        lastAnswerAt: after(30),
        closedAt: after(45),
        complete: false,
      }),
    ).toBe(45_000);
  });

  it('ends at an earlier deadline (a week closing mid-game) when that is the deadline given', () => {
    expect(
      timeUsedMs({
        startedAt: start,
        deadlineAt: after(58),
        lastAnswerAt: after(20),
        closedAt: after(120),
        complete: false,
      }),
    ).toBe(58_000);
  });
});

describe('the average time of a team', () => {
  it('averages a 60 s set and a 300 s time-out to 180 s, not 30 s', () => {
    expect(averageSeconds(60_000 + 300_000, 2)).toBe(180);
  });

  it('has no average before anybody played', () => {
    expect(averageSeconds(0, 0)).toBeNull();
  });
});
