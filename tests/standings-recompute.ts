import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/server/db/client';
import {
  activeWeeks,
  attempts,
  players,
  questions,
  seasons,
  teams,
  teamWeekStats,
  weeks,
} from '../src/server/db/schema';
import type { PlayerStats } from '#shared/contracts/play';
import type {
  MyTeam,
  RegionalWinners,
  Standings,
  TrackStandings,
} from '#shared/contracts/standings';
import { seasonPosition, weekStatus, weekWindow } from '#shared/domain/calendar';
import {
  comparePlayers,
  participation,
  rankTeams,
  teamOverallScore,
  teamWeekScore,
} from '#shared/domain/standings';

/**
 * Standings recomputed from the raw rows alone (players, their active weeks, their attempts),
 * never from the aggregates the server keeps (team_week_stats, player_totals), and compared
 * with what the API serves. The team score rule: a team's week score is the sum of its
 * active members' week scores ÷ its active members; participation is members who played ÷
 * active members; the overall score is the sum of the weekly scores.
 *
 * Which team a player counts for in a week (ADR 0006, ADR 0009):
 * - a week they played: the team of the attempt;
 * - otherwise the team they belonged to when the week was still open to them: a team counts
 *   every week not closed (in its time zone) when the player joined it, at registration
 *   (`registered_at`) or at a change (`team_since`), until a later team takes them.
 * The raw rows keep only the current team: a player who changed team and has unplayed, active
 * weeks that closed before `team_since` needs `teamHistory` (what the test did), or the
 * recomputation throws rather than guess.
 *
 * Formulas (rounding, ranking) come from src/shared/domain/standings.ts, which has its own unit
 * tests; what is independent here is every count and sum. The week scores summed are the stored
 * ones; `attemptsAgainstTheirAnswers` (below) checks each of them against the attempt's raw
 * answers with a scoring of its own.
 */

/** A player's teams in order: the first from registration, each later one from `since`. */
export type TeamHistory = Map<string, { teamId: number; since: Date }[]>;

export interface RecomputedWeek {
  activeMembers: number;
  played: number;
  scoreSum: number;
  timeSumMs: number;
}

export interface Recomputed {
  seasonId: string;
  /** Per team id, its six weeks (index 0 = week 1). */
  teamWeeks: Map<number, RecomputedWeek[]>;
  /** What GET /api/standings must serve. */
  standings: Standings;
  /** What GET /api/standings/track must serve, per set number (1–6). */
  tracks: Map<number, TrackStandings>;
  /** What GET /api/standings/my-team must serve to a member of the team. */
  myTeam(teamId: number): MyTeam;
  /** What GET /api/standings/winners must serve. */
  winners: RegionalWinners;
  /** What GET /api/me/stats must serve to the player. */
  playerStats(playerId: string): PlayerStats;
}

export async function recomputeStandings(
  db: Database,
  now: Date,
  options: { teamHistory?: TeamHistory } = {},
): Promise<Recomputed> {
  const [season] = await db.select().from(seasons).where(eq(seasons.current, true));
  if (!season) throw new Error('no current season to recompute');
  const [weekRows, teamRows, playerRows, flagRows, attemptRows] = await Promise.all([
    db.select().from(weeks).where(eq(weeks.seasonId, season.id)).orderBy(asc(weeks.setNum)),
    db.select().from(teams),
    db.select().from(players).where(isNotNull(players.registeredAt)),
    db.select().from(activeWeeks).where(eq(activeWeeks.seasonId, season.id)),
    db.select().from(attempts).where(eq(attempts.seasonId, season.id)),
  ]);
  const teamById = new Map(teamRows.map((team) => [team.id, team]));
  const zoneOf = (teamId: number) => teamById.get(teamId)!.timeZone;

  const teamWeeks = new Map<number, RecomputedWeek[]>(
    teamRows.map((team) => [
      team.id,
      weekRows.map(() => ({ activeMembers: 0, played: 0, scoreSum: 0, timeSumMs: 0 })),
    ]),
  );
  const slot = (teamId: number, setNum: number) => teamWeeks.get(teamId)![setNum - 1]!;

  // Scores: every scored attempt counts for the team it was played for.
  for (const attempt of attemptRows) {
    if (attempt.weekScore === null) continue;
    const week = slot(attempt.teamId, attempt.setNum);
    week.played += 1;
    week.scoreSum += attempt.weekScore;
    week.timeSumMs += attempt.elapsedMs ?? 0;
  }

  // Active members: the team each registered player counts for in each of their active weeks.
  for (const player of playerRows) {
    if (player.teamId === null) continue;
    const flagRow = flagRows.find((row) => row.playerId === player.id);
    const flags = flagRow
      ? [flagRow.week1, flagRow.week2, flagRow.week3, flagRow.week4, flagRow.week5, flagRow.week6]
      : [true, true, true, true, true, true];
    const history = options.teamHistory?.get(player.id);
    const since = player.teamSince ?? player.registeredAt!;
    for (const week of weekRows) {
      if (!flags[week.setNum - 1]) continue;
      const played = attemptRows.find(
        (attempt) => attempt.playerId === player.id && attempt.setNum === week.setNum,
      );
      if (played) {
        slot(played.teamId, week.setNum).activeMembers += 1;
        continue;
      }
      let counting: number | undefined;
      if (history) {
        // The latest team joined while the week was not closed in that team's zone; the first
        // one counts from registration.
        counting = [...history]
          .map((entry, index) => ({
            ...entry,
            since: index === 0 ? player.registeredAt! : entry.since,
          }))
          .reverse()
          .find(
            (entry) => weekStatus(week, zoneOf(entry.teamId), entry.since) !== 'closed',
          )?.teamId;
      } else if (weekStatus(week, zoneOf(player.teamId), since) !== 'closed') {
        counting = player.teamId;
      } else if (
        since > player.registeredAt! &&
        weekStatus(week, zoneOf(player.teamId), player.registeredAt!) !== 'closed'
      ) {
        // Counted for a former team the raw rows no longer name.
        throw new Error(
          `player ${player.id} changed team after week ${week.setNum} closed without playing it: pass teamHistory`,
        );
      }
      if (counting === undefined) continue; // closed before they registered: no team
      slot(counting, week.setNum).activeMembers += 1;
    }
  }

  // The week the figures run to, as the server decides it (the season's own time zone).
  const statuses = weekRows.map((week) => weekStatus(week, season.timeZone, now));
  const begun = statuses.filter((status) => status !== 'upcoming').length;
  const position = seasonPosition(weekRows, season.timeZone, now);
  const setNum =
    begun === 0 ? null : position.phase === 'week-open' ? position.week!.setNum : begun;

  // Each player's season: their scored weeks, counted for their current team.
  const totals = new Map<
    string,
    { total: number; totalTimeMs: number; lastSubmissionAt: Date; teamId: number; name: string }
  >();
  for (const attempt of attemptRows) {
    if (attempt.weekScore === null) continue;
    const player = playerRows.find((row) => row.id === attempt.playerId);
    // An erased player's scores count for the team, but they are nobody to rank (ADR 0038).
    if (!player || player.teamId === null || player.erasedAt) continue;
    const submitted = Math.max(
      attempt.finishedAt?.getTime() ?? 0,
      // A challenger that ran out is decided when the server notices; its deadline is the
      // closest the raw rows hold (ties on total and time are then told apart approximately).
      (attempt.challengerAnsweredAt ?? attempt.challengerDeadlineAt)?.getTime() ?? 0,
    );
    const entry = totals.get(player.id) ?? {
      total: 0,
      totalTimeMs: 0,
      lastSubmissionAt: new Date(0),
      teamId: player.teamId,
      name: player.name ?? ([player.givenName, player.familyName].filter(Boolean).join(' ') || '—'),
    };
    entry.total += attempt.weekScore;
    entry.totalTimeMs += attempt.elapsedMs ?? 0;
    if (submitted > entry.lastSubmissionAt.getTime()) entry.lastSubmissionAt = new Date(submitted);
    totals.set(player.id, entry);
  }
  const topOf = (teamId: number) =>
    [...totals.values()].filter((entry) => entry.teamId === teamId).sort(comparePlayers)[0];
  const winners: RegionalWinners = {
    final: position.phase === 'ended',
    winners: (['ASEAN', 'LATAM', 'EUROPE', 'US_CANADA'] as const).flatMap((region) => {
      const best = [...totals.values()]
        .filter((entry) => teamById.get(entry.teamId)!.region === region)
        .sort(comparePlayers)[0];
      if (!best) return [];
      const team = teamById.get(best.teamId)!;
      return [
        {
          region,
          name: best.name,
          team: team.name,
          flag: team.flag,
          total: best.total,
          totalSeconds: Math.round(best.totalTimeMs / 1000),
          lastSubmissionAt: best.lastSubmissionAt.toISOString(),
        },
      ];
    }),
  };

  const rank = (through: number) =>
    rankTeams(
      teamRows.map((team) => {
        const figures = teamWeeks.get(team.id)!.slice(0, through);
        const last = figures.at(-1);
        return {
          team,
          name: team.name,
          overall: teamOverallScore(figures),
          participation: last ? participation(last) : 0,
        };
      }),
    );
  const ranked = rank(setNum ?? 0);
  const previous =
    setNum !== null && setNum > 1
      ? new Map(rank(setNum - 1).map((row) => [row.team.id, row.position]))
      : null;
  const standings: Standings = {
    setNum,
    teams: ranked.map((row) => {
      const top = topOf(row.team.id);
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
    }),
  };

  const tracks = new Map<number, TrackStandings>();
  for (const week of weekRows) {
    const rows = teamRows
      .map((team) => {
        const figures = slot(team.id, week.setNum);
        return {
          teamId: team.id,
          name: team.name,
          flag: team.flag,
          points: teamWeekScore(figures),
          participation: participation(figures),
        };
      })
      .sort(
        (a, b) =>
          b.points - a.points ||
          b.participation - a.participation ||
          a.name.localeCompare(b.name, 'en'),
      );
    tracks.set(week.setNum, {
      setNum: week.setNum,
      teams: rows.map((row, index) => ({ ...row, position: index + 1 })),
    });
  }

  return {
    seasonId: season.id,
    teamWeeks,
    standings,
    tracks,
    winners,
    playerStats(playerId) {
      const scored = attemptRows.filter(
        (attempt) => attempt.playerId === playerId && attempt.weekScore !== null,
      );
      // The fastest complete set: an incomplete one says nothing about speed.
      const complete = scored.filter((attempt) => attempt.answeredCount === 5);
      return {
        totalScore: scored.reduce((sum, attempt) => sum + attempt.weekScore!, 0),
        bestWeekScore: scored.length ? Math.max(...scored.map((a) => a.weekScore!)) : null,
        fastestSeconds: complete.length
          ? Math.round(Math.min(...complete.map((a) => a.elapsedMs!)) / 1000)
          : null,
        challengersAttempted: scored.filter((a) => a.challengerStartedAt !== null).length,
        challengersCorrect: scored.filter((a) => a.challengerCorrect === true).length,
      };
    },
    myTeam(teamId) {
      const row = standings.teams.find((entry) => entry.teamId === teamId)!;
      const week = setNum ? slot(teamId, setNum) : null;
      return {
        teamId,
        name: row.name,
        flag: row.flag,
        overall: row.overall,
        position: setNum ? row.position : null,
        participants: week?.played ?? 0,
        activeMembers: week?.activeMembers ?? 0,
        averageSeconds:
          week && week.played > 0 ? Math.round(week.timeSumMs / week.played / 1000) : null,
      };
    },
  };
}

/** The 2025 calendar's event weeks, as /api/standings/track takes them. */
const eventWeekOf = (week: { eventId: number; eventWeek: number }) =>
  `eventId=${week.eventId}&eventWeek=${week.eventWeek}`;

/**
 * Recomputes the standings from the raw rows and expects the API to serve exactly them:
 * /api/standings, /api/standings/track for every week, /api/standings/my-team for each
 * `members` cookie given (one per team worth checking), and the stored per-team-week figures
 * (team_week_stats) for every week, begun or not. Returns the recomputation.
 */
export async function expectStandingsToMatchRawRows(
  app: FastifyInstance,
  db: Database,
  options: {
    /** A signed-in player's session cookie (any registered player). */
    cookie: string;
    now: Date;
    teamHistory?: TeamHistory;
    /** Cookies of registered players whose team's tiles to check. */
    members?: { cookie: string; teamId: number }[];
    /** Registered players whose /api/me/stats to check. */
    players?: { cookie: string; playerId: string }[];
    /** Check /api/standings/winners too (the tie-break's last submission included). */
    winners?: boolean;
  },
): Promise<Recomputed> {
  const expected = await recomputeStandings(db, options.now, options);
  const get = async (url: string, cookie = options.cookie) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as unknown;
  };

  // The aggregates themselves, week by week (the API shows only some of them).
  const stored = await db
    .select()
    .from(teamWeekStats)
    .where(and(eq(teamWeekStats.seasonId, expected.seasonId)));
  const storedFigures = Object.fromEntries(
    [...expected.teamWeeks.keys()].map((teamId) => [
      teamId,
      expected.teamWeeks.get(teamId)!.map((_, index) => {
        const row = stored.find((entry) => entry.teamId === teamId && entry.setNum === index + 1);
        return {
          activeMembers: row?.activeMembers ?? 0,
          played: row?.played ?? 0,
          scoreSum: row?.scoreSum ?? 0,
          timeSumMs: row?.timeSumMs ?? 0,
        };
      }),
    ]),
  );
  expect(storedFigures, 'team_week_stats against the raw rows').toEqual(
    Object.fromEntries(expected.teamWeeks),
  );

  expect(await get('/api/standings'), '/api/standings').toEqual(expected.standings);
  const weekRows = await db
    .select()
    .from(weeks)
    .where(eq(weeks.seasonId, expected.seasonId))
    .orderBy(asc(weeks.setNum));
  for (const week of weekRows) {
    expect(
      await get(`/api/standings/track?${eventWeekOf(week)}`),
      `track of week ${week.setNum}`,
    ).toEqual(expected.tracks.get(week.setNum));
  }
  for (const member of options.members ?? []) {
    expect(
      await get('/api/standings/my-team', member.cookie),
      `my-team of team ${member.teamId}`,
    ).toEqual(expected.myTeam(member.teamId));
  }
  if (options.winners) {
    expect(await get('/api/standings/winners'), '/api/standings/winners').toEqual(expected.winners);
  }
  for (const player of options.players ?? []) {
    expect(await get('/api/me/stats', player.cookie), `stats of ${player.playerId}`).toEqual(
      expected.playerStats(player.playerId),
    );
  }
  return expected;
}

/** When the week closes in a team's zone: handy for building a TeamHistory. */
export const closesAt = (week: Parameters<typeof weekWindow>[0], timeZone: string): Date =>
  weekWindow(week, timeZone).closesAt;

/**
 * The scores the standings add up, checked against the answers they come from: every attempt
 * re-scored from its raw answers (the option given, the options the question's key accepts —
 * its correct option and those a correction accepted, none once voided (ADR 0041) — the server's
 * times) by a plain computation written from the rule (1 point per correct answer, the speed bonus,
 * the challenger's +5 or halving), not by the production scoring, and compared with the stored
 * figures (answered, correct, elapsed, main and week score). Also the rules a stored attempt must
 * keep: answers in order, to its own questions, within its deadline and grace; and no attempt left
 * open past its deadline (a read or the sweep closes it). Returns one line per difference; none is
 * expected.
 */
export async function attemptsAgainstTheirAnswers(db: Database, now: Date): Promise<string[]> {
  const [rows, questionRows] = await Promise.all([
    db.select().from(attempts),
    db
      .select({
        id: questions.id,
        correctOption: questions.correctOption,
        acceptedOptions: questions.acceptedOptions,
        voidedAt: questions.voidedAt,
      })
      .from(questions),
  ]);
  const correctOf = new Map(
    questionRows.map((q) => [
      q.id,
      { options: q.voidedAt ? [] : [q.correctOption, ...q.acceptedOptions], voided: !!q.voidedAt },
    ]),
  );
  const out: string[] = [];
  for (const attempt of rows) {
    const key = `attempt ${attempt.id} (week ${attempt.setNum})`;
    const problems = rescore(attempt, correctOf, now);
    out.push(...problems.rules.map((rule) => `${key}: ${rule}`));
    if (JSON.stringify(problems.stored) !== JSON.stringify(problems.rescored)) {
      out.push(
        `${key}: stored ${JSON.stringify(problems.stored)}, re-scored ${JSON.stringify(problems.rescored)}`,
      );
    }
  }
  return out;
}

const PLAY_MS = 300_000;
const GRACE_MS = 2_000;

function rescore(
  attempt: typeof attempts.$inferSelect,
  correctOf: Map<number, { options: string[]; voided: boolean }>,
  now: Date,
) {
  const rules: string[] = [];
  const started = attempt.startedAt.getTime();
  const deadline = attempt.deadlineAt.getTime();
  // Its own time at most: 300 s × its time factor (the week's close may cut it shorter).
  if (deadline - started > (PLAY_MS * attempt.timePercent) / 100)
    rules.push(`deadline beyond its ${attempt.timePercent}% of 5 minutes`);
  let correct = 0;
  let last = started;
  attempt.answers.forEach((answer, index) => {
    const at = Date.parse(answer.answeredAt);
    if (answer.position !== index + 1) rules.push(`answer ${answer.position} out of order`);
    if (answer.questionId !== attempt.questionIds[answer.position - 1])
      rules.push(`answer ${answer.position} to another question`);
    if (at < started || at > deadline + GRACE_MS)
      rules.push(`answer ${answer.position} outside its time (${answer.answeredAt})`);
    const right = correctOf.get(answer.questionId)!.options.includes(answer.option);
    if (right !== answer.correct) rules.push(`answer ${answer.position} marked ${answer.correct}`);
    if (right) correct += 1;
    last = Math.max(last, at);
  });
  const answered = attempt.answers.length;
  if (attempt.finishedAt === null) {
    if (now.getTime() > deadline + GRACE_MS) rules.push('still open past its deadline');
    return { rules, stored: null, rescored: null };
  }
  // 1 point a correct answer; a complete set adds (correct / 5) × (1 − elapsed / allowance), in
  // hundredths rounded down, always below 1 point (elapsed: to the last answer; the allowance:
  // 300 s times the time factor the attempt started with, stored on it in percent).
  const toLastAnswerMs = last - started;
  const allowanceMs = (PLAY_MS * attempt.timePercent) / 100;
  // The time a set used: to its last answer when complete, else until it closed (finished, or
  // its deadline), never 0 for a time-out.
  const elapsedMs =
    answered === 5 ? toLastAnswerMs : Math.min(attempt.finishedAt.getTime(), deadline) - started;
  const bonus =
    answered === 5
      ? Math.min(
          99,
          Math.floor(
            (correct * (allowanceMs - Math.min(toLastAnswerMs, allowanceMs)) * 100) /
              (5 * allowanceMs),
          ),
        )
      : 0;
  const main = correct * 100 + bonus;
  // The challenger: right +5 points; wrong, or started and not answered in time, halves the week.
  let week: number | null = main;
  if (attempt.challengerStartedAt) {
    const challengerDeadline = attempt.challengerDeadlineAt!.getTime();
    if (
      challengerDeadline - attempt.challengerStartedAt.getTime() >
      (PLAY_MS * attempt.timePercent) / 100
    )
      rules.push('challenger deadline beyond its own time');
    const answeredAt = attempt.challengerAnsweredAt?.getTime();
    if (answeredAt !== undefined && answeredAt > challengerDeadline + GRACE_MS)
      rules.push('challenger answered after its deadline');
    const challengerKey = correctOf.get(attempt.challengerQuestionId!)!;
    if (challengerKey.voided && attempt.challengerCorrect !== null) {
      // A voided challenger counts for nobody: neither +5 nor the halving.
      week = main;
      if (attempt.challengerCorrect) rules.push('voided challenger marked correct');
    } else if (answeredAt !== undefined && attempt.challengerOption !== null) {
      const right = challengerKey.options.includes(attempt.challengerOption);
      if (attempt.challengerCorrect !== null && attempt.challengerCorrect !== right)
        rules.push(`challenger marked ${attempt.challengerCorrect}`);
      week = right ? main + 500 : Math.floor(main / 2);
    } else if (now.getTime() > challengerDeadline + GRACE_MS) {
      week = Math.floor(main / 2);
    } else {
      week = attempt.challengerCorrect === null ? main : null; // still running
    }
  }
  return {
    rules,
    stored: {
      answered: attempt.answeredCount,
      correct: attempt.correctCount,
      elapsedMs: attempt.elapsedMs,
      main: attempt.mainScore,
      week: attempt.weekScore,
    },
    rescored: { answered, correct, elapsedMs, main, week },
  };
}
