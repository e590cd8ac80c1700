import type { Language } from './language';

/**
 * Where a question's translation into one language stands (ADR 0040):
 * - missing: its text or an option is not filled in (the week cannot open, ADR 0009);
 * - stale: complete, but made for an English text that has changed since;
 * - translated: complete and current, not reviewed (or edited since its review);
 * - reviewed: an organiser confirmed it, and neither it nor the English changed since.
 */
export const TRANSLATION_STATUSES = ['missing', 'stale', 'translated', 'reviewed'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** The languages translated from English. */
export const TARGET_LANGUAGES = [
  'es',
  'fr',
  'id',
  'pl',
  'th',
  'vi',
] as const satisfies readonly Exclude<Language, 'en'>[];
export type TargetLanguage = (typeof TARGET_LANGUAGES)[number];

/** A status as recorded, with the fingerprints it was recorded for. */
export interface RecordedStatus {
  state: 'translated' | 'reviewed';
  source: string;
  target: string;
}

/**
 * The status shown, from completeness, the record and the current fingerprints.
 * @example translationStatus({ complete: true, recorded: { state: 'reviewed', source: 'e1',
 *   target: 't1' }, source: 'e2', target: 't1' }) // 'stale'
 */
export function translationStatus(input: {
  complete: boolean;
  recorded: RecordedStatus | undefined;
  source: string;
  target: string;
}): TranslationStatus {
  const { complete, recorded } = input;
  if (!complete) return 'missing';
  // A translation typed in the editor or a spreadsheet has no record: translated, not reviewed.
  if (!recorded) return 'translated';
  if (recorded.source !== input.source) return 'stale';
  return recorded.state === 'reviewed' && recorded.target === input.target
    ? 'reviewed'
    : 'translated';
}
