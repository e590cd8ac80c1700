import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { attempts, questions } from '../../../db/schema';

/**
 * Knowledge gaps (ADR 0021), aggregated in the database: one row per team, question and option
 * chosen (null: the question's time ran out), whatever the number of players. The outcomes are
 * those of `questionOutcomes` (src/shared/domain/knowledge-gaps.ts), written in SQL:
 * main-set answers timed from the previous answer (or the start), the question on screen when a
 * set timed out, and the decided challenger.
 */
export interface GapRow {
  teamId: number;
  questionId: number;
  option: string | null;
  correct: boolean;
  chosen: number;
  /** Sum and number of the answer times (time-outs have none). */
  timeSumMs: number;
  timed: number;
}

export async function findGapRows(
  db: Database,
  seasonId: string,
  setNum?: number,
): Promise<GapRow[]> {
  const week: SQL = setNum === undefined ? sql`true` : sql`${attempts.setNum} = ${setNum}`;
  const scope = sql`${attempts.seasonId} = ${seasonId} and ${week}`;
  // jsonb arrays are 0-based; ordinality is 1-based, so the previous answer is at ord - 2.
  const result = (await db.execute(sql`
    with outcomes as (
      select ${attempts.teamId} as team_id, (e.answer ->> 'questionId')::int as question_id,
        e.answer ->> 'option' as option, (e.answer ->> 'correct')::boolean as correct,
        round(extract(epoch from (e.answer ->> 'answeredAt')::timestamptz - case when e.ord = 1
          then ${attempts.startedAt}
          else (${attempts.answers} -> (e.ord::int - 2) ->> 'answeredAt')::timestamptz end) * 1000
        )::bigint as time_ms
      from ${attempts}
      cross join lateral jsonb_array_elements(${attempts.answers}) with ordinality as e(answer, ord)
      where ${scope}
      union all
      select ${attempts.teamId}, (${attempts.questionIds} ->> jsonb_array_length(${attempts.answers}))::int,
        null, false, null
      from ${attempts}
      where ${scope} and ${attempts.timedOut}
        and jsonb_array_length(${attempts.answers}) < jsonb_array_length(${attempts.questionIds})
      union all
      select ${attempts.teamId}, ${attempts.challengerQuestionId}, ${attempts.challengerOption},
        ${attempts.challengerCorrect},
        round(extract(epoch from ${attempts.challengerAnsweredAt} - ${attempts.challengerStartedAt}) * 1000)::bigint
      from ${attempts}
      where ${scope} and ${attempts.challengerCorrect} is not null
    )
    select team_id, question_id, option, correct, count(*) as chosen,
      coalesce(sum(greatest(time_ms, 0)), 0) as time_sum_ms, count(time_ms) as timed
    from outcomes
    group by team_id, question_id, option, correct
  `)) as unknown as {
    rows: {
      team_id: number;
      question_id: number;
      option: string | null;
      correct: boolean;
      chosen: string | number;
      time_sum_ms: string | number;
      timed: string | number;
    }[];
  };
  return result.rows.map((row) => ({
    teamId: Number(row.team_id),
    questionId: Number(row.question_id),
    option: row.option,
    correct: row.correct,
    chosen: Number(row.chosen),
    timeSumMs: Number(row.time_sum_ms),
    timed: Number(row.timed),
  }));
}

/** The season's questions (every week, or one), for their week, slot, topic and options. */
export async function findSeasonQuestions(db: Database, seasonId: string, setNum?: number) {
  return db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.seasonId, seasonId),
        setNum === undefined ? undefined : eq(questions.setNum, setNum),
      ),
    )
    .orderBy(asc(questions.setNum), asc(questions.kind), asc(questions.position));
}
