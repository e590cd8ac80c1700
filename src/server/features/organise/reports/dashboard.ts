import type { Dashboard } from '#shared/contracts/organise-reports';
import { accepts } from '#shared/domain/answer-key';
import { weekSpan } from '#shared/domain/calendar-rules';
import { optionKeys, slotOf, weekReadiness } from '#shared/domain/question-review';
import { participation } from '#shared/domain/standings';
import { averageSeconds } from '#shared/domain/time-used';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findWeekQuestions, type QuestionRow } from '../../play/repository';
import { findTeamWeeks, listTeams } from '../../standings/repository';
import { toCsv } from '../csv';
import * as repo from './repository';
import { requireCurrentSeason, seasonZones } from '../season/current-season';
import { toReviewed } from '../season/readiness';
import { toSummary } from '../players/service';

/** The live dashboard of a week (ADR 0009): participation, averages, hardest questions. */

const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) : null;

function figures(row: {
  activeMembers: number;
  played: number;
  scoreSum: number;
  timeSumMs: number;
}) {
  return {
    activeMembers: row.activeMembers,
    played: row.played,
    participation: participation({ ...row }),
    averageScore: row.played > 0 ? Math.round(row.scoreSum / row.played) : null,
    averageSeconds: averageSeconds(row.timeSumMs, row.played),
  };
}

/** The week, the instant it ended everywhere, and its span over the season's zones. */
export async function locateWeek(db: Database, setNum: number) {
  const current = await requireCurrentSeason(db);
  const week = current.weeks.find((entry) => entry.setNum === setNum);
  if (!week) throw new AppError('NOT_FOUND', `The season has no week ${setNum}.`);
  const span = weekSpan(week, await seasonZones(db, current));
  return { current, week, span, key: { seasonId: current.season.id, setNum, endsAt: span.endsAt } };
}

function questionStats(question: QuestionRow, counts: { option: string | null; chosen: number }[]) {
  const english = question.translations.en!;
  const answered = counts.reduce((total, row) => total + row.chosen, 0);
  const chosen = (key: string) => counts.find((row) => row.option === key)?.chosen ?? 0;
  // Every option the key accepts since a correction; none of a voided question (ADR 0041).
  const correct = optionKeys(question.translations)
    .filter((key) => accepts(question, key))
    .reduce((total, key) => total + chosen(key), 0);
  return {
    slot: slotOf(question.kind, question.position),
    category: question.category,
    text: english.text,
    answered,
    correct,
    correctShare: share(correct, answered),
    options: optionKeys(question.translations).map((key) => ({
      key,
      text: english.options[key] ?? key,
      correct: accepts(question, key),
      chosen: chosen(key),
      share: share(chosen(key), answered),
    })),
  };
}

export async function dashboard(db: Database, setNum: number, now: Date): Promise<Dashboard> {
  const { span, key } = await locateWeek(db, setNum);
  const [teams, teamWeeks, salesTeams, questions, answers, challenger, notPlayed] =
    await Promise.all([
      listTeams(db),
      findTeamWeeks(db, key.seasonId),
      repo.salesTeamFigures(db, key),
      findWeekQuestions(db, key.seasonId, setNum),
      repo.answerCounts(db, key),
      repo.challengerCounts(db, key),
      repo.countNotPlayed(db, key),
    ]);
  const teamRows = teams
    .map((team) => {
      const row = teamWeeks.find((entry) => entry.teamId === team.id && entry.setNum === setNum);
      const base = { activeMembers: 0, played: 0, scoreSum: 0, timeSumMs: 0, ...row };
      return { team, base };
    })
    .sort((a, b) => a.team.name.localeCompare(b.team.name, 'en'));
  const totals = teamRows.reduce(
    (sum, { base }) => ({
      activeMembers: sum.activeMembers + base.activeMembers,
      played: sum.played + base.played,
      scoreSum: sum.scoreSum + base.scoreSum,
      timeSumMs: sum.timeSumMs + base.timeSumMs,
    }),
    { activeMembers: 0, played: 0, scoreSum: 0, timeSumMs: 0 },
  );
  const questionRows = questions.map((question) =>
    questionStats(
      question,
      question.kind === 'challenger'
        ? challenger
        : answers.filter((row) => row.questionId === question.id),
    ),
  );
  questionRows.sort((a, b) => (a.correctShare ?? 101) - (b.correctShare ?? 101));
  return {
    setNum,
    status: span.status(now),
    startsAt: span.startsAt.toISOString(),
    readiness: weekReadiness(questions.map(toReviewed)),
    totals: figures(totals),
    teams: teamRows.map(({ team, base }) => ({
      teamId: team.id,
      name: team.name,
      flag: team.flag,
      ...figures(base),
    })),
    salesTeams: salesTeams.map(({ salesTeamId, name, teamId, teamName, ...row }) => ({
      salesTeamId,
      name,
      teamId,
      teamName,
      ...figures({ ...row, scoreSum: row.scoreSum ?? 0, timeSumMs: row.timeSumMs ?? 0 }),
    })),
    questions: questionRows,
    notPlayed,
  };
}

/** Active, registered players who have not started the week: a page. */
export async function notPlayed(
  db: Database,
  setNum: number,
  page: { page: number; pageSize: number },
) {
  const { key } = await locateWeek(db, setNum);
  const offset = (page.page - 1) * page.pageSize;
  const [rows, total] = await Promise.all([
    repo.findNotPlayed(db, key, { offset, limit: page.pageSize }),
    repo.countNotPlayed(db, key),
  ]);
  return { total, page: page.page, pageSize: page.pageSize, players: rows.map(toSummary) };
}

/** All of them, as a CSV file. */
export async function notPlayedCsv(db: Database, setNum: number): Promise<string> {
  const { key } = await locateWeek(db, setNum);
  const players = (await repo.findNotPlayed(db, key)).map(toSummary);
  return toCsv(
    ['name', 'email', 'team', 'sales_team', 'language'],
    players.map((player) => [
      player.name,
      player.email,
      player.team?.name,
      player.salesTeam?.name,
      player.language,
    ]),
  );
}
