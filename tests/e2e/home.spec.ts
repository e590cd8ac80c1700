import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE, registerThroughApi, signInAs } from './fixtures';

test("home keeps the spec's 'new questions' screen while this week is unplayed, in the player's plural", async ({
  page,
}) => {
  await signInAs(page, 'Katarzyna Nowak');
  await registerThroughApi(page, 'pl', 'pl');
  await page.goto('/');
  await page.getByRole('dialog').getByRole('button', { name: 'Później' }).click();

  // Polish: 1 pytanie, 2–4 pytania, 5 pytań.
  const banner = page.getByRole('region', { name: 'Masz 5 nowych pytań do odpowiedzi' });
  await expect(banner).toBeVisible();
  // No season has ended on this server: no link to an empty hall of fame.
  await expect(page.getByRole('link', { name: /Galeria sław/ })).toHaveCount(0);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
  await banner.getByRole('link', { name: 'Zabierz mnie tam!' }).click();
  await expect(page).toHaveURL(/\/questions$/);
});
