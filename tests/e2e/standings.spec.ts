import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, PHONE, registerThroughApi, signInAs } from './fixtures';

interface QuestionsFile {
  weeks: {
    questions: {
      correct: string;
      translations: { en: { text: string; options: Record<string, string> } };
    }[];
  }[];
}

/**
 * The right answer of each question, by its English text. The API keeps the correct options
 * secret until the week has closed, but the test knows the content the server was loaded with.
 */
const rightAnswers = new Map(
  (JSON.parse(readFileSync('content/questions/nutrition-2025.json', 'utf8')) as QuestionsFile).weeks
    .flatMap((week) => week.questions)
    .map((question) => [
      question.translations.en.text,
      question.translations.en.options[question.correct]!,
    ]),
);

const TEAMS = ['Indonesia', 'Thailand'];

/** The order in which our two teams appear among a list's items (other specs' teams left out). */
async function orderOf(items: Locator): Promise<string[]> {
  const texts = await items.allInnerTexts();
  return texts.flatMap((text) => TEAMS.filter((team) => text.includes(team)));
}

/** Plays the open week's five questions, all right or all wrong, and declines the challenger. */
async function playWeek(page: Page, answers: 'right' | 'wrong'): Promise<void> {
  await expect(page).toHaveURL(/\/questions$/);
  await page.getByRole('button', { name: 'Start' }).click();
  for (let number = 1; number <= 5; number++) {
    const legend = page.locator('legend');
    await expect(legend).toContainText(`Question ${number}/5`);
    const question = (await legend.innerText()).replace(/^Question \d\/5\s*/, '').trim();
    const right = rightAnswers.get(question);
    expect(right, question).toBeDefined();
    const options = await page.locator('form label').allInnerTexts();
    const choice =
      answers === 'right'
        ? right!
        : options.map((text) => text.trim()).find((text) => text !== right)!;
    await page.getByRole('radio', { name: choice, exact: true }).check();
    await page.getByRole('button', { name: number === 5 ? 'Submit' : 'Next' }).click();
  }
  const invitation = page.getByRole('dialog', { name: 'Dare to be challenged?' });
  await expect(invitation).toBeVisible();
  await invitation.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeVisible();
}

async function axeAtBothSizes(page: Page): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
}

test('two teams play: the ticker, the track and the leaderboard follow the scores', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const baseURL = testInfo.project.use.baseURL;
  const ticker = page.getByRole('region', { name: 'Overall standings', exact: true });

  // Putri (Indonesia) signs in first: nobody has played, Indonesia leads Thailand on its name.
  await signInAs(page, 'Putri Wijaya');
  await registerThroughApi(page, 'id', 'en');

  // Somchai (Thailand) plays in his own browser and gets every answer wrong.
  const somchaiContext = await browser.newContext({ baseURL, locale: 'en-GB', viewport: DESKTOP });
  const somchai = await somchaiContext.newPage();
  await signInAs(somchai, 'Somchai Srisuk');
  await registerThroughApi(somchai, 'th', 'en');
  await somchai.goto('/questions');
  await playWeek(somchai, 'wrong');

  // No points, but Thailand took part: it passes Indonesia on participation.
  const standingsAnswer = somchai.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/standings',
  );
  await somchai.goto('/leaderboard');
  // The leaderboard every player shares reaches the browser gzipped (ADR 0028).
  expect((await standingsAnswer).headers()['content-encoding']).toBe('gzip');
  const somchaiRows = somchai.getByRole('table').getByRole('row');
  await expect.poll(() => orderOf(somchaiRows)).toEqual(['Thailand', 'Indonesia']);
  await expect(somchai.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(somchai.getByText('Active participants this week')).toBeVisible();

  // Putri's home: the weekly popup, the stopwatch, then the intro card.
  await page.goto('/');
  await page
    .getByRole('dialog', { name: 'Hello, Putri!' })
    .getByRole('button', { name: 'Later' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /the race is on/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Canoe/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /Marathon/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'How to play' })).toHaveAttribute('href', '/rules');
  await expect.poll(() => orderOf(ticker.getByRole('listitem'))).toEqual(['Thailand', 'Indonesia']);
  await axeAtBothSizes(page);

  // Play opens the track; its tooltip greets Putri and leads to the questions.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const markers = page.getByRole('list', { name: 'Teams on the track' }).getByRole('listitem');
  await expect(page.getByRole('heading', { level: 1, name: 'Canoe: game week 1' })).toBeVisible();
  await expect(markers.first()).toBeVisible();
  await expect.poll(() => orderOf(markers)).toEqual(['Thailand', 'Indonesia']);
  await expect(
    page.getByText('Hello, Putri! Your five questions for this week are waiting for you.'),
  ).toBeVisible();
  await axeAtBothSizes(page);
  await page.getByRole('link', { name: 'Play now' }).click();
  await playWeek(page, 'right');

  // Somchai's leaderboard reorders by itself, without a reload.
  await expect
    .poll(() => orderOf(somchaiRows), { timeout: 25_000 })
    .toEqual(['Indonesia', 'Thailand']);

  // Back home the track opens at once (remembered for the session), Indonesia ahead.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Canoe: game week 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);
  await expect(markers.first()).toBeVisible();
  await expect.poll(() => orderOf(markers)).toEqual(['Indonesia', 'Thailand']);
  await expect(markers.filter({ hasText: 'Indonesia' })).toContainText(/Indonesia\s*[1-9]/);
  await expect.poll(() => orderOf(ticker.getByRole('listitem'))).toEqual(['Indonesia', 'Thailand']);

  // /track: the same race as a plain list.
  await page.goto('/track');
  await expect(page.getByRole('heading', { level: 1, name: 'Race standings' })).toBeVisible();
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => orderOf(rows)).toEqual(['Indonesia', 'Thailand']);
  await expect(rows.filter({ hasText: 'Thailand' })).toContainText('participation 100%');
  await axeAtBothSizes(page);

  // The leaderboard: Putri's team, its tiles, the table and the regional leaders.
  await page.goto('/leaderboard');
  await expect(
    page.getByRole('banner').getByRole('link', { name: /My account: Putri/ }),
  ).toBeAttached();
  const table = page.getByRole('table', { name: /Overall standings up to game week 1/ });
  await expect(table.getByRole('columnheader', { name: 'Top participant' })).toBeVisible();
  await expect.poll(() => orderOf(table.getByRole('row'))).toEqual(['Indonesia', 'Thailand']);
  await expect(table.getByRole('row', { name: /Indonesia/ })).toContainText('Putri');
  await expect(page.getByRole('main').getByText('1 of 1')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Regional leaders' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'ASEAN' })).toContainText('Putri');
  await axeAtBothSizes(page);

  await somchaiContext.close();
});
