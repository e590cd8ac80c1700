/**
 * Team and player standings, each rule on its function below (the aggregates: ADR 0008). Scores
 * are in hundredths of a point.
 */

export interface TeamWeek {
  /** Sum of the week scores of the team's members who played it. */
  scoreSum: number;
  /** Members who played the week. */
  played: number;
  /** Members active that week (not on holiday), whether they played or not. */
  activeMembers: number;
}

/**
 * A team's score for one week: the sum of its active members' scores divided by the number of
 * active members (members on holiday are left out; active members who did not play count 0).
 * Rounded to the hundredth.
 * @example teamWeekScore({ scoreSum: 1000, played: 2, activeMembers: 4 }) // 250
 */
export function teamWeekScore(week: TeamWeek): number {
  return week.activeMembers > 0 ? Math.round(week.scoreSum / week.activeMembers) : 0;
}

/** The overall weighted score: the sum of the weekly averages. */
export function teamOverallScore(weeks: readonly TeamWeek[]): number {
  return weeks.reduce((total, week) => total + teamWeekScore(week), 0);
}

/**
 * Participation: members who played ÷ active members, as a whole percentage.
 * @example participation({ scoreSum: 0, played: 1, activeMembers: 3 }) // 33
 */
export function participation(week: TeamWeek): number {
  return week.activeMembers > 0 ? Math.round((week.played / week.activeMembers) * 100) : 0;
}

export interface RankableTeam {
  name: string;
  overall: number;
  participation: number;
}

/** Ties: higher overall score, then higher participation, then name. */
export function compareTeams(a: RankableTeam, b: RankableTeam): number {
  return (
    b.overall - a.overall || b.participation - a.participation || a.name.localeCompare(b.name, 'en')
  );
}

/** Teams in standing order with their 1-based positions. */
export function rankTeams<T extends RankableTeam>(
  teams: readonly T[],
): (T & { position: number })[] {
  return [...teams].sort(compareTeams).map((team, index) => ({ ...team, position: index + 1 }));
}

export interface RankablePlayer {
  total: number;
  /** Milliseconds spent over the season's weeks. */
  totalTimeMs: number;
  lastSubmissionAt: Date;
}

/** Ties: higher total, then lower total time, then the earlier last submission. */
export function comparePlayers(a: RankablePlayer, b: RankablePlayer): number {
  return (
    b.total - a.total ||
    a.totalTimeMs - b.totalTimeMs ||
    a.lastSubmissionAt.getTime() - b.lastSubmissionAt.getTime()
  );
}

/**
 * How far along the track a team's marker stands (0–1): participation / 100 capped at 1, and
 * 0 when the team has no points.
 * @example trackProgress(250, 80) // 0.8
 */
export function trackProgress(points: number, participationPercent: number): number {
  if (points <= 0) return 0;
  return Math.min(1, Math.max(0, participationPercent / 100));
}
