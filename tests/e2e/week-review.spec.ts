import { expect, test, type Page } from '@playwright/test';
import {
  AFTER_SEASON_ORIGIN,
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  registerThroughApi,
  signInAs,
} from './fixtures';

// This server's clock stands on Thursday 20 March 2025: every week of 2025 has closed everywhere.
test.use({ baseURL: AFTER_SEASON_ORIGIN });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a French player reviews a closed week they did not play: answers, why and the source', async ({
  page,
}) => {
  test.setTimeout(180_000); // four pages, the review checked with axe at two sizes
  await signInAs(page, 'Camille Martin');
  await registerThroughApi(page, 'fr', 'fr');

  // Home (the end-of-game screen after the season) links to the last closed week.
  await page.goto('/');
  await expect(
    page.getByRole('link', { name: 'Voir les réponses de la semaine 6' }),
  ).toHaveAttribute('href', '/weeks/6/review', { timeout: 30_000 });

  // The account page lists every closed week.
  await page.goto('/account');
  const past = page.getByRole('region', { name: 'Réponses des semaines passées' });
  await expect(past.getByRole('link')).toHaveCount(6);
  await past.getByRole('link', { name: 'Semaine 2 : les réponses' }).click();

  await expect(page).toHaveURL(/\/weeks\/2\/review$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Semaine 2 : les réponses' }),
  ).toBeVisible();
  await expect(page.getByText("Vous n'avez pas joué cette semaine.")).toBeVisible();
  const questions = page.getByRole('article');
  await expect(questions).toHaveCount(6); // five questions and the challenger
  await expect(page.getByText('✓ Bonne réponse')).toHaveCount(6);
  await expect(page.getByText('Votre réponse')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Pourquoi' })).toHaveCount(6);
  await expect(questions.first()).toContainText('Source');
  await expect(page.getByText("Vous n'avez pas relevé le défi")).toBeVisible();

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    expect(await sideways(page), `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/week-review-${viewport.width}.png`,
      fullPage: true,
    });
  }

  // The leaderboard links to the last closed week too.
  await page.goto('/leaderboard');
  await page.getByRole('link', { name: 'Voir les réponses de la semaine 6' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Semaine 6 : les réponses' }),
  ).toBeVisible();
});

test('a week number that does not exist says so, in the player language', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Katarzyna Nowak', '/weeks/9/review');
  await registerThroughApi(page, 'pl', 'pl');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Nie ma takiego tygodnia gry.');
  await expectNoAxeViolations(page);
});
