import { describe, expect, it } from 'vitest';
import { thresholdPassed } from './timer-announcements';

describe('thresholdPassed', () => {
  it('announces 2 minutes, 1 minute and 30 seconds as the countdown passes them', () => {
    expect(thresholdPassed(120_400, 119_400)).toBe(120);
    expect(thresholdPassed(60_900, 59_900)).toBe(60);
    expect(thresholdPassed(30_200, 29_200)).toBe(30);
  });

  it('says nothing on the other seconds', () => {
    expect(thresholdPassed(299_000, 298_000)).toBeNull();
    expect(thresholdPassed(119_400, 118_400)).toBeNull();
    expect(thresholdPassed(10_000, 9_000)).toBeNull();
  });

  it('says nothing about a threshold already behind when the timer appears', () => {
    expect(thresholdPassed(null, 45_000)).toBeNull();
  });

  it('says only the latest threshold after a gap in the ticks (a tab asleep)', () => {
    expect(thresholdPassed(130_000, 25_000)).toBe(30);
  });
});
