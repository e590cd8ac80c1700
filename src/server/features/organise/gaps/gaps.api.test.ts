import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../../tests/factories';
import { ok, signInOrganiser, type ApiClient } from '../../../../../tests/organise-helpers';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  SECOND,
  type Player,
  type PlayApp,
} from '../../../../../tests/play-helpers';
import type { Gaps, GapsQuery } from '#shared/contracts/organise-gaps';
import { REGIONS } from '#shared/contracts/season';
import {
  correctPercent,
  questionFlags,
  questionOutcomes,
  type QuestionOutcome,
} from '#shared/domain/knowledge-gaps';
import { averageSeconds } from '#shared/domain/time-used';
import { attempts, questions, teams } from '../../../db/schema';
import { parseCsvRecords } from '../csv';

/**
 * GET /api/organise/gaps and its CSV (ADR 0021): ten players play week 1 through the real API
 * (one times out at question 3, four play the challenger); every figure served must equal a
 * recomputation from the raw attempt rows, done here question by question, and the CSV must
 * carry the same numbers as the JSON.
 */

let t: PlayApp;
let organiser: ApiClient;
const PLAYERS = [
  ['demo-ana', 'es'],
  ['demo-luis', 'mx'],
  ['demo-camille', 'fr'],
  ['demo-kasia', 'pl'],
  ['demo-putri', 'id'],
  ['demo-somchai', 'th'],
  ['demo-linh', 'vn'],
  ['demo-emily', 'us'],
  ['demo-olivia', 'gb'],
  ['demo-rafael', 'br'],
] as const;

/**
 * Plays week 1: question 1 always wrong with the same wrong option (a flawed question),
 * question 2 always right, the others right for every second player; player i answers after
 * 10 + i seconds each. Player 9 (Rafael) lets the time run out after question 2.
 */
async function play(player: Player, index: number) {
  const view = expectStatus(await player.start(), 200);
  const key = await answerKey(t.database.db, view.id);
  const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, view.id));
  const firstWrong = (position: number) => {
    const id = String(row!.questionIds[position - 1]);
    return [...row!.optionOrders[id]!].sort().find((option) => option !== key.right(position))!;
  };
  const last = index === 9 ? 2 : 5;
  for (let position = 1; position <= last; position++) {
    t.clock.advance((10 + index) * SECOND);
    const right = position === 2 || (position > 2 && index % 2 === 0);
    const option =
      position === 1 ? firstWrong(1) : right ? key.right(position) : key.wrong(position);
    expectStatus(await player.answer(view.id, position, option), 200);
  }
  if (last < 5) {
    t.clock.advance(6 * 60 * SECOND);
    expect(expectStatus(await player.attempt(view.id), 200).status).toBe('done');
  } else if (index < 4) {
    expectStatus(await player.startChallenger(view.id), 200);
    t.clock.advance(7 * SECOND);
    // The challenger's key exists once it has started.
    const started = await answerKey(t.database.db, view.id);
    const option = index < 2 ? started.challengerRight() : started.challengerWrong();
    expectStatus(await player.answerChallenger(view.id, option), 200);
  }
}

beforeAll(async () => {
  t = await createPlayApp(moments2025.beforeLaunch);
  organiser = await signInOrganiser(t.app);
  const registered: Player[] = [];
  for (const [account, team] of PLAYERS) {
    registered.push(await registeredPlayer(t, account, { team }));
  }
  t.clock.set(moments2025.week1Open);
  for (const [index, player] of registered.entries()) await play(player, index);
}, 300_000);
afterAll(() => t.close());

/** What the API must serve, recomputed from the raw attempts, question and team rows. */
async function recompute(filter: GapsQuery) {
  const db = t.database.db;
  const [rows, questionRows, teamRows] = await Promise.all([
    db.select().from(attempts),
    db.select().from(questions),
    db.select().from(teams),
  ]);
  const teamOf = new Map(teamRows.map((team) => [team.id, team]));
  const outcomes: (QuestionOutcome & { teamId: number })[] = rows
    .filter((row) => filter.setNum === undefined || row.setNum === filter.setNum)
    .filter((row) => filter.teamId === undefined || row.teamId === filter.teamId)
    .filter(
      (row) => filter.region === undefined || teamOf.get(row.teamId)!.region === filter.region,
    )
    .flatMap((row) => questionOutcomes(row).map((outcome) => ({ ...outcome, teamId: row.teamId })));
  const figures = (list: QuestionOutcome[]) => {
    const timed = list.filter((outcome) => outcome.timeMs !== null);
    const correct = list.filter((outcome) => outcome.correct).length;
    return {
      counted: list.length,
      correct,
      timedOut: list.filter((outcome) => outcome.option === null).length,
      correctShare: correctPercent(correct, list.length),
      averageSeconds: averageSeconds(
        timed.reduce((sum, outcome) => sum + outcome.timeMs!, 0),
        timed.length,
      ),
    };
  };
  const question = (id: number) => questionRows.find((row) => row.id === id)!;
  const byQuestion = new Map<number, QuestionOutcome[]>();
  for (const outcome of outcomes) {
    byQuestion.set(outcome.questionId, [...(byQuestion.get(outcome.questionId) ?? []), outcome]);
  }
  const byTopic = new Map<string, (QuestionOutcome & { teamId: number })[]>();
  for (const outcome of outcomes) {
    const category = question(outcome.questionId).category;
    byTopic.set(category, [...(byTopic.get(category) ?? []), outcome]);
  }
  return {
    questions: new Map(
      [...byQuestion].map(([id, list]) => {
        const options = Object.keys(question(id).translations.en!.options).map((option) => ({
          option,
          correct: option === question(id).correctOption,
          chosen: list.filter((outcome) => outcome.option === option).length,
        }));
        return [id, { ...figures(list), flags: questionFlags(options), options }];
      }),
    ),
    topics: new Map(
      [...byTopic].map(([category, list]) => [
        category,
        {
          ...figures(list),
          regions: new Map(
            REGIONS.map((region) => [
              region,
              figures(list.filter((outcome) => teamOf.get(outcome.teamId)!.region === region)),
            ]),
          ),
          teams: new Map(
            [...new Set(list.map((outcome) => outcome.teamId))].map((teamId) => [
              teamId,
              figures(list.filter((outcome) => outcome.teamId === teamId)),
            ]),
          ),
        },
      ]),
    ),
    questionId: (setNum: number, slot: number | 'challenger') =>
      questionRows.find(
        (row) =>
          row.setNum === setNum &&
          (slot === 'challenger'
            ? row.kind === 'challenger'
            : row.kind === 'main' && row.position === slot),
      )!.id,
  };
}

const pick = ({ counted, correct, timedOut, correctShare, averageSeconds }: Gaps['topics'][0]) => ({
  counted,
  correct,
  timedOut,
  correctShare,
  averageSeconds,
});

async function expectRecomputed(query: string, filter: GapsQuery) {
  const served = ok<Gaps>(await organiser.get(`/api/organise/gaps${query}`));
  const expected = await recompute(filter);
  expect(served.questions).toHaveLength(expected.questions.size);
  for (const question of served.questions) {
    const want = expected.questions.get(expected.questionId(question.setNum, question.slot))!;
    expect(pick(question as never), `week ${question.setNum} ${question.slot}`).toEqual(
      pick(want as never),
    );
    expect(question.flags).toEqual(want.flags);
    expect(question.options.map(({ key, chosen }) => ({ key, chosen }))).toEqual(
      want.options.map(({ option, chosen }) => ({ key: option, chosen })),
    );
  }
  expect(served.topics.map((topic) => topic.category).sort()).toEqual(
    [...expected.topics.keys()].sort(),
  );
  for (const topic of served.topics) {
    const want = expected.topics.get(topic.category)!;
    expect(pick(topic), topic.category).toEqual(pick(want as never));
    for (const row of topic.byRegion)
      expect(pick(row as never)).toEqual(want.regions.get(row.region));
    expect(topic.byTeam).toHaveLength(want.teams.size);
    for (const row of topic.byTeam) expect(pick(row as never)).toEqual(want.teams.get(row.teamId));
  }
  const shares = served.topics.map((topic) => topic.correctShare!);
  expect(shares).toEqual([...shares].sort((a, b) => a - b));
  return served;
}

describe('GET /api/organise/gaps', () => {
  it('serves, for the whole season, the figures recomputed from the raw attempt rows', async () => {
    const served = await expectRecomputed('', {});
    expect(served.filter).toEqual({ setNum: null, region: null, teamId: null });
    expect(served.topics.length).toBeGreaterThan(0);
  });

  it('counts what the players did: the time-out, the times, the challenger', async () => {
    const served = ok<Gaps>(await organiser.get('/api/organise/gaps?setNum=1'));
    const slot = (name: number | 'challenger') => served.questions.find((q) => q.slot === name)!;
    // Everyone answered question 1 (wrong) and 2 (right); players took 10 + i seconds each.
    expect(slot(1)).toMatchObject({ counted: 10, correct: 0, correctShare: 0, timedOut: 0 });
    expect(slot(2)).toMatchObject({ counted: 10, correct: 10, correctShare: 100 });
    // (10 + 11 + … + 19) / 10 = 14.5 s, rounded to whole seconds.
    expect(slot(2).averageSeconds).toBe(15);
    // Rafael's time ran out on question 3: not correct, and no answer time.
    expect(slot(3)).toMatchObject({ counted: 10, timedOut: 1, correct: 5, correctShare: 50 });
    expect(slot(3).averageSeconds).toBe(14);
    expect(slot(4)).toMatchObject({ counted: 9, timedOut: 0 });
    // Four challengers, two right, each answered after 7 s.
    expect(slot('challenger')).toMatchObject({ counted: 4, correct: 2, averageSeconds: 7 });
    // The weakest question is first.
    expect(served.questions[0]!.slot).toBe(1);
  });

  it('flags the question everyone got wrong with the same option, and only that one', async () => {
    const served = ok<Gaps>(await organiser.get('/api/organise/gaps?setNum=1'));
    const flagged = served.questions.filter((question) => question.flags.length > 0);
    expect(flagged.map((question) => [question.slot, question.flags])).toEqual([
      [1, ['fewCorrect', 'popularWrongOption']],
    ]);
    expect(served.thresholds).toEqual({
      minAnswers: 10,
      lowCorrectPercent: 20,
      popularWrongPercent: 50,
    });
  });

  it('filters by region and by team, still equal to the recomputation', async () => {
    await expectRecomputed('?setNum=1&region=EUROPE', { setNum: 1, region: 'EUROPE' });
    const [spain] = await t.database.db.select().from(teams).where(eq(teams.code, 'es'));
    const served = await expectRecomputed(`?teamId=${spain!.id}`, { teamId: spain!.id });
    expect(served.questions.every((question) => question.counted === 1)).toBe(true);
  });

  it('counts the answers of a set still being played, and no time-out for it', async () => {
    const aisha = await registeredPlayer(t, 'test-aisha', { team: 'de' });
    const view = expectStatus(await aisha.start(), 200);
    const key = await answerKey(t.database.db, view.id);
    for (const position of [1, 2]) {
      t.clock.advance(5 * SECOND);
      expectStatus(await aisha.answer(view.id, position, key.right(position)), 200);
    }
    const [germany] = await t.database.db.select().from(teams).where(eq(teams.code, 'de'));
    const served = await expectRecomputed(`?setNum=1&teamId=${germany!.id}`, {
      setNum: 1,
      teamId: germany!.id,
    });
    // Question 3 is on her screen, with time left: not a time-out, not counted yet.
    expect(
      served.questions.map(({ slot, counted, timedOut }) => [slot, counted, timedOut]),
    ).toEqual(
      expect.arrayContaining([
        [1, 1, 0],
        [2, 1, 0],
      ]),
    );
    expect(served.questions).toHaveLength(2);
  });

  it('is empty for a week nobody played yet', async () => {
    const served = ok<Gaps>(await organiser.get('/api/organise/gaps?setNum=2'));
    expect(served).toMatchObject({ topics: [], questions: [] });
  });

  it('answers bad filters with 400, never a 500', async () => {
    for (const query of ['setNum=9', 'region=MARS', 'teamId=-1', 'teamId=x']) {
      const response = await organiser.get(`/api/organise/gaps?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/organise/exports/gaps.csv', () => {
  it('carries the same numbers as the JSON, row for row', async () => {
    const served = ok<Gaps>(await organiser.get('/api/organise/gaps?setNum=1'));
    const response = await organiser.get('/api/organise/exports/gaps.csv?setNum=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="knowledge-gaps-week-1.csv"',
    );
    const { records } = parseCsvRecords(response.body);
    const text = (value: number | null) => (value === null ? '' : String(value));
    const numbers = (row: Omit<Gaps['topics'][0], 'category' | 'byRegion' | 'byTeam'>) => [
      String(row.counted),
      String(row.correct),
      String(row.timedOut),
      text(row.correctShare),
      text(row.averageSeconds),
    ];
    const fromCsv = (values: Record<string, string>) =>
      ['counted', 'correct', 'timed_out', 'correct_percent', 'average_seconds'].map(
        (name) => values[name],
      );
    const topics = records.filter((record) => record.values.row === 'topic');
    expect(topics.map((record) => record.values.topic)).toEqual(
      served.topics.map((topic) => topic.category),
    );
    topics.forEach((record, index) =>
      expect(fromCsv(record.values)).toEqual(numbers(served.topics[index]!)),
    );
    const teamRows = records.filter((record) => record.values.row === 'topic_team');
    expect(teamRows).toHaveLength(served.topics.reduce((n, topic) => n + topic.byTeam.length, 0));
    const questionRows = records.filter((record) => record.values.row === 'question');
    expect(questionRows).toHaveLength(served.questions.length);
    questionRows.forEach((record, index) => {
      const question = served.questions[index]!;
      expect(record.values).toMatchObject({
        week: '1',
        slot: String(question.slot),
        question: question.text,
        flags: question.flags.join(' '),
      });
      expect(fromCsv(record.values)).toEqual(numbers(question));
    });
  });
});
