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
  await expect(page).toHaveURL(/localhost:\d+\/(\?.*)?$/);
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

test("before the app's JavaScript arrives, the page already shows the loading screen's logo, which the app then replaces", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // Hold the scripts back: what shows is what a slow phone network shows first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const boot = page.locator('#root > .boot');
  await expect(boot.locator('svg')).toBeVisible();
  const box = (await boot.locator('svg').boundingBox())!;
  // Centred on the screen, where the app's own loading screen has it.
  expect(Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThan(2);

  release();
  await expect(page.getByRole('button', { name: 'Login via sso' })).toBeVisible();
  await expect(boot).toHaveCount(0);
});
