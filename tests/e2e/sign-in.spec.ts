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
