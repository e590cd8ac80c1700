import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callgrindWrapper, countInstructions } from './instructions';
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
  }, 150_000);
});
