import { describe, expect, it } from 'vitest';
import { allowanceSeconds, timeFactorOf, timePercent } from './time-factor';

describe('time factors', () => {
  it('stores a factor as a whole percentage and reads it back', () => {
    expect(timePercent(1.5)).toBe(150);
    expect(timePercent(2)).toBe(200);
    expect(timePercent(1.1)).toBe(110);
    expect(timeFactorOf(150)).toBe(1.5);
  });

  it('gives 5 minutes at 1×, 7 min 30 s at 1.5×, 50 minutes at 10×', () => {
    expect(allowanceSeconds()).toBe(300);
    expect(allowanceSeconds(150)).toBe(450);
    expect(allowanceSeconds(1000)).toBe(3000);
  });
});
