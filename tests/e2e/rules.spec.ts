import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE, PRE_LAUNCH_ORIGIN, signInAs } from './fixtures';

test('signed out, /rules shows a fallback that offers to sign in', async ({ page }) => {
  await page.goto('/rules');
  await expect(page.getByText('Sign in to read the game rules.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Login via sso' }).click();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
});

test('the rules explain scoring and link to the account and the leaderboard', async ({ page }) => {
  test.setTimeout(120_000); // axe at two sizes on a busy machine
  await signInAs(page, 'Noah Wilson', '/rules');
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

test('links change page without a reload, from the top of the new page, and Back and Forward return', async ({
  page,
}) => {
  await signInAs(page, 'Noah Wilson', '/rules');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Game rules' })).toBeVisible();
  // A mark on the window: a full page load would wipe it.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed);
  const scrolled = () => page.evaluate(() => window.scrollY);

  const account = page.getByRole('link', { name: /account page/ });
  await account.scrollIntoViewIfNeeded();
  expect(await scrolled()).toBeGreaterThan(0);
  await account.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Game rules');
  expect(await scrolled()).toBe(0);
  expect(await stayed()).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Game rules' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/account$/);
  expect(await stayed()).toBe(true);

  // The header's Home link knows it points at the current page, and only there.
  await page.setViewportSize(DESKTOP);
  const home = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Home' });
  await expect(home).not.toHaveAttribute('aria-current');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(home).toHaveAttribute('aria-current', 'page');
  expect(await stayed()).toBe(true);
});

interface SeasonWeek {
  status: string;
  closesAt: string;
}
interface MeSeason {
  timeZone: string;
  season: { weeks: SeasonWeek[] };
}

/** The seven weekday names in a language, Monday first (1 January 2024 was a Monday). */
function weekdays(language: string): string[] {
  return Array.from({ length: 7 }, (_, day) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, 1 + day, 12),
    ),
  );
}

/**
 * The rules' deadline is built from the season's calendar: the demo season's weeks
 * close on Sundays, the 2025 season's on Fridays. Each is read by a player whose interface is in
 * English (Noah) and one whose interface is in Spanish (Valentina), from their providers'
 * locales; neither registers, so no team of another spec changes.
 */
for (const { season, origin, closingDay } of [
  { season: 'demo', origin: '', closingDay: 6 },
  { season: '2025', origin: PRE_LAUNCH_ORIGIN, closingDay: 4 },
]) {
  test(`the rules say the ${season} season's weeks close on the day its calendar says, in English and Spanish`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    for (const [name, language] of [
      ['Noah Wilson', 'en'],
      ['Valentina Torres', 'es'],
    ] as const) {
      const context = await browser.newContext({
        baseURL: origin || testInfo.project.use.baseURL,
        locale: 'en-GB',
      });
      const page = await context.newPage();
      await signInAs(page, name, '/rules');
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // The calendar as the server tells it: the open week, else the next one.
      const me = (await (await page.request.get('/api/me')).json()) as MeSeason;
      const week =
        me.season.weeks.find((entry) => entry.status === 'open') ??
        me.season.weeks.find((entry) => entry.status === 'upcoming');
      expect(week, 'a week is open or coming').toBeDefined();
      const names = weekdays(language);
      const closes = new Intl.DateTimeFormat(language, {
        timeZone: me.timeZone,
        weekday: 'long',
      }).format(new Date(week!.closesAt));
      // The calendar itself: demo weeks close on Sunday, 2025 weeks on Friday.
      expect(closes).toBe(names[closingDay]);

      const deadline = page.getByRole('listitem').filter({ hasText: closes });
      await expect(deadline).toHaveCount(1);
      const full = new Intl.DateTimeFormat(language, {
        timeZone: me.timeZone,
        dateStyle: 'full',
      }).format(new Date(week!.closesAt));
      await expect(deadline).toContainText(full);
      // No other day of the week anywhere in the rules.
      const text = (await page.getByRole('main').innerText()).toLowerCase();
      for (const other of names.filter((_, day) => day !== closingDay))
        expect(text, `the rules name ${other}`).not.toContain(other.toLowerCase());
      await context.close();
    }
  });
}
