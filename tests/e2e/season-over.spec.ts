import { expect, test } from '@playwright/test';
import {
  AFTER_SEASON_ORIGIN,
  DESKTOP,
  expectNoAxeViolations,
  openPlayerPage,
  PHONE,
  registerThroughApi,
  signInAs,
} from './fixtures';

// This server's clock stands on Thursday 20 March 2025, after the 2025 season's last week.
test.use({ baseURL: AFTER_SEASON_ORIGIN });

test('after the last week, questions and leaderboard say the season is over and where to look', async ({
  page,
}) => {
  test.setTimeout(120_000); // two pages, each checked with axe at two sizes
  await signInAs(page, 'Ava Johnson');
  await registerThroughApi(page, 'us');

  await page.goto('/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'The season is over' })).toBeVisible();
  await expect(page.getByText(/next game week/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See the final standings' })).toHaveAttribute(
    'href',
    '/leaderboard',
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  await page.getByRole('link', { name: 'See the final standings' }).click();
  const notice = page.getByRole('region', { name: 'The season is over' });
  await expect(notice).toContainText('These are the final standings of the season.');
  await expect(page.getByText('Active participants this week')).toHaveCount(0);
  await expect(page.getByText('Active participants in the last week')).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  await page.screenshot({ path: 'test-results/season-over-leaderboard.png', fullPage: true });

  // The account page says why the team no longer changes.
  await page.goto('/account');
  const team = page.getByRole('combobox', { name: 'Country team' });
  await expect(team).toBeDisabled();
  await expect(team).toHaveAccessibleDescription(
    'The season is over: teams and sales teams no longer change.',
  );
  await page.goBack();
  await notice.getByRole('link', { name: 'Go to the end-of-game screen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Podium 2025 is over!' })).toBeVisible();
});

test('after the last week an organiser is told that no week is left for a moved player to play', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ baseURL: AFTER_SEASON_ORIGIN, locale: 'en-GB' });
  const olivia = await context.newPage();
  await signInAs(olivia, 'Olivia Tremblay');
  await registerThroughApi(olivia, 'ca');
  await context.close();

  await signInAs(page, 'Oliver Bennett', '/organise/players');
  const move = await openPlayerPage(page, 'Olivia Tremblay');
  await move.getByRole('combobox', { name: 'New team' }).selectOption({ label: 'United States' });
  await move.getByRole('button', { name: 'Move player' }).click();
  await expect(move.getByRole('alert')).toHaveText(
    'Every week of the season is played or over, so no week is left for Olivia Tremblay to play in a new team.',
  );
  await expect(page.getByRole('definition').filter({ hasText: 'Canada' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNoAxeViolations(page);
});
