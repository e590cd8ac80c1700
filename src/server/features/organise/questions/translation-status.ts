import { createHash } from 'node:crypto';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import {
  isTranslationComplete,
  optionKeys,
  QUESTION_SLOTS,
  slotOf,
  type QuestionSlot,
  type QuestionTexts,
} from '#shared/domain/question-review';
import {
  TARGET_LANGUAGES,
  translationStatus,
  type TargetLanguage,
  type TranslationStatus,
} from '#shared/domain/translation-status';
import type { Database } from '../../../db/client';
import { players, questions, type TranslationStatusEntry } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import type { QuestionRow } from '../../play/repository';
import { notifyContentChanged } from '../../season/content-cache';
import { writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';
import { requireWeek } from './service';

/** Each question's translation status per language, and each language's readiness (ADR 0040). */

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

/** The record for a translation as it is now, in `state`. */
export const recordFor = (
  row: Pick<QuestionRow, 'translations'>,
  language: TargetLanguage,
  state: TranslationStatusEntry['state'],
): TranslationStatusEntry => ({
  state,
  source: textsFingerprint(row.translations.en),
  target: textsFingerprint(row.translations[language]),
});

export async function saveStatus(
  db: Database,
  row: QuestionRow,
  language: TargetLanguage,
  entry: TranslationStatusEntry,
): Promise<void> {
  await db
    .update(questions)
    .set({ translationStatus: { ...row.translationStatus, [language]: entry } })
    .where(eq(questions.id, row.id));
  await notifyContentChanged(db);
}

/** Registered, active players per profile language. */
async function playersByLanguage(db: Database): Promise<Map<string, number>> {
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

export async function weekTranslations(db: Database, setNum: number): Promise<WeekTranslations> {
  const { current } = await requireWeek(db, setNum);
  const [rows, locked, counts] = await Promise.all([
    repo.findWeekQuestions(db, current.season.id, setNum),
    repo.weekHasAttempts(db, current.season.id, setNum),
    playersByLanguage(db),
  ]);
  return translationsView(setNum, locked, rows, counts);
}

/**
 * Marks translations reviewed, as they are now. Only complete ones: a missing translation
 * answers QUESTION_INCOMPLETE and nothing is marked. Reviewing again changes nothing.
 */
export async function reviewTranslations(
  db: Database,
  actor: Actor,
  setNum: number,
  language: TargetLanguage,
  slots: readonly QuestionSlot[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { current } = await requireWeek(tx, setNum);
    await repo.lockWeek(tx, current.season.id, setNum);
    const rows = await repo.findWeekQuestions(tx, current.season.id, setNum);
    const marked: QuestionSlot[] = [];
    for (const slot of new Set(slots)) {
      const row = rows.find((entry) => slotOf(entry.kind, entry.position) === slot);
      if (!row) {
        throw new AppError(
          'QUESTION_NOT_FOUND',
          `Week ${setNum} has no question in this slot yet.`,
        );
      }
      const status = statusOf(row, language);
      if (status === 'missing') {
        throw new AppError(
          'QUESTION_INCOMPLETE',
          `Translate it into ${language} completely before marking it reviewed.`,
        );
      }
      if (status === 'reviewed') continue;
      await saveStatus(tx, row, language, recordFor(row, language, 'reviewed'));
      marked.push(slot);
    }
    if (marked.length === 0) return;
    await writeAudit(
      tx,
      actor,
      {
        action: 'translations.review',
        entityType: 'week',
        entityId: setNum,
        before: null,
        after: { language, slots: marked, status: 'reviewed' },
      },
      now,
    );
  });
}
