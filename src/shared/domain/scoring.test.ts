import { describe, expect, it } from 'vitest';
import {
  CHALLENGER_BONUS,
  GRACE_SECONDS,
  mainSetScore,
  PLAY_SECONDS,
  POINT,
  QUESTIONS_PER_WEEK,
  speedBonus,
  toPoints,
  weekScore,
} from './scoring';

const onTime = (correct: number, elapsedSeconds: number) =>
  mainSetScore({ correct, elapsedSeconds, timedOut: false });

describe('the rules as numbers', () => {
  it('gives five questions, five minutes, two seconds of grace and points in hundredths', () => {
    expect(QUESTIONS_PER_WEEK).toBe(5);
    expect(PLAY_SECONDS).toBe(300);
    expect(GRACE_SECONDS).toBe(2);
    expect(POINT).toBe(100);
    expect(CHALLENGER_BONUS).toBe(500);
    expect(toPoints(480)).toBe(4.8);
  });
});

describe('mainSetScore: worked examples by hand', () => {
  it('scores 5 correct in 60 s as 5 + (5/5) × (1 − 60/300) = 5.80 points', () => {
    expect(onTime(5, 60)).toBe(580);
  });

  it('scores 3 correct in 150 s as 3 + (3/5) × (1 − 150/300) = 3.30 points', () => {
    expect(onTime(3, 150)).toBe(330);
  });

  it('scores 4 correct in 60 s as 4 + 0.8 × 0.8 = 4.64 points', () => {
    expect(onTime(4, 60)).toBe(464);
  });

  it('scores 0 correct as 0, however fast', () => {
    expect(onTime(0, 0)).toBe(0);
    expect(onTime(0, 12)).toBe(0);
    expect(onTime(0, 300)).toBe(0);
  });

  it('rounds the bonus down to the hundredth: 2 correct in 100 s is 2 + 0.4 × 0.666… = 2.26', () => {
    expect(onTime(2, 100)).toBe(226);
  });

  it.each([
    // correct, elapsed, bonus: exact values that floating point would put just below the integer
    [1, 90, 14],
    [3, 10, 58],
    [2, 82.5, 29],
    [1, 270, 2],
  ])(
    'gives exactly the bonus a hand computes when it is a whole hundredth (%i correct in %d s → %i)',
    (correct, elapsed, bonus) => {
      expect(speedBonus(correct, elapsed, false)).toBe(bonus);
    },
  );
});

describe('speed bonus at the boundary times', () => {
  it('caps the bonus at 0.99 point at 0 s, so 5 correct instantly score 5.99', () => {
    expect(speedBonus(5, 0, false)).toBe(99);
    expect(onTime(5, 0)).toBe(599);
    expect(onTime(1, 0)).toBe(120);
  });

  it('leaves almost nothing at 299.9 s: (5/5) × (0.1/300) is 0.03 hundredths, rounded down to 0', () => {
    expect(speedBonus(5, 299.9, false)).toBe(0);
    expect(onTime(5, 299.9)).toBe(500);
  });

  it('gives no bonus at exactly 300 s', () => {
    expect(speedBonus(5, 300, false)).toBe(0);
    expect(onTime(5, 300)).toBe(500);
  });

  it('gives no bonus, and no negative bonus, for a last answer in the grace (302 s)', () => {
    expect(speedBonus(5, 302, false)).toBe(0);
    expect(onTime(3, 302)).toBe(300);
  });

  it('treats a negative elapsed time (clock skew) as 0 s', () => {
    expect(speedBonus(5, -3, false)).toBe(99);
  });
});

describe('time-out', () => {
  it('gives no speed bonus when the time ran out, however early the last answer was', () => {
    for (const elapsed of [0, 12, 60, 299.9, 300, 302]) {
      expect(speedBonus(4, elapsed, true)).toBe(0);
      expect(mainSetScore({ correct: 4, elapsedSeconds: elapsed, timedOut: true })).toBe(400);
    }
  });

  it('still counts the questions answered correctly before the time ran out', () => {
    expect(mainSetScore({ correct: 2, elapsedSeconds: 40, timedOut: true })).toBe(200);
    expect(mainSetScore({ correct: 0, elapsedSeconds: 40, timedOut: true })).toBe(0);
  });
});

describe('invariants over a grid of results', () => {
  // Every tenth of a second from 0 to 302 s, and every correct count.
  const times = Array.from({ length: 3021 }, (_, tenth) => tenth / 10);
  const counts = [0, 1, 2, 3, 4, 5];

  it('keeps the speed bonus a whole number of hundredths in [0, 99]', () => {
    const bonuses = counts.flatMap((correct) =>
      times.map((elapsed) => speedBonus(correct, elapsed, false)),
    );
    expect(
      bonuses.filter((bonus) => !Number.isInteger(bonus) || bonus < 0 || bonus >= POINT),
    ).toEqual([]);
  });

  it('never lets n correct with the best bonus reach n + 1 correct with no bonus (4 correct never beat 5)', () => {
    for (const correct of [0, 1, 2, 3, 4]) {
      const best = Math.max(...times.map((elapsed) => onTime(correct, elapsed)));
      const worstWithOneMore = Math.min(
        ...times.map((elapsed) => onTime(correct + 1, elapsed)),
        mainSetScore({ correct: correct + 1, elapsedSeconds: 0, timedOut: true }),
      );
      expect(best).toBeLessThan(worstWithOneMore);
    }
  });

  it('never lowers the bonus for answering faster', () => {
    const rises = counts.flatMap((correct) =>
      times
        .slice(1)
        .filter(
          (elapsed, i) =>
            speedBonus(correct, elapsed, false) > speedBonus(correct, times[i]!, false),
        )
        .map((elapsed) => `${correct} correct at ${elapsed} s`),
    );
    expect(rises).toEqual([]);
  });

  it('never lowers the bonus for more correct answers at the same time', () => {
    const drops = times.flatMap((elapsed) =>
      [1, 2, 3, 4, 5]
        .filter(
          (correct) =>
            speedBonus(correct, elapsed, false) < speedBonus(correct - 1, elapsed, false),
        )
        .map((correct) => `${correct} correct at ${elapsed} s`),
    );
    expect(drops).toEqual([]);
  });

  it('matches the exact formula floor(correct × (300 000 − ms) / 15 000) at every millisecond', () => {
    const mismatches: string[] = [];
    for (const correct of counts) {
      for (let ms = 0; ms <= 300_000; ms++) {
        const exact = Math.min(Math.floor((correct * (300_000 - ms)) / 15_000), 99);
        const bonus = speedBonus(correct, ms / 1000, false);
        if (bonus !== exact) mismatches.push(`${correct} correct in ${ms} ms: ${bonus} ≠ ${exact}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

describe('weekScore: the challenger', () => {
  it('adds 5 points for a correct challenger', () => {
    expect(weekScore(480, 'correct')).toBe(980);
    expect(weekScore(0, 'correct')).toBe(500);
  });

  it('halves the week for a wrong challenger, rounding down to the hundredth (4.81 → 2.40)', () => {
    expect(weekScore(481, 'wrong')).toBe(240);
    expect(weekScore(580, 'wrong')).toBe(290);
    expect(weekScore(1, 'wrong')).toBe(0);
    expect(weekScore(0, 'wrong')).toBe(0);
  });

  it('leaves the week unchanged when the challenger is not taken', () => {
    expect(weekScore(481, 'not-taken')).toBe(481);
    expect(weekScore(0, 'not-taken')).toBe(0);
  });

  it('keeps every week score a whole number of hundredths', () => {
    const scores = Array.from({ length: 600 }, (_, main) =>
      (['correct', 'wrong', 'not-taken'] as const).map((outcome) => weekScore(main, outcome)),
    ).flat();
    expect(scores.filter((score) => !Number.isInteger(score))).toEqual([]);
  });
});

describe('the speed bonus with a time accommodation (ADR 0037)', () => {
  it('measures the bonus against the player’s own allowance: half of 10 minutes = half of 5', () => {
    // 5 correct, half the time used: (5/5) × (1 − 150/300) = 0.50, and (5/5) × (1 − 300/600).
    expect(speedBonus(5, 150, false)).toBe(50);
    expect(speedBonus(5, 300, false, 200)).toBe(50);
    expect(
      mainSetScore({ correct: 5, elapsedSeconds: 300, timedOut: false, timePercent: 200 }),
    ).toBe(550);
  });

  it('gives 1.5× the time the same share: 3 correct in 225 s of 450 s is 3 + 0.6 × 0.5 = 3.30', () => {
    expect(
      mainSetScore({ correct: 3, elapsedSeconds: 225, timedOut: false, timePercent: 150 }),
    ).toBe(330);
  });

  it('still gives a bonus after 5 minutes to a player with more time, and none at their end', () => {
    // 4 correct after 400 s of 900 (3×): 0.8 × (1 − 400/900) = 0.444… → 44 hundredths.
    expect(speedBonus(4, 400, false, 300)).toBe(44);
    expect(speedBonus(4, 400, false)).toBe(0);
    expect(speedBonus(5, 3000, false, 1000)).toBe(0);
  });

  it('keeps the bonus below a point and nothing after a time-out, whatever the factor', () => {
    expect(speedBonus(5, 0, false, 1000)).toBe(99);
    expect(speedBonus(5, 10, true, 200)).toBe(0);
  });
});
