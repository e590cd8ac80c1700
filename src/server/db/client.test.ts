import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './client';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'podium-client-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** This process's peak resident memory so far, in MB (Linux). */
const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

test('an empty data folder gets a PGlite database made in a child process, kept for the next start', async () => {
  const peakBefore = peakRssMb();
  const first = await openDatabase({ dataDir });
  expect(first.kind).toBe('pglite');
  // PGlite's initdb in this process would raise its peak by about 700 MB; opening the folder
  // that the child made costs a few hundred at most.
  expect(peakRssMb() - peakBefore).toBeLessThan(400);
  // Made by the child, renamed into place: a whole database and no staging folder left over.
  expect(readdirSync(dataDir)).toEqual(['pglite']);
  expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  await first.db.execute(sql`create table kept (value text)`);
  await first.db.execute(sql`insert into kept values ('from the first start')`);
  await first.close();

  const second = await openDatabase({ dataDir });
  const rows = await second.db.execute<{ value: string }>(sql`select value from kept`);
  expect((rows as unknown as { rows: { value: string }[] }).rows).toEqual([
    { value: 'from the first start' },
  ]);
  await second.close();
}, 300_000);
