import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE, signInAs } from './fixtures';

test('signed out, /rules shows a fallback that offers to sign in', async ({ page }) => {
  await page.goto('/rules');
  await expect(page.getByText('Sign in to read the game rules.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Login via sso' }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
});

test('the rules explain scoring and link to the account and the leaderboard', async ({ page }) => {
  await signInAs(page, 'Olivia Tremblay', '/rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Game rules' })).toBeVisible();
  await expect(page.getByText(/300/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /account page/ })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(page.getByRole('link', { name: /leaderboard/ })).toHaveAttribute(
    'href',
    '/leaderboard',
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
});
