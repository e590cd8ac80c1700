import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, teamByCode, weeksOff } from '../../../../../tests/factories';
import {
  ok,
  readCsv,
  refused,
  signInOrganiser,
  type ApiClient,
} from '../../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  updateProfile,
  type Player,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { Attempt } from '#shared/contracts/play';
import type { PlayerSummary } from '#shared/contracts/organise-players';
import type { Dashboard } from '#shared/contracts/organise-reports';
import type { RegionalWinners } from '#shared/contracts/standings';

let t: PlayApp;
let organiser: ApiClient;
const played: Record<string, Attempt> = {};
let ana: Player;
beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  const registered: Record<string, Player> = {};
  for (const [account, team, activeWeeks] of [
    ['demo-ana', 'es', weeksOff()],
    ['demo-camille', 'fr', weeksOff()],
    ['demo-kasia', 'pl', weeksOff()],
    ['demo-somchai', 'th', weeksOff()],
    ['demo-linh', 'vn', weeksOff()],
    ['demo-luis', 'mx', weeksOff(1)],
  ] as const) {
    registered[account] = await registeredPlayer(t, account, { team, activeWeeks });
  }
  ana = registered['demo-ana']!;
  const spain = await teamByCode(t.database.db, 'es');
  const saved = await updateProfile(t.app, ana, {
    language: 'en',
    teamId: spain.id,
    salesTeamId: spain.salesTeams[0]!.id,
    activeWeeks: weeksOff(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  t.clock.set(moments2025.week1Open);
  played.ana = await playWeek(t, ana, { pattern: 'rrrrr', challenger: 'right' });
  played.camille = await playWeek(t, registered['demo-camille']!, { pattern: 'rrwww' });
  played.kasia = await playWeek(t, registered['demo-kasia']!, { pattern: 'wwwww' });
});
afterAll(() => t.close());

describe('GET /api/organise/weeks/:setNum/dashboard', () => {
  let board: Dashboard;
  beforeAll(async () => {
    board = ok<Dashboard>(await organiser.get('/api/organise/weeks/1/dashboard'));
  });

  it('counts participation over active, registered players (Luis is on holiday, the organiser is not registered)', () => {
    expect(board).toMatchObject({
      setNum: 1,
      status: 'open',
      readiness: { ready: true },
      notPlayed: 2,
    });
    expect(board.totals).toMatchObject({ activeMembers: 5, played: 3, participation: 60 });
    const mean = Math.round(
      (played.ana!.weekScore! + played.camille!.weekScore! + played.kasia!.weekScore!) / 3,
    );
    expect(board.totals.averageScore).toBe(mean);
    expect(board.totals.averageSeconds).toBe(60);
  });

  it('breaks participation down by team and by sales team', () => {
    const team = (name: string) => board.teams.find((row) => row.name === name)!;
    expect(team('Spain')).toMatchObject({
      activeMembers: 1,
      played: 1,
      participation: 100,
      averageScore: played.ana!.weekScore,
    });
    expect(team('Thailand')).toMatchObject({
      activeMembers: 1,
      played: 0,
      participation: 0,
      averageScore: null,
      averageSeconds: null,
    });
    expect(team('Mexico')).toMatchObject({ activeMembers: 0, played: 0 });
    expect(board.salesTeams).toEqual([
      expect.objectContaining({
        teamName: 'Spain',
        name: 'Nutrición Infantil',
        activeMembers: 1,
        played: 1,
        participation: 100,
      }),
    ]);
  });

  it('lists the hardest questions first, with the share of each option', () => {
    expect(board.questions.map((question) => [question.slot, question.correctShare])).toEqual([
      [3, 33],
      [4, 33],
      [5, 33],
      [1, 67],
      [2, 67],
      ['challenger', 100],
    ]);
    const first = board.questions.find((question) => question.slot === 1)!;
    expect(first).toMatchObject({ answered: 3, correct: 2 });
    expect(first.options.filter((option) => option.correct)).toEqual([
      expect.objectContaining({ chosen: 2, share: 67 }),
    ]);
    expect(first.options.reduce((sum, option) => sum + option.chosen, 0)).toBe(3);
    expect(first.text).toMatch(/\?$/);
  });

  it('shows an upcoming week with no answers yet, and refuses week 0', async () => {
    const next = ok<Dashboard>(await organiser.get('/api/organise/weeks/2/dashboard'));
    expect(next).toMatchObject({
      status: 'upcoming',
      totals: { played: 0, participation: 0, averageScore: null },
      notPlayed: 6,
    });
    expect(
      next.questions.every((question) => question.answered === 0 && question.correctShare === null),
    ).toBe(true);
    refused(await organiser.get('/api/organise/weeks/0/dashboard'), 400, 'BAD_REQUEST');
  });
});

describe('who has not played yet', () => {
  it('pages the active, registered players without an attempt, by team', async () => {
    const page = ok<{ total: number; players: PlayerSummary[] }>(
      await organiser.get('/api/organise/weeks/1/not-played?pageSize=1'),
    );
    expect(page.total).toBe(2);
    expect(page.players.map((player) => player.name)).toEqual(['Somchai Srisuk']);
  });

  it('exports them as CSV with a BOM, Vietnamese names intact', async () => {
    const { header, rows } = readCsv(await organiser.get('/api/organise/weeks/1/not-played.csv'));
    expect(header).toEqual(['name', 'email', 'team', 'sales_team', 'language']);
    expect(rows).toEqual([
      {
        name: 'Somchai Srisuk',
        email: 'somchai.srisuk@example.com',
        team: 'Thailand',
        sales_team: '',
        language: 'en',
      },
      {
        name: 'Linh Nguyễn',
        email: 'linh.nguyen@example.com',
        team: 'Vietnam',
        sales_team: '',
        language: 'en',
      },
    ]);
  });
});

describe('CSV exports', () => {
  const points = (hundredths: number) => (hundredths / 100).toFixed(2);

  it('standings per week: position, overall and week points, participation', async () => {
    const { header, rows } = readCsv(await organiser.get('/api/organise/exports/standings.csv'));
    expect(header).toEqual([
      'week',
      'position',
      'team',
      'region',
      'overall_points',
      'week_points',
      'participation_percent',
      'active_members',
      'played',
    ]);
    expect(rows).toHaveLength(16); // week 1 has begun: one row per team
    expect(rows[0]).toEqual({
      week: '1',
      position: '1',
      team: 'Spain',
      region: 'EUROPE',
      overall_points: points(played.ana!.weekScore!),
      week_points: points(played.ana!.weekScore!),
      participation_percent: '100',
      active_members: '1',
      played: '1',
    });
    expect(rows.find((row) => row.team === 'Thailand')).toMatchObject({
      week_points: '0.00',
      participation_percent: '0',
      active_members: '1',
      played: '0',
    });
    const week2 = readCsv(await organiser.get('/api/organise/exports/standings.csv?setNum=2'));
    expect(week2.rows.every((row) => row.week === '2')).toBe(true);
    refused(
      await organiser.get('/api/organise/exports/standings.csv?setNum=9'),
      400,
      'BAD_REQUEST',
    );
  });

  it('player totals: ranked by the tie-breaks, with each week’s points', async () => {
    const { rows } = readCsv(await organiser.get('/api/organise/exports/players.csv'));
    expect(rows.map((row) => [row.rank, row.name])).toEqual([
      ['1', 'Ana García'],
      ['2', 'Camille Martin'],
      ['3', 'Katarzyna Nowak'],
      ['', 'Linh Nguyễn'],
      ['', 'Luis Hernández'],
      ['', 'Somchai Srisuk'],
    ]);
    expect(rows[0]).toMatchObject({
      email: 'ana.garcia@example.com',
      team: 'Spain',
      sales_team: 'Nutrición Infantil',
      total_points: points(played.ana!.weekScore!),
      total_time_seconds: '60',
      weeks_played: '1',
      week_1_points: points(played.ana!.weekScore!),
      week_2_points: '',
    });
    expect(rows[3]).toMatchObject({ total_points: '0.00', weeks_played: '0', last_submission: '' });
  });

  it('regional winners with their tie-break figures, as the standings show them', async () => {
    const { header, rows } = readCsv(
      await organiser.get('/api/organise/exports/regional-winners.csv'),
    );
    expect(header).toEqual([
      'region',
      'rank',
      'name',
      'email',
      'team',
      'total_points',
      'total_time_seconds',
      'total_time',
      'last_submission',
    ]);
    const winners = ok<RegionalWinners>(
      await t.app.inject({ url: '/api/standings/winners', headers: { cookie: ana.cookie } }),
    );
    expect(rows).toEqual(
      winners.winners.map((winner) => ({
        region: winner.region,
        rank: '1',
        name: winner.name,
        email: 'ana.garcia@example.com',
        team: winner.team,
        total_points: points(winner.total),
        total_time_seconds: String(winner.totalSeconds),
        total_time: '00:01:00',
        last_submission: winner.lastSubmissionAt,
      })),
    );
    const top3 = readCsv(await organiser.get('/api/organise/exports/regional-winners.csv?top=3'));
    expect(top3.rows.map((row) => [row.region, row.rank, row.name])).toEqual([
      ['EUROPE', '1', 'Ana García'],
      ['EUROPE', '2', 'Camille Martin'],
      ['EUROPE', '3', 'Katarzyna Nowak'],
    ]);
    refused(
      await organiser.get('/api/organise/exports/regional-winners.csv?top=0'),
      400,
      'BAD_REQUEST',
    );
  });
});
