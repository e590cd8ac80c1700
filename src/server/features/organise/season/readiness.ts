import type { Warnings } from '#shared/contracts/organise';
import { weekSpan } from '#shared/domain/calendar-rules';
import {
  describeWeekProblem,
  slotOf,
  weekReadiness,
  type ReviewedQuestion,
} from '#shared/domain/question-review';
import type { Database } from '../../../db/client';
import type { QuestionRow } from '../../play/repository';
import { findCurrentSeason, type CurrentSeason } from '../../season/repository';
import { seasonZones } from './current-season';
import { playersByLanguage, translationsView } from '../questions/translation-readiness';
import * as repo from './repository';

/** A stored question as the readiness rule (shared/domain/question-review.ts) takes it. */
export const toReviewed = (row: QuestionRow): ReviewedQuestion => ({
  slot: slotOf(row.kind, row.position),
  status: row.reviewStatus,
  translations: row.translations,
});

/** Each week's readiness (ADR 0009), by week number. */
export async function readinessByWeek(
  db: Database,
  current: CurrentSeason,
): Promise<Map<number, ReturnType<typeof weekReadiness>>> {
  const rows = await repo.listSeasonQuestions(db, current.season.id);
  return new Map(
    current.weeks.map((week) => [
      week.setNum,
      weekReadiness(rows.filter((row) => row.setNum === week.setNum).map(toReviewed)),
    ]),
  );
}

/** Weeks open now, or opening within `days`, that are not ready: the dashboard's warnings. */
export async function warnings(db: Database, days: number, now: Date): Promise<Warnings> {
  const current = await findCurrentSeason(db);
  if (!current) return { days, warnings: [] };
  const [zones, readiness, questionRows, counts] = await Promise.all([
    seasonZones(db, current),
    readinessByWeek(db, current),
    repo.listSeasonQuestions(db, current.season.id),
    playersByLanguage(db),
  ]);
  // Per language with players, the questions they wait for (ADR 0040).
  const waiting = (setNum: number) =>
    translationsView(
      setNum,
      false,
      questionRows.filter((row) => row.setNum === setNum),
      counts,
    )
      .languages.filter((entry) => entry.players > 0 && entry.missing.length > 0)
      .map(({ language, players, missing }) => ({ language, players, missing }));
  const horizon = now.getTime() + days * 86_400_000;
  return {
    days,
    warnings: current.weeks.flatMap((week) => {
      const span = weekSpan(week, zones);
      const status = span.status(now);
      const { ready, problems } = readiness.get(week.setNum)!;
      if (ready || status === 'closed' || span.startsAt.getTime() > horizon) return [];
      return [
        {
          setNum: week.setNum,
          startsAt: span.startsAt.toISOString(),
          status,
          problems,
          languages: waiting(week.setNum),
          message: `Week ${week.setNum}: ${problems.map(describeWeekProblem).join('; ')}.`,
        },
      ];
    }),
  };
}
