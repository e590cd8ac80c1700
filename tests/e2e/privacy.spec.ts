import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, PHONE, signInAs } from './fixtures';

/**
 * A player's personal data: Farid (never registered, so no team's figures move) downloads his
 * data from his account page; Helena, an organiser, erases him on his request, by keyboard, after
 * the confirmation. Signs in only as these two.
 */

test('a player downloads their data, then an organiser erases them on request', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL;
  const player = await browser.newContext({ baseURL, locale: 'en-GB', viewport: PHONE });
  const page = await player.newPage();
  await signInAs(page, 'Farid Haddad', '/account');
  const link = page.getByRole('link', { name: 'Download my data' });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^podium-my-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string; providerSubject: string };
    sessions: { current: boolean }[];
  };
  expect(data.profile).toMatchObject({
    email: 'farid.haddad@example.com',
    providerSubject: 'test-farid',
  });
  expect(data.sessions.some((session) => session.current)).toBe(true);

  const organiser = await browser.newContext({ baseURL, locale: 'en-GB', viewport: PHONE });
  const admin = await organiser.newPage();
  await signInAs(admin, 'Helena Costa', '/organise/players?q=farid.haddad%40');
  await admin.getByRole('link', { name: 'Farid Haddad' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Farid Haddad' })).toBeVisible();
  const panel = admin.getByRole('region', { name: 'Personal data' });
  await expect(panel.getByText('Active: can sign in.')).toBeVisible();
  await panel.getByRole('button', { name: 'Erase this player…' }).focus();
  await admin.keyboard.press('Enter');
  const question = panel.getByRole('heading', { name: 'Erase Farid Haddad for good?' });
  await expect(question).toBeFocused();
  await expectNoAxeViolations(admin);
  // Cancelled, the focus goes back to the button that opened the question; then erased for good.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'Erase this player…' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(question).toBeFocused();
  await panel.getByRole('button', { name: 'Erase for good' }).focus();
  await admin.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toContainText('This player was erased');

  // His session ended at once, and the player search no longer finds him.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const search = await admin.request.get('/api/organise/players?q=farid');
  expect(((await search.json()) as { total: number }).total).toBe(0);
  await player.close();
  await organiser.close();
});
