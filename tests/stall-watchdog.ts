import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that ends a test file that never ends. Vitest bounds each test and hook, but
 * not a file: a worker whose event loop is blocked, or that never answers, keeps the run waiting
 * for ever (CI would spend its whole 90 minutes there). The longest file takes under a minute on
 * a 2-core machine; one that has run for `VITEST_STALL_MINUTES` (5 by default) is reported with
 * what its worker was doing, and its worker is killed, so that Vitest fails that file and the run
 * goes on to its end. `npm run test:unit` (scripts/vitest-run.mjs) runs such files once more
 * when nothing else failed.
 *
 * Each worker says which file it runs in a marker named after its pid (the set-up file
 * tests/stall-watchdog-marker.ts), in a folder named after this process's pid. Workers run with
 * `--report-on-signal` and `--report-directory` set to the system's temporary folder: one whose
 * event loop still turns writes a diagnostic report on SIGUSR2 (its JavaScript stack, its open
 * handles), printed here.
 */
export default class StallWatchdog implements Reporter {
  private readonly limitMs = Number(process.env.VITEST_STALL_MINUTES ?? 5) * 60_000;
  /** The files the workers have started and not ended, by module id. */
  private readonly running = new Map<string, { project: string; file: string; since: number }>();
  /** The files whose worker this watchdog killed. */
  private readonly stalled: { id: string; project: string; file: string }[] = [];
  private timer: NodeJS.Timeout | undefined;

  onInit(): void {
    rmSync(markerFolder(process.pid), { recursive: true, force: true });
    mkdirSync(markerFolder(process.pid), { recursive: true });
    this.timer = setInterval(() => this.check(), Math.min(this.limitMs / 4, 30_000));
    this.timer.unref();
  }

  // Sent by the worker as it starts collecting the file, not when the file joins the queue.
  onTestModuleQueued(testModule: TestModule): void {
    const { project, moduleId: file } = testModule;
    this.running.set(testModule.id, { project: project.name, file, since: Date.now() });
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.running.delete(testModule.id);
  }

  onTestRunEnd(
    testModules: readonly TestModule[],
    unhandledErrors: readonly SerializedError[],
  ): void {
    clearInterval(this.timer);
    rmSync(markerFolder(process.pid), { recursive: true, force: true });
    if (!process.env.VITEST_STALLS_FILE) return;
    // Each killed worker is one unhandled error ("Worker exited unexpectedly") and its file
    // fails; anything else that failed is a failure of its own.
    const stalledIds = new Set(this.stalled.map((stall) => stall.id));
    const otherFailures =
      testModules.filter((module) => module.state() === 'failed' && !stalledIds.has(module.id))
        .length + Math.max(0, unhandledErrors.length - this.stalled.length);
    const stalls: Stalls = {
      stalled: this.stalled.map(({ project, file }) => ({ project, file })),
      otherFailures,
    };
    writeFileSync(process.env.VITEST_STALLS_FILE, JSON.stringify(stalls));
  }

  private check(): void {
    const now = Date.now();
    for (const [id, { project, file, since }] of this.running) {
      if (now - since < this.limitMs) continue;
      this.running.delete(id);
      void endStalledWorker(markerText(project, file), Math.round((now - since) / 1000)).then(
        (killed) => {
          if (killed) this.stalled.push({ id, project, file });
        },
      );
    }
  }
}

/**
 * What the watchdog writes to VITEST_STALLS_FILE at the end of a run (scripts/vitest-run.mjs
 * reads it): the files it ended, and how many other files or errors failed the run.
 */
export interface Stalls {
  stalled: { project: string; file: string }[];
  otherFailures: number;
}

/** Where the workers of the Vitest process `mainPid` leave their markers. */
function markerFolder(mainPid: number): string {
  return path.join(tmpdir(), `podium-vitest-${mainPid}`);
}

/** What a marker holds: the project (if the run has several) and the test file's path. */
function markerText(project: string, file: string): string {
  return project ? `${project} ${file}` : file;
}

/** Writes the marker of this worker, which runs `file` of `project` (its set-up file calls it). */
export function markWorker(project: string, file: string): void {
  const folder = markerFolder(process.ppid);
  if (!existsSync(folder)) return; // a run without the watchdog
  writeFileSync(path.join(folder, String(process.pid)), markerText(project, file));
}

/** How long a worker has to write its report (a few milliseconds when its event loop turns). */
const REPORT_WAIT_MS = 3_000;

/** Reports the worker running the stalled file, and kills it; whether it did. */
async function endStalledWorker(marker: string, seconds: number): Promise<boolean> {
  const say = (line: string) => process.stderr.write(`[stall watchdog] ${line}\n`);
  const shown = marker.replace(process.cwd() + path.sep, '');
  say(`${shown} has run for ${seconds} s without ending.`);
  const folder = markerFolder(process.pid);
  const pid = readdirSync(folder)
    .map(Number)
    .find((worker) => readFileSync(path.join(folder, String(worker)), 'utf8') === marker);
  if (pid === undefined || !alive(pid)) {
    say('No live worker runs it any more: Vitest reports what it knows.');
    return false;
  }
  const cpuBefore = cpuTicks(pid);
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, REPORT_WAIT_MS));
  const cpuAfter = cpuTicks(pid);
  if (cpuBefore !== null && cpuAfter !== null) {
    say(
      `Its worker (pid ${pid}) used ${cpuAfter - cpuBefore} CPU ticks in ${REPORT_WAIT_MS / 1000} s ` +
        `(about ${REPORT_WAIT_MS / 10} while its JavaScript runs without a break, about 0 while it waits).`,
    );
  }
  // Node names a report report.<date>.<time>.<pid>.<thread>.<sequence>.json.
  const report = readdirSync(tmpdir()).find(
    (name) => name.startsWith('report.') && name.split('.')[3] === String(pid),
  );
  if (report) {
    const file = path.join(tmpdir(), report);
    say(`Its diagnostic report:\n${summarise(readFileSync(file, 'utf8'))}`);
    rmSync(file, { force: true });
  } else {
    say(`No diagnostic report within ${REPORT_WAIT_MS / 1000} s: its event loop does not turn.`);
  }
  say(`Killing it, so that Vitest fails ${shown} and the run ends.`);
  process.kill(pid, 'SIGKILL');
  return true;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process's user and system CPU time in clock ticks (Linux), or null. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Handles every Node process holds: not what it waits for. */
const LIBUV_OWN = new Set(['async', 'check', 'idle', 'loop', 'prepare', 'signal']);

/** The JavaScript stack and the active libuv handles of a Node diagnostic report. */
function summarise(json: string): string {
  const report = JSON.parse(json) as {
    javascriptStack?: { message?: string; stack?: string[] };
    libuv?: { type: string; is_active?: boolean; remoteEndpoint?: unknown }[];
  };
  const handles = (report.libuv ?? [])
    .filter((handle) => handle.is_active && !LIBUV_OWN.has(handle.type))
    .map((handle) => `  ${handle.type} ${JSON.stringify(handle.remoteEndpoint ?? '')}`);
  return [
    `JavaScript: ${report.javascriptStack?.message ?? ''}`,
    ...(report.javascriptStack?.stack ?? []).map((frame) => `  ${frame}`),
    'Active handles:',
    ...handles,
  ].join('\n');
}
