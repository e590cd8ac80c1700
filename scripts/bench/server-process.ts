import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Child processes for the benchmark: the built server and the minimal Fastify route. */

export interface Running {
  origin: string;
  /** CPU time (user + system) the process has used so far, in ms; Linux only, else NaN. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** From /proc/<pid>/stat: utime and stime, in clock ticks (100 per second on Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts dist/server/server.js with `env` (and `nodeArgs` for node itself, e.g. --cpu-prof) and
 * waits until /health/ready answers 200.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  script = 'dist/server/server.js',
): Promise<Running> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, script], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health/ready`)).ok)
        return { origin, cpuMs: () => cpuMsOf(child.pid), stop: () => stopChild(child) };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await stopChild(child);
  throw new Error('the server did not become ready within 60 s');
}

/** Starts scripts/bench/minimal-server.mjs on `port`. */
export async function startMinimalServer(port: number): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/bench/minimal-server.mjs', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    cpuMs: () => cpuMsOf(child.pid),
    stop: () => stopChild(child),
  };
}
