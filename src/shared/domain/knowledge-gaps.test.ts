import { describe, expect, it } from 'vitest';
import {
  answerTimeMs,
  correctPercent,
  MIN_ANSWERS_TO_FLAG,
  questionFlags,
  questionOutcomes,
  type AttemptForGaps,
} from './knowledge-gaps';

const t0 = new Date('2025-02-04T09:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const answer = (questionId: number, option: string, correct: boolean, seconds: number) => ({
  questionId,
  option,
  correct,
  answeredAt: at(seconds).toISOString(),
});
const attempt = (fields: Partial<AttemptForGaps>): AttemptForGaps => ({
  startedAt: t0,
  questionIds: [11, 12, 13, 14, 15],
  answers: [],
  timedOut: null,
  challengerQuestionId: null,
  challengerStartedAt: null,
  challengerOption: null,
  challengerAnsweredAt: null,
  challengerCorrect: null,
  ...fields,
});

describe('answerTimeMs', () => {
  it('times the first answer from the start, later ones from the previous answer', () => {
    expect(answerTimeMs(t0, [], at(12))).toBe(12_000);
    expect(answerTimeMs(t0, [at(12)], at(20))).toBe(8_000);
    expect(answerTimeMs(t0, [at(12), at(20)], at(20.5))).toBe(500);
  });

  it('never goes below zero', () => {
    expect(answerTimeMs(t0, [at(30)], at(29))).toBe(0);
  });
});

describe('questionOutcomes', () => {
  it('counts each main answer with its own time (worked example: 12 s, 8 s, 40 s, 5 s, 15 s)', () => {
    const answers = [
      answer(11, 'a', true, 12),
      answer(12, 'b', false, 20),
      answer(13, 'c', true, 60),
      answer(14, 'a', true, 65),
      answer(15, 'd', false, 80),
    ];
    expect(questionOutcomes(attempt({ answers, timedOut: false }))).toEqual([
      { questionId: 11, option: 'a', correct: true, timeMs: 12_000 },
      { questionId: 12, option: 'b', correct: false, timeMs: 8_000 },
      { questionId: 13, option: 'c', correct: true, timeMs: 40_000 },
      { questionId: 14, option: 'a', correct: true, timeMs: 5_000 },
      { questionId: 15, option: 'd', correct: false, timeMs: 15_000 },
    ]);
  });

  it('counts the question on screen at a time-out as not correct, without a time, and not the ones never shown', () => {
    const answers = [answer(11, 'a', true, 100), answer(12, 'b', true, 250)];
    expect(questionOutcomes(attempt({ answers, timedOut: true }))).toEqual([
      { questionId: 11, option: 'a', correct: true, timeMs: 100_000 },
      { questionId: 12, option: 'b', correct: true, timeMs: 150_000 },
      { questionId: 13, option: null, correct: false, timeMs: null },
    ]);
  });

  it('counts only the answers so far of a set still being played', () => {
    const outcomes = questionOutcomes(attempt({ answers: [answer(11, 'a', true, 3)] }));
    expect(outcomes).toEqual([{ questionId: 11, option: 'a', correct: true, timeMs: 3_000 }]);
  });

  it('counts the challenger as its own question once decided, answered or timed out', () => {
    const answers = [11, 12, 13, 14, 15].map((id, index) => answer(id, 'a', true, index + 1));
    const answered = attempt({
      answers,
      timedOut: false,
      challengerQuestionId: 16,
      challengerStartedAt: at(100),
      challengerOption: 'c',
      challengerAnsweredAt: at(110),
      challengerCorrect: false,
    });
    expect(questionOutcomes(answered).at(-1)).toEqual({
      questionId: 16,
      option: 'c',
      correct: false,
      timeMs: 10_000,
    });
    const timedOut = { ...answered, challengerOption: null, challengerAnsweredAt: null };
    expect(questionOutcomes(timedOut).at(-1)).toEqual({
      questionId: 16,
      option: null,
      correct: false,
      timeMs: null,
    });
    const started = { ...timedOut, challengerCorrect: null };
    expect(questionOutcomes(started)).toHaveLength(5);
  });
});

describe('correctPercent', () => {
  it('is whole percent of the counted outcomes, null when none', () => {
    expect(correctPercent(1, 3)).toBe(33);
    expect(correctPercent(2, 3)).toBe(67);
    expect(correctPercent(0, 0)).toBeNull();
  });
});

describe('questionFlags', () => {
  const spread = (...chosen: number[]) =>
    chosen.map((count, index) => ({
      option: 'abcde'[index]!,
      correct: index === 0,
      chosen: count,
    }));

  it('flags nothing below the minimum number of answers', () => {
    expect(MIN_ANSWERS_TO_FLAG).toBe(10);
    expect(questionFlags(spread(0, 9))).toEqual([]);
  });

  it('flags a question that fewer than 20 % answer right', () => {
    expect(questionFlags(spread(1, 3, 3, 3))).toEqual(['fewCorrect']);
    // Exactly 20 % is not below the line.
    expect(questionFlags(spread(2, 3, 3, 2))).toEqual([]);
  });

  it('flags a wrong option chosen by more than half of the answers', () => {
    expect(questionFlags(spread(4, 6))).toEqual(['popularWrongOption']);
    // Exactly half is not more than half.
    expect(questionFlags(spread(5, 5))).toEqual([]);
    expect(questionFlags(spread(1, 9))).toEqual(['fewCorrect', 'popularWrongOption']);
  });

  it('never flags the correct option for being popular', () => {
    expect(questionFlags(spread(10, 0))).toEqual([]);
  });
});
