import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Running } from './server-process';

/**
 * The server's work counted in machine instructions, under valgrind's callgrind (`npm run bench
 * -- --count-instructions`). Unlike CPU time, the count does not depend on how fast the host is,
 * so two builds counted one after the other on the same host compare to a few per cent where
 * their CPU times would not. It does move with other load: the server then takes fewer requests
 * per wake-up (docs/performance.md). Under callgrind the server runs about fifty times slower, so
 * throughput and latency mean nothing in such a run.
 */

const run = promisify(execFile);

/**
 * The command that runs node under callgrind, counting nothing until told to: start-up is left
 * out, and `countInstructions` counts only what it brackets. `--smc-check=all-non-file`: V8
 * writes the machine code it runs into memory that is not a file.
 */
export function callgrindWrapper(outDir: string): string[] {
  return [
    'valgrind',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--instr-atstart=no',
    `--callgrind-out-file=${path.join(outDir, 'callgrind.out')}`,
  ];
}

/**
 * Node's options for a counted run: V8's work on threads of its own (compiling, collecting
 * garbage) is done on the main thread instead. Without it the counts were higher and moved more
 * (the build before issue 18: 2.38 and 2.44 million instructions a request, against 1.92 and
 * 1.93 with it), most likely helper threads waiting by spinning, which valgrind counts as it
 * runs one thread at a time.
 */
export const COUNTING_NODE_ARGS = ['--single-threaded'];

/**
 * Instructions the server (started with `callgrindWrapper(outDir)`) executed while `work` ran,
 * in all its threads.
 */
export async function countInstructions<T>(
  server: Running,
  outDir: string,
  work: () => Promise<T>,
): Promise<{ result: T; instructions: number }> {
  // valgrind names its control pipes after the environment's HOST, which the server's sets to
  // the address it listens on: callgrind_control must look for the same names.
  const env = { ...process.env, HOST: new URL(server.origin).hostname };
  const control = (...args: string[]) =>
    run('callgrind_control', [...args, String(server.pid)], { env });
  const earlier = dumpsIn(outDir);
  await control('--zero');
  await control('--instr=on');
  const result = await work();
  await control('--dump');
  // The process writes the dump when it next runs: a liveness check (a few thousand instructions
  // against millions for the work) makes sure an idle server does.
  let dump: string | undefined;
  for (let waited = 0; !dump; waited += 500) {
    if (waited > 60_000) throw new Error(`callgrind wrote no dump to ${outDir}`);
    await fetch(`${server.origin}/health/live`);
    await sleep(500);
    dump = dumpsIn(outDir).find((name) => !earlier.includes(name));
  }
  await control('--instr=off');
  return { result, instructions: await dumpedTotal(path.join(outDir, dump)) };
}

/** The dumps callgrind has written so far: callgrind.out.1, .2, … */
const dumpsIn = (outDir: string) =>
  readdirSync(outDir).filter((name) => /^callgrind\.out\.\d+$/.test(name));

/** The instruction total of a dump, once callgrind has finished writing it. */
async function dumpedTotal(file: string): Promise<number> {
  for (let waited = 0; waited < 60_000; waited += 500) {
    const summary = /^summary: (\d+)$/m.exec(readFileSync(file, 'utf8'));
    if (summary) return Number(summary[1]);
    await sleep(500);
  }
  throw new Error(`callgrind wrote no instruction count to ${file}`);
}
