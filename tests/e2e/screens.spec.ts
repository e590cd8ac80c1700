import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  chooseDemoAccount,
  DESKTOP,
  expectNoAxeViolations,
  holdForThisFile,
  PHONE,
  PRE_LAUNCH_ORIGIN,
  registerThroughApi,
  signInAs,
  startOwnServer,
  type OwnServer,
} from './fixtures';

/**
 * Every screen, player's and organiser's, at 375×812 and 1280×800, in English and Thai: nothing
 * scrolls sideways, one main landmark, axe finds nothing, no console error and no failed
 * request. Each screen is saved as a PNG under test-results/screens/ (README 'Tests') for a
 * person to look at after the run. The spec reaches every screen by itself, as its own people
 * (src/server/auth/demo-accounts.ts): Lena (Germany) plays her week, Dewi looks at registration
 * on the pre-launch server, Sam (the organiser) only looks; Nadia meets a closed registration
 * and Maria a server without a season, each on a server this spec starts (E2E_PORT + 5, + 6).
 */

const SCREENS_DIR = 'test-results/screens';
const LANGUAGES = ['en', 'th'] as const;
type Language = (typeof LANGUAGES)[number];

test.use({ viewport: PHONE, reducedMotion: 'reduce' });
// The season's screens are taken while nobody is editing the season (organise-season.spec.ts).
holdForThisFile('demo-season');

/** What went wrong in the browser while the test ran: console errors and failed requests. */
function watchForNoise(page: Page): string[] {
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
async function speak(page: Page, state: { language: Language }): Promise<void> {
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown> | null;
    await route.fulfill({
      response,
      json: body === null ? body : { ...body, language: state.language },
    });
  });
}

class Screens {
  readonly state: { language: Language } = { language: 'en' };
  constructor(
    readonly page: Page,
    readonly noise: string[],
    readonly who: string,
  ) {
    mkdirSync(SCREENS_DIR, { recursive: true });
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
        path: `${SCREENS_DIR}/${this.who}-${name}-${language}-${viewport.width}.png`,
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

/** Lena (Germany) joins her team once; later tests in this file find her registered. */
async function signInAsLena(page: Page, screens: Screens): Promise<void> {
  await speak(page, screens.state);
  await signInAs(page, 'Lena Schmidt');
  const me = (await (await page.request.get('/api/me')).json()) as { registered: boolean };
  if (!me.registered) await registerThroughApi(page, 'de');
}

test("the login screen is designed for a phone and a desk, in the browser's English and Thai", async ({
  browser,
  baseURL,
}) => {
  for (const language of LANGUAGES) {
    // Signed out, the page speaks the browser's language.
    const context = await browser.newContext({
      baseURL,
      // As a browser in Thailand says it: Chromium picks its fallback fonts by this locale too.
      locale: language === 'th' ? 'th-TH' : 'en-GB',
      // At the phone's size from the start: a resize would lay the text out again, after the
      // fonts arrived, and hide a first layout that drew Thai as boxes.
      viewport: PHONE,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const screens = new Screens(page, watchForNoise(page), 'signed-out');
    screens.state.language = language;
    await page.goto('/');
    await expect(page.getByRole('button', { name: /sso/i })).toBeVisible();
    await screens.checkShown('login');
    await context.close();
  }
});

test('the home, standings, account and rules screens are designed for a phone and a desk, in English and Thai', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const screens = new Screens(page, watchForNoise(page), 'player');
  await signInAsLena(page, screens);

  await page.goto('/');
  const intro = page.getByRole('dialog');
  await expect(intro).toBeVisible();
  await screens.check('home-weekly-intro');
  await intro.getByRole('button').last().click();
  const play = page.getByRole('button', { name: /^(Play|เล่น)/ }).last();
  await expect(play).toBeVisible();
  await screens.check('home-intro-card');
  await play.click();
  const markers = page.getByRole('list', { name: /^(Teams on the track|ทีมบนเส้นทาง)$/ });
  await expect(markers).toBeVisible();
  await screens.check('home-track', () => expect(markers).toBeVisible());

  for (const [path, name] of [
    ['/leaderboard', 'leaderboard'],
    ['/track', 'track-list'],
    ['/account', 'account'],
    ['/rules', 'rules'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading|กำลังโหลด/ })).toHaveCount(0);
    await screens.check(name);
  }
});

test('the questions, the result and the challenger are designed for a phone and a desk, in English and Thai', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const screens = new Screens(page, watchForNoise(page), 'player');
  await signInAsLena(page, screens);

  await page.goto('/questions');
  const start = page.locator('main button.button').first();
  await expect(start).toBeVisible();
  await screens.check('questions-instructions');
  await start.click();
  await expect(page.getByRole('timer')).toBeVisible();
  await screens.check('question-form');

  // On a small phone the time left stays in view, also once scrolled down to the answers.
  await page.setViewportSize({ width: 375, height: 667 });
  await expect(page.getByRole('timer')).toBeInViewport();
  await page.locator('form button[type=submit]').scrollIntoViewIfNeeded();
  await expect(page.getByRole('timer')).toBeInViewport();
  await page.setViewportSize(PHONE);

  for (let question = 1; question <= 5; question += 1) {
    await expect(page.getByText(`${question}/5`)).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.locator('form button[type=submit]').click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
  await screens.check('result-challenger-invitation', () =>
    expect(page.getByRole('dialog')).toBeVisible(),
  );
  const accept = async () => {
    await page.getByRole('dialog').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await accept();
  await screens.check('challenger-intro', accept);
  await page.locator('main button.button').first().click();
  await expect(page.getByRole('timer')).toBeVisible();
  await screens.check('challenger-question');
  await page.getByRole('radio').first().check();
  await page.locator('form button[type=submit]').click();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await screens.check('challenger-result');
});

/** Sam, the organiser, signed in on `path`, with the screens' checks in both languages ready. */
async function signInAsOrganiser(page: Page, path: string): Promise<Screens> {
  const screens = new Screens(page, watchForNoise(page), 'organiser');
  await speak(page, screens.state);
  await signInAs(page, 'Sam Taylor', path);
  return screens;
}

/** An organiser's screen has its heading and has finished loading its figures. */
async function expectOrganiserScreenLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /Loading|กำลังโหลด/ })).toHaveCount(0);
}

// One test per screen: each has its own time budget on a busy machine.
for (const path of [
  '',
  'questions',
  'season',
  'players',
  'teams',
  'gaps',
  'exports',
  'audit',
  'outbox',
]) {
  const name = `organise-${path || 'dashboard'}`;
  test(`the organiser's ${name} screen is designed for a phone and a desk, in English and Thai`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const screens = await signInAsOrganiser(page, `/organise/${path}`);
    await expectOrganiserScreenLoaded(page);
    await screens.check(name);
  });
}

test("the organiser's page of one player is designed for a phone and a desk, in English and Thai", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Sam's own record: every signed-in person is a player row, so this needs no other spec.
  const screens = await signInAsOrganiser(page, '/organise/players');
  const search = await page.request.get('/api/organise/players?q=sam.taylor%40');
  const { players } = (await search.json()) as { players: { id: string }[] };
  expect(players).toHaveLength(1);
  await page.goto(`/organise/players/${players[0]!.id}`);
  await expectOrganiserScreenLoaded(page);
  await screens.check('organise-player');
});

test('before launch the registration screen is designed for a phone and a desk, and the header offers only Home', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const screens = new Screens(page, watchForNoise(page), 'pre-launch');
  await speak(page, screens.state);
  await page.goto(`${PRE_LAUNCH_ORIGIN}/`);
  await page.getByRole('button', { name: /sso/i }).click();
  await chooseDemoAccount(page, 'Dewi Santoso');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('form')).toBeVisible();
  const navigation = page.getByRole('navigation');
  await page.setViewportSize(DESKTOP);
  await expect(navigation.getByRole('link')).toHaveText([/Home|หน้าแรก/]);
  await expect(navigation.getByRole('button')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await screens.check('registration');
});

test.describe('screens of servers of their own', () => {
  const servers: Partial<Record<'closed' | 'none', OwnServer>> = {};
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const base = Number(process.env.E2E_PORT ?? 3210);
    // Booted side by side: on a busy machine each takes a minute or two.
    [servers.closed, servers.none] = await Promise.all([
      // The 2025 season in its fifth week: registration closed on 28 February.
      startOwnServer(base + 5, {
        SEASON_FILE: 'content/seasons/2025.json',
        CLOCK_START: '2025-03-04T09:00:00Z',
      }),
      // No season file at all.
      startOwnServer(base + 6, { SEASON_FILE: '' }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([servers.closed?.stop(), servers.none?.stop()]);
  });

  test('a player who comes after registration has closed is told so, on a phone and a desk', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const screens = new Screens(page, watchForNoise(page), 'player');
    await speak(page, screens.state);
    await page.goto(`${servers.closed!.origin}/`);
    await page.getByRole('button', { name: /sso/i }).click();
    await chooseDemoAccount(page, 'Nadia Rahman');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Registration closed' }),
    ).toBeVisible();
    await screens.check('registration-closed');
  });

  test('a player on a server without a season is told there is none, on a phone and a desk', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const screens = new Screens(page, watchForNoise(page), 'player');
    await speak(page, screens.state);
    await page.goto(`${servers.none!.origin}/`);
    await page.getByRole('button', { name: /sso/i }).click();
    await chooseDemoAccount(page, 'Maria Santos');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'No championship yet' }),
    ).toBeVisible();
    await screens.check('no-season');
  });
});
