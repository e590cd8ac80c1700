import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/project-root';

const CONFIG = 'tests/fixtures/stall/vitest.config.ts';
const flags = mkdtempSync(path.join(tmpdir(), 'podium-stall-test-'));
afterAll(() => rmSync(flags, { recursive: true, force: true }));

/**
 * Runs `command` (Vitest on the fixture, or the wrapper) with a stall limit of 3 s; its exit code
 * and output. `flag` names stalls-once.test.ts's flag file, fresh for each run.
 */
function runFixture(
  command: string[],
  flag: string,
): Promise<{ code: number | null; output: string }> {
  // The run under test is a Vitest of its own, not a worker of this one.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const child = spawn(process.execPath, command, {
    cwd: projectRoot,
    env: {
      ...env,
      VITEST_STALL_MINUTES: '0.05',
      NO_COLOR: '1',
      STALL_ONCE_FLAG: path.join(flags, flag),
    },
    detached: true, // its own process group, workers included, for the kill below
  });
  // Without a working watchdog the run never ends: its whole group goes after 45 s.
  const limit = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 45_000);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    }),
  );
}

const vitest = (...files: string[]) => [
  path.join(projectRoot, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--config',
  CONFIG,
  ...files,
];
const wrapper = (...files: string[]) => [
  path.join(projectRoot, 'scripts/vitest-run.mjs'),
  '--config',
  CONFIG,
  ...files,
];
const watchdogLines = (output: string) =>
  output.split('\n').filter((line) => line.startsWith('[stall watchdog]'));

describe('the stall watchdog', () => {
  it('fails a file that never ends, says what its worker was doing, and lets the run end', async () => {
    const { code, output } = await runFixture(
      vitest('spins.test.ts', 'waits.test.ts', 'passes.test.ts'),
      'a',
    );
    expect(code).toBe(1);
    const lines = watchdogLines(output);
    const about = (file: string) => lines.filter((line) => line.includes(file)).join('\n');
    expect(about('spins.test.ts')).toMatch(/has run for \d+ s without ending/);
    expect(about('spins.test.ts')).toContain('Killing it');
    expect(about('waits.test.ts')).toContain('Killing it');
    // The spinning worker cannot answer the signal; the waiting one reports.
    expect(lines.join('\n')).toContain('its event loop does not turn');
    expect(lines.join('\n')).toContain('Its diagnostic report:');
    expect(output).toMatch(/Worker exited unexpectedly/);
    expect(output).toMatch(/✓ passes\.test\.ts/);
    expect(output).toMatch(/Test Files\s+1 passed \(3\)/);
  }, 60_000);
});

describe('npm run test:unit (scripts/vitest-run.mjs)', () => {
  it('runs a stalled file once more when nothing else failed, and passes if it passes', async () => {
    const { code, output } = await runFixture(
      wrapper('stalls-once.test.ts', 'passes.test.ts'),
      'b',
    );
    expect(watchdogLines(output).join('\n')).toContain(
      'ended 1 file(s) and nothing else failed: running them once more',
    );
    expect(watchdogLines(output).at(-1)).toBe('[stall watchdog] They passed the second time.');
    expect(code).toBe(0);
  }, 60_000);

  it('fails when the file stalls again', async () => {
    const { code, output } = await runFixture(wrapper('spins.test.ts'), 'c');
    expect(watchdogLines(output).at(-1)).toBe('[stall watchdog] They failed the second time.');
    expect(code).toBe(1);
  }, 60_000);

  it('runs nothing again when a test failed beside the stall', async () => {
    const { code, output } = await runFixture(wrapper('stalls-once.test.ts', 'fails.test.ts'), 'd');
    expect(watchdogLines(output).join('\n')).toContain('Killing it');
    expect(output).not.toContain('running them once more');
    expect(code).toBe(1);
  }, 60_000);
});
