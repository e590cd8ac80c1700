import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { asPostgres } from '../../tests/resilience/postgres';
import type { Running } from './server-process';

/**
 * The server's work, and PostgreSQL's for it, counted in machine instructions under valgrind's
 * callgrind (`npm run bench -- --count-instructions [--count-postgres]`). The count moves far
 * less with the host than CPU time does, so two builds counted one after the other on the same
 * idle host compare to a few per cent where their CPU times would not. Other load still moves
 * it, by up to about 16 % (docs/performance.md). Under callgrind a process runs about fifty times
 * slower, so throughput and latency mean nothing in such a run.
 */

const run = promisify(execFile);

/**
 * The command that runs a program under callgrind, counting nothing until told to (but for
 * `forks`, below): start-up is left out, and `countInstructions` counts only what it brackets
 * after zeroing the count. Each process writes its dumps to `outDir` as callgrind.out.<pid>.<n>.
 * `--smc-check=all-non-file`: V8 writes the machine code it runs into memory that is not a file.
 *
 * `forks`, for PostgreSQL, which forks a process for each connection: `--trace-children=yes` gives
 * every fork control pipes of its own, so that callgrind_control reaches it. PostgreSQL then
 * overwrites its environment (to show each process's state in `ps`), after which valgrind names
 * those pipes with `???` for the user and the host; so the program starts without USER, LOGNAME
 * and HOST, the names are `???` from the start, and `backendsUnderCallgrind` looks for the same.
 * Each fork counts from its start, so that a backend that opens during a count (the server's
 * pool replacing a connection) is counted whole, its start-up included: work the count caused.
 */
export function callgrindWrapper(outDir: string, { forks = false } = {}): string[] {
  return [
    ...(forks ? ['env', ...UNNAMED] : []),
    'valgrind',
    '--quiet', // the count is read from the dump, not from valgrind's own lines
    '--tool=callgrind',
    '--smc-check=all-non-file',
    `--instr-atstart=${forks ? 'yes' : 'no'}`,
    ...(forks ? ['--trace-children=yes'] : []),
    `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`,
  ];
}

/** `env`'s arguments that unset the variables valgrind names its control pipes after. */
const UNNAMED = ['USER', 'LOGNAME', 'HOST'].flatMap((name) => ['-u', name]);

/** Processes under callgrind whose instructions `countInstructions` counts together. */
export interface CallgrindProcesses {
  pids: number[];
  /** The folder their `callgrindWrapper` writes dumps to. */
  outDir: string;
  /**
   * The command (and its arguments) callgrind_control runs under: it must find the control pipes
   * by the names they have, and run as the process's own user (asked by root, a PostgreSQL
   * backend never answered, and was left stopped).
   */
  runAs: [string, ...string[]];
  /** Makes an idle process run, so that it writes the dump it was asked for. */
  nudge?: () => Promise<unknown>;
  /**
   * Processes of the group that started while the work ran, counted from their start (their
   * wrapper's `forks`); asked for when the work is done.
   */
  joined?: () => Promise<number[]>;
}

/** The server, started with `callgrindWrapper(outDir)`. */
export function serverUnderCallgrind(server: Running, outDir: string): CallgrindProcesses {
  return {
    pids: [server.pid!],
    outDir,
    // The server's environment sets HOST to the address it listens on.
    runAs: ['env', `HOST=${new URL(server.origin).hostname}`],
    // A liveness check: a few thousand instructions against millions for the work.
    nudge: () => fetch(`${server.origin}/health/live`),
  };
}

/**
 * Backends of a PostgreSQL server started by `startPostgres` with
 * `callgrindWrapper(outDir, { forks: true })`: those running now, and those `joined` names.
 */
export function backendsUnderCallgrind(
  pids: number[],
  outDir: string,
  joined?: () => Promise<number[]>,
): CallgrindProcesses {
  const [command, args] = asPostgres('env', UNNAMED);
  return { pids, outDir, runAs: [command, ...args], ...(joined ? { joined } : {}) };
}

/**
 * Node's options for a counted run: V8's work on threads of its own (compiling, collecting
 * garbage) is done on the main thread instead. Without it the counts were higher and moved more
 * (the build before ADR 0022: 2.38 and 2.44 million instructions a request, against 1.92 and
 * 1.93 with it), most likely helper threads waiting by spinning, which valgrind counts as it
 * runs one thread at a time.
 */
export const COUNTING_NODE_ARGS = ['--single-threaded'];

/** What a counted stretch of the server's work cost, in machine instructions. */
export interface Counted {
  instructions: number;
  /**
   * Of them, V8's optimising compiler's (TurboFan): it still compiles hot code for thousands of
   * requests after the bench's warm-up, 13–17 % of the count, where a server that has run for a
   * minute spends about 0.5 % of a core on it (docs/performance.md). Compilation does not follow
   * the app's work per request the way the rest does, so builds are compared without it.
   */
  optimising: number;
}

/**
 * The instructions of a callgrind dump (the format of valgrind's manual, "Callgrind Format
 * Specification"), and how many of them V8's `Compiler::CompileOptimized…` took, with everything
 * it called: the sum of the inclusive costs of the calls made to it.
 */
export function readDump(text: string): Counted {
  const names = new Map<string, string>();
  const compiler = /^v8::internal::Compiler::CompileOptimized/;
  let caller = '';
  let callee = '';
  let inCall = false;
  let optimising = 0;
  let instructions = Number.NaN;
  for (const line of text.split('\n')) {
    // Names are compressed: `fn=(12) name` the first time, `fn=(12)` after.
    const name = /^(c?fn)=\((\d+)\)(?: (.*))?$/.exec(line);
    if (name) {
      const [, kind, id, full] = name;
      if (full !== undefined) names.set(id!, full);
      if (kind === 'fn') caller = names.get(id!) ?? '';
      else callee = names.get(id!) ?? '';
    } else if (line.startsWith('calls=')) {
      inCall = true; // the next cost line is the call's inclusive cost
    } else if (/^[\d+*-]/.test(line)) {
      if (inCall && compiler.test(callee) && !compiler.test(caller)) {
        optimising += Number(line.split(' ').at(-1));
      }
      inCall = false;
    } else if (line.startsWith('summary: ')) {
      instructions = Number(line.slice('summary: '.length));
    }
  }
  return { instructions, optimising };
}

/** The counts of a group's processes added up; `joined` of them started during the work. */
export type Summed = Counted & { processes: number; joined: number };

/**
 * The instructions each group of processes executed while `work` ran, in all their threads, in
 * the order of `groups`. A process that exited meanwhile (a PostgreSQL backend whose connection
 * closed) counts up to its exit, from the dump callgrind writes then; one that started meanwhile
 * counts if its group's `joined` names it (one that came and went unseen does not count).
 */
export async function countInstructions<T>(
  groups: readonly CallgrindProcesses[],
  work: () => Promise<T>,
): Promise<{ result: T; counts: Summed[] }> {
  // Only the processes running now: one that exited before left a dump of an earlier count.
  const running = groups.map((group) => ({
    ...group,
    pids: group.pids.filter((pid) => existsSync(`/proc/${pid}`)),
    newcomers: 0,
  }));
  const control = ({ pids, runAs: [command, ...args] }: CallgrindProcesses, option: string) => {
    const alive = pids.filter((pid) => existsSync(`/proc/${pid}`));
    return (
      alive.length > 0 && run(command, [...args, 'callgrind_control', option, ...alive.map(String)])
    );
  };
  const earlier = new Set(running.flatMap(({ outDir }) => dumpsIn(outDir)));
  for (const group of running) {
    await control(group, '--zero');
    await control(group, '--instr=on');
  }
  const result = await work();
  for (const group of running) {
    const newcomers = (await group.joined?.()) ?? [];
    group.pids.push(...newcomers);
    group.newcomers = newcomers.length;
    await control(group, '--dump');
  }
  const counts: Summed[] = [];
  for (const group of running) {
    counts.push({ ...(await readNewDumps(group, earlier)), joined: group.newcomers });
    await control(group, '--instr=off');
  }
  return { result, counts };
}

/**
 * Waits for the dump of every process of the group (a process writes the one asked for,
 * callgrind.out.<pid>.<n>, when it next runs; one that exited wrote callgrind.out.<pid> then,
 * which callgrind created empty at its first dump) and adds them up.
 */
async function readNewDumps(
  { pids, outDir, nudge }: CallgrindProcesses,
  earlier: ReadonlySet<string>,
): Promise<Counted & { processes: number }> {
  const complete = (file: string) => {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    // A file is complete once it ends with its totals.
    return /^totals: \d+$/m.test(text) ? text : null;
  };
  for (let waited = 0; waited <= 60_000; waited += 500) {
    await nudge?.();
    await sleep(500);
    const fresh = dumpsIn(outDir).filter((file) => !earlier.has(file));
    const texts = pids.flatMap(
      (pid) =>
        fresh
          .filter((file) => dumpPid(file) === pid)
          .map(complete)
          .find(Boolean) ??
        complete(path.join(outDir, `callgrind.out.${pid}`)) ??
        [],
    );
    if (texts.length === pids.length) {
      return texts.map(readDump).reduce<Counted & { processes: number }>(
        (sum, count) => ({
          instructions: sum.instructions + count.instructions,
          optimising: sum.optimising + count.optimising,
          processes: sum.processes + 1,
        }),
        { instructions: 0, optimising: 0, processes: 0 },
      );
    }
  }
  throw new Error(`callgrind wrote no instruction count to ${outDir} for every one of ${pids}`);
}

/**
 * The dumps callgrind has written so far, as paths: callgrind.out.<pid>.1, .2, … when asked,
 * callgrind.out.<pid> when the process exited.
 */
const dumpsIn = (outDir: string) =>
  readdirSync(outDir)
    .filter((name) => DUMP.test(name))
    .map((name) => path.join(outDir, name));

const DUMP = /^callgrind\.out\.(?<pid>\d+)(\.\d+)?$/;

const dumpPid = (file: string) => Number(DUMP.exec(path.basename(file))?.groups?.pid);

/**
 * The bench's line: per request, the server's without V8's optimising compiler (what builds
 * compare by) and with it, and PostgreSQL's when its backends were counted.
 */
export function instructionFigures(
  server: Counted,
  postgres: Summed | undefined,
  requests: number,
): string {
  const perRequest = (count: number) => Math.round(count / requests).toLocaleString('en');
  const { instructions, optimising } = server;
  return (
    `Instructions per whole-week request under callgrind: the server's ` +
    `${perRequest(instructions - optimising)} without V8's optimising compiler, ` +
    `${perRequest(instructions)} with it (${((100 * optimising) / instructions).toFixed(1)} % ` +
    `compiling)` +
    (postgres
      ? `; PostgreSQL's ${perRequest(postgres.instructions)} (${postgres.processes} backends, ` +
        `${postgres.joined} of them opened during the count and counted from their start)`
      : '') +
    `; ${requests.toLocaleString('en')} requests`
  );
}
