import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/** Fails on any axe violation (WCAG 2.x A/AA and best practices), listing them. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Picks an account on the embedded provider's sign-in page: a demo person, or one of the
 * specs' own people (src/server/auth/demo-accounts.ts), listed apart and folded away. Each spec
 * file signs in only as its own people, so it passes alone and in any order.
 */
export async function chooseDemoAccount(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  const folded = page.locator('details:not([open])');
  const choice = page.getByRole('button', { name: new RegExp(`^${name} `) });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (!(await choice.isVisible()) && (await folded.count()) > 0)
    await folded.locator('summary').click();
  await choice.click();
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** Signs in from the login screen as a demo account (the real redirect flow). */
export async function signInAs(page: Page, name: string, path = '/'): Promise<void> {
  await page.goto(path);
  // Home and the rules show a login button; other pages start the sign-in by themselves.
  if (path === '/' || path === '/rules') await page.getByRole('button', { name: /sso/i }).click();
  await chooseDemoAccount(page, name);
  // The header (banner) exists only in the signed-in layout; on a phone its links sit in the menu.
  await expect(page).not.toHaveURL(/\/idp\//);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Registers the signed-in player with a country team through the API (for journeys that start after). */
export async function registerThroughApi(
  page: Page,
  country: string,
  language = 'en',
): Promise<void> {
  const options = (await (await page.request.get('/api/teams-and-languages')).json()) as {
    teams: { id: number; flag: string }[];
  };
  const team = options.teams.find((entry) => entry.flag === country)!;
  const response = await page.request.post('/api/me/registration', {
    headers: { 'x-podium-csrf': '1' },
    data: {
      language,
      teamId: team.id,
      salesTeamId: null,
      activeWeeks: [true, true, true, true, true, true],
    },
  });
  expect(response.status()).toBe(200);
}

/**
 * Opens, as the signed-in organiser, the page of the one player whose name contains `name`,
 * and returns the page's "Move to another team" form.
 */
export async function openPlayerPage(page: Page, name: string): Promise<Locator> {
  const found = await page.request.get(`/api/organise/players?q=${encodeURIComponent(name)}`);
  expect(found.status()).toBe(200);
  const { players } = (await found.json()) as { players: { id: string }[] };
  expect(players).toHaveLength(1);
  await page.goto(`/organise/players/${players[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.getByRole('form', { name: 'Move to another team' });
}

/** The second e2e server (playwright.config.ts): the 2025 season, its clock a week before launch. */
export const PRE_LAUNCH_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** The third e2e server (playwright.config.ts): the demo season, for organise-authoring.spec.ts only. */
export const AUTHORING_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 2}`;

/** The fourth e2e server (playwright.config.ts): the 2025 weeks, its clock after the last one. */
export const AFTER_SEASON_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 3}`;

/** A server a spec starts for itself (scripts/e2e-server.mjs, its own fresh database). */
export interface OwnServer {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server on `port` with `env` (a season file, a clock) and waits until it is
 * ready. Specs use E2E_PORT + 5 and up (next-season.spec.ts shares + 5 with screens.spec.ts,
 * under their common lock 'demo-season'): playwright.config.ts starts E2E_PORT … + 3,
 * week-close.spec.ts + 4, screens.spec.ts + 5 and + 6, reminders.spec.ts + 7.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
): Promise<OwnServer> {
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn', ...env },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await expect
      .poll(
        async () =>
          (
            await fetch(`${origin}/health/ready`, { signal: AbortSignal.timeout(5000) }).catch(
              () => null,
            )
          )?.status,
        { timeout: 240_000, intervals: [250] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

interface OpenAttempt {
  id: string;
  questions: OpenQuestion[];
  answers: { position: number }[];
}
type OpenQuestion = { position: number; options: { key: string }[] };

/**
 * `name` plays the open week through the API in a context of its own, the option `choose` picks
 * (the first after the shuffle unless told), registering with `country` first unless already
 * registered; repeating it is harmless.
 */
export async function playOpenWeekThroughApi(
  browser: Browser,
  baseURL: string | undefined,
  name: string,
  country: string,
  choose: (question: OpenQuestion) => string = (question) => question.options[0]!.key,
): Promise<void> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  await signInAs(page, name);
  const me = (await (await page.request.get('/api/me')).json()) as { registered: boolean };
  if (!me.registered) await registerThroughApi(page, country);
  const csrf = { 'x-podium-csrf': '1' };
  const started = await page.request.post('/api/weeks/current/attempt', { headers: csrf });
  expect(started.status()).toBe(200);
  const attempt = (await started.json()) as OpenAttempt;
  for (const question of attempt.questions) {
    if (attempt.answers.some((answer) => answer.position === question.position)) continue;
    const answered = await page.request.post(`/api/attempts/${attempt.id}/answers`, {
      headers: csrf,
      data: { position: question.position, option: choose(question) },
    });
    expect(answered.status()).toBe(200);
  }
  await context.close();
}

/**
 * Holds the lock `name` for the whole spec file, in every spec file that calls it with that name:
 * the two workers then never run them at the same time. For spec files of which one changes, on
 * the shared demo server, what the other reads (and puts it back afterwards). The lock is a folder
 * in test-results/, which Playwright empties at the start of each run, so a killed run leaves no
 * stale lock behind.
 */
export function holdForThisFile(name: string): void {
  const folder = path.join('test-results', 'locks', name);
  test.beforeAll(async () => {
    // Waiting for the other file is no failure of this one.
    test.setTimeout(test.info().timeout + 15 * 60_000);
    await mkdir(path.dirname(folder), { recursive: true });
    for (;;) {
      try {
        await mkdir(folder);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await delay(500);
      }
    }
  });
  test.afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
}
