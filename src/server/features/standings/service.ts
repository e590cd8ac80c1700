import type {
  MyTeam,
  RegionalWinners,
  Standings,
  TrackStandings,
} from '#shared/contracts/standings';
import { setNumber } from '#shared/domain/calendar';
import { participation, teamWeekScore } from '#shared/domain/standings';
import { averageSeconds } from '#shared/domain/time-used';
import type { PlayerRow } from '../players/repository';
import { AppError } from '../../http/errors';
import type { StandingsSnapshot } from './snapshot';

/** Standings reads: all from the cached snapshot, so their cost does not grow with players. */

export function standings(snapshot: StandingsSnapshot | null): Standings {
  return snapshot
    ? { setNum: snapshot.setNum, teams: snapshot.teams }
    : { setNum: null, teams: [] };
}

export function trackStandings(
  snapshot: StandingsSnapshot | null,
  eventId: number,
  eventWeek: number,
): TrackStandings {
  const setNum = setNumber(eventId, eventWeek);
  if (!snapshot) return { setNum, teams: [] };
  const rows = snapshot.teams.map((team) => {
    const week = snapshot.teamWeeks.get(team.teamId)![setNum - 1]!;
    return {
      teamId: team.teamId,
      name: team.name,
      flag: team.flag,
      points: teamWeekScore(week),
      participation: participation(week),
    };
  });
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.participation - a.participation ||
      a.name.localeCompare(b.name, 'en'),
  );
  return { setNum, teams: rows.map((row, index) => ({ ...row, position: index + 1 })) };
}

export function myTeam(snapshot: StandingsSnapshot | null, player: PlayerRow): MyTeam {
  if (player.teamId === null) throw new AppError('NOT_REGISTERED', 'Choose your team first.');
  const row = snapshot?.teams.find((team) => team.teamId === player.teamId);
  if (!snapshot || !row) throw new AppError('NO_SEASON', 'No season has been set up yet.');
  const week = snapshot.setNum ? snapshot.teamWeeks.get(row.teamId)![snapshot.setNum - 1]! : null;
  const timeSum = week ? (snapshot.teamTimes.get(row.teamId)![snapshot.setNum! - 1] ?? 0) : 0;
  return {
    teamId: row.teamId,
    name: row.name,
    flag: row.flag,
    overall: row.overall,
    position: snapshot.setNum ? row.position : null,
    participants: week?.played ?? 0,
    activeMembers: week?.activeMembers ?? 0,
    averageSeconds: week ? averageSeconds(timeSum, week.played) : null,
  };
}

export function regionalWinners(snapshot: StandingsSnapshot | null): RegionalWinners {
  return {
    final: snapshot?.ended ?? false,
    winners: (snapshot?.winners ?? []).map((winner) => ({
      region: winner.region,
      name: winner.name,
      team: winner.team,
      flag: winner.flag,
      total: winner.total,
      totalSeconds: Math.round(winner.totalTimeMs / 1000),
      lastSubmissionAt: winner.lastSubmissionAt.toISOString(),
    })),
  };
}
