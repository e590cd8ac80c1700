import { createHash } from 'node:crypto';
import { and, count, isNotNull, isNull } from 'drizzle-orm';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import {
  isTranslationComplete,
  optionKeys,
  QUESTION_SLOTS,
  slotOf,
  type QuestionTexts,
} from '#shared/domain/question-review';
import {
  TARGET_LANGUAGES,
  translationStatus,
  type TargetLanguage,
  type TranslationStatus,
} from '#shared/domain/translation-status';
import type { Database } from '../../../db/client';
import { players } from '../../../db/schema';
import type { QuestionRow } from '../../play/repository';

/**
 * Each question's translation status per language, and what each language's players would
 * meet in a week (ADR 0040). No service here: the season's warnings read it too.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** One text's fingerprint, as an XLIFF unit carries it for its English source. */
export const textFingerprint = (text: string) => sha256(text);

/** The fingerprint of a language's texts: question, options in key order, explanation. */
export function textsFingerprint(texts: QuestionTexts | undefined): string {
  const options = Object.entries(texts?.options ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return sha256(JSON.stringify([texts?.text ?? '', options, texts?.explanation ?? '']));
}

/** The status a question shows for one language. */
export function statusOf(row: QuestionRow, language: TargetLanguage): TranslationStatus {
  const texts = row.translations[language];
  return translationStatus({
    complete: isTranslationComplete(texts, optionKeys(row.translations)),
    recorded: row.translationStatus[language],
    source: textsFingerprint(row.translations.en),
    target: textsFingerprint(texts),
  });
}

/** Registered, active players per profile language. */
export async function playersByLanguage(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ language: players.language, players: count() })
    .from(players)
    .where(
      and(
        isNotNull(players.registeredAt),
        isNotNull(players.language),
        isNull(players.deactivatedAt),
        isNull(players.erasedAt),
      ),
    )
    .groupBy(players.language);
  return new Map(rows.map((row) => [row.language!, row.players]));
}

/** A week's questions in slot order: 1 to 5, then the challenger. */
export const inSlotOrder = (rows: readonly QuestionRow[]) =>
  [...rows].sort(
    (a, b) =>
      QUESTION_SLOTS.indexOf(slotOf(a.kind, a.position)) -
      QUESTION_SLOTS.indexOf(slotOf(b.kind, b.position)),
  );

/** The week's statuses, and per language what is missing, stale or unreviewed. */
export function translationsView(
  setNum: number,
  locked: boolean,
  weekRows: readonly QuestionRow[],
  counts: Map<string, number>,
): WeekTranslations {
  const rows = inSlotOrder(weekRows);
  const questionsView = rows.map((row) => ({
    slot: slotOf(row.kind, row.position),
    id: row.id,
    status: Object.fromEntries(
      TARGET_LANGUAGES.map((language) => [language, statusOf(row, language)]),
    ) as Record<TargetLanguage, TranslationStatus>,
  }));
  const slotsWhere = (language: TargetLanguage, status: TranslationStatus) =>
    questionsView.filter((entry) => entry.status[language] === status).map((entry) => entry.slot);
  const languages = TARGET_LANGUAGES.map((language) => ({
    language,
    players: counts.get(language) ?? 0,
    missing: slotsWhere(language, 'missing'),
    stale: slotsWhere(language, 'stale'),
    unreviewed: slotsWhere(language, 'translated'),
    englishExplanations: rows
      .filter(
        (row) =>
          (row.translations.en?.explanation ?? '').trim() !== '' &&
          (row.translations[language]?.explanation ?? '').trim() === '',
      )
      .map((row) => slotOf(row.kind, row.position)),
  })).sort((a, b) => b.players - a.players);
  return { setNum, locked, languages, questions: questionsView };
}
