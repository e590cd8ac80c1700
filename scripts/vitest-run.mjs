/**
 * `npm run test:unit` (and the first half of `npm test`): `vitest run` with the arguments given,
 * and then, only when the stall watchdog (tests/stall-watchdog.ts) ended files and nothing else
 * failed, those files once more, in a run of their own. A file that stalls again fails; a test
 * that fails is never run again. The first run's output names each stalled file and what its
 * worker was doing, so that the cause can be found (docs/scripts.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

/** Runs Vitest with `args` and `env` added to this process's environment; its exit code. */
function runVitest(args, env = {}) {
  const { status, signal } = spawnSync(process.execPath, [vitest, 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return signal ? 1 : (status ?? 1);
}

/** The options of `args` that choose the configuration, for the second run. */
function configOptions(args) {
  return args.flatMap((arg, index) => {
    if (arg === '--config' || arg === '-c') return [arg, args[index + 1]];
    return arg.startsWith('--config=') ? [arg] : [];
  });
}

const folder = mkdtempSync(path.join(tmpdir(), 'podium-stalls-'));
const stallsFile = path.join(folder, 'stalls.json');
const first = runVitest(process.argv.slice(2), { VITEST_STALLS_FILE: stallsFile });
const stalls = existsSync(stallsFile) ? JSON.parse(readFileSync(stallsFile, 'utf8')) : null;
rmSync(folder, { recursive: true, force: true });
if (first === 0 || !stalls || stalls.stalled.length === 0 || stalls.otherFailures > 0) {
  process.exit(first);
}

const say = (line) => process.stderr.write(`[stall watchdog] ${line}\n`);
say(
  `The watchdog ended ${stalls.stalled.length} file(s) and nothing else failed: ` +
    'running them once more, on their own.',
);
const byProject = new Map();
for (const { project, file } of stalls.stalled) {
  byProject.set(project, [...(byProject.get(project) ?? []), file]);
}
let status = 0;
for (const [project, files] of byProject) {
  const again = runVitest([
    ...configOptions(process.argv.slice(2)),
    ...(project ? ['--project', project] : []),
    ...files,
  ]);
  if (again !== 0) status = again;
}
say(status === 0 ? 'They passed the second time.' : 'They failed the second time.');
process.exit(status);
