import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, PHONE, registerThroughApi, signInAs } from './fixtures';

test.use({ viewport: PHONE });

test('a player plays a whole week with a reload in the middle, then takes the challenger', async ({
  page,
}) => {
  await signInAs(page, 'Emily Clark');
  await registerThroughApi(page, 'us');
  await page.goto('/');
  const intro = page.getByRole('dialog', { name: 'Hello, Emily!' });
  await expect(intro).toBeVisible();
  await expectNoAxeViolations(page);
  await intro.getByRole('button', { name: 'Play now' }).click();

  await expect(page).toHaveURL(/\/questions$/);
  await expect(page.getByRole('heading', { name: 'Ready, Emily?' })).toBeVisible();
  await expect(page.getByText("This week's topic: nutrition and the brain.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start' }).click();

  for (const number of [1, 2]) {
    await expect(page.getByText(`Question ${number}/5`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('Question 3/5')).toBeVisible();
  await expectNoAxeViolations(page);

  // Let at least a second pass, so that a running clock no longer shows 05:00.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByText('Question 3/5')).toBeVisible();
  // The clock kept running: it did not restart at 05:00.
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /0[0-4]:\d\d/);

  for (const number of [3, 4, 5]) {
    await expect(page.getByText(`Question ${number}/5`)).toBeVisible();
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: number === 5 ? 'Submit' : 'Next' }).click();
  }

  const invitation = page.getByRole('dialog', { name: 'Dare to be challenged?' });
  await expect(invitation).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeAttached();
  await expectNoAxeViolations(page);
  await invitation.getByRole('button', { name: 'To the Challenger Question' }).click();

  await expect(page.getByText(/removes 50% of this week's score/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start the challenge' }).click();
  await expect(page.getByText('Question 1/1')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Submit my answer' }).click();

  // One account of the week: the main questions, the challenger's effect, the total, once each.
  await expect(page.getByText(/^Challenger Question: (right|wrong) answer/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Well done!']);
  const rows = page.locator('#result-title').locator('..').getByRole('term');
  await expect(rows).toHaveText([
    'Correct answers',
    'Main questions',
    'Challenger Question',
    'Total points this game week',
    'Average speed',
    'Time to complete',
  ]);
  await expectNoAxeViolations(page);
});

test('a finish that reaches the server before the deadline is not a time-out: it says how many were answered', async ({
  page,
}) => {
  // The browser's clock runs ahead of the server's: its countdown ends first, and the finish it
  // sends arrives before the server's deadline (the real time-out: week-close.spec.ts).

  await page.clock.install();
  await signInAs(page, 'Olivia Tremblay');
  await registerThroughApi(page, 'ca');
  await page.goto('/questions');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2/5')).toBeVisible();

  await page.clock.fastForward('05:01');
  await expect(page.getByRole('heading', { name: 'Game week finished' })).toBeVisible();
  await expect(
    page.getByText(
      'You stopped after 1 question of 5: the others score 0, and there is no speed bonus.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Oops, you took too long!')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the week can be played by keyboard alone on a phone', async ({ page }) => {
  await signInAs(page, 'Morgan Lee');
  await registerThroughApi(page, 'gb');
  await page.goto('/questions');
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeVisible();
  for (
    let presses = 0;
    presses < 30 && !(await start.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');
  for (let number = 1; number <= 5; number++) {
    await expect(page.getByText(`Question ${number}/5`)).toBeVisible();
    // Each new question takes the focus, on its first option.
    await expect(page.getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: number === 5 ? 'Submit' : 'Next' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('dialog', { name: 'Dare to be challenged?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Well done!' })).toBeVisible();
});
