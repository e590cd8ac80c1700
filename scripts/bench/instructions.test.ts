import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callgrindWrapper, countInstructions, readDump } from './instructions';
import { startServer, type Running } from './server-process';

/** An HTTP server that answers every request after a fixed amount of work. */
const SERVER = `
import http from 'node:http';
http.createServer((request, response) => {
  let sum = 0;
  for (let i = 0; i < 100_000; i++) sum += i % 7;
  response.end(String(sum));
}).listen(Number(process.env.PORT), process.env.HOST);
`;

describe('countInstructions', () => {
  let dir: string;
  let server: Running;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'podium-callgrind-'));
    const script = path.join(dir, 'server.mjs');
    writeFileSync(script, SERVER);
    // The server's environment sets HOST, as the app's does: the control pipes are named after it.
    server = await startServer(3990, {}, [], script, 120_000, callgrindWrapper(dir));
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts the server's instructions while the work runs, in proportion to it", async () => {
    const requests = async (count: number) => {
      for (let i = 0; i < count; i++) await (await fetch(`${server.origin}/`)).text();
      return count;
    };
    await requests(20); // compiled and warm before anything is counted
    const fifty = await countInstructions(server, dir, () => requests(50));
    const hundred = await countInstructions(server, dir, () => requests(100));
    expect([fifty.result, hundred.result]).toEqual([50, 100]);
    // The loop alone is at least 100,000 instructions a request.
    expect(fifty.instructions).toBeGreaterThan(50 * 100_000);
    // Each count starts from zero and holds only its own work (not start-up, nor the warm-up).
    const ratio = hundred.instructions / fifty.instructions;
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
    // What V8's optimising compiler did is part of the count, never more than all of it.
    for (const count of [fifty, hundred]) {
      expect(count.optimising).toBeGreaterThanOrEqual(0);
      expect(count.optimising).toBeLessThan(count.instructions);
    }
  }, 150_000);
});

/**
 * A dump as callgrind writes it: names compressed after their first use, self costs, and calls
 * (`calls=` then the call's inclusive cost on the next line).
 */
const DUMP = `# callgrind format
version: 1
positions: line
events: Ir
summary: 10000

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) Builtins_CompileLazy
0 100
cfn=(2) v8::internal::Runtime_CompileOptimized(int, unsigned long*, v8::internal::Isolate*)
calls=1 0
0 3000
cfn=(3) Builtins_JSEntry
calls=4 0
0 5000

fn=(2)
0 10
cfn=(4) v8::internal::Compiler::CompileOptimized(v8::internal::Isolate*)
calls=1 0
0 2990

fn=(4)
+2 310
cfn=(5) v8::internal::compiler::PipelineImpl::OptimizeGraph()
calls=1 0
* 2590
cfn=(7) v8::internal::Compiler::CompileOptimizedOSR(v8::internal::Isolate*)
calls=1 0
0 90

fn=(7)
0 90

fn=(5)
0 2590

fn=(3)
0 1000
cfn=(4)
calls=2 0
-1 600
cfn=(6) v8::internal::Heap::CollectGarbage()
calls=1 0
0 200

fn=(6)
0 200

totals: 10000
`;

describe('readDump', () => {
  it("reads the total and the inclusive cost of every call into V8's optimising compiler", () => {
    // 2,990 from the runtime function and 600 from JavaScript; the compiler's own work and
    // what it called (OptimizeGraph, its OSR entry) are inside those, not added again.
    expect(readDump(DUMP)).toEqual({ instructions: 10_000, optimising: 3_590 });
  });

  it('counts nothing as compiling in a dump without the compiler', () => {
    const plain = DUMP.replaceAll('Compiler::CompileOptimized', 'Compiler::Other');
    expect(readDump(plain)).toEqual({ instructions: 10_000, optimising: 0 });
  });
});
