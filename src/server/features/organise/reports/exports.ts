import { WEEK_COUNT } from '#shared/domain/calendar';
import { weekSpan } from '#shared/domain/calendar-rules';
import { formatDuration } from '#shared/domain/durations';
import {
  comparePlayers,
  participation,
  rankTeams,
  teamOverallScore,
  teamWeekScore,
  type TeamWeek,
} from '#shared/domain/standings';
import { REGIONS } from '#shared/contracts/season';
import type { Database } from '../../../db/client';
import { findTeamWeeks, listTeams } from '../../standings/repository';
import { displayName } from '../audit/service';
import { points, toCsv } from '../csv';
import * as repo from './repository';
import { requireCurrentSeason, seasonZones } from '../season/current-season';
import { seasonCalendar } from '../../season/repository';
import { findSeason } from '../next-season/repository';
import { AppError } from '../../../http/errors';
import type { CurrentSeason } from '../../season/repository';

/** The season an export is of: the current one, or a past one by id (ADR 0039). */
async function exportSeason(
  db: Database,
  seasonId: string | undefined,
): Promise<{ season: CurrentSeason; past: boolean }> {
  if (seasonId === undefined) return { season: await requireCurrentSeason(db), past: false };
  const row = await findSeason(db, seasonId);
  if (!row || row.status === 'draft') {
    throw new AppError('SEASON_NOT_FOUND', `There is no season ${seasonId} to export.`);
  }
  return { season: await seasonCalendar(db, row), past: row.status === 'archived' };
}

/**
 * The organisers' CSV exports (UTF-8 with BOM): standings per week, player totals, regional
 * winners. Figures come from the same aggregates and rules as the standings screens; points
 * have two decimals, times are in seconds.
 */

/** Overall standings after each week begun (or after week `setNum` only). */
export async function standingsCsv(
  db: Database,
  now: Date,
  setNum?: number,
  seasonId?: string,
): Promise<string> {
  const { season: current } = await exportSeason(db, seasonId);
  const [teams, rows, zones] = await Promise.all([
    listTeams(db),
    findTeamWeeks(db, current.season.id),
    seasonZones(db, current),
  ]);
  const weekOf = (teamId: number, week: number): TeamWeek => {
    const row = rows.find((entry) => entry.teamId === teamId && entry.setNum === week);
    return {
      scoreSum: row?.scoreSum ?? 0,
      played: row?.played ?? 0,
      activeMembers: row?.activeMembers ?? 0,
    };
  };
  const weeks = current.weeks
    .filter((week) => (setNum ? week.setNum === setNum : weekSpan(week, zones).startsAt <= now))
    .map((week) => week.setNum);
  const lines = weeks.flatMap((week) => {
    const ranked = rankTeams(
      teams.map((team) => {
        const upTo = Array.from({ length: week }, (_, index) => weekOf(team.id, index + 1));
        const thisWeek = upTo.at(-1)!;
        return {
          team,
          thisWeek,
          name: team.name,
          overall: teamOverallScore(upTo),
          participation: participation(thisWeek),
        };
      }),
    );
    return ranked.map((row) => [
      week,
      row.position,
      row.team.name,
      row.team.region,
      points(row.overall),
      points(teamWeekScore(row.thisWeek)),
      row.participation,
      row.thisWeek.activeMembers,
      row.thisWeek.played,
    ]);
  });
  return toCsv(
    [
      'week',
      'position',
      'team',
      'region',
      'overall_points',
      'week_points',
      'participation_percent',
      'active_members',
      'played',
    ],
    lines,
  );
}

type TotalRow = Awaited<ReturnType<typeof repo.findPlayerTotals>>[number];
const rankable = (row: TotalRow) => ({
  total: row.total ?? 0,
  totalTimeMs: row.totalTimeMs ?? 0,
  lastSubmissionAt: row.lastSubmissionAt ?? new Date(8.64e15),
});
/** Ranking order (`comparePlayers`); players who never scored last, by name. */
const byRanking = (a: TotalRow, b: TotalRow) =>
  Number(a.total === null) - Number(b.total === null) ||
  comparePlayers(rankable(a), rankable(b)) ||
  displayName(a.player).localeCompare(displayName(b.player), 'en');

export async function playersCsv(db: Database, seasonId?: string): Promise<string> {
  const { season: current, past } = await exportSeason(db, seasonId);
  const [rows, scores] = await Promise.all([
    repo.findPlayerTotals(db, current.season.id, past),
    repo.findWeekScores(db, current.season.id),
  ]);
  const byPlayer = new Map<string, Map<number, number>>();
  for (const score of scores) {
    const weeks = byPlayer.get(score.playerId) ?? new Map<number, number>();
    byPlayer.set(score.playerId, weeks.set(score.setNum, score.weekScore!));
  }
  const weekNumbers = Array.from({ length: WEEK_COUNT }, (_, index) => index + 1);
  const lines = rows.sort(byRanking).map((row, index) => {
    const weeks = byPlayer.get(row.player.id) ?? new Map<number, number>();
    return [
      row.total === null ? '' : index + 1,
      displayName(row.player),
      row.player.email,
      row.team?.name,
      row.salesTeam?.name,
      row.team?.region,
      points(row.total ?? 0),
      Math.round((row.totalTimeMs ?? 0) / 1000),
      weeks.size,
      row.lastSubmissionAt?.toISOString(),
      ...weekNumbers.map((week) => (weeks.has(week) ? points(weeks.get(week)!) : '')),
    ];
  });
  return toCsv(
    [
      'rank',
      'name',
      'email',
      'team',
      'sales_team',
      'region',
      'total_points',
      'total_time_seconds',
      'weeks_played',
      'last_submission',
      ...weekNumbers.map((week) => `week_${week}_points`),
    ],
    lines,
  );
}

/** The best `top` players of each region (rank 1 is the winner) with the tie-break figures. */
export async function winnersCsv(db: Database, top: number, seasonId?: string): Promise<string> {
  const { season: current, past } = await exportSeason(db, seasonId);
  const rows = (await repo.findPlayerTotals(db, current.season.id, past)).filter(
    (row) => row.total !== null,
  );
  const teams = new Map((await listTeams(db)).map((team) => [team.id, team]));
  const lines = REGIONS.flatMap((region) =>
    rows
      // The total counts for the player's current team (player_totals.team_id).
      .filter((row) => teams.get(row.totalTeamId!)?.region === region)
      .sort(byRanking)
      .slice(0, top)
      .map((row, index) => [
        region,
        index + 1,
        displayName(row.player),
        row.player.email,
        teams.get(row.totalTeamId!)!.name,
        points(row.total!),
        Math.round(row.totalTimeMs! / 1000),
        formatDuration(row.totalTimeMs! / 1000),
        row.lastSubmissionAt!.toISOString(),
      ]),
  );
  return toCsv(
    [
      'region',
      'rank',
      'name',
      'email',
      'team',
      'total_points',
      'total_time_seconds',
      'total_time',
      'last_submission',
    ],
    lines,
  );
}
