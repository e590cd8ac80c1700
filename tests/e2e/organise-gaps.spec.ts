import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  playOpenWeekThroughApi,
  signInAs,
} from './fixtures';

/**
 * Knowledge gaps (/organise/gaps, ADR 0021), as the demo organiser (Morgan Lee). Javier, this
 * spec's own player, plays week 1 for Spain (first option each time; repeating is harmless), a
 * team no other spec counts, so that there are answers whatever order the specs run in.
 */

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
}

/** The whole percents shown, in order ('33%' → 33). */
const percents = (texts: string[]) => texts.map((text) => Number(/(\d+)\s*%/.exec(text)![1]));

test('the organiser sees the weakest topic first, by region and team, and the questions to review', async ({
  browser,
  page,
}, testInfo) => {
  // Four axe runs on a busy machine take minutes; nothing here waits on a clock.
  test.setTimeout(600_000);
  await playOpenWeekThroughApi(browser, testInfo.project.use.baseURL, 'Javier Moreno', 'es');
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'Morgan Lee', '/organise');
  await page
    .getByRole('navigation', { name: 'Organiser tools' })
    .getByRole('link', { name: 'Knowledge gaps' })
    .click();
  await expect(page).toHaveURL(/\/organise\/gaps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge gaps' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Week' }).selectOption('1');
  await expect(page).toHaveURL(/\/organise\/gaps\?week=1$/);
  const topics = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Topic' }) })
    .first();
  const rows = topics.getByTestId('gap-topic-row');
  await expect(rows.first()).toBeVisible();
  // Weakest first: the shares never go down the table.
  const shares = percents(await rows.locator('td:nth-child(2)').allInnerTexts());
  expect(shares).toEqual([...shares].sort((a, b) => a - b));
  const weakest = (await rows.first().getByRole('rowheader').innerText()).trim();
  // The breakdown starts on the weakest topic; Javier's Spain is among the teams.
  const breakdown = page.getByRole('region', { name: 'By region and team' });
  await expect(breakdown.getByRole('combobox', { name: 'Topic' })).toHaveValue(/.+/);
  await expect(
    breakdown.getByRole('combobox', { name: 'Topic' }).locator('option:checked'),
  ).toHaveText(weakest);
  await expect(
    breakdown.getByRole('table', { name: /By team/ }).getByRole('row', { name: /Spain/ }),
  ).toBeVisible();
  await expect(
    breakdown.getByRole('table', { name: /By region/ }).getByRole('row', { name: /Europe/ }),
  ).toBeVisible();

  const questions = page.getByRole('region', { name: 'Questions, weakest first' });
  await expect(questions.getByRole('row', { name: /Week 1 · Question 1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download this table (CSV)' })).toHaveAttribute(
    'href',
    '/api/organise/exports/gaps.csv?setNum=1',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('gaps-1280.png'), fullPage: true });

  // On a phone: cards, weakest first, nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  const cards = page.getByTestId('gap-topic');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('heading')).toHaveText(weakest);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('gaps-375.png'), fullPage: true });

  // A region and a week nobody played: the empty state.
  await page.getByRole('combobox', { name: 'Region' }).selectOption('EUROPE');
  await expect(page).toHaveURL(/week=1&region=EUROPE/);
  await expect(cards.first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Week' }).selectOption('6');
  await expect(page.getByText('No answers yet for this choice.', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
