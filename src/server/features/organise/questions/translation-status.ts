import { eq } from 'drizzle-orm';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import { slotOf, type QuestionSlot } from '#shared/domain/question-review';
import type { TargetLanguage } from '#shared/domain/translation-status';
import type { Database } from '../../../db/client';
import { questions, type TranslationStatusEntry } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import type { QuestionRow } from '../../play/repository';
import { notifyContentChanged } from '../../season/content-cache';
import { writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';
import { auditEntity, requireWeek } from './service';
import {
  playersByLanguage,
  statusOf,
  textsFingerprint,
  translationsView,
} from './translation-readiness';

/** Marking translations reviewed, and recording a translation's status (ADR 0040). */

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

export async function weekTranslations(
  db: Database,
  setNum: number,
  seasonId?: string,
): Promise<WeekTranslations> {
  const { current } = await requireWeek(db, setNum, seasonId);
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
  seasonId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { current } = await requireWeek(tx, setNum, seasonId, seasonId !== undefined);
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
        entityId: auditEntity(current.season, setNum),
        before: null,
        after: { language, slots: marked, status: 'reviewed' },
      },
      now,
    );
  });
}
