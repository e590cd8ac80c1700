import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
   * and `onReconnect` when notifications may have been missed. Returns a function that stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A real PostgreSQL when `databaseUrl` is set, otherwise the embedded PGlite persisted in
 * `dataDir` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onMessage, onReconnect) =>
        listenPostgres(options.databaseUrl!, channel, onMessage, onReconnect),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    close: () => client.close(),
  };
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own, reconnecting after a drop (the database restarting, a
 * terminated backend); `onReconnect` then tells the listener it may have missed messages.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (stopped) return;
      current = null;
      setTimeout(() => void connect().then(onReconnect, () => {}), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      current = client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => {});
  };
}
