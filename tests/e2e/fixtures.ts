import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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

// The screenshot sweep's checks (screens.spec.ts, and the specs that reach screens it cannot).

/** The screenshot sweep's languages: English, and Thai for its script and fonts (ADR 0027). */
export const LANGUAGES = ['en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What went wrong in the browser while the test ran: console errors and failed requests. */
export function watchForNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    const signedOutCheck = /status of 401/.test(message.text());
    if ((message.type() === 'error' || message.type() === 'warning') && !signedOutCheck)
      noise.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation (the sign-in redirects, a reload) cancels what the page was still loading.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    noise.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    // Signed out, /api/me answers 401: that is how the login screen learns it is needed.
    const signedOutCheck =
      response.status() === 401 && new URL(response.url()).pathname === '/api/me';
    if (response.status() >= 400 && !signedOutCheck)
      noise.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return noise;
}

/**
 * The interface language of this page, switched without saving it: players who have not
 * registered have no profile to save it in. /api/me is answered by the server as usual, with
 * only its language swapped, which is all the web app reads to pick one.
 */
export async function speak(page: Page, state: { language: Language }): Promise<void> {
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown> | null;
    await route.fulfill({
      response,
      json: body === null ? body : { ...body, language: state.language },
    });
  });
}

/**
 * A screen checked in English and Thai at 375 and 1280 px: nothing scrolls sideways, one main
 * landmark, axe finds nothing, no console error or failed request, Thai drawn by a Thai font;
 * saved as `<dir>/<who>-<name>-<language>-<width>.png` for a person to look at.
 */
export class Screens {
  readonly state: { language: Language } = { language: 'en' };
  constructor(
    readonly page: Page,
    readonly noise: string[],
    readonly who: string,
    readonly dir = 'test-results/screens',
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /**
   * Checks the screen now shown in both languages and both sizes. A language switch reloads the
   * page; `again` brings back a state that lives only in the page (an open dialog).
   */
  async check(name: string, again?: () => Promise<void>): Promise<void> {
    const order = this.state.language === 'en' ? LANGUAGES : [...LANGUAGES].reverse();
    for (const [index, language] of order.entries()) {
      if (index > 0) {
        this.state.language = language;
        await this.page.reload();
        await again?.();
      }
      await this.checkShown(name);
    }
  }

  /** Checks the screen now shown, in the page's present language, at both sizes. */
  async checkShown(name: string): Promise<void> {
    const { language } = this.state;
    await expect(this.page.locator('html')).toHaveAttribute('lang', language, {
      timeout: 20_000,
    });
    // Each screen's code arrives after the frame (lazyScreen): checked once its heading shows.
    await expect(this.page.getByRole('heading', { level: 1 }).first()).toBeVisible({
      timeout: 20_000,
    });
    for (const viewport of [PHONE, DESKTOP]) {
      await this.page.setViewportSize(viewport);
      await this.expectFonts(language);
      await this.expectDesigned(`${name} (${language}, ${viewport.width} px)`);
      await this.page.screenshot({
        path: `${this.dir}/${this.who}-${name}-${language}-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await this.page.setViewportSize(PHONE);
  }

  /**
   * Waits for the web fonts, so no screenshot shows boxes for letters still on their way; on a
   * Thai screen, its Thai letters, regular and bold, must then be drawn by a Thai font (ADR 0027):
   * this machine has none of its own, so that is the downloaded Noto Sans Thai, whose bold the
   * browser draws from the regular. Chromium's own report of the fonts it drew each element
   * with (CSS.getPlatformFontsForNode) is the proof: a font that merely loaded is not.
   */
  private async expectFonts(language: Language): Promise<void> {
    // The page takes `lang` from the profile at once; the Thai strings arrive with their chunk.
    if (language === 'th')
      await expect
        .poll(() => this.page.evaluate(() => /[\u0E01-\u0E5B]/.test(document.body.innerText)), {
          message: 'a Thai screen shows Thai text',
          timeout: 20_000,
        })
        .toBe(true);
    await this.page.evaluate(() => document.fonts.ready);
    if (language !== 'th') return;
    // One element with Thai letters of its own for each font family and weight in use (a button
    // does not inherit the page's family unless told to), marked for the probe.
    const probes = await this.page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !/[\u0E01-\u0E5B]/.test(node.textContent ?? '')) continue;
        const style = getComputedStyle(element);
        const weight = Number(style.fontWeight) >= 600 ? 'bold' : 'regular';
        const probe = `${weight} ${style.fontFamily}`;
        if (found.includes(probe) || element.dataset.fontProbe) continue;
        element.dataset.fontProbe = String(found.length);
        found.push(probe);
      }
      return found;
    });
    expect(probes.length, 'Thai text to probe').toBeGreaterThan(0);
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      for (const [index, probe] of probes.entries()) {
        const { nodeId } = await cdp.send('DOM.querySelector', {
          nodeId: root.nodeId,
          selector: `[data-font-probe="${index}"]`,
        });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        const drawn = fonts.map((font) => `${font.postScriptName} ×${font.glyphCount}`);
        expect(
          fonts.some((font) => /thai/i.test(font.familyName) && font.glyphCount > 0),
          `Thai text (${probe}) drawn by a Thai font, not ${drawn.join(', ')}`,
        ).toBe(true);
      }
    } finally {
      await cdp.detach();
      await this.page.evaluate(() =>
        document.querySelectorAll('[data-font-probe]').forEach((element) => {
          delete (element as HTMLElement).dataset.fontProbe;
        }),
      );
    }
  }

  private async expectDesigned(label: string): Promise<void> {
    const widths = await this.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.scroll, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(
      widths.viewport,
    );
    await expect(this.page.getByRole('main'), `${label}: one main landmark`).toHaveCount(1);
    await expectNoAxeViolations(this.page);
    expect(this.noise, `${label}: console errors or failed requests`).toEqual([]);
  }
}
