import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import type { Me } from '#shared/contracts/me';
import type { Attempt, CurrentWeek } from '#shared/contracts/play';
import {
  DESKTOP,
  expectNoAxeViolations,
  holdForThisFile,
  openPlayerPage,
  PHONE,
  registerThroughApi,
  signInAs,
} from './fixtures';

/**
 * The week closes while a player is playing (ADR 0014), on the real server with its
 * clock standing just before week 1 of 2025 closes in Paris (Fri 7 Feb, 23:59:59.999 local).
 * The spec starts that server itself, when it begins, so the time before the close does not
 * depend on how long the specs before it took.
 */

/** Past the four servers of playwright.config.ts (E2E_PORT … E2E_PORT + 3). */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
const ORIGIN = `http://localhost:${PORT}`;
const CLOSES_AT = Date.parse('2025-02-07T22:59:59.999Z');
/** The player starts this long before the close: time for two answers, then the wait for it. */
const STARTS_BEFORE_CLOSE = 30_000;
/**
 * The server's clock runs from CLOCK_START as it boots (5–20 s on this machine, measured; the
 * window allows four times that): time enough to boot, sign in and register; then the spec waits
 * until STARTS_BEFORE_CLOSE before the close. Every second more here is a second of CI spent
 * waiting.
 */
const CLOCK_START = new Date(CLOSES_AT + 1 - 120_000).toISOString();

test.use({ baseURL: ORIGIN });
// key-correction.spec.ts starts its own server on the same port.
holdForThisFile('port-plus-4');
// Up to two minutes of waiting for the close on a quiet machine, where the server boots fast.
test.describe.configure({ timeout: 240_000 });

let server: ChildProcess;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'warn',
      SEASON_FILE: 'content/seasons/2025.json',
      CLOCK_START,
    },
  });
  await expect
    .poll(
      async () =>
        (
          await fetch(`${ORIGIN}/health/ready`, { signal: AbortSignal.timeout(5000) }).catch(
            () => null,
          )
        )?.status,
      {
        timeout: 230_000,
        intervals: [250],
      },
    )
    .toBe(200);
});
test.afterAll(() => {
  server.kill('SIGTERM');
});

/** The server's time, from the current week's answer. */
async function serverNow(page: Page): Promise<number> {
  const week = (await (await page.request.get('/api/weeks/current')).json()) as CurrentWeek;
  return Date.parse(week.serverNow);
}

test('a player who starts 30 s before the close sees the time-up result of that week, then the next week', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'Camille Martin', '/');
  await registerThroughApi(page, 'fr');
  await page.goto('/questions');
  await expect(page.getByRole('heading', { name: 'Ready, Camille?' })).toBeVisible();

  // Less than 5 minutes before the close, the instructions say how long is left.
  const notice = page.getByText(/^This game week closes in 0[0-4]:\d\d: once you start/);
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);

  // Wait until STARTS_BEFORE_CLOSE before the close on the server's clock (a slow boot may leave
  // a bit less).
  const left = CLOSES_AT - (await serverNow(page));
  expect(left, 'the server booted too slowly for this test').toBeGreaterThan(20_000);
  await page.waitForTimeout(Math.max(0, left - STARTS_BEFORE_CLOSE));
  await expect(notice).toContainText(/closes in 00:[0-5]\d/);
  await page.screenshot({ path: testInfo.outputPath('instructions-375.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath('instructions-1280.png'), fullPage: true });

  const started = page.waitForResponse((response) =>
    response.url().endsWith('/api/weeks/current/attempt'),
  );
  await page.getByRole('button', { name: 'Start' }).click();
  const attempt = (await (await started).json()) as Attempt;
  // The countdown shows the real deadline: the week's close, under a minute away.
  expect(attempt.deadlineAt).toBe(new Date(CLOSES_AT).toISOString());
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /^00:[0-5]\d left$/);

  for (const number of [1, 2]) {
    await expect(page.getByText(`Question ${number}/5`)).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('Question 3/5')).toBeVisible();

  // At the close the screen stays on this week's game; then the time-up result of week 1.
  const timeUp = page.getByRole('heading', { name: 'Oops, you took too long!' });
  await expect(timeUp).toBeVisible({ timeout: 75_000 });
  expect(await serverNow(page)).toBeGreaterThan(CLOSES_AT);
  await expect(page.getByText('Time ran out at question 3 of 5.')).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText(/Game week\s*1/);

  // The right score: what the server stored, no speed bonus, the time really used (at most the
  // time that was left when the player started).
  const stored = (await (await page.request.get(`/api/attempts/${attempt.id}`)).json()) as Attempt;
  expect(stored).toMatchObject({ setNum: 1, status: 'done' });
  expect(stored.result).toMatchObject({ timedOut: true, answeredCount: 2 });
  expect(stored.result!.mainScore).toBe(stored.result!.correctCount * 100);
  expect(stored.result!.elapsedSeconds).toBeGreaterThan(10);
  expect(stored.result!.elapsedSeconds).toBeLessThanOrEqual(STARTS_BEFORE_CLOSE / 1000);
  const result = page.locator('#result-title').locator('..');
  await expect(result.getByRole('definition').first()).toHaveText(
    `${stored.result!.correctCount} of 5`,
  );
  await expect(result).toContainText(
    `Total points this game week${String(stored.result!.correctCount)}`,
  );
  await expect(result).toContainText(
    `Time used00:00:${String(stored.result!.elapsedSeconds).padStart(2, '0')}`,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('time-up-1280.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath('time-up-375.png'), fullPage: true });

  // The server has moved on to week 2 meanwhile; the screen does only when the player goes on.
  const week = (await (await page.request.get('/api/weeks/current')).json()) as CurrentWeek;
  expect(week).toMatchObject({ state: 'not-open', week: { setNum: 2 } });
  await page.getByRole('button', { name: 'On to game week 2' }).click();
  await expect(page.getByRole('heading', { name: 'No game week is open' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No game week is open' })).toBeVisible();
});

test('an organiser cannot move a player from Paris to New York while week 1 is over in one and open in the other, and is told from when', async ({
  browser,
  page,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-GB' });
  const chloe = await context.newPage();
  await signInAs(chloe, 'Chloé Dubois', '/account');
  await registerThroughApi(chloe, 'fr');
  // Past the close in Paris: the test before waits for it; run alone, this one does.
  await expect
    .poll(() => serverNow(chloe), { timeout: 240_000, intervals: [1000] })
    .toBeGreaterThan(CLOSES_AT);
  await context.close();

  await page.setViewportSize(PHONE);
  await signInAs(page, 'Oliver Bennett', '/organise/players');
  const move = await openPlayerPage(page, 'Chloé Dubois');
  await move.getByRole('combobox', { name: 'New team' }).selectOption({ label: 'United States' });
  await move.getByRole('button', { name: 'Move player' }).click();
  // Week 1 closes in New York at midnight there: 06:00 in Paris, her team's zone.
  await expect(move.getByRole('alert')).toHaveText(
    "Week 1 is over in one team's time zone but still open in the other's, and Chloé Dubois has not played it. The move can go through from Saturday, February 8 at 6:00 AM GMT+1, once the week has closed in both.",
  );
  await expect(move.getByRole('status')).toHaveText('');
  await expect(page.getByRole('definition').filter({ hasText: 'France' })).toBeVisible();
  await expectNoAxeViolations(page);
  await move.screenshot({ path: testInfo.outputPath('move-refused-375.png') });
  await page.setViewportSize(DESKTOP);
  await move.screenshot({ path: testInfo.outputPath('move-refused-1280.png') });
});

test('a player in Bangkok, whose week 1 is over, is told from when they can join Mexico, where it is still under way', async ({
  page,
}, testInfo) => {
  // The clock stands late on Friday 7 Feb (UTC): Saturday morning in Bangkok, Friday afternoon
  // in Mexico City, where week 1 closes at 06:00 UTC on Saturday, 13:00 in Bangkok.
  await page.setViewportSize(PHONE);
  await signInAs(page, 'Somchai Srisuk', '/account');
  await registerThroughApi(page, 'th');
  await page.goto('/account');
  const team = page.getByRole('combobox', { name: 'Country team' });
  await expect(team).toBeEnabled();
  await expect(team).not.toHaveAttribute('aria-describedby');

  await team.selectOption({ label: 'Mexico' });
  await expect(team).toHaveAccessibleDescription(
    "Week 1 is still under way in Mexico's time zone. You can join Mexico from Saturday, February 8 at 1:00 PM GMT+7, once it has closed there.",
  );
  // Saving anyway: the server refuses, says from when, and nothing changes.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('form', { name: 'My details' }).getByRole('alert')).toHaveText(
    "A game week is under way in your team's time zone or in the new team's. The change can go through from Saturday, February 8 at 1:00 PM GMT+7.",
  );
  expect(((await (await page.request.get('/api/me')).json()) as Me).team?.name).toBe('Thailand');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('join-later-375.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath('join-later-1280.png'), fullPage: true });

  // Back to his own team, the note goes.
  await team.selectOption({ label: 'Thailand' });
  await expect(team).not.toHaveAttribute('aria-describedby');
});
