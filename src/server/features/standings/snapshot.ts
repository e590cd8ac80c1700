import type { Region } from '#shared/contracts/season';
import type { TeamStanding } from '#shared/contracts/standings';
import { nextStatusChange, seasonPosition, weekStatus } from '#shared/domain/calendar';
import {
  comparePlayers,
  participation,
  rankTeams,
  teamOverallScore,
  type TeamWeek,
} from '#shared/domain/standings';
import type { Database } from '../../db/client';
import { findCurrentSeason, type CurrentSeason } from '../season/repository';
import * as repo from './repository';
import { sideBySide } from '../../db/side-by-side';

/**
 * Everything the standings screens show, computed from the per-team-week aggregates (its cost
 * depends on the number of teams, not of players). Cached; see cache.ts.
 */
export interface StandingsSnapshot {
  seasonId: string;
  /** When a week next opens or closes: the snapshot is stale from then on (null: never). */
  validUntil: Date | null;
  /** The week the figures run to: the open one, else the last begun; null before launch. */
  setNum: number | null;
  ended: boolean;
  weeks: { setNum: number; eventId: number; eventWeek: number }[];
  teams: TeamStanding[];
  /** Per team, the six weeks' figures (index 0 = week 1), and their completion times (ms). */
  teamWeeks: Map<number, TeamWeek[]>;
  teamTimes: Map<number, number[]>;
  /** Each team's top player's id (the frozen results record whose names they show). */
  topPlayerIds: Map<number, string>;
  winners: {
    playerId: string;
    region: Region;
    name: string;
    team: string;
    flag: string;
    total: number;
    totalTimeMs: number;
    lastSubmissionAt: Date;
  }[];
}

export async function buildSnapshot(db: Database, now: Date): Promise<StandingsSnapshot | null> {
  const current = await findCurrentSeason(db);
  return current ? buildSeasonSnapshot(db, current, now) : null;
}

/** The snapshot of any season (the current one, or the one being archived: ADR 0039). */
export async function buildSeasonSnapshot(
  db: Database,
  current: CurrentSeason,
  now: Date,
): Promise<StandingsSnapshot> {
  const { season } = current;
  const [teams, rows, tops] = await sideBySide(db, [
    () => repo.listTeams(db),
    () => repo.findTeamWeeks(db, season.id),
    () => repo.findTopPlayers(db, season.id),
  ]);
  const statuses = current.weeks.map((week) => weekStatus(week, season.timeZone, now));

  const begun = statuses.filter((status) => status !== 'upcoming').length;
  const position = seasonPosition(current.weeks, season.timeZone, now);
  const setNum =
    begun === 0 ? null : position.phase === 'week-open' ? position.week!.setNum : begun;

  // The aggregates by team and week, each team-week found in one lookup: scanning every row for
  // each team-week grows with the square of teams × weeks, and took about 1.6 % of the server's
  // instructions in a whole-week count (the snapshot is rebuilt after every finish).
  const rowOf = new Map(rows.map((row) => [`${row.teamId}:${row.setNum}`, row]));
  const teamWeeks = new Map<number, TeamWeek[]>();
  const teamTimes = new Map<number, number[]>();
  for (const team of teams) {
    const weekRows = current.weeks.map((week) => rowOf.get(`${team.id}:${week.setNum}`));
    teamTimes.set(
      team.id,
      weekRows.map((row) => row?.timeSumMs ?? 0),
    );
    teamWeeks.set(
      team.id,
      weekRows.map((row) => ({
        scoreSum: row?.scoreSum ?? 0,
        played: row?.played ?? 0,
        activeMembers: row?.activeMembers ?? 0,
      })),
    );
  }
  const rank = (throughWeek: number) =>
    rankTeams(
      teams.map((team) => {
        const weeks = teamWeeks.get(team.id)!.slice(0, throughWeek);
        const last = weeks.at(-1);
        return {
          team,
          name: team.name,
          overall: teamOverallScore(weeks),
          participation: last ? participation(last) : 0,
        };
      }),
    );
  const now_ = rank(setNum ?? 0);
  // The position when the previous week closed: the weeks before the one the figures run to.
  const previous =
    setNum !== null && setNum > 1
      ? new Map(rank(setNum - 1).map((row) => [row.team.id, row.position]))
      : null;
  const topByTeam = new Map(tops.map((top) => [top.teamId, top]));

  const standings: TeamStanding[] = now_.map((row) => {
    const top = topByTeam.get(row.team.id);
    const before = previous?.get(row.team.id);
    return {
      position: row.position,
      teamId: row.team.id,
      name: row.team.name,
      flag: row.team.flag,
      region: row.team.region,
      overall: row.overall,
      participation: row.participation,
      change: before === undefined ? null : before - row.position,
      topPlayer: top ? { name: top.name, total: top.total } : null,
    };
  });

  const winners = (['ASEAN', 'LATAM', 'EUROPE', 'US_CANADA'] as const).flatMap((region) => {
    const best = teams
      .filter((team) => team.region === region)
      .flatMap((team) => {
        const top = topByTeam.get(team.id);
        return top ? [{ ...top, team }] : [];
      })
      .sort(comparePlayers)[0];
    return best
      ? [
          {
            playerId: best.playerId,
            region,
            name: best.name,
            team: best.team.name,
            flag: best.team.flag,
            total: best.total,
            totalTimeMs: best.totalTimeMs,
            lastSubmissionAt: best.lastSubmissionAt,
          },
        ]
      : [];
  });

  return {
    seasonId: season.id,
    validUntil: nextStatusChange(current.weeks, season.timeZone, now),
    setNum,
    ended: position.phase === 'ended',
    weeks: current.weeks.map(({ setNum: number, eventId, eventWeek }) => ({
      setNum: number,
      eventId,
      eventWeek,
    })),
    teams: standings,
    teamWeeks,
    teamTimes,
    topPlayerIds: new Map(tops.map((top) => [top.teamId, top.playerId])),
    winners,
  };
}
