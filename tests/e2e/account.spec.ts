import { expect, test, type Locator } from '@playwright/test';
import type { Me } from '#shared/contracts/me';
import { formatMoment } from '../../src/web/lib/moment';
import { DESKTOP, expectNoAxeViolations, PHONE, registerThroughApi, signInAs } from './fixtures';

test('after launch a player snoozes a future week, and the started week is locked', async ({
  page,
}, testInfo) => {
  // Rafael's provider locale (pt-BR) is not an interface language: the browser's English wins.
  // He joins Colombia: organise-players.spec.ts counts Brazil's players.
  await signInAs(page, 'Rafael Souza');
  await registerThroughApi(page, 'co');
  await page.goto('/account');

  // His team is locked while week 1 is open, and the page says until when, in Colombia's time.
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  expect(me.timeZone).toBe('America/Bogota');
  const closes = formatMoment(me.season!.weeks[0]!.closesAt, 'en', me.timeZone);
  expect(closes).toMatch(/ at 11:59 PM GMT-5$/);
  const team = page.getByRole('combobox', { name: 'Country team' });
  await expect(team).toBeDisabled();
  const locked = `Week 1 is under way. Your team and sales team can be changed again once it has closed (${closes}), until the day before the next week opens.`;
  await expect(team).toHaveAccessibleDescription(locked);
  const salesTeam = page.getByRole('combobox', { name: 'Sales team (optional)' });
  await expect(salesTeam).toBeDisabled();
  await expect(salesTeam).toHaveAccessibleDescription(locked);

  const week1 = page.getByRole('checkbox', { name: /Week 1/ });
  const week3 = page.getByRole('checkbox', { name: /Week 3/ });
  await expect(week1).toBeDisabled();
  await expect(page.getByText(/locked: this week has started/)).toBeVisible();
  await expect(week3).toBeEnabled();
  await expect(week3).toBeChecked();

  await week3.uncheck();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Your details have been updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Week 3/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Week 1/ })).toBeChecked();

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { name: 'My statistics' })).toBeVisible();
    await expect(page.getByText('Overall personal score')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`account-${viewport.width}.png`),
      fullPage: true,
    });
  }
});

test('a player without a team is told how to join one, and can once a team is chosen', async ({
  page,
}) => {
  // Linh stays without a team.
  await signInAs(page, 'Linh Nguyễn', '/account');
  await expect(page.getByText(/Bạn chưa ở trong đội nào|You are not in a team yet/)).toBeVisible();
  const join = page.getByRole('button', { name: /Tham gia đội|Join the team/ });
  await expect(join).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /1/ }).first()).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole('combobox').nth(1).selectOption({ index: 1 });
  await expect(join).toBeEnabled();
  await expect(page.getByRole('checkbox').last()).toBeEnabled();
});

test('the statistics tiles keep two in a row at 375 px less a desktop scrollbar (363 px)', async ({
  page,
}) => {
  // Firefox on a desktop takes 12 px for a classic scrollbar; a 10rem tile and its neighbour
  // once needed 332 px of the 331 px left, and fell to one column.
  await signInAs(page, 'Rafael Souza');
  const me = (await (await page.request.get('/api/me')).json()) as Me;
  if (!me.registered) await registerThroughApi(page, 'co');
  await page.setViewportSize({ width: 363, height: 812 });
  const rowsOf = async (tiles: Locator) => {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const tops = await tiles.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    return [...new Set(tops)].length;
  };

  await page.goto('/account');
  const stats = page.getByRole('region', { name: 'My statistics' }).getByRole('listitem');
  await expect(stats).toHaveCount(5);
  expect(await rowsOf(stats)).toBe(3);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  const teamTiles = page
    .getByRole('main')
    .locator('ul[class*="tiles"]')
    .first()
    .getByRole('listitem');
  await expect(teamTiles).toHaveCount(3);
  expect(await rowsOf(teamTiles)).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(363);
});
