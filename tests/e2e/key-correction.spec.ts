import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { WeekReview } from '#shared/contracts/review';
import {
  DESKTOP,
  expectNoAxeViolations,
  holdForThisFile,
  PHONE,
  playOpenWeekThroughApi,
  signInAs,
  startOwnServer,
  type OwnServer,
} from './fixtures';

/**
 * An organiser corrects a wrong answer key after the week has closed (ADR 0041), and the player
 * sees the correction on the week's answers page. The spec runs its own server on the 2025
 * season, twice on the same data: first with week 1 open (Wed 5 Feb 2025), where Ana plays it,
 * then with week 1 closed everywhere (Sat 8 Feb, 12:00 UTC), where the key is corrected.
 * Its port is week-close.spec.ts's (E2E_PORT + 4): both hold the lock 'port-plus-4'.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
const ORIGIN = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'podium-e2e-key-correction-'));

test.use({ baseURL: ORIGIN });
test.describe.configure({ mode: 'serial', timeout: 300_000 });
holdForThisFile('port-plus-4');

let server: OwnServer | null = null;
const startServer = async (clockStart: string) => {
  // week-close.spec.ts, which had the port before, does not wait for its server to end.
  await expect
    .poll(
      async () =>
        (await fetch(`${ORIGIN}/health/live`, { signal: AbortSignal.timeout(2000) }).catch(
          () => null,
        )) === null,
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  server = await startOwnServer(PORT, {
    E2E_DATA_DIR: dataDir,
    SEASON_FILE: 'content/seasons/2025.json',
    CLOCK_START: clockStart,
  });
};
const stopServer = async () => {
  await server?.stop();
  server = null;
};
test.afterAll(stopServer);

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('an organiser accepts a second option, and the player sees it on the review page', async ({
  page,
  browser,
}) => {
  await startServer('2025-02-05T10:00:00Z');
  // Ana answers question 1 wrong on purpose (the key, read as the organiser, before she plays)
  // and the others with the first option after the shuffle.
  const organiser = await browser.newContext({ baseURL: ORIGIN, locale: 'en-GB' });
  const organiserPage = await organiser.newPage();
  await signInAs(organiserPage, 'Aisha Khan');
  const week = (await (
    await organiserPage.request.get('/api/organise/weeks/1/questions')
  ).json()) as WeekQuestions;
  await organiser.close();
  const key = week.slots.find((slot) => slot.slot === 1)!.question!.correct;
  await playOpenWeekThroughApi(browser, ORIGIN, 'Ana García', 'es', (question) =>
    question.position === 1
      ? question.options.find((option) => option.key !== key)!.key
      : question.options[0]!.key,
  );
  await stopServer();
  await startServer('2025-02-08T12:00:00Z');

  // What Ana answered, from her review: the first question she got wrong is the one corrected.
  const player = await browser.newContext({ baseURL: ORIGIN, locale: 'en-GB' });
  const playerPage = await player.newPage();
  await signInAs(playerPage, 'Ana García');
  const before = (await (await playerPage.request.get('/api/weeks/1/review')).json()) as WeekReview;
  const wrong = before.questions.find((question) => question.answer !== question.correctOption);
  expect(wrong?.position).toBeDefined();
  const option = wrong!.answer!;
  const position = wrong!.position;

  await page.setViewportSize(PHONE);
  await signInAs(page, 'Aisha Khan', `/organise/questions?week=1&slot=${position}`);
  const editor = page.getByRole('region', { name: `Week 1: Question ${position}` });
  const panel = editor.getByRole('region', { name: 'Answer key' });
  await expect(
    panel.getByText(`Correct answer: ${wrong!.correctOption.toUpperCase()}.`),
  ).toBeVisible();

  // Keyboard only: open, choose, give a reason, preview.
  await panel.getByRole('button', { name: 'Correct the key' }).focus();
  await page.keyboard.press('Enter');
  await panel.getByRole('radio', { name: 'Accept another option as correct' }).check();
  await panel.getByLabel('Option to accept').selectOption(option);
  await panel.getByLabel('Reason (kept in the audit log)').fill('Two options are right');
  await panel.getByRole('button', { name: 'Preview the impact' }).focus();
  await page.keyboard.press('Enter');
  const impact = panel.getByRole('heading', { name: 'What this correction changes' });
  await expect(impact).toBeFocused();
  await expect(panel.getByText('Ana García')).toBeVisible();

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    expect(await sideways(page), `sideways scroll at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await panel.screenshot({ path: `test-results/key-correction-${viewport.width}.png` });
  }

  await panel.getByRole('button', { name: 'Confirm the correction' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(
    'The key has been corrected and the week re-scored.',
  );
  await expect(panel.getByText(`Also accepted: ${option.toUpperCase()}.`)).toBeVisible();

  // Ana's review says so, and counts her answer as right.
  await playerPage.goto('/weeks/1/review');
  const question = playerPage
    .getByRole('article')
    .filter({ has: playerPage.getByText(`Question ${position}`, { exact: true }) });
  await expect(question.getByRole('note')).toHaveText(
    `Corrected: ${option.toUpperCase()} was also accepted.`,
  );
  await expect(question.getByText('Right', { exact: true })).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await playerPage.setViewportSize(viewport);
    await expectNoAxeViolations(playerPage);
    expect(await sideways(playerPage)).toBeLessThanOrEqual(0);
    await question.screenshot({ path: `test-results/key-correction-review-${viewport.width}.png` });
  }
  await player.close();
  // Ended here, before the lock on the port is released to week-close.spec.ts.
  await stopServer();
});
