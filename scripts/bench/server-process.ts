import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Child processes for the benchmark: the built server and the minimal Fastify route. */

export interface Running {
  origin: string;
  /** The process id, for /proc. */
  pid: number | undefined;
  /** CPU time the process has used so far, from one reading of /proc; Linux only, else NaN. */
  cpu(): CpuTime;
  stop(): Promise<void>;
}

/** The fields of /proc/<pid>/stat after the command name, or null when it is gone. */
function statFields(pid: number | string | undefined): { comm: string; fields: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { comm, fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return null;
  }
}

/** CPU time (ms) a process has used so far: in all, and of that in the kernel. */
export interface CpuTime {
  total: number;
  system: number;
}

/** From /proc/<pid>/stat: utime and stime, in clock ticks (100 per second on Linux). */
function cpuOf(pid: number | undefined): CpuTime {
  const stat = statFields(pid);
  if (!stat) return { total: Number.NaN, system: Number.NaN };
  const [utime, stime] = stat.fields.slice(11, 13).map(Number);
  return { total: (utime! + stime!) * 10, system: stime! * 10 };
}

/**
 * CPU time (ms) used so far by the PostgreSQL processes on this machine: every live `postgres`
 * process's own, plus what the postmaster's children that have exited used (cutime, cstime).
 * NaN when none is visible (a database on another machine, or not Linux).
 */
export function postgresCpuMs(): number {
  let total = 0;
  let seen = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return Number.NaN;
  }
  for (const pid of entries) {
    const stat = statFields(pid);
    if (stat?.comm !== 'postgres') continue;
    seen = true;
    const [utime, stime, cutime, cstime] = stat.fields.slice(11, 15).map(Number);
    total += utime! + stime!;
    // The postmaster's parent is not a postgres process: only its exited children are counted.
    if (statFields(stat.fields[1])?.comm !== 'postgres') total += cutime! + cstime!;
  }
  return seen ? total * 10 : Number.NaN;
}

/** CPU time each of these processes has used so far; a process that is gone is left out. */
export function cpuByPid(pids: readonly number[]): Map<number, CpuTime> {
  const result = new Map<number, CpuTime>();
  for (const pid of pids) {
    const used = cpuOf(pid);
    if (!Number.isNaN(used.total)) result.set(pid, used);
  }
  return result;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** How `startServer` runs the server; every option has a default. */
export interface ServerOptions {
  /** Arguments for node itself, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** The server's script (default dist/server/server.js: the build of this checkout). */
  script?: string;
  /** How long it may take to answer /health/ready (default 60 s). */
  readyWithinMs?: number;
  /** A program that runs node (valgrind and its arguments). */
  wrapper?: string[];
}

/** Starts the server with `env` and waits until /health/ready answers 200. */
export async function startServer(
  port: number,
  env: Record<string, string>,
  {
    nodeArgs = [],
    script = 'dist/server/server.js',
    readyWithinMs = 60_000,
    wrapper = [],
  }: ServerOptions = {},
): Promise<Running> {
  const origin = `http://127.0.0.1:${port}`;
  const [command, ...commandArgs] = [...wrapper, process.execPath, ...nodeArgs, script];
  const child = spawn(command!, commandArgs, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
  });
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health/ready`)).ok)
        return {
          origin,
          pid: child.pid,
          cpu: () => cpuOf(child.pid),
          stop: () => stopChild(child),
        };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await stopChild(child);
  throw new Error(`the server did not become ready within ${readyWithinMs / 1000} s`);
}

/** An answer for the minimal route to send: extra headers, and a body instead of {ok:true}. */
export interface Answer {
  headers?: Record<string, string | string[]>;
  body?: Buffer;
}

/** Starts scripts/bench/minimal-server.mjs on `port`, sending `answer`. */
export async function startMinimalServer(port: number, answer: Answer = {}): Promise<Running> {
  const script = 'scripts/bench/minimal-server.mjs';
  const child = spawn(
    process.execPath,
    [
      script,
      String(port),
      JSON.stringify(answer.headers ?? {}),
      ...(answer.body ? [answer.body.toString('base64')] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await Promise.race([
    once(child.stdout!, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('the minimal server exited');
    }),
  ])) as [Buffer];
  const listening = /listening (\d+)/.exec(line.toString());
  if (!listening) throw new Error(`unexpected output: ${line.toString()}`);
  return {
    origin: `http://127.0.0.1:${listening[1]}`,
    pid: child.pid,
    cpu: () => cpuOf(child.pid),
    stop: () => stopChild(child),
  };
}
