import type {
  OpenTimeRequests,
  PlayerDetail,
  PlayerSummary,
} from '#shared/contracts/organise-players';
import { weekStatus, weekWindow } from '#shared/domain/calendar';
import { timeFactorOf } from '#shared/domain/time-factor';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findActiveWeeks } from '../../players/repository';
import { findCurrentSeason } from '../../season/repository';
import { findTimeRequest } from '../../time-accommodations/repository';
import { requestView } from '../../time-accommodations/service';
import { displayName } from '../audit/service';
import * as repo from './repository';

/** Finding players and seeing their weeks. Changes are in changes.ts. */

export function toSummary(row: repo.PlayerWithTeam): PlayerSummary {
  const { player, team, salesTeam } = row;
  return {
    id: player.id,
    name: displayName(player),
    email: player.email,
    language: player.language,
    team: team ? { id: team.id, name: team.name, flag: team.flag } : null,
    salesTeam: salesTeam ? { id: salesTeam.id, name: salesTeam.name } : null,
    registered: player.registeredAt !== null,
    organiser: player.organiser,
    timeFactor: timeFactorOf(player.timePercent),
  };
}

export async function searchPlayers(
  db: Database,
  query: {
    q?: string | undefined;
    teamId?: number | undefined;
    withoutEmail?: '0' | '1' | undefined;
    page: number;
    pageSize: number;
  },
) {
  const offset = (query.page - 1) * query.pageSize;
  const filter = { q: query.q, teamId: query.teamId, withoutEmail: query.withoutEmail === '1' };
  const { total, rows } = await repo.searchPlayers(db, filter, offset, query.pageSize);
  return { total, page: query.page, pageSize: query.pageSize, players: rows.map(toSummary) };
}

type AttemptRow = Awaited<ReturnType<typeof repo.findPlayerAttempts>>[number];

function attemptView({ attempt, teamName }: AttemptRow) {
  return {
    status: attempt.finishedAt ? ('done' as const) : ('in-progress' as const),
    team: { id: attempt.teamId, name: teamName },
    startedAt: attempt.startedAt.toISOString(),
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    weekScore: attempt.weekScore,
    correctCount: attempt.correctCount,
    elapsedSeconds: attempt.elapsedMs === null ? null : Math.round(attempt.elapsedMs / 1000),
    timedOut: attempt.timedOut,
    challenger:
      attempt.challengerCorrect === true
        ? ('correct' as const)
        : attempt.challengerCorrect === false
          ? ('wrong' as const)
          : attempt.challengerStartedAt
            ? ('in-progress' as const)
            : ('not-taken' as const),
  };
}

/** The player and their six weeks, in their team's time zone. */
export async function playerDetail(db: Database, id: string, now: Date): Promise<PlayerDetail> {
  const row = await repo.findPlayerWithTeam(db, id);
  if (!row) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
  const [current, request] = await Promise.all([findCurrentSeason(db), findTimeRequest(db, id)]);
  const timeRequest = requestView(request);
  if (!current) return { player: toSummary(row), timeRequest, totalScore: 0, weeks: [] };
  const zone = row.team?.timeZone ?? current.season.timeZone;
  const [flags, attempts] = await Promise.all([
    findActiveWeeks(db, id, current.season.id),
    repo.findPlayerAttempts(db, id, current.season.id),
  ]);
  return {
    player: toSummary(row),
    timeRequest,
    totalScore: attempts.reduce((sum, entry) => sum + (entry.attempt.weekScore ?? 0), 0),
    weeks: current.weeks.map((week) => {
      const window = weekWindow(week, zone);
      const attempt = attempts.find((entry) => entry.attempt.setNum === week.setNum);
      return {
        setNum: week.setNum,
        eventId: week.eventId,
        eventWeek: week.eventWeek,
        opensAt: window.opensAt.toISOString(),
        closesAt: window.closesAt.toISOString(),
        status: weekStatus(week, zone, now),
        active: flags[week.setNum - 1] ?? true,
        attempt: attempt ? attemptView(attempt) : null,
      };
    }),
  };
}

/** The open requests for more time, oldest first (ADR 0037). */
export async function openTimeRequests(db: Database): Promise<OpenTimeRequests> {
  const rows = await repo.findOpenTimeRequests(db);
  return {
    requests: rows.map((row) => ({
      player: toSummary(row),
      note: row.request.note,
      requestedAt: row.request.requestedAt.toISOString(),
    })),
  };
}
