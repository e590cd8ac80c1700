import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, run } from './process';

/**
 * A PostgreSQL cluster of the suite's own, in a temporary folder, so that a scenario can
 * terminate its connections, stop and start it without touching any other database on the
 * machine. Trust authentication on 127.0.0.1; the socket lives in the data folder. The
 * benchmark starts a durable one (`npm run bench -- --own-cluster`): PostgreSQL's defaults; to
 * count its instructions, it runs the server under valgrind (`wrapper`).
 */

/** The newest PostgreSQL installed from Debian's packages, unless RESILIENCE_PG_BIN names one. */
const BIN =
  process.env.RESILIENCE_PG_BIN ??
  `/usr/lib/postgresql/${
    readdirSync('/usr/lib/postgresql')
      .filter((version) => /^\d+$/.test(version))
      .sort((a, b) => Number(b) - Number(a))[0]
  }/bin`;
const PORTS = [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439];

/** Clusters still running, stopped at exit even when a test failed half-way. */
const running = new Set<string>();
process.on('exit', () => {
  for (const dataDir of running) {
    spawnSync(
      'runuser',
      ['-u', 'postgres', '--', `${BIN}/pg_ctl`, 'stop', '-D', dataDir, '-m', 'immediate'],
      {
        stdio: 'ignore',
      },
    );
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});

/**
 * As the postgres user when we are root (initdb refuses to run as root; valgrind's control
 * pipes answer only their own user).
 */
export function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

export interface PostgresInstance {
  /** postgres://… of the `podium` database. */
  url: string;
  port: number;
  start(): Promise<void>;
  /** `fast` disconnects every client and shuts down cleanly; `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Runs one statement on a connection of its own (the suite's, never the server's). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  /** pg_terminate_backend on every connection of the database but the caller's. */
  terminateBackends(): Promise<number>;
  /** The server log, for a failure message. */
  log(): string;
  destroy(): Promise<void>;
}

export async function startPostgres(
  options: {
    durable?: boolean;
    /**
     * A command the server runs under, e.g. valgrind's, with its arguments: pg_ctl starts it
     * (through a script in the cluster's folder) with PostgreSQL's own arguments after them.
     */
    wrapper?: string[];
  } = {},
): Promise<PostgresInstance> {
  const root = mkdtempSync(path.join(tmpdir(), 'podium-resilience-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    chownSync(root, uid, gid);
  }
  const port = await freePort(PORTS);
  let wrapped: string | null = null;
  if (options.wrapper) {
    wrapped = path.join(root, 'postgres');
    const quoted = [...options.wrapper, `${BIN}/postgres`]
      .map((word) => `'${word.replaceAll("'", `'\\''`)}'`)
      .join(' ');
    writeFileSync(wrapped, `#!/bin/sh\nexec ${quoted} "$@"\n`);
    chmodSync(wrapped, 0o755);
  }
  await run(
    ...asPostgres(`${BIN}/initdb`, [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]),
  );
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    // The scenarios kill processes, never the machine: durability against an OS crash is not
    // what they test, so the cluster skips fsync to stay fast on a shared 2-core machine.
    ...(options.durable
      ? []
      : [
          '-c fsync=off',
          '-c full_page_writes=off',
          '-c shared_buffers=32MB',
          '-c max_connections=60',
        ]),
  ].join(' ');
  const start = async () => {
    running.add(dataDir);
    await run(
      ...asPostgres(`${BIN}/pg_ctl`, [
        'start',
        '-w',
        '-t',
        wrapped ? '300' : '30',
        ...(wrapped ? ['-p', wrapped] : []),
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        serverOptions,
      ]),
    );
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await run(
      ...asPostgres(`${BIN}/pg_ctl`, ['stop', '-w', '-t', '30', '-D', dataDir, '-m', mode]),
    );
    running.delete(dataDir);
  };
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/podium`;
  await withClient(adminUrl, (client) => client.query('create database podium'));

  return {
    url,
    port,
    start,
    stop,
    query: (text, values) =>
      withClient(url, async (client) => (await client.query(text, values)).rows),
    terminateBackends: async () => {
      const rows = await withClient(
        url,
        async (client) =>
          (
            await client.query<{ terminated: boolean }>(
              `select pg_terminate_backend(pid) as terminated from pg_stat_activity
             where datname = 'podium' and pid <> pg_backend_pid()`,
            )
          ).rows,
      );
      return rows.filter((row) => row.terminated).length;
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    destroy: async () => {
      if (running.has(dataDir)) await stop('immediate').catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
