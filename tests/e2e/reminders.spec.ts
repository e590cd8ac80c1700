import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  registerThroughApi,
  signInAs,
  startOwnServer,
  type OwnServer,
} from './fixtures';

/**
 * Reminders in the demo outbox (ADR 0020), with no SMTP server: players in Bangkok,
 * Madrid and New York register on a server whose clock stands the day before week 1 of 2025
 * opens; one is away that week, one turns reminders off on the account page. That server stops;
 * another starts on the same data two days later, after 09:00 on Tuesday 4 February in all three
 * zones, and catches up the reminders that came due while none ran. The organiser (Morgan Lee)
 * sees them in /organise/outbox, each due at 09:00 in its team's time.
 */

/** Past the servers of playwright.config.ts, week-close.spec.ts and screens.spec.ts (… + 6). */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
const ORIGIN = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-e2e-reminders-'));

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: OwnServer | null = null;

async function startServer(clockStart: string): Promise<void> {
  server = await startOwnServer(PORT, {
    E2E_DATA_DIR: dataDir,
    SEASON_FILE: 'content/seasons/2025.json',
    CLOCK_START: clockStart,
  });
}

async function stopServer(): Promise<void> {
  await server?.stop();
  server = null;
}

test.afterAll(stopServer);

async function register(page: Page, name: string, country: string, language: string) {
  await signInAs(page, name, '/');
  await registerThroughApi(page, country, language);
}

test('players register the day before week 1 opens; one turns reminders off', async ({
  browser,
}) => {
  test.setTimeout(280_000);
  // Monday 3 February 2025, 10:00 UTC: week 1 opens on Tuesday in every zone.
  await startServer('2025-02-03T10:00:00Z');
  const players = [
    ['Somchai', 'th', 'th'],
    ['Ana García', 'es', 'es'],
    ['Emily Clark', 'us', 'en'],
  ] as const;
  for (const [name, country, language] of players) {
    const context = await browser.newContext();
    await register(await context.newPage(), name, country, language);
    await context.close();
  }

  // Camille is away in week 1 (France, Europe/Paris): no reminder for that week.
  const away = await browser.newContext();
  const awayPage = await away.newPage();
  await signInAs(awayPage, 'Camille Martin', '/');
  const options = (await (await awayPage.request.get('/api/teams-and-languages')).json()) as {
    teams: { id: number; flag: string }[];
  };
  const france = options.teams.find((team) => team.flag === 'fr')!;
  const response = await awayPage.request.post('/api/me/registration', {
    headers: { 'x-podium-csrf': '1' },
    data: {
      language: 'fr',
      teamId: france.id,
      salesTeamId: null,
      activeWeeks: [false, true, true, true, true, true],
    },
  });
  expect(response.status()).toBe(200);
  await away.close();

  // Luis turns reminders off on the account page, at phone width.
  const off = await browser.newContext({ viewport: PHONE });
  const page = await off.newPage();
  await register(page, 'Luis', 'mx', 'es');
  await page.goto('/account');
  const toggle = page.getByRole('checkbox', {
    name: 'Enviarme un recordatorio por correo para jugar',
  });
  await expect(toggle).toBeChecked();
  await expectNoAxeViolations(page);
  await toggle.uncheck();
  await expect(page.getByText('Los recordatorios están desactivados.')).toBeVisible();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await page.screenshot({ path: 'test-results/reminders-account-375.png', fullPage: true });
  await off.close();

  await stopServer();
});

test('the outbox shows the reminders due at 09:00 local time in three zones', async ({ page }) => {
  test.setTimeout(280_000);
  // Wednesday 5 February 2025, 10:00 UTC: past 09:00 on Tuesday in Bangkok, Madrid and New York.
  await startServer('2025-02-05T10:00:00Z');
  await page.setViewportSize(PHONE);
  await signInAs(page, 'Morgan Lee', '/organise/outbox');
  await expect(page.getByRole('heading', { name: 'Reminder outbox', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Reminder outbox' });
  // The start-up round runs as the server becomes ready; reload until it has written them.
  await expect(async () => {
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });

  const card = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  for (const [name, local, utc] of [
    ['Somchai', /09:00/, '2025-02-04 02:00 UTC'],
    ['Ana', /09:00/, '2025-02-04 08:00 UTC'],
    ['Emily', /09:00/, '2025-02-04 14:00 UTC'],
  ] as const) {
    await expect(card(name)).toContainText(local);
    await expect(card(name)).toContainText(utc);
    await expect(card(name)).toContainText('Sent');
  }
  await expect(card('Ana')).toContainText('Español');
  await expect(card('Emily')).toContainText('Podium: week 1 is open');
  // Away for the week, or reminders off: nothing.
  await expect(list).not.toContainText('Camille');
  await expect(list).not.toContainText('Luis');

  await card('Emily').getByText('Show the message').click();
  await expect(card('Emily')).toContainText(`${ORIGIN}/questions`);
  await expectNoAxeViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/reminders-outbox-375.png', fullPage: true });

  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/reminders-outbox-1280.png', fullPage: true });
});
