import { describe, expect, it } from 'vitest';
import {
  comparePlayers,
  participation,
  rankTeams,
  teamOverallScore,
  teamWeekScore,
  trackProgress,
  type RankablePlayer,
  type TeamWeek,
} from './standings';

/**
 * A small season worked by hand: two teams, three weeks, scores in hundredths.
 *
 * | week | Alpha (members active: scores)      | Bravo (members active: scores)          |
 * |------|-------------------------------------|-----------------------------------------|
 * | 1    | a1 600, a2 300, a3 — (did not play) | b1 500, b2 400; b3 on holiday           |
 * | 2    | a2 700, a3 —; a1 on holiday         | b1 100, b2 —, b3 800                    |
 * | 3    | a1 450, a2 250 (a3 moved to Bravo)  | b1 200, b2 —, b3 —, a3 400 (for Bravo)  |
 *
 * Weekly averages (sum ÷ active members):
 *   Alpha: 900/3 = 300, 700/2 = 350, 700/2 = 350 → overall 1000
 *   Bravo: 900/2 = 450, 900/3 = 300, 600/4 = 150 → overall 900
 */
type TeamName = 'Alpha' | 'Bravo';

/** Who is on which team, and active, each week (index 0 = week 1). */
const membership: Record<string, { team: TeamName; active: boolean }[]> = {
  a1: [
    { team: 'Alpha', active: true },
    { team: 'Alpha', active: false },
    { team: 'Alpha', active: true },
  ],
  a2: [
    { team: 'Alpha', active: true },
    { team: 'Alpha', active: true },
    { team: 'Alpha', active: true },
  ],
  a3: [
    { team: 'Alpha', active: true },
    { team: 'Alpha', active: true },
    { team: 'Bravo', active: true },
  ],
  b1: [
    { team: 'Bravo', active: true },
    { team: 'Bravo', active: true },
    { team: 'Bravo', active: true },
  ],
  b2: [
    { team: 'Bravo', active: true },
    { team: 'Bravo', active: true },
    { team: 'Bravo', active: true },
  ],
  b3: [
    { team: 'Bravo', active: false },
    { team: 'Bravo', active: true },
    { team: 'Bravo', active: true },
  ],
};

/** Each attempt records the team it was played for. */
const attempts: { player: string; week: number; team: TeamName; score: number }[] = [
  { player: 'a1', week: 1, team: 'Alpha', score: 600 },
  { player: 'a2', week: 1, team: 'Alpha', score: 300 },
  { player: 'b1', week: 1, team: 'Bravo', score: 500 },
  { player: 'b2', week: 1, team: 'Bravo', score: 400 },
  { player: 'a2', week: 2, team: 'Alpha', score: 700 },
  { player: 'b1', week: 2, team: 'Bravo', score: 100 },
  { player: 'b3', week: 2, team: 'Bravo', score: 800 },
  { player: 'a1', week: 3, team: 'Alpha', score: 450 },
  { player: 'a2', week: 3, team: 'Alpha', score: 250 },
  { player: 'b1', week: 3, team: 'Bravo', score: 200 },
  { player: 'a3', week: 3, team: 'Bravo', score: 400 },
];

/** The per-team-week figures the server keeps, built here from the table above. */
function teamWeeks(team: TeamName): TeamWeek[] {
  return [1, 2, 3].map((week) => {
    const played = attempts.filter((a) => a.week === week && a.team === team);
    return {
      scoreSum: played.reduce((sum, a) => sum + a.score, 0),
      played: played.length,
      activeMembers: Object.values(membership).filter(
        (weeks) => weeks[week - 1]!.team === team && weeks[week - 1]!.active,
      ).length,
    };
  });
}

describe('the worked season: two teams over three weeks', () => {
  const alpha = teamWeeks('Alpha');
  const bravo = teamWeeks('Bravo');

  it('leaves members on holiday out of the denominator and counts active non-players as 0', () => {
    expect(alpha[0]).toEqual({ scoreSum: 900, played: 2, activeMembers: 3 });
    expect(teamWeekScore(alpha[0]!)).toBe(300);
    // b3 is on holiday in week 1: Bravo's 900 is shared by two members, not three.
    expect(bravo[0]).toEqual({ scoreSum: 900, played: 2, activeMembers: 2 });
    expect(teamWeekScore(bravo[0]!)).toBe(450);
    // a1 is on holiday in week 2; a3 is active and did not play, so Alpha's 700 is split by two.
    expect(alpha[1]).toEqual({ scoreSum: 700, played: 1, activeMembers: 2 });
    expect(teamWeekScore(alpha[1]!)).toBe(350);
    expect(teamWeekScore(bravo[1]!)).toBe(300);
  });

  it('counts a week played after a team change for the team it was played for', () => {
    // a3 played 400 in week 3 for Bravo: Bravo has four active members that week.
    expect(bravo[2]).toEqual({ scoreSum: 600, played: 2, activeMembers: 4 });
    expect(teamWeekScore(bravo[2]!)).toBe(150);
    expect(alpha[2]).toEqual({ scoreSum: 700, played: 2, activeMembers: 2 });
    expect(teamWeekScore(alpha[2]!)).toBe(350);
  });

  it('adds the weekly averages into the overall weighted score', () => {
    expect(teamOverallScore(alpha)).toBe(300 + 350 + 350);
    expect(teamOverallScore(bravo)).toBe(450 + 300 + 150);
  });

  it('ranks the teams week by week: Bravo leads after week 1, Alpha after week 3', () => {
    const ranked = (weeks: number) =>
      rankTeams(
        (['Alpha', 'Bravo'] as const).map((name) => {
          const figures = teamWeeks(name).slice(0, weeks);
          return {
            name,
            overall: teamOverallScore(figures),
            participation: participation(figures.at(-1)!),
          };
        }),
      ).map(({ name, overall, position }) => [position, name, overall]);
    expect(ranked(1)).toEqual([
      [1, 'Bravo', 450],
      [2, 'Alpha', 300],
    ]);
    expect(ranked(2)).toEqual([
      [1, 'Bravo', 750],
      [2, 'Alpha', 650],
    ]);
    expect(ranked(3)).toEqual([
      [1, 'Alpha', 1000],
      [2, 'Bravo', 900],
    ]);
  });

  it('gives participation as members who played ÷ active members, in whole percent', () => {
    expect(alpha.map(participation)).toEqual([67, 50, 100]);
    expect(bravo.map(participation)).toEqual([100, 67, 50]);
  });
});

describe('teamWeekScore and participation: rounding and empty teams', () => {
  it('rounds the average to the nearest hundredth of a point', () => {
    expect(teamWeekScore({ scoreSum: 1000, played: 2, activeMembers: 4 })).toBe(250);
    expect(teamWeekScore({ scoreSum: 1000, played: 3, activeMembers: 3 })).toBe(333);
    expect(teamWeekScore({ scoreSum: 2000, played: 3, activeMembers: 3 })).toBe(667);
    expect(teamWeekScore({ scoreSum: 1, played: 1, activeMembers: 2 })).toBe(1);
  });

  it('rounds each week before adding them: three thirds of 10 points make 9.99', () => {
    const third = { scoreSum: 1000, played: 3, activeMembers: 3 };
    expect(teamOverallScore([third, third, third])).toBe(999);
  });

  it('scores 0 and 0 % for a week with no active member (nobody to divide by)', () => {
    const empty = { scoreSum: 0, played: 0, activeMembers: 0 };
    expect(teamWeekScore(empty)).toBe(0);
    expect(participation(empty)).toBe(0);
    expect(teamOverallScore([])).toBe(0);
  });

  it('rounds participation to the whole percent: 1 of 3 is 33 %, 2 of 3 is 67 %', () => {
    expect(participation({ scoreSum: 0, played: 1, activeMembers: 3 })).toBe(33);
    expect(participation({ scoreSum: 0, played: 2, activeMembers: 3 })).toBe(67);
    expect(participation({ scoreSum: 0, played: 0, activeMembers: 3 })).toBe(0);
  });
});

describe('rankTeams: ties', () => {
  it('orders by overall score, then participation, then name, and numbers the positions', () => {
    const ranked = rankTeams([
      { name: 'Delta', overall: 1000, participation: 50 },
      { name: 'Alpha', overall: 1000, participation: 50 },
      { name: 'Charlie', overall: 1000, participation: 80 },
      { name: 'Bravo', overall: 1200, participation: 10 },
      { name: 'Echo', overall: 0, participation: 0 },
    ]);
    expect(ranked.map(({ position, name }) => [position, name])).toEqual([
      [1, 'Bravo'],
      [2, 'Charlie'],
      [3, 'Alpha'],
      [4, 'Delta'],
      [5, 'Echo'],
    ]);
  });

  it('keeps the fields of each team and does not reorder the input', () => {
    const input = [
      { name: 'B', overall: 1, participation: 0, teamId: 2 },
      { name: 'A', overall: 2, participation: 0, teamId: 1 },
    ];
    expect(rankTeams(input)).toEqual([
      { name: 'A', overall: 2, participation: 0, teamId: 1, position: 1 },
      { name: 'B', overall: 1, participation: 0, teamId: 2, position: 2 },
    ]);
    expect(input.map((team) => team.name)).toEqual(['B', 'A']);
  });
});

describe('comparePlayers: ties', () => {
  const player = (
    name: string,
    total: number,
    totalTimeMs: number,
    last: string,
  ): RankablePlayer & { name: string } => ({
    name,
    total,
    totalTimeMs,
    lastSubmissionAt: new Date(last),
  });
  const order = (players: (RankablePlayer & { name: string })[]) =>
    [...players].sort(comparePlayers).map((p) => p.name);

  it('puts the higher season total first', () => {
    expect(
      order([
        player('low', 900, 10_000, '2025-02-05T10:00:00Z'),
        player('high', 1000, 90_000, '2025-02-06T10:00:00Z'),
      ]),
    ).toEqual(['high', 'low']);
  });

  it('breaks an equal total by the lower total time', () => {
    expect(
      order([
        player('slow', 1000, 90_000, '2025-02-05T10:00:00Z'),
        player('fast', 1000, 60_000, '2025-02-06T10:00:00Z'),
      ]),
    ).toEqual(['fast', 'slow']);
  });

  it('breaks an equal total and time by the earlier last submission', () => {
    expect(
      order([
        player('later', 1000, 60_000, '2025-02-06T10:00:00.001Z'),
        player('earlier', 1000, 60_000, '2025-02-06T10:00:00Z'),
      ]),
    ).toEqual(['earlier', 'later']);
  });

  it('finds two players equal on all three as a tie (0)', () => {
    const a = player('a', 1000, 60_000, '2025-02-06T10:00:00Z');
    const b = player('b', 1000, 60_000, '2025-02-06T10:00:00Z');
    expect(comparePlayers(a, b)).toBe(0);
  });
});

describe('trackProgress: how far along the track a marker stands', () => {
  it('is participation / 100', () => {
    expect(trackProgress(250, 80)).toBe(0.8);
    expect(trackProgress(1, 33)).toBe(0.33);
  });

  it('is capped at 1 (the finish line)', () => {
    expect(trackProgress(250, 100)).toBe(1);
    expect(trackProgress(250, 150)).toBe(1);
  });

  it('is 0 when the team has no points, whatever its participation', () => {
    expect(trackProgress(0, 100)).toBe(0);
    expect(trackProgress(-50, 80)).toBe(0);
  });

  it('is never below 0', () => {
    expect(trackProgress(250, 0)).toBe(0);
    expect(trackProgress(250, -10)).toBe(0);
  });
});
