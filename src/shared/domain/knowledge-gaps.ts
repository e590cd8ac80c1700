/**
 * Knowledge gaps (ADR 0021): what counts as an answer to a question, the time it took,
 * and when a question looks flawed enough for an organiser to review it.
 */

/** Below this many answers given, a question is never flagged: a few players prove nothing. */
export const MIN_ANSWERS_TO_FLAG = 10;
/** Flag 'fewCorrect': fewer than this share of the answers given is correct (20 %). */
export const LOW_CORRECT_SHARE = 0.2;
/** Flag 'popularWrongOption': one wrong option chosen by more than this share (half). */
export const POPULAR_WRONG_SHARE = 0.5;

export const GAP_FLAGS = ['fewCorrect', 'popularWrongOption'] as const;
export type GapFlag = (typeof GAP_FLAGS)[number];

/** One counted outcome of a question: an option chosen, or none when its time ran out. */
export interface QuestionOutcome {
  questionId: number;
  /** null: the question was shown and its time ran out. */
  option: string | null;
  correct: boolean;
  /** Milliseconds the player spent on it; null for a time-out (not an answer time). */
  timeMs: number | null;
}

/** The raw attempt fields the outcomes come from (the attempts row, ADR 0013). */
export interface AttemptForGaps {
  startedAt: Date;
  questionIds: number[];
  answers: { questionId: number; option: string; correct: boolean; answeredAt: string }[];
  timedOut: boolean | null;
  challengerQuestionId: number | null;
  challengerStartedAt: Date | null;
  challengerOption: string | null;
  challengerAnsweredAt: Date | null;
  challengerCorrect: boolean | null;
}

/**
 * The time of a main-set answer: from the previous answer, or from the start for the first.
 * @example answerTimeMs(new Date(0), [], new Date(12_000)) // 12_000
 * @example answerTimeMs(new Date(0), [new Date(12_000)], new Date(20_000)) // 8_000
 */
export function answerTimeMs(startedAt: Date, earlier: Date[], answeredAt: Date): number {
  const from = earlier.at(-1) ?? startedAt;
  return Math.max(0, answeredAt.getTime() - from.getTime());
}

/**
 * What an attempt counts for each question (ADR 0021):
 * - every main-set answer, with its time (`answerTimeMs`);
 * - in a timed-out set, the one question on screen when time ran out (the first unanswered),
 *   as not correct and without a time; the questions after it were never shown;
 * - the challenger as its own question once decided: answered (with the time from its start),
 *   or timed out (not correct, no time).
 * An attempt still being played counts its answers so far, nothing else.
 */
export function questionOutcomes(attempt: AttemptForGaps): QuestionOutcome[] {
  const times: Date[] = [];
  const outcomes: QuestionOutcome[] = attempt.answers.map((answer) => {
    const at = new Date(answer.answeredAt);
    const timeMs = answerTimeMs(attempt.startedAt, times, at);
    times.push(at);
    return {
      questionId: answer.questionId,
      option: answer.option,
      correct: answer.correct,
      timeMs,
    };
  });
  const onScreen = attempt.questionIds[attempt.answers.length];
  if (attempt.timedOut && onScreen !== undefined) {
    outcomes.push({ questionId: onScreen, option: null, correct: false, timeMs: null });
  }
  if (attempt.challengerQuestionId !== null && attempt.challengerCorrect !== null) {
    const answered = attempt.challengerAnsweredAt && attempt.challengerStartedAt;
    outcomes.push({
      questionId: attempt.challengerQuestionId,
      option: attempt.challengerOption,
      correct: attempt.challengerCorrect,
      timeMs: answered
        ? Math.max(
            0,
            attempt.challengerAnsweredAt!.getTime() - attempt.challengerStartedAt!.getTime(),
          )
        : null,
    });
  }
  return outcomes;
}

/**
 * Correct outcomes over all counted ones (time-outs count as not correct), in whole percent,
 * or null when nothing counts yet.
 * @example correctPercent(1, 3) // 33
 */
export function correctPercent(correct: number, counted: number): number | null {
  return counted > 0 ? Math.round((correct / counted) * 100) : null;
}

/**
 * Why a question looks flawed, from the answers given (time-outs left out: running out of time
 * says nothing about the wording). Nothing below MIN_ANSWERS_TO_FLAG answers.
 * @example questionFlags([{ option: 'a', correct: true, chosen: 1 }, { option: 'b', correct: false, chosen: 9 }]) // ['fewCorrect', 'popularWrongOption']
 */
export function questionFlags(
  options: { option: string; correct: boolean; chosen: number }[],
): GapFlag[] {
  const answered = options.reduce((sum, entry) => sum + entry.chosen, 0);
  if (answered < MIN_ANSWERS_TO_FLAG) return [];
  const correct = options
    .filter((entry) => entry.correct)
    .reduce((sum, entry) => sum + entry.chosen, 0);
  const flags: GapFlag[] = [];
  if (correct / answered < LOW_CORRECT_SHARE) flags.push('fewCorrect');
  if (options.some((entry) => !entry.correct && entry.chosen / answered > POPULAR_WRONG_SHARE)) {
    flags.push('popularWrongOption');
  }
  return flags;
}
