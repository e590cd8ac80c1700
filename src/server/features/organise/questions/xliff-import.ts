import type { XliffImportResult } from '#shared/contracts/organise-translations';
import { REFUSED_OUTCOMES, type UnitOutcome } from '#shared/contracts/organise-translations';
import {
  optionKeys,
  slotOf,
  type QuestionSlot,
  type QuestionTexts,
} from '#shared/domain/question-review';
import type { TargetLanguage } from '#shared/domain/translation-status';
import type { Database } from '../../../db/client';
import type { QuestionRow } from '../../play/repository';
import { writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';
import { auditEntity, changeWeek, requireWeek, writeQuestion } from './service';
import { textFingerprint, textsFingerprint } from './translation-readiness';
import { saveStatus, weekTranslations } from './translation-status';
import {
  englishOf,
  parseUnitId,
  parseXliff,
  targetOf,
  TARGET_MAX,
  weekToXliff,
  type ImportedUnit,
  type UnitField,
} from './xliff';
import { AppError } from '../../../http/errors';

/** XLIFF export and import of a week's translations (ADR 0040). */

export async function exportXliff(
  db: Database,
  setNum: number,
  language: TargetLanguage,
  seasonId?: string,
) {
  const { current } = await requireWeek(db, setNum, seasonId);
  const rows = await repo.findWeekQuestions(db, current.season.id, setNum);
  if (rows.length === 0) {
    throw new AppError('QUESTION_NOT_FOUND', `Week ${setNum} has no questions to translate yet.`);
  }
  return {
    filename: `week-${setNum}-${language}.xlf`,
    type: 'application/xliff+xml',
    body: weekToXliff(setNum, language, rows),
  };
}

type Unit = XliffImportResult['units'][number];

const MESSAGES: Record<UnitOutcome, string> = {
  applied: 'written into the translation',
  unchanged: 'the same as the translation already stored',
  empty: 'no target: nothing to write',
  stale: 'the English text changed after the file was exported: export again and translate it',
  noFingerprint: 'no source fingerprint: only units of a file exported by Podium can be imported',
  unknown: "not one of this week's texts",
  markup: 'the target holds markup: plain text only',
  tooLong: 'the target is longer than allowed',
  duplicate: 'the same unit appears twice: only the first counts',
};

/** What one unit would do to its question's translation. */
function judge(
  unit: ImportedUnit,
  rows: Map<number, QuestionRow>,
  language: TargetLanguage,
): { outcome: UnitOutcome; row?: QuestionRow; field?: UnitField; max?: number; text?: string } {
  const parsed = parseUnitId(unit.id);
  const row = parsed ? rows.get(parsed.questionId) : undefined;
  const english = row && parsed ? englishOf(row, parsed.field) : undefined;
  if (!parsed || !row || english === undefined) return { outcome: 'unknown' };
  const { field } = parsed;
  const base = { row, field };
  const target = unit.target;
  if (target === null || (typeof target === 'string' && target.trim() === '')) {
    return { ...base, outcome: 'empty' };
  }
  if (typeof target !== 'string') return { ...base, outcome: 'markup' };
  if (field.kind === 'source') return { ...base, outcome: 'empty' };
  const text = target.trim();
  const max = TARGET_MAX[field.kind];
  if (text.length > max) return { ...base, outcome: 'tooLong', max };
  if (!unit.fingerprint) return { ...base, outcome: 'noFingerprint' };
  if (unit.fingerprint !== textFingerprint(english)) return { ...base, outcome: 'stale' };
  if (text === targetOf(row, language, field)) return { ...base, outcome: 'unchanged' };
  return { ...base, outcome: 'applied', text };
}

/** The language's texts of `row` with `changes` written in (options keyed as English's). */
function withChanges(
  row: QuestionRow,
  language: TargetLanguage,
  changes: { field: UnitField; text: string }[],
): QuestionTexts {
  const stored = row.translations[language];
  const texts: QuestionTexts = {
    text: stored?.text ?? '',
    options: Object.fromEntries(
      optionKeys(row.translations).map((key) => [key, stored?.options[key] ?? '']),
    ),
    ...(stored?.explanation ? { explanation: stored.explanation } : {}),
  };
  for (const { field, text } of changes) {
    if (field.kind === 'text') texts.text = text;
    else if (field.kind === 'option') texts.options[field.key] = text;
    else if (field.kind === 'explanation') texts.explanation = text;
  }
  return texts;
}

/**
 * Imports a translator's file. Each unit is judged on its own: a stale unit (its English changed
 * since the export) or any other refused unit is reported and left out, the others are written.
 * A question whose texts change becomes a draft (ADR 0009) and its translation "translated";
 * with a refused stale unit, its status keeps the English it was made for, so it shows stale.
 */
export async function importXliff(
  db: Database,
  actor: Actor,
  setNum: number,
  language: TargetLanguage,
  input: { content: string; dryRun: boolean },
  now: Date,
  seasonId?: string,
): Promise<XliffImportResult> {
  const imported = parseXliff(input.content, setNum, language);
  const result = await changeWeek(
    db,
    setNum,
    async (tx, current, rows) => {
      const byId = new Map(rows.map((row) => [row.id, row]));
      const seen = new Set<string>();
      const units: Unit[] = [];
      const changes = new Map<number, { field: UnitField; text: string }[]>();
      const staleQuestions = new Set<number>();
      for (const unit of imported) {
        if (!unit.translatable) continue;
        const verdict = seen.has(unit.id)
          ? { outcome: 'duplicate' as const, row: undefined, max: undefined }
          : judge(unit, byId, language);
        seen.add(unit.id);
        const { outcome, row, max } = verdict;
        if (outcome === 'applied') {
          const list = changes.get(row!.id) ?? [];
          list.push({ field: verdict.field!, text: verdict.text! });
          changes.set(row!.id, list);
        }
        if ((outcome === 'stale' || outcome === 'noFingerprint') && row) staleQuestions.add(row.id);
        units.push({
          id: unit.id.slice(0, 200),
          slot: row ? slotOf(row.kind, row.position) : null,
          outcome,
          ...(max ? { max } : {}),
          message: max ? `${MESSAGES[outcome]} (${max} characters)` : MESSAGES[outcome],
        });
      }
      const changedQuestions: QuestionSlot[] = [];
      for (const [id, list] of changes) {
        const row = byId.get(id)!;
        const slot = slotOf(row.kind, row.position);
        changedQuestions.push(slot);
        if (input.dryRun) continue;
        const texts = withChanges(row, language, list);
        const translations = { ...row.translations, [language]: texts };
        const target = { seasonId: current.season.id, setNum, slot, existing: row };
        const question = {
          category: row.category,
          correct: row.correctOption,
          source: row.source,
          translations,
        };
        await writeQuestion(tx, target, question, now);
        const recorded = row.translationStatus[language];
        const source = staleQuestions.has(id)
          ? (recorded?.source ?? '')
          : textsFingerprint(row.translations.en);
        await saveStatus(tx, row, language, {
          state: 'translated',
          source,
          target: textsFingerprint(texts),
        });
      }
      const applied = units.filter((unit) => unit.outcome === 'applied').length;
      const refused = units.filter((unit) => REFUSED_OUTCOMES.includes(unit.outcome)).length;
      if (!input.dryRun && changedQuestions.length > 0) {
        await writeAudit(
          tx,
          actor,
          {
            action: 'translations.import',
            entityType: 'week',
            entityId: auditEntity(current.season, setNum),
            before: null,
            after: { language, questions: changedQuestions, applied, refused },
            reason: `XLIFF import into ${language}: ${applied} text(s) written, ${refused} refused`,
          },
          now,
        );
      }
      return { applied, refused, changedQuestions, units };
    },
    seasonId,
  );
  return {
    dryRun: input.dryRun,
    language,
    ...result,
    translations: await weekTranslations(db, setNum, seasonId),
  };
}
