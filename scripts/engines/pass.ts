/**
 * The main path in Firefox ESR and WebKitGTK (ADR 0036): starts the built server on the demo
 * season with a fixed clock, then walks sign-in, registration, a week with the challenger, the
 * result, leaderboard, track, account, Thai and back, and sign-out in each engine at once, one
 * test person each, with a screenshot per step in test-results/engines/<engine>/.
 * Run through scripts/engines/run.sh (it installs the browsers and gives WebKit a display).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { midweekClockStart } from '../../tests/e2e/clock';
import { startFirefox, startWebKit, type EngineDriver, type EngineName } from './drivers';
import { walkMainPath, type Person, type StepResult } from './journey';

const PORT = Number(process.env.ENGINES_PORT ?? 3230);
/** ENGINES_ORIGIN: walk a server that is already running (each person registers once per database). */
const ORIGIN = process.env.ENGINES_ORIGIN ?? `http://localhost:${PORT}`;
const OUTPUT = path.resolve('test-results/engines');

const engines: Record<
  EngineName,
  { start: (locale: string) => Promise<EngineDriver>; person: Person }
> = {
  firefox: {
    start: startFirefox,
    person: { name: 'Farah Aziz', givenName: 'Farah', team: 'Malaysia' },
  },
  webkit: {
    start: startWebKit,
    person: { name: 'Paolo Reyes', givenName: 'Paolo', team: 'Philippines' },
  },
};
const chosen = (process.env.ENGINES ?? 'firefox,webkit')
  .split(',')
  .map((name) => name.trim()) as EngineName[];
for (const name of chosen)
  if (!(name in engines)) throw new Error(`ENGINES: unknown engine ${name}`);

async function startServer(): Promise<() => Promise<void>> {
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'warn',
      CLOCK_START: midweekClockStart(new Date()),
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await fetch(`${ORIGIN}/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return stop;
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server on ${ORIGIN} did not become ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts an engine; its log line names the browser and how long it took. */
async function startEngine(name: EngineName): Promise<EngineDriver | Error> {
  const started = Date.now();
  try {
    const driver = await engines[name].start('en-GB');
    console.log(`[${name}] ${driver.version}, started in ${Date.now() - started} ms`);
    return driver;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function walk(name: EngineName, driver: EngineDriver | Error): Promise<StepResult[]> {
  const log = (line: string) => console.log(`[${name}] ${line}`);
  if (driver instanceof Error) {
    log(`✗ could not start: ${driver.message}`);
    return [{ name: 'start', status: 'failed', ms: 0, error: driver.message }];
  }
  const started = Date.now();
  const { person } = engines[name];
  log(`walking the main path as ${person.name}`);
  try {
    return await walkMainPath(driver, ORIGIN, person, path.join(OUTPUT, name), log);
  } finally {
    await driver.close().catch(() => undefined);
    log(`walked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const started = Date.now();
rmSync(OUTPUT, { recursive: true, force: true });
// The browsers start while the server does.
const [stopServer, drivers] = await Promise.all([
  (process.env.ENGINES_ORIGIN ? Promise.resolve(async () => undefined) : startServer()).then(
    (stop) => {
      console.log(`server ready on ${ORIGIN} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return stop;
    },
  ),
  Promise.all(chosen.map((name) => startEngine(name))),
]);
let results: StepResult[][];
try {
  results = await Promise.all(chosen.map((name, index) => walk(name, drivers[index]!)));
} finally {
  await stopServer();
}
const all = results.flat();
const count = (status: StepResult['status']) =>
  all.filter((result) => result.status === status).length;
console.log(
  `screenshots in ${path.relative(process.cwd(), OUTPUT)}/<engine>/; ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
);
console.log(`${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
process.exitCode = count('failed') > 0 ? 1 : 0;
