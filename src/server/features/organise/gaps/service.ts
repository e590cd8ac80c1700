import type { Gaps, GapFigures, GapQuestion, GapsQuery } from '#shared/contracts/organise-gaps';
import { REGIONS, type Region } from '#shared/contracts/season';
import {
  correctPercent,
  LOW_CORRECT_SHARE,
  MIN_ANSWERS_TO_FLAG,
  POPULAR_WRONG_SHARE,
  questionFlags,
} from '#shared/domain/knowledge-gaps';
import { accepts } from '#shared/domain/answer-key';
import { optionKeys, slotOf } from '#shared/domain/question-review';
import { averageSeconds } from '#shared/domain/time-used';
import type { Database } from '../../../db/client';
import { listTeams } from '../../standings/repository';
import { findGapRows, findSeasonQuestions, type GapRow } from './repository';
import { toCsv } from '../csv';
import { requireCurrentSeason } from '../season/current-season';

/** Knowledge gaps of the current season (ADR 0021): weakest topics and questions first. */

function figuresOf(rows: GapRow[]): GapFigures {
  const sum = (pick: (row: GapRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const counted = sum((row) => row.chosen);
  const correct = sum((row) => (row.correct ? row.chosen : 0));
  return {
    counted,
    correct,
    timedOut: sum((row) => (row.option === null ? row.chosen : 0)),
    correctShare: correctPercent(correct, counted),
    averageSeconds: averageSeconds(
      sum((row) => row.timeSumMs),
      sum((row) => row.timed),
    ),
  };
}

/** Lowest share first; equal shares by name, so the order never depends on the database's. */
const weakestFirst =
  <T extends GapFigures>(name: (item: T) => string) =>
  (a: T, b: T) =>
    (a.correctShare ?? 101) - (b.correctShare ?? 101) || name(a).localeCompare(name(b), 'en');

export async function knowledgeGaps(db: Database, query: GapsQuery): Promise<Gaps> {
  const current = await requireCurrentSeason(db);
  const seasonId = current.season.id;
  const [teams, questions, allRows] = await Promise.all([
    listTeams(db),
    findSeasonQuestions(db, seasonId, query.setNum),
    findGapRows(db, seasonId, query.setNum),
  ]);
  const teamById = new Map(teams.map((team) => [team.id, team]));
  const inScope = allRows.filter((row) => {
    const team = teamById.get(row.teamId);
    return (
      (query.teamId === undefined || row.teamId === query.teamId) &&
      (query.region === undefined || team?.region === query.region)
    );
  });
  // A voided question counts for nobody (ADR 0041): neither its figures nor its topic's.
  const voided = new Set(questions.flatMap((question) => (question.voidedAt ? [question.id] : [])));
  const rows = inScope.filter((row) => !voided.has(row.questionId));
  const byQuestion = new Map<number, GapRow[]>();
  for (const row of rows)
    byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row]);

  const questionRows: GapQuestion[] = questions.flatMap((question) => {
    const own = byQuestion.get(question.id) ?? [];
    const figures = figuresOf(own);
    if (figures.counted === 0) return [];
    const answers = own.filter((row) => row.option !== null);
    const answered = answers.reduce((total, row) => total + row.chosen, 0);
    const options = optionKeys(question.translations).map((key) => {
      const chosen = answers
        .filter((row) => row.option === key)
        .reduce((n, row) => n + row.chosen, 0);
      return {
        key,
        correct: accepts(question, key),
        chosen,
        share: correctPercent(chosen, answered) ?? 0,
      };
    });
    return [
      {
        setNum: question.setNum,
        slot: slotOf(question.kind, question.position),
        category: question.category,
        text: question.translations.en?.text ?? '',
        ...figures,
        options,
        flags: questionFlags(
          options.map(({ key, correct, chosen }) => ({ option: key, correct, chosen })),
        ),
      },
    ];
  });
  const slotOrder = (slot: GapQuestion['slot']) => (slot === 'challenger' ? 6 : slot);
  questionRows.sort(
    (a, b) =>
      (a.correctShare ?? 101) - (b.correctShare ?? 101) ||
      a.setNum - b.setNum ||
      slotOrder(a.slot) - slotOrder(b.slot),
  );

  const categoryOf = new Map(questions.map((question) => [question.id, question.category]));
  const categories = [...new Set(questionRows.map((question) => question.category))];
  const topics = categories
    .map((category) => {
      const own = rows.filter((row) => categoryOf.get(row.questionId) === category);
      const regionOf = (row: GapRow) => teamById.get(row.teamId)?.region;
      const byRegion = REGIONS.flatMap((region: Region) => {
        const inRegion = own.filter((row) => regionOf(row) === region);
        return inRegion.length === 0 ? [] : [{ region, ...figuresOf(inRegion) }];
      });
      const byTeam = teams
        .flatMap((team) => {
          const ofTeam = own.filter((row) => row.teamId === team.id);
          return ofTeam.length === 0
            ? []
            : [{ teamId: team.id, name: team.name, flag: team.flag, ...figuresOf(ofTeam) }];
        })
        .sort(weakestFirst((team) => team.name));
      return { category, ...figuresOf(own), byRegion, byTeam };
    })
    .sort(weakestFirst((topic) => topic.category));

  return {
    filter: {
      setNum: query.setNum ?? null,
      region: query.region ?? null,
      teamId: query.teamId ?? null,
    },
    topics,
    questions: questionRows,
    thresholds: {
      minAnswers: MIN_ANSWERS_TO_FLAG,
      lowCorrectPercent: Math.round(LOW_CORRECT_SHARE * 100),
      popularWrongPercent: Math.round(POPULAR_WRONG_SHARE * 100),
    },
  };
}

/**
 * The same table as CSV (same helper as the other exports, formula-safe): one row per topic,
 * topic and region, topic and team, then per question; blank where a figure does not exist.
 */
export async function knowledgeGapsCsv(db: Database, query: GapsQuery): Promise<string> {
  const gaps = await knowledgeGaps(db, query);
  const cells = (figures: GapFigures) => [
    figures.counted,
    figures.correct,
    figures.timedOut,
    figures.correctShare,
    figures.averageSeconds,
  ];
  const lines = [
    ...gaps.topics.flatMap((topic) => [
      ['topic', '', '', topic.category, '', '', '', ...cells(topic), ''],
      ...topic.byRegion.map((row) => [
        'topic_region',
        '',
        '',
        topic.category,
        row.region,
        '',
        '',
        ...cells(row),
        '',
      ]),
      ...topic.byTeam.map((row) => [
        'topic_team',
        '',
        '',
        topic.category,
        '',
        row.name,
        '',
        ...cells(row),
        '',
      ]),
    ]),
    ...gaps.questions.map((question) => [
      'question',
      question.setNum,
      question.slot,
      question.category,
      '',
      '',
      question.text,
      ...cells(question),
      question.flags.join(' '),
    ]),
  ];
  return toCsv(
    [
      'row',
      'week',
      'slot',
      'topic',
      'region',
      'team',
      'question',
      'counted',
      'correct',
      'timed_out',
      'correct_percent',
      'average_seconds',
      'flags',
    ],
    lines,
  );
}
