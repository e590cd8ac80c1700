import type { ChallengerOutcome } from './scoring';

/**
 * A question's answer key as corrected after its week opened (ADR 0041): the option it was
 * written with, the options accepted since, and whether it was voided. A voided question counts
 * for nobody: no answer to it is correct, and a voided challenger neither adds nor halves.
 */
export interface AnswerKey {
  correctOption: string;
  acceptedOptions: readonly string[];
  voidedAt: Date | string | null;
}

/** Whether `option` is a right answer under the key (never, once the question is voided). */
export function accepts(key: AnswerKey, option: string | null): boolean {
  if (option === null || key.voidedAt !== null) return false;
  return option === key.correctOption || key.acceptedOptions.includes(option);
}

/** Every option the key accepts, the original first; none when voided. */
export function acceptedOptionsOf(key: AnswerKey): string[] {
  return key.voidedAt !== null ? [] : [key.correctOption, ...key.acceptedOptions];
}

/**
 * The challenger's outcome for the week's score: a voided challenger counts as not taken (no
 * +5, no halving), whatever was answered; otherwise right or wrong (no answer in time is wrong).
 */
export function challengerOutcomeOf(key: AnswerKey, option: string | null): ChallengerOutcome {
  if (key.voidedAt !== null) return 'not-taken';
  return accepts(key, option) ? 'correct' : 'wrong';
}

/** What players are told about a corrected question; null when the key was never corrected. */
export type KeyCorrection = { kind: 'accepted'; options: string[] } | { kind: 'voided' } | null;

export function correctionOf(key: AnswerKey): KeyCorrection {
  if (key.voidedAt !== null) return { kind: 'voided' };
  return key.acceptedOptions.length > 0
    ? { kind: 'accepted', options: [...key.acceptedOptions] }
    : null;
}
