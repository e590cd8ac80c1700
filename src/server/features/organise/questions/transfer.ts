import type { ImportResult, QuestionFileFormat } from '#shared/contracts/organise-questions';
import { slotOf, type QuestionSlot } from '#shared/domain/question-review';
import type { Database } from '../../../db/client';
import type { QuestionRow } from '../../play/repository';
import type { CurrentSeason } from '../../season/repository';
import { writeAudit, type Actor } from '../audit/service';
import {
  parseQuestionsFile,
  weekToContentFile,
  weekToCsv,
  weekToXlsx,
  type QuestionFile,
} from './file-formats';
import * as repo from './repository';
import { auditEntity, changeWeek, contentOf, requireWeek, writeQuestion } from './service';
import { weekQuestionsView } from './view';

/** A week's questions to and from files (CSV, .xlsx or the content file format), ADR 0009. */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function exportQuestions(
  db: Database,
  setNum: number,
  format: QuestionFileFormat,
  seasonId?: string,
) {
  const { current } = await requireWeek(db, setNum, seasonId);
  const rows = await repo.findWeekQuestions(db, current.season.id, setNum);
  const filename = `week-${setNum}-questions.${format}`;
  switch (format) {
    case 'csv':
      return { filename, type: 'text/csv', body: weekToCsv(rows) };
    case 'xlsx':
      return { filename, type: XLSX_TYPE, body: await weekToXlsx(setNum, rows) };
    case 'json':
      return { filename, type: 'application/json', body: weekToContentFile(setNum, rows) };
  }
}

/**
 * Imports a week's six questions from a file, all or nothing: validated whole, then applied in
 * one transaction. Changed questions become drafts; unchanged ones keep their review.
 */
export async function importQuestions(
  db: Database,
  actor: Actor,
  setNum: number,
  input: QuestionFile & { dryRun: boolean },
  now: Date,
  seasonId?: string,
): Promise<ImportResult> {
  const { questions, keepStoredExplanations } = await parseQuestionsFile(input, setNum);
  const apply = async (tx: Database, current: CurrentSeason, rows: QuestionRow[]) => {
    let changed = 0;
    for (const question of questions) {
      const slot = question.slot as QuestionSlot;
      const existing = rows.find((row) => slotOf(row.kind, row.position) === slot);
      const target = { seasonId: current.season.id, setNum, slot, existing };
      const imported = question.translations as QuestionRow['translations'];
      const translations =
        keepStoredExplanations && existing
          ? withStoredExplanations(imported, existing.translations)
          : imported;
      if (await writeQuestion(tx, target, { ...question, translations }, now)) changed += 1;
    }
    if (changed > 0 && !input.dryRun) {
      await writeAudit(
        tx,
        actor,
        {
          action: 'questions.import',
          entityType: 'week',
          entityId: auditEntity(current.season, setNum),
          before: rows.map((row) => ({ slot: slotOf(row.kind, row.position), ...contentOf(row) })),
          after: questions,
          reason: `${input.format.toUpperCase()} import, ${changed} question(s) changed`,
        },
        now,
      );
    }
    const week = current.weeks.find((entry) => entry.setNum === setNum)!;
    const view = await weekQuestionsView(tx, current, week);
    // A dry run shows what the week would look like, then rolls everything back.
    if (input.dryRun) throw new DryRun({ dryRun: true, changed, week: view });
    return { dryRun: false, changed, week: view };
  };
  try {
    return await changeWeek(db, setNum, apply, seasonId);
  } catch (error) {
    if (error instanceof DryRun) return error.result;
    throw error;
  }
}

/** The imported texts, each with the explanation already stored for its language, if any. */
function withStoredExplanations(
  imported: QuestionRow['translations'],
  stored: QuestionRow['translations'],
): QuestionRow['translations'] {
  return Object.fromEntries(
    Object.entries(imported).map(([language, texts]) => {
      const explanation = stored[language]?.explanation;
      return [language, explanation ? { ...texts, explanation } : texts];
    }),
  );
}

class DryRun extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}
