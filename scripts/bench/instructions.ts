import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Running } from './server-process';

/**
 * The server's work counted in machine instructions, under valgrind's callgrind (`npm run bench
 * -- --count-instructions`). The count moves far less with the host than CPU time does, so two
 * builds counted one after the other on the same idle host compare to a few per cent where their
 * CPU times would not. Other load still moves it, by up to about 16 % (docs/performance.md).
 * Under callgrind the server runs about fifty times slower, so throughput and latency mean
 * nothing in such a run.
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
    '--quiet', // the count is read from the dump, not from valgrind's own lines
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
  for (let waited = 0; waited <= 60_000; waited += 500) {
    await fetch(`${server.origin}/health/live`);
    await sleep(500);
    const dump = dumpsIn(outDir).find((name) => !earlier.includes(name));
    // The summary line comes last: present once callgrind has finished writing the file.
    const summary = dump && /^summary: (\d+)$/m.exec(readFileSync(path.join(outDir, dump), 'utf8'));
    if (summary) {
      await control('--instr=off');
      return { result, instructions: Number(summary[1]) };
    }
  }
  throw new Error(`callgrind wrote no instruction count to ${outDir}`);
}

/** The dumps callgrind has written so far: callgrind.out.1, .2, … */
const dumpsIn = (outDir: string) =>
  readdirSync(outDir).filter((name) => /^callgrind\.out\.\d+$/.test(name));
