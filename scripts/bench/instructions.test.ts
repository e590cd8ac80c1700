import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresInstance } from '../../tests/resilience/postgres';
import {
  backendsUnderCallgrind,
  callgrindWrapper,
  countInstructions,
  readDump,
  serverUnderCallgrind,
} from './instructions';
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
    server = await startServer(
      3990,
      {},
      { script, readyWithinMs: 120_000, wrapper: callgrindWrapper(dir) },
    );
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
    const count = async (work: () => Promise<number>) => {
      const { result, counts } = await countInstructions([serverUnderCallgrind(server, dir)], work);
      return { result, ...counts[0]! };
    };
    const fifty = await count(() => requests(50));
    const hundred = await count(() => requests(100));
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

describe("countInstructions on PostgreSQL's backends", () => {
  let dir: string;
  let postgres: PostgresInstance;
  const clients: pg.Client[] = [];

  /** A connection of its own and the pid of the backend serving it. */
  const connect = async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    clients.push(client);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: rows[0]!.pid };
  };
  /** The same prepared statement `count` times. */
  const queries = async (client: pg.Client, count: number) => {
    for (let i = 0; i < count; i++)
      await client.query({
        name: 'sum',
        text: 'select sum(g) from generate_series(1, $1::int) g',
        values: [1000],
      });
    return count;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'podium-callgrind-pg-'));
    chmodSync(dir, 0o777); // PostgreSQL runs as its own user
    postgres = await startPostgres({ wrapper: callgrindWrapper(dir, { forks: true }) });
  }, 300_000);

  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {});
    await postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the backends it is given, each from zero, in proportion to their work', async () => {
    const { client, pid } = await connect();
    const idle = await connect(); // a backend that does nothing while counted
    await queries(client, 20); // planned and cached before anything is counted
    const backends = backendsUnderCallgrind([pid, idle.pid], dir);
    const fifty = await countInstructions([backends], () => queries(client, 50));
    const hundred = await countInstructions([backends], () => queries(client, 100));
    expect([fifty.result, hundred.result]).toEqual([50, 100]);
    // Summing a thousand numbers is well over 10,000 instructions a statement.
    expect(fifty.counts[0]!.instructions).toBeGreaterThan(50 * 10_000);
    const ratio = hundred.counts[0]!.instructions / fifty.counts[0]!.instructions;
    expect(ratio).toBeGreaterThan(1.8);
    expect(ratio).toBeLessThan(2.2);
    // No JavaScript compiler in PostgreSQL.
    expect(fifty.counts[0]!.optimising).toBe(0);
  }, 300_000);

  it('counts a backend whose connection closes during the work up to its exit', async () => {
    const staying = await connect();
    const leaving = await connect();
    await queries(leaving.client, 20);
    const backends = (pid: number) => backendsUnderCallgrind([pid], dir);
    const { counts } = await countInstructions(
      [backends(staying.pid), backends(leaving.pid)],
      async () => {
        await queries(leaving.client, 50);
        await leaving.client.end();
      },
    );
    expect(counts[1]!.instructions).toBeGreaterThan(50 * 10_000);
    // The backend that stayed did nothing: a small fraction of the other's count.
    expect(counts[0]!.instructions).toBeLessThan(counts[1]!.instructions / 10);
  }, 300_000);

  it('counts a backend that opened during the work, from its start, when `joined` names it', async () => {
    const { pid } = await connect(); // idle throughout
    /** Counts while a new connection runs 50 statements; `named`: whether `joined` names it. */
    const countWithNewcomer = async (named: boolean) => {
      let newcomer = 0;
      const { counts } = await countInstructions(
        [backendsUnderCallgrind([pid], dir, async () => (named ? [newcomer] : []))],
        async () => {
          const joining = await connect();
          newcomer = joining.pid;
          await queries(joining.client, 50);
        },
      );
      return counts[0]!;
    };
    const named = await countWithNewcomer(true);
    const unnamed = await countWithNewcomer(false);
    expect([named.processes, named.joined, unnamed.processes]).toEqual([2, 1, 1]);
    expect(named.instructions).toBeGreaterThan(50 * 10_000);
    expect(unnamed.instructions).toBeLessThan(named.instructions / 10);
  }, 300_000);
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
