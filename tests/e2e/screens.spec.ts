import { expect, test, type Page } from '@playwright/test';
import {
  chooseDemoAccount,
  DESKTOP,
  holdForThisFile,
  LANGUAGES,
  PHONE,
  PRE_LAUNCH_ORIGIN,
  registerThroughApi,
  Screens,
  signInAs,
  speak,
  startOwnServer,
  watchForNoise,
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

test.use({ viewport: PHONE, reducedMotion: 'reduce' });
// The season's screens are taken while nobody is editing the season (organise-season.spec.ts).
holdForThisFile('demo-season');

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
