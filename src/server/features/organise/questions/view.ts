import type { OrganiserQuestion, WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionCategory } from '#shared/contracts/season';
import {
  optionKeys,
  QUESTION_SLOTS,
  slotOf,
  translationCompleteness,
  weekReadiness,
} from '#shared/domain/question-review';
import type { Database } from '../../../db/client';
import type { QuestionRow } from '../../play/repository';
import type { CurrentSeason } from '../../season/repository';
import { displayName } from '../audit/service';
import { toReviewed } from '../season/readiness';
import * as repo from './repository';

export function toOrganiserQuestion(
  row: QuestionRow,
  approvers: Map<string, string>,
): OrganiserQuestion {
  return {
    id: row.id,
    slot: slotOf(row.kind, row.position),
    category: row.category as QuestionCategory,
    correct: row.correctOption,
    accepted: row.acceptedOptions,
    voided: row.voidedAt !== null,
    source: row.source,
    optionKeys: optionKeys(row.translations),
    translations: row.translations,
    complete: translationCompleteness(row.translations),
    status: row.reviewStatus,
    approvedBy:
      row.approvedBy === null
        ? null
        : { id: row.approvedBy, name: approvers.get(row.approvedBy) ?? '—' },
    approvedAt: row.approvedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A week's six slots with their questions (or null), readiness and whether it is locked. */
export async function weekQuestionsView(
  db: Database,
  current: CurrentSeason,
  week: CurrentSeason['weeks'][number],
): Promise<WeekQuestions> {
  const [rows, locked] = await Promise.all([
    repo.findWeekQuestions(db, current.season.id, week.setNum),
    repo.weekHasAttempts(db, current.season.id, week.setNum),
  ]);
  const approverIds = [...new Set(rows.flatMap((row) => row.approvedBy ?? []))];
  const approvers = new Map(
    (await repo.findPeople(db, approverIds)).map((person) => [person.id, displayName(person)]),
  );
  return {
    setNum: week.setNum,
    opensOn: week.opensOn,
    closesOn: week.closesOn,
    locked,
    readiness: weekReadiness(rows.map(toReviewed)),
    slots: QUESTION_SLOTS.map((slot) => {
      const row = rows.find((entry) => slotOf(entry.kind, entry.position) === slot);
      return { slot, question: row ? toOrganiserQuestion(row, approvers) : null };
    }),
  };
}
