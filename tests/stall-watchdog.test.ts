import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../src/server/project-root';

/** Runs Vitest on tests/fixtures/stall with a limit of 6 s; its exit code and output. */
function runStallingFixture(): Promise<{ code: number | null; output: string }> {
  // The run under test is a Vitest of its own, not a worker of this one.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'tests/fixtures/stall/vitest.config.ts',
    ],
    {
      cwd: projectRoot,
      env: { ...env, VITEST_STALL_MINUTES: '0.1', NO_COLOR: '1' },
      detached: true, // its own process group, workers included, for the kill below
    },
  );
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

it('fails a file that never ends, says what its worker was doing, and lets the run end', async () => {
  const { code, output } = await runStallingFixture();
  expect(code).toBe(1);
  const lines = output.split('\n').filter((line) => line.startsWith('[stall watchdog]'));
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
