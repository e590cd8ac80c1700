import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  PHONE,
  playOpenWeekThroughApi,
  registerThroughApi,
  signInAs,
} from './fixtures';

/**
 * The organisers' dashboard, players and exports screens, signed in as this spec's organiser
 * (Oliver Bennett, unregistered). Thiago (Brazil) plays week 1, the only player in Latin America
 * who plays in any spec, and Mai (Vietnam) gets a week marked inactive: no other spec registers
 * anyone in those two teams, so this file passes alone and in any order.
 */

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
/** Registers the signed-in player unless an earlier spec already did. */
async function ensureRegistered(page: Page, country: string): Promise<void> {
  const me = (await (await page.request.get('/api/me')).json()) as { registered: boolean };
  if (!me.registered) await registerThroughApi(page, country);
}

/** Mai (Vietnam) registers, unless an earlier test did: she has not played week 1. */
async function maiRegisters(browser: Browser, baseURL: string | undefined): Promise<void> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  await signInAs(page, 'Mai Trần', '/account');
  await ensureRegistered(page, 'vn');
  await context.close();
}

/** Splits one CSV line into its fields (RFC 4180 quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quoted && char === '"' && line[index + 1] === '"') {
      field += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  return [...fields, field];
}

async function axeAt(page: Page, viewports: { width: number; height: number }[]): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
}

test('an organiser downloads the regional winners CSV and reads it back', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await playOpenWeekThroughApi(browser, testInfo.project.use.baseURL, 'Thiago Costa', 'br');
  await page.setViewportSize(LAPTOP);
  await signInAs(page, 'Oliver Bennett', '/organise/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  await axeAt(page, [LAPTOP, TABLET]);

  await page.getByRole('spinbutton', { name: 'Players per region' }).fill('3');
  const link = page.getByRole('link', { name: 'Download the regional winners (CSV)' });
  await expect(link).toHaveAttribute('href', /regional-winners\.csv\?top=3$/);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('regional-winners.csv');

  const bytes = readFileSync((await download.path())!);
  // The byte-order mark lets spreadsheets read Thai and Vietnamese names as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
  expect(csvFields(lines[0]!)).toEqual([
    'region',
    'rank',
    'name',
    'email',
    'team',
    'total_points',
    'total_time_seconds',
    'total_time',
    'last_submission',
  ]);
  const thiago = lines.map(csvFields).find((fields) => fields[2] === 'Thiago Costa');
  expect(thiago).toBeDefined();
  const [region, rank, , email, team, points, seconds, time, lastSubmission] = thiago!;
  expect({ region, rank, email, team }).toEqual({
    region: 'LATAM',
    rank: '1',
    email: 'thiago.costa@example.com',
    team: 'Brazil',
  });
  expect(points).toMatch(/^\d+\.\d{2}$/);
  expect(Number(seconds)).toBeGreaterThanOrEqual(0);
  expect(time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  expect(Number.isNaN(Date.parse(lastSubmission!))).toBe(false);
});

test('the dashboard shows the open week: participation, hardest questions, who has not played', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await playOpenWeekThroughApi(browser, testInfo.project.use.baseURL, 'Thiago Costa', 'br');
  await maiRegisters(browser, testInfo.project.use.baseURL);
  await page.setViewportSize(LAPTOP);
  await signInAs(page, 'Oliver Bennett', '/organise');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Week' })).toHaveValue('1');
  await expect(page.getByText('This week is open: players are playing now.')).toBeVisible();

  const teams = page.getByRole('region', { name: 'Participation by team' });
  const brazil = teams.getByRole('row', { name: /Brazil/ });
  await expect(brazil).toContainText('1 / 1');
  await expect(brazil).toContainText('100%');
  await expect(page.getByRole('heading', { name: 'Participation by sales team' })).toBeVisible();

  // Five questions and the challenger show their spread.
  const questions = page.getByRole('article');
  await expect(questions).toHaveCount(6);
  // Thiago's answers count (and any other spec's players).
  await expect(questions.first()).toContainText(/% correct \(\d+ of [1-9]\d* answers?\)/);
  await expect(questions.first().getByText('correct answer')).toBeVisible();

  // Mai is active in week 1 and has not played: she is on the reminder list.
  await expect(teams.getByRole('row', { name: /Vietnam/ })).toContainText('0 / 1');
  const notPlayed = page.getByRole('region', { name: 'Who has not played yet' });
  await expect(notPlayed.getByRole('row', { name: /Mai Trần/ })).toContainText('Vietnam');
  await expect(
    notPlayed.getByRole('link', { name: 'Download the list for reminders (CSV)' }),
  ).toHaveAttribute('href', '/api/organise/weeks/1/not-played.csv');

  await page.getByRole('combobox', { name: 'Week' }).selectOption('2');
  await expect(page).toHaveURL(/\/organise\?week=2$/);
  await expect(page.getByRole('heading', { name: 'Week 2 at a glance' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Week' }).selectOption('1');
  await expect(page.getByRole('heading', { name: 'Week 1 at a glance' })).toBeVisible();
  await axeAt(page, [LAPTOP, TABLET, PHONE]);
});

test('an organiser finds a player, opens their weeks and marks week 1 inactive with a reason', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await maiRegisters(browser, testInfo.project.use.baseURL);

  await page.setViewportSize(LAPTOP);
  await signInAs(page, 'Oliver Bennett', '/organise/players');
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name or email' }).fill('mai.tran@');
  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Vietnam' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=mai\.tran%40&team=\d+/);
  await expect(page.getByRole('heading', { name: 'Players found: 1' })).toBeVisible();
  await axeAt(page, [LAPTOP, TABLET]);

  await page.getByRole('link', { name: 'Mai Trần' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mai Trần' })).toBeVisible();
  const weeks = page.getByRole('table', { name: 'Weeks of Mai Trần' });
  await expect(weeks.getByRole('row')).toHaveCount(7);
  const week1 = weeks.getByRole('row', { name: /^Week 1/ });
  await expect(week1).toContainText('open');
  await expect(week1).toContainText('Not played');

  await week1.getByRole('button', { name: 'Mark inactive Week 1' }).click();
  const form = page.getByRole('form', { name: 'Mark week 1 inactive' });
  const reason = form.getByRole('textbox', { name: 'Reason (required)' });
  await expect(reason).toBeFocused();
  await form.getByRole('button', { name: 'Mark inactive' }).click();
  await expect(form.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await axeAt(page, [LAPTOP, TABLET]);

  await reason.fill('Sick leave all week');
  await form.getByRole('button', { name: 'Mark inactive' }).click();
  // The button that opened the form is gone: the confirmation takes the focus.
  await expect(
    page.getByRole('status').filter({ hasText: 'Week 1 is now inactive for Mai Trần.' }),
  ).toBeFocused();
  await expect(form).toHaveCount(0);
  await expect(week1).toContainText('Inactive');
  await expect(week1.getByRole('button')).toHaveCount(0);
  await axeAt(page, [PHONE]);

  // The override is kept: a reload shows the week inactive, and the audit log has the reason.
  await page.reload();
  await expect(page.getByRole('row', { name: /^Week 1/ })).toContainText('Inactive');
  const audit = await page.request.get('/api/organise/audit?entityType=player');
  const entries = ((await audit.json()) as { entries: { action: string; reason: string }[] })
    .entries;
  expect(entries).toContainEqual(
    expect.objectContaining({ action: 'player.week-inactive', reason: 'Sick leave all week' }),
  );

  // Mai moves to the Philippines (a team no later spec looks at) for the weeks not played.
  const move = page.getByRole('form', { name: 'Move to another team' });
  await move.getByRole('combobox', { name: 'New team' }).selectOption({ label: 'Philippines' });
  await move.getByRole('combobox', { name: 'Sales team' }).selectOption({ label: 'Luzon' });
  await move.getByRole('textbox', { name: 'Reason (optional)' }).fill('Transferred to Manila');
  await move.getByRole('button', { name: 'Move player' }).click();
  await expect(move.getByRole('status')).toHaveText('Mai Trần now plays for Philippines.');
  await expect(page.getByRole('definition').filter({ hasText: 'Luzon' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Philippines' })).toBeVisible();
});

test('an organiser signs a player out everywhere and filters the players without an address', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await maiRegisters(browser, testInfo.project.use.baseURL);
  // Mai is signed in on another device.
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'en-GB',
  });
  const maiPage = await phone.newPage();
  await signInAs(maiPage, 'Mai Trần', '/account');
  expect((await maiPage.request.get('/api/me')).status()).toBe(200);

  await page.setViewportSize(LAPTOP);
  await signInAs(page, 'Oliver Bennett', '/organise/players');
  await page.getByRole('checkbox', { name: 'Without email only' }).check();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/noEmail=1/);
  await expect(page.getByRole('heading', { name: /^Players found: \d+$/ })).toBeVisible();
  await axeAt(page, [LAPTOP, PHONE]);

  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('searchbox', { name: 'Name or email' }).fill('mai.tran@');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Mai Trần' }).click();
  const panel = page.getByRole('form', { name: 'Sign out everywhere' });
  await panel.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    /^Mai Trần is signed out of [1-9]\d* sessions?\.$/,
  );
  expect((await maiPage.request.get('/api/me')).status()).toBe(401);
  await axeAt(page, [PHONE]);
  await phone.close();
});
