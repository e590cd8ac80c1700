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

/**
 * Instructions the server (started with `callgrindWrapper(outDir)`) executed while `work` ran,
 * in all its threads.
 */
export async function countInstructions<T>(
  server: Running,
  outDir: string,
  work: () => Promise<T>,
): Promise<Counted & { result: T }> {
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
    const text = dump ? readFileSync(path.join(outDir, dump), 'utf8') : '';
    // The file is complete once it ends with its totals.
    if (/^totals: \d+$/m.test(text)) {
      await control('--instr=off');
      return { result, ...readDump(text) };
    }
  }
  throw new Error(`callgrind wrote no instruction count to ${outDir}`);
}

/** The dumps callgrind has written so far: callgrind.out.1, .2, … */
const dumpsIn = (outDir: string) =>
  readdirSync(outDir).filter((name) => /^callgrind\.out\.\d+$/.test(name));

/** The bench's line: per request, without V8's optimising compiler (what builds compare by) and with. */
export function instructionFigures(
  { instructions, optimising }: Counted,
  requests: number,
): string {
  const perRequest = (count: number) => Math.round(count / requests).toLocaleString('en');
  return (
    `Instructions per whole-week request, the server's under callgrind: ` +
    `${perRequest(instructions - optimising)} without V8's optimising compiler, ` +
    `${perRequest(instructions)} with it (${((100 * optimising) / instructions).toFixed(1)} % ` +
    `compiling; ${requests.toLocaleString('en')} requests)`
  );
}
