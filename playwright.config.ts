import { defineConfig, devices } from '@playwright/test';
import { resolveChromium } from './scripts/chromium';
import { midweekClockStart } from './tests/e2e/clock';

/**
 * E2E_PORT moves the four servers (default 3210–3213), the one week-close.spec.ts starts (+4),
 * the two screens.spec.ts starts (+5, +6) and the one reminders.spec.ts restarts (+7), e.g. to
 * run two suites side by side.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const ORIGIN = `http://localhost:${PORT}`;
/** A second server whose clock stands a week before the 2025 launch, for pre-launch journeys. */
const PRE_LAUNCH_PORT = PORT + 1;
const PRE_LAUNCH_ORIGIN = `http://localhost:${PRE_LAUNCH_PORT}`;
/** A system Chromium or Chrome when there is one, else the one npm brought (ADR 0017). */
const browser = await resolveChromium();
if (process.env.TEST_WORKER_INDEX === undefined) {
  console.log(`Chromium: ${browser.executablePath} (${browser.source})`);
}
/**
 * A third server, the demo season like the first, for organise-authoring.spec.ts alone: it
 * rewrites week 1's questions, which lock once anybody plays the week, so it must not share a
 * database with the specs that play (whatever order the specs run in).
 */
const AUTHORING_PORT = PORT + 2;
const AUTHORING_ORIGIN = `http://localhost:${AUTHORING_PORT}`;
/** A fourth server whose clock stands after the 2025 season's last week, for the season's end. */
const AFTER_SEASON_PORT = PORT + 3;
const AFTER_SEASON_ORIGIN = `http://localhost:${AFTER_SEASON_PORT}`;

/** The clock of the two demo-season servers (tests/e2e/clock.ts). */
const DEMO_CLOCK_START = midweekClockStart(new Date());

/**
 * End-to-end specs against the real built server (npm run build first: `npm run test:e2e`
 * does it), with a fresh PGlite database and the embedded identity provider, in a system
 * Chromium or the one that `npm ci` brought (scripts/chromium.ts; no browser download).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two spec files at a time (the machine's two cores); E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 120_000,
  // The whole run, under CI: the specs take about 15 minutes on a 2-core machine; a run that
  // hangs fails after 45 instead of holding CI to its limit.
  globalTimeout: process.env.CI ? 45 * 60_000 : 0,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: ORIGIN,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      env: { ...process.env, ...browser.env },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  /**
   * Three projects only to order the queue, longest first: the screens spec (the longest file by
   * far) starts at once in one worker while the other takes the journeys, and the season editing
   * comes last. It changes the demo season, which the screens spec reads: both hold the lock
   * 'demo-season' (fixtures.ts), so they never run at the same time whatever the order.
   */
  projects: [
    { name: 'screens', testMatch: 'screens.spec.ts' },
    { name: 'journeys', testIgnore: ['screens.spec.ts', 'organise-season.spec.ts'] },
    { name: 'season', testMatch: 'organise-season.spec.ts' },
  ],
  webServer: [
    {
      // The demo season, shifted so that its clock's day (DEMO_CLOCK_START) is in week 1.
      command: 'node scripts/e2e-server.mjs',
      url: `${ORIGIN}/health/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        PUBLIC_URL: ORIGIN,
        LOG_LEVEL: 'warn',
        CLOCK_START: DEMO_CLOCK_START,
      },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${PRE_LAUNCH_ORIGIN}/health/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PRE_LAUNCH_PORT),
        PUBLIC_URL: PRE_LAUNCH_ORIGIN,
        LOG_LEVEL: 'warn',
        SEASON_FILE: 'content/seasons/2025.json',
        CLOCK_START: '2025-01-27T09:00:00Z',
      },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${AUTHORING_ORIGIN}/health/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(AUTHORING_PORT),
        PUBLIC_URL: AUTHORING_ORIGIN,
        LOG_LEVEL: 'warn',
        CLOCK_START: DEMO_CLOCK_START,
      },
    },
    {
      // The 2025 weeks, with registration left open so that a fresh player can join and see
      // what every registered player sees once the last week (10–14 March) has closed.
      command: 'node scripts/e2e-server.mjs',
      url: `${AFTER_SEASON_ORIGIN}/health/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(AFTER_SEASON_PORT),
        PUBLIC_URL: AFTER_SEASON_ORIGIN,
        LOG_LEVEL: 'warn',
        SEASON_FILE: 'tests/e2e/seasons/2025-late-registration.json',
        CLOCK_START: '2025-03-20T12:00:00Z',
      },
    },
  ],
});
