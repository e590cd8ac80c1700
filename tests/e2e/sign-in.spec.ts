import { expect, test } from '@playwright/test';
import { chooseDemoAccount, DESKTOP, expectNoAxeViolations, PHONE } from './fixtures';

test('a deep link while signed out signs in through the provider and lands on the page asked for', async ({
  page,
}) => {
  await page.goto('/leaderboard');
  await chooseDemoAccount(page, 'Ryan Cooper');
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('link', { name: /My account: Ryan/ })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole('link', { name: /My account: Ryan/ })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // The provider asks to confirm, then sends the browser back to Podium's home.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Login via sso' })).toBeVisible();
  // The provider came back to `/?state=…`; the server sent the browser on to a clean address.
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('the login button starts the sign-in and returns home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login via sso' }).click();
  await chooseDemoAccount(page, 'Emma Roy');
  await expect(page.getByRole('link', { name: /My account: Emma/ })).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a failed sign-in shows the error as name: message with a way back', async ({ page }) => {
  await page.goto('/login/callback?state=forged&code=forged');
  await expect(page.getByRole('alert')).toContainText('login_expired:');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page.getByRole('button', { name: 'Login via sso' })).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the login screen and the signed-in layout pass axe at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login via sso' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Login via sso' }).click();
    await chooseDemoAccount(page, 'Ana García');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    if (viewport === PHONE) {
      // Ana's interface is in Spanish: find the menu button by what it controls.
      const menu = page.locator('button[aria-controls="main-navigation"]');
      await expect(menu).toBeVisible();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test("the interface follows the identity provider's locale claim", async ({ page }) => {
  await page.goto('/account');
  await chooseDemoAccount(page, 'Ana García');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
});

test("before the app's scripts and stylesheets arrive, the page already shows the loading screen's logo, which the app then replaces, styled", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // Hold the scripts and the stylesheets back: what shows is what a slow phone network shows
  // first. The stylesheets come last (vite.config.ts): in the head they would hold back the
  // first paint until they arrived.
  let releaseStyles!: () => void;
  let releaseScripts!: () => void;
  const styles = new Promise<void>((resolve) => (releaseStyles = resolve));
  const scripts = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.css', async (route) => {
    await styles;
    await route.continue();
  });
  await page.route('**/assets/*.js', async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const boot = page.locator('#root > .boot');
  await expect(boot.locator('svg')).toBeVisible();
  const box = (await boot.locator('svg').boundingBox())!;
  // Centred on the screen, where the app's own loading screen has it: the page's own <style>
  // lays it out, and the CSP allows that element by its hash.
  expect(Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThan(2);
  // And painted: laid out is not enough, a stylesheet in the head would hold the paint back.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);

  // With its scripts but still without its stylesheets, the app waits: it never shows unstyled.
  releaseScripts();
  await page.waitForTimeout(1000);
  await expect(boot).toHaveCount(1);
  releaseStyles();
  const login = page.getByRole('button', { name: 'Login via sso' });
  await expect(login).toBeVisible();
  await expect(boot).toHaveCount(0);
  // global.css has arrived: its colours are the app's, not the browser's defaults.
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--navy'),
    ),
  ).toBe('#0b2a6f');
  expect(refused).toEqual([]);
});

test('a browser in Thai gets the Thai texts named in the page, loaded with the scripts, and no English', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'th-TH', viewport: PHONE });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  const response = await page.goto('/');
  // The server chose the Thai texts from Accept-Language (http/spa.ts).
  expect(await response!.text()).toMatch(
    /<link rel="modulepreload" crossorigin href="\/assets\/th-[\w-]+\.js">/,
  );
  await expect(page.getByRole('button', { name: 'เข้าสู่ระบบด้วย SSO' })).toBeVisible();
  expect(scripts.filter((script) => /^\/assets\/th-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.filter((script) => /^\/assets\/en-[\w-]+\.js$/.test(script))).toEqual([]);
  await context.close();
});
