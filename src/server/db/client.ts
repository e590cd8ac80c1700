import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls `onMessage` for each NOTIFY on `channel` (from any instance sharing the database),
   * and `onConnectionChange(false)` when the LISTEN connection dropped (other instances'
   * notifications are missed until `onConnectionChange(true)`). Returns a function that stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onConnectionChange: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Connections now (for the metrics): PGlite has one, always open, and queues queries inside. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle?: number;
  /** Queries waiting for a free connection. */
  waiting?: number;
}

/**
 * A real PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite persisted in
 * `dataDir` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /** PostgreSQL connections at most (default 10); PGlite has one. */
  poolSize?: number;
  /**
   * How long a connection may sit idle in the pool before it is closed (default 10 s, pg-pool's);
   * 0 keeps it until its lifetime ends.
   */
  poolIdleMs?: number;
  dataDir: string | null;
  /**
   * An in-memory PGlite (`dataDir` null) starts from this data folder, as PGlite's
   * `dumpDataDir` wrote it, instead of running initdb: the tests' migrated database, made once
   * per run (tests/pglite-image.ts).
   */
  pgliteImage?: Blob;
  /** Told of each connection PostgreSQL dropped (terminated, restarted), for the log. */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      // Prepared statements (db/prepared.ts) keep the plan PostgreSQL settles on (ADR 0026):
      // planning each run was 45 % of their time. A plan chosen while a table was nearly empty
      // (a season's first minutes) would scan it once it has grown; autovacuum's next ANALYZE
      // replaces it, and a connection lives at most this long, whatever the statistics.
      maxLifetimeSeconds: CONNECTION_LIFETIME_S,
      // With the database away, a request waits at most this long for a connection, then
      // answers 503 (http/errors.ts) instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection opened again costs both sides: the backend's start-up and caches, and each
      // prepared statement parsed and planned anew.
      idleTimeoutMillis: options.poolIdleMs,
    });
    // A dropped connection must not crash the process; the next query gets a fresh one. The
    // pool listens for errors on idle clients only: a client checked out by a transaction when
    // its backend is terminated would emit an unhandled 'error' and end the process. Its query
    // fails anyway and the pool discards it on release.
    const onConnectionError = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const listenLocally = deliverOwnNotifications(db);
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: async (channel, onMessage, onConnectionChange) => {
        const stopLocal = listenLocally(channel, onMessage);
        const stop = await listenPostgres(
          options.databaseUrl!,
          channel,
          onMessage,
          onConnectionChange,
        ).catch((error: unknown) => {
          stopLocal();
          throw error;
        });
        return async () => {
          stopLocal();
          await stop();
        };
      },
      poolStats: () => ({
        max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await initialisePgliteFolder(dir);
    client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  } else {
    client = await PGlite.create({
      startParams: PGLITE_START_PARAMS,
      loadDataDir: options.pgliteImage,
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  trackCommits(db);
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      // Stopping after the database was closed (shutdown, tests) has nothing left to undo.
      return () => (client.closed ? Promise.resolve() : stop().catch(() => {}));
    },
    poolStats: () => ({ max: 1, total: client.closed ? 0 : 1 }),
    close: () => client.close(),
  };
}

const CONNECT_TIMEOUT_MS = 5000;
/** A pool connection's life: the longest a prepared statement's stale plan can last. */
const CONNECTION_LIFETIME_S = 600;

/**
 * PGlite's PostgreSQL with 32 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite
 * touches all of its buffer pool inside the WebAssembly memory, so each 8 MB here is 8 MB of the
 * process's memory, whatever the data. The embedded database serves one process and a demo or a
 * small season; what does not fit is read from the folder through the system's file cache. This
 * took the first start from about 405 to about 300 MB (ADR 0017).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Creates PGlite's data folder `dir` when it is missing or empty, in a child process: PGlite's
 * initdb grows the WebAssembly memory of the process that runs it to about 800 MB, which is never
 * given back, while opening a folder that exists takes under 400 MB (ADR 0017). The child works
 * in a folder of its own that is renamed into place once complete, so that a crash leaves no
 * half-made database behind.
 */
async function initialisePgliteFolder(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) return;
  const staging = `${dir}.init-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await promisify(execFile)(process.execPath, [
      '-e',
      INITDB_CHILD,
      pgliteModule(),
      staging,
      JSON.stringify(PGLITE_START_PARAMS),
    ]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(
      `PGlite could not create its data folder ${dir}${stderr ? `: ${stderr}` : ''}`,
      {
        cause: error,
      },
    );
  }
}

const INITDB_CHILD = `
const [, pgliteModule, dir, startParams] = process.argv;
require(pgliteModule).PGlite.create(dir, { startParams: JSON.parse(startParams) })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

function pgliteModule(): string {
  return createRequire(import.meta.url).resolve('@electric-sql/pglite');
}

type Listener = (payload: string) => void;
/** Per PostgreSQL database object: this instance's listeners, by channel. */
const ownListeners = new WeakMap<object, Map<string, Set<Listener>>>();
/** Per open transaction: its database and the local deliveries due once it commits. */
const openTransactions = new WeakMap<object, { db: object; deliveries: (() => void)[] }>();

/**
 * Lets this instance hear its own NOTIFYs as soon as the writing transaction has committed,
 * before its promise resolves. PostgreSQL delivers them to the LISTEN connection a moment after
 * the COMMIT has returned, so a read right after a write could otherwise be served from a cache
 * that has not heard of it yet.
 */
function deliverOwnNotifications(db: Database) {
  const listeners = new Map<string, Set<Listener>>();
  ownListeners.set(db, listeners);
  trackCommits(db);
  return (channel: string, listener: Listener) => {
    const set = listeners.get(channel) ?? new Set<Listener>();
    listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  };
}

/** Wraps `db.transaction` to run, once it has committed, what `afterCommit` queued in it. */
function trackCommits(db: Database) {
  const transaction: Database['transaction'] = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const deliveries: (() => void)[] = [];
    const result = await transaction((tx) => {
      openTransactions.set(tx, { db, deliveries });
      return work(tx);
    }, config);
    for (const deliver of deliveries) deliver();
    return result;
  }) as Database['transaction'];
}

/**
 * Runs `effect` once the caller's transaction has committed (never if it rolls back), or at
 * once if `db` is not a transaction: for what must only count what was kept (the metrics).
 */
export function afterCommit(db: Database, effect: () => void): void {
  const open = openTransactions.get(db);
  if (open) open.deliveries.push(effect);
  else effect();
}

/**
 * NOTIFY `channel` with `payload`, in the caller's transaction if `db` is one: every instance's
 * listeners hear it once it commits, and this instance's before the transaction resolves.
 * (PGlite calls its listeners at the commit itself.)
 */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
  notifiedInStatement(db, channel, payload);
}

/**
 * After a statement of the caller's that called `pg_notify(channel, payload)` itself (to save a
 * round trip): this instance's listeners hear it as `notify` would have them.
 */
export function notifiedInStatement(db: Database, channel: string, payload: string): void {
  const open = openTransactions.get(db);
  const listeners = ownListeners.get(open?.db ?? db)?.get(channel);
  if (!listeners) return;
  const deliver = () => {
    for (const listener of listeners) listener(payload);
  };
  if (open) open.deliveries.push(deliver);
  else deliver();
}

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 2000;

/**
 * LISTEN on a connection of its own, reconnecting after a drop (the database restarting, a
 * terminated backend) with a backoff from 0.2 to 2 s, for as long as it takes.
 * `onConnectionChange(false)` says notifications are being missed from now on, `true` that
 * they arrive again (and that some may have been missed in between).
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onConnectionChange: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client) return; // a failed attempt, or stopped
      current = null;
      onConnectionChange(false);
      reconnectLater();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await client.end().catch(() => {}));
    current = client;
  };

  const reconnectLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          delay = RECONNECT_MIN_MS;
          if (!stopped) onConnectionChange(true);
        },
        () => {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          reconnectLater();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
