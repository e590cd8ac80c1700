import { is, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

/**
 * A query that Drizzle builds once and PostgreSQL plans once (ADR 0012, 0026). Drizzle builds
 * the SQL of a query on every call, and node-postgres sends it unnamed, so PostgreSQL parses and
 * plans it every time; on the play path that was a third of the server's time and much of the
 * database's. `prepared` builds the query with `sql.placeholder`s on first use and runs it as a
 * named prepared statement (each connection prepares it once) on the connection of the `db` it
 * is given: the pool, or the transaction's own connection. After five runs PostgreSQL keeps a
 * generic plan when it costs no more than the plans made for the values: a key lookup's.
 *
 * @example
 * const byId = prepared('player_by_id', (db) =>
 *   db.select().from(players).where(eq(players.id, sql.placeholder('id'))),
 * );
 * const [player] = await byId(tx, { id });
 */
export function prepared<Result>(
  name: string,
  build: (db: Database) => Preparable<Result>,
): (db: Database, values?: Record<string, unknown>) => Promise<Result> {
  // One per driver (node-postgres, PGlite): the query objects differ, the SQL does not.
  const built = new Map<unknown, PreparedQuery<Result>>();
  return (db, values = {}) => {
    const { session } = db as unknown as DrizzleInternals;
    let query = built.get(session.constructor);
    if (!query) {
      query = build(db).prepare(name);
      built.set(session.constructor, query);
    }
    // Drizzle's prepared query runs on the client it was prepared with; this one runs it on
    // `db`'s (drizzle-orm 0.45: `session.client` on both drivers, read by `execute`).
    const bound = Object.create(query, { client: { value: session.client } }) as typeof query;
    return bound.execute(values);
  };
}

/**
 * A statement in SQL, for what Drizzle's builders cannot say, prepared the same way: `$1`… take
 * `values` in order; rows come back as PostgreSQL names them (no mapping to camelCase).
 */
export function preparedSql<Row>(
  name: string,
  text: string,
): (db: Database, values: unknown[]) => Promise<Row[]> {
  return (db, values) => runSql<Row>(db, name, text, values);
}

/**
 * A statement in SQL that PostgreSQL plans for its values on every run (sent unnamed), for one
 * whose best plan depends on how many rows the tables hold: a plan kept from a season's first
 * minutes, when they were empty, would read every row once they have grown (ADR 0026).
 */
export function sqlPlannedEachRun<Row>(
  text: string,
): (db: Database, values: unknown[]) => Promise<Row[]> {
  return (db, values) => runSql<Row>(db, null, text, values);
}

async function runSql<Row>(
  db: Database,
  name: string | null,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const { session } = db as unknown as DrizzleInternals;
  const client = session.client as {
    query(config: unknown, values?: unknown[]): Promise<{ rows: Row[] }>;
  };
  // node-postgres names the statement; PGlite prepares each query by itself.
  const result =
    name !== null && is(session, NodePgSession)
      ? await client.query({ name, text, values })
      : await client.query(text, values);
  return result.rows;
}

interface PreparedQuery<Result> {
  execute(values?: Record<string, unknown>): Promise<Result>;
}

interface Preparable<Result> {
  prepare(name: string): PreparedQuery<Result>;
}

interface DrizzleInternals {
  session: { client: unknown; constructor: unknown };
}

/**
 * A placeholder where Drizzle's types want a column's value (an update's `set`). At run time
 * Drizzle treats it like a value: bound with the column's encoder (a jsonb column's value is
 * sent as JSON), filled in when the prepared query runs. The encoder also gets a null: for a
 * nullable timestamp, use sql`${sql.placeholder(name)}` instead.
 */
export function valueOf<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
