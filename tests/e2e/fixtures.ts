import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any axe violation (WCAG 2.x A/AA and best practices), listing them. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Picks a demo account on the embedded provider's sign-in page. */
export async function chooseDemoAccount(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** Signs in from the login screen as a demo account (the real redirect flow). */
export async function signInAs(page: Page, name: string, path = '/'): Promise<void> {
  await page.goto(path);
  // Home and the rules show a login button; other pages start the sign-in by themselves.
  if (path === '/' || path === '/rules') await page.getByRole('button', { name: /sso/i }).click();
  await chooseDemoAccount(page, name);
  // The header (banner) exists only in the signed-in layout; on a phone its links sit in the menu.
  await expect(page).not.toHaveURL(/\/idp\//);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Registers the signed-in player with a country team through the API (for journeys that start after). */
export async function registerThroughApi(
  page: Page,
  country: string,
  language = 'en',
): Promise<void> {
  const options = (await (await page.request.get('/api/teams-and-languages')).json()) as {
    teams: { id: number; flag: string }[];
  };
  const team = options.teams.find((entry) => entry.flag === country)!;
  const response = await page.request.post('/api/me/registration', {
    headers: { 'x-podium-csrf': '1' },
    data: {
      language,
      teamId: team.id,
      salesTeamId: null,
      activeWeeks: [true, true, true, true, true, true],
    },
  });
  expect(response.status()).toBe(200);
}

/** The second e2e server (playwright.config.ts): the 2025 season, its clock a week before launch. */
export const PRE_LAUNCH_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** The third e2e server (playwright.config.ts): the demo season, for organise-authoring.spec.ts only. */
export const AUTHORING_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 2}`;

/** The fourth e2e server (playwright.config.ts): the 2025 weeks, its clock after the last one. */
export const AFTER_SEASON_ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 3}`;
