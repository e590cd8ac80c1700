import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFailed } from 'vitest';
import { projectRoot } from '../../src/server/project-root';

/**
 * The built server (dist/server/server.js) as a child process, an HTTP client without
 * keep-alive (each request its own connection, so "refused" means refused), and polling.
 */

export const SERVER_PORTS = [3500, 3501, 3502, 3503, 3504, 3505, 3506, 3507, 3508, 3509];

/** Children still alive, killed at exit even when a test failed half-way. */
const children = new Set<ChildProcess>();
/** The servers' data folders (and logs), removed by `removeServerFolders` in `afterAll`. */
const folders = new Set<string>();
export function removeServerFolders(): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/** The first port of `candidates` nobody listens on. */
export async function freePort(candidates: number[], taken: number[] = []): Promise<number> {
  for (const port of candidates) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`none of the ports ${candidates.join(', ')} is free`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `intervalMs` until it returns a value other than undefined. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > until) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await sleep(intervalMs);
  }
}

/**
 * One season timeline for every server the suite starts: each starts its clock (CLOCK_START)
 * at week 1's Wednesday plus the real time elapsed since the suite began, as a real clock
 * would have moved on while a process was down.
 */
const SEASON_MOMENT = Date.parse('2025-02-05T10:00:00Z');
const suiteStartedAt = Date.now();
export const seasonNow = () => new Date(SEASON_MOMENT + Date.now() - suiteStartedAt);

export interface ServerProcess {
  port: number;
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  log(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Starts the built server on `databaseUrl` and waits until /health/ready answers 200. */
export async function startServer(options: {
  databaseUrl: string;
  port: number;
  logLevel?: string;
  /** More environment for the server (e.g. SHUTDOWN_DRAIN_SECONDS). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-resilience-server-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    cwd: projectRoot,
    stdio: ['ignore', out, out],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: origin,
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      SEASON_FILE: 'content/seasons/2025.json',
      CLOCK_START: seasonNow().toISOString(),
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '2160',
      ...options.env,
    },
  });
  closeSync(out);
  children.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  // Kept while the suite runs, for a failure message; removed when it ends.
  folders.add(dataDir);
  const server: ServerProcess = {
    port: options.port,
    origin,
    child,
    exited,
    log,
    kill: (signal) => void child.kill(signal),
  };
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    await waitFor('the server to be ready', async () => {
      if (ended) throw new Error(`the server exited during start-up:\n${log()}`);
      const reply = await request(server, 'GET', '/health/ready').catch(() => null);
      return reply?.status === 200 ? true : undefined;
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}

export interface Reply<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
  /** When the response arrived (Date.now()). */
  at: number;
}

/** A request on a connection of its own; rejects on a network error (refused, reset…). */
export function request<T = unknown>(
  target: { port: number },
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Reply<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(method === 'POST' ? { 'x-podium-csrf': '1' } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON (an HTML page): keep the text.
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: body as T,
            at: Date.now(),
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** When the current test fails, prints the end of these logs (server, PostgreSQL) with it. */
export function printLogsOnFailure(logs: () => Record<string, string>): void {
  onTestFailed(() => {
    for (const [name, text] of Object.entries(logs())) {
      console.log(`--- last lines of ${name} ---\n${text.split('\n').slice(-40).join('\n')}`);
    }
  });
}
