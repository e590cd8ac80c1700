import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  registeredPlayer,
  seedPlayers,
  SECOND,
  storedAttempt,
  type PlayApp,
} from '../../../../tests/play-helpers';
import { playerTotals } from '../../db/schema';

/**
 * The play path's statements keep their plans whatever PostgreSQL believes about the table: at
 * a season's start the statistics of `attempts` are taken while it is empty (an ANALYZE, or
 * autovacuum's first one), and thousands of attempts arrive before the next. A statement that
 * offered the planner another index than the key then scanned every attempt of the week for
 * each answer (2.9 ms and 3,300 buffers instead of 0.1 ms and 6). The whole week is played
 * through the API, every statement sent about attempts is captured at the driver and
 * EXPLAINed with its own values and as a generic plan, which a prepared statement keeps after
 * its fifth run (ADR 0026). PostgreSQL only: PGlite is another driver to capture at.
 */

const ATTEMPTS = 2000;
/** Indexes a single player's row is found by; any other plan reads other players' attempts. */
const KEY_INDEXES = new Set(['attempts_pkey', 'attempts_one_per_week']);

interface Sent {
  text: string;
  values: unknown[];
}

let t: PlayApp;
const sent: Sent[] = [];
let capturing = false;
const query = pg.Client.prototype.query;
/** The driver's own query, uncaptured. */
const send = (client: pg.Client, text: string, values: unknown[] = []) =>
  (query as (this: pg.Client, ...args: unknown[]) => Promise<pg.QueryResult>).call(
    client,
    text,
    values,
  );

beforeAll(async () => {
  t = await createPlayApp();
  if (t.database.kind !== 'postgres') return;
  // The statistics of an empty table, then the attempts of a week that began meanwhile.
  await t.database.db.execute(sql`analyze`);
  await seedPlayers(t.database.db, { count: ATTEMPTS, weeksPlayed: 0, activeRate: 1 });
  await t.database.db.execute(sql`
    insert into attempts (player_id, season_id, set_num, team_id, started_at, deadline_at,
      question_ids, option_orders)
    select id, '2025', 1, team_id, now(), now() + interval '5 minutes', '[]', '{}'
    from players where oidc_issuer = 'seed'`);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[]];
    const text = typeof config === 'string' ? config : config.text;
    if (capturing)
      sent.push({
        text,
        values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])),
      });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});

afterAll(async () => {
  pg.Client.prototype.query = query;
  await t.close();
});

/** The indexes and tables a plan reads (depth-first through its JSON). */
function scans(plan: Record<string, unknown>): string[] {
  // The write itself (ModifyTable) names the table too; what it reads is below it.
  const own =
    plan['Relation Name'] === 'attempts' && plan['Node Type'] !== 'ModifyTable'
      ? [String(plan['Index Name'] ?? `${String(plan['Node Type'])} on attempts`)]
      : [];
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...own, ...children.flatMap(scans)];
}

describe('the plans of the play path', () => {
  it('find every attempt by its key, with 2,000 attempts stored since the statistics', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const player = await registeredPlayer(t, 'demo-ana');
    capturing = true;
    expectStatus(await player.current(), 200);
    const { id } = expectStatus<{ id: string }>(await player.start(), 200);
    capturing = false;
    const key = await answerKey(t.database.db, id);
    capturing = true;
    for (const position of [1, 2, 3, 4, 5]) {
      t.clock.advance(10 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
    expectStatus(await player.finish(id), 200);
    expectStatus(await player.startChallenger(id), 200);
    capturing = false;
    const challenger = await answerKey(t.database.db, id);
    capturing = true;
    expectStatus(await player.answerChallenger(id, challenger.challengerRight()), 200);
    expectStatus(await player.attempt(id), 200);
    capturing = false;

    const aboutAttempts = sent.filter(({ text }) => /\battempts\b/.test(text));
    expect(aboutAttempts.length).toBeGreaterThan(8);
    // On a connection of its own to the app's database, planned as the app's are.
    const pool = (
      t.database.db as unknown as { $client: { options: { connectionString: string } } }
    ).$client;
    const explainer = new pg.Client({ connectionString: pool.options.connectionString });
    await explainer.connect();
    const plans: { statement: string; plan: string; reads: string[] }[] = [];
    const explain = async (statement: string, plan: string, text: string, values: unknown[]) => {
      const result = await send(explainer, `explain (format json) ${text}`, values);
      const [{ Plan }] = (result.rows[0] as { 'QUERY PLAN': [{ Plan: Record<string, unknown> }] })[
        'QUERY PLAN'
      ];
      plans.push({ statement: statement.slice(0, 60), plan, reads: scans(Plan) });
    };
    try {
      // Planned for its values, as an unnamed statement is, and as the generic plan that a
      // prepared statement keeps after its fifth run (ADR 0026).
      for (const [index, { text, values }] of aboutAttempts.entries()) {
        await send(explainer, 'set plan_cache_mode = force_custom_plan');
        await explain(text, 'custom', text, values);
        await send(explainer, `prepare statement_${index} as ${text}`);
        await send(explainer, 'set plan_cache_mode = force_generic_plan');
        // A generic plan does not depend on the values: nulls stand in for them.
        const nulls = values.map(() => 'null').join(', ');
        await explain(text, 'generic', `execute statement_${index}(${nulls})`, []);
      }
    } finally {
      await explainer.end();
    }
    expect(plans.filter(({ plan }) => plan === 'generic')).toHaveLength(aboutAttempts.length);
    const elsewhere = plans.filter((plan) => plan.reads.some((read) => !KEY_INDEXES.has(read)));
    expect(elsewhere).toEqual([]);
  });

  it('score the fifth answer and decide the challenger in one read and one write each, and start the challenger in one write, without a transaction', async (context) => {
    if (t.database.kind !== 'postgres') return context.skip();
    const player = await registeredPlayer(t, 'demo-luis');
    const { id } = expectStatus<{ id: string }>(await player.start(), 200);
    const key = await answerKey(t.database.db, id);
    for (const position of [1, 2, 3, 4]) {
      t.clock.advance(10 * SECOND);
      expectStatus(await player.answer(id, position, key.right(position)), 200);
    }
    /** The statements one request sends, by their first words. */
    const statementsOf = async (request: () => Promise<unknown>) => {
      sent.length = 0;
      capturing = true;
      await request();
      capturing = false;
      return sent.map(({ text }) => text.trim().split(/\s+/).slice(0, 2).join(' '));
    };

    const fifth = await statementsOf(async () => {
      const scored = expectStatus(await player.answer(id, 5, key.right(5)), 200);
      expect(scored.result?.correctCount).toBe(5);
    });
    // Without the usual case's path: begin, the locked read, the score, the standings, commit.
    expect(fifth).toEqual(['select "id",', 'with change']);

    // The challenger's start: one guarded update, without reading the attempt first.
    const start = await statementsOf(async () => {
      const started = expectStatus(await player.startChallenger(id), 200);
      expect(started.challenger?.status).toBe('in-progress');
    });
    expect(start).toEqual(['update "attempts"']);

    const challenger = await answerKey(t.database.db, id);
    const decided = await statementsOf(async () => {
      const answered = expectStatus(
        await player.answerChallenger(id, challenger.challengerRight()),
        200,
      );
      expect(answered.challenger?.outcome).toBe('correct');
    });
    expect(decided).toEqual(['select "id",', 'with change']);

    // Counted in the standings as the locked path counts: the player's total is the week's.
    const [total] = await t.database.db
      .select()
      .from(playerTotals)
      .where(eq(playerTotals.playerId, player.playerId));
    expect(total!.total).toBe((await storedAttempt(t.database.db, id)).attempt.weekScore);
  });
});
