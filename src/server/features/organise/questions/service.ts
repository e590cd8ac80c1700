import type { QuestionInput, WeekQuestions } from '#shared/contracts/organise-questions';
import {
  missingLanguages,
  placeOf,
  slotOf,
  type QuestionSlot,
  type ReviewStatus,
} from '#shared/domain/question-review';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import type { QuestionRow } from '../../play/repository';
import type { CurrentSeason } from '../../season/repository';
import { writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';
import { weekQuestionsView } from './view';
import { requireQuestionSeason } from '../season/current-season';

/**
 * Writing and reviewing a week's questions (ADR 0009). Any change to a question's content makes
 * it a draft again; a week somebody has played keeps its questions as they are.
 */

/**
 * A week of the season the questions routes work on: `seasonId` names the draft (or the current
 * season); without it, the current season (ADR 0042). `current` is that season, whatever its
 * status. With `lock`, the season's row stays locked until the transaction ends.
 */
export async function requireWeek(db: Database, setNum: number, seasonId?: string, lock = false) {
  const current = await requireQuestionSeason(db, seasonId, lock);
  const week = current.weeks.find((entry) => entry.setNum === setNum);
  if (!week) throw new AppError('NOT_FOUND', `The season has no week ${setNum}.`);
  return { current, week };
}

export async function weekQuestions(
  db: Database,
  setNum: number,
  seasonId?: string,
): Promise<WeekQuestions> {
  const { current, week } = await requireWeek(db, setNum, seasonId);
  return weekQuestionsView(db, current, week);
}

/**
 * Runs `work` with the week locked, after refusing if somebody has played it (a draft's weeks
 * have no attempts: always editable).
 */
export async function changeWeek<T>(
  db: Database,
  setNum: number,
  work: (tx: Database, current: CurrentSeason, rows: QuestionRow[]) => Promise<T>,
  seasonId?: string,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { current } = await requireWeek(tx, setNum, seasonId, seasonId !== undefined);
    await repo.lockWeek(tx, current.season.id, setNum);
    if (await repo.weekHasAttempts(tx, current.season.id, setNum)) {
      throw new AppError(
        'QUESTIONS_LOCKED',
        `Week ${setNum} has already been played: its questions can no longer change.`,
      );
    }
    return work(tx, current, await repo.findWeekQuestions(tx, current.season.id, setNum));
  });
}

/**
 * The audit log's name for a week, or a slot of it: a draft's starts with the draft's id
 * (`2026/2/challenger`), the current season's does not (`2/challenger`, as always).
 */
export function auditEntity(
  season: CurrentSeason['season'],
  setNum: number,
  slot?: QuestionSlot,
): string | number {
  const entity = slot === undefined ? setNum : `${setNum}/${slot}`;
  return season.status === 'draft' ? `${season.id}/${entity}` : entity;
}

/** What the audit log and the comparison see of a question. */
export const contentOf = (question: {
  category: string;
  correctOption: string;
  source: string;
  translations: QuestionRow['translations'];
}) => ({
  category: question.category,
  correct: question.correctOption,
  source: question.source,
  translations: Object.fromEntries(
    Object.entries(question.translations)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([language, texts]) => [
        language,
        {
          text: texts.text,
          options: Object.fromEntries(Object.entries(texts.options).sort()),
          // An explanation is reviewed like the question text: changing it makes a draft.
          ...(texts.explanation ? { explanation: texts.explanation } : {}),
        },
      ]),
  ),
});
const sameContent = (a: ReturnType<typeof contentOf>, b: ReturnType<typeof contentOf>) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Stores a question's new content as a draft, unless it is unchanged; true when it changed. */
export async function writeQuestion(
  tx: Database,
  target: { seasonId: string; setNum: number; slot: QuestionSlot; existing?: QuestionRow },
  question: {
    category: string;
    correct: string;
    source: string;
    translations: QuestionRow['translations'];
  },
  now: Date,
): Promise<boolean> {
  const content = {
    category: question.category,
    correctOption: question.correct,
    source: question.source,
    translations: question.translations,
  };
  if (target.existing && sameContent(contentOf(target.existing), contentOf(content))) return false;
  const place = placeOf(target.slot);
  await repo.saveDraft(
    tx,
    { seasonId: target.seasonId, setNum: target.setNum, ...place },
    content,
    now,
  );
  return true;
}

/**
 * Drops the languages left entirely blank, and blank explanations; the others are kept as typed
 * (a draft may be partial).
 */
function withoutBlankLanguages(translations: QuestionInput['translations']) {
  return Object.fromEntries(
    Object.entries(translations)
      .filter(
        ([, texts]) =>
          texts && (texts.text !== '' || Object.values(texts.options).some((text) => text !== '')),
      )
      .map(([language, texts]) => {
        const { explanation, ...rest } = texts!;
        return [language, explanation ? { ...rest, explanation } : rest];
      }),
  ) as QuestionRow['translations'];
}

export async function saveQuestion(
  db: Database,
  actor: Actor,
  setNum: number,
  slot: QuestionSlot,
  input: QuestionInput,
  now: Date,
  seasonId?: string,
): Promise<void> {
  await changeWeek(
    db,
    setNum,
    async (tx, current, rows) => {
      const existing = rows.find((row) => slotOf(row.kind, row.position) === slot);
      const question = { ...input, translations: withoutBlankLanguages(input.translations) };
      const target = { seasonId: current.season.id, setNum, slot, existing };
      if (!(await writeQuestion(tx, target, question, now))) return;
      await writeAudit(
        tx,
        actor,
        {
          action: existing ? 'question.update' : 'question.create',
          entityType: 'question',
          entityId: auditEntity(current.season, setNum, slot),
          before: existing ? { ...contentOf(existing), status: existing.reviewStatus } : null,
          after: {
            ...contentOf({ ...question, correctOption: question.correct }),
            status: 'draft',
          },
        },
        now,
      );
    },
    seasonId,
  );
}

/** Approves a completely translated question, or sends one back to draft. */
export async function reviewQuestion(
  db: Database,
  actor: Actor,
  setNum: number,
  slot: QuestionSlot,
  status: ReviewStatus,
  now: Date,
  seasonId?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { current } = await requireWeek(tx, setNum, seasonId, seasonId !== undefined);
    await repo.lockWeek(tx, current.season.id, setNum);
    const rows = await repo.findWeekQuestions(tx, current.season.id, setNum);
    const question = rows.find((row) => slotOf(row.kind, row.position) === slot);
    if (!question)
      throw new AppError('QUESTION_NOT_FOUND', `Week ${setNum} has no question in this slot yet.`);
    if (question.reviewStatus === status) return;
    if (status === 'approved') {
      const missing = missingLanguages(question.translations);
      if (missing.length > 0) {
        throw new AppError(
          'QUESTION_INCOMPLETE',
          `Translate it into ${missing.join(', ')} before approving it.`,
        );
      }
    } else if (await repo.weekHasAttempts(tx, current.season.id, setNum)) {
      throw new AppError(
        'QUESTIONS_LOCKED',
        `Week ${setNum} has already been played: its questions stay approved.`,
      );
    }
    const approved = status === 'approved';
    await repo.setReview(tx, question.id, {
      reviewStatus: status,
      approvedBy: approved ? actor.id : null,
      approvedAt: approved ? now : null,
    });
    await writeAudit(
      tx,
      actor,
      {
        action: 'question.review',
        entityType: 'question',
        entityId: auditEntity(current.season, setNum, slot),
        before: { status: question.reviewStatus },
        after: { status },
      },
      now,
    );
  });
}
