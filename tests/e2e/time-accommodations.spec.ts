import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, PHONE, registerThroughApi, signInAs } from './fixtures';

/**
 * Time accommodations (ADR 0037) and calm timers and motion (WCAG 2.2.1, 2.2.2): a player asks
 * for more time, an organiser grants 2×, the player's instructions and countdown show 10 minutes;
 * the countdown speaks at a few thresholds only and can be hidden; the race on the track can be
 * paused, and stands still for players who prefer reduced motion.
 */

test.use({ viewport: PHONE });

test('a player asks for more time, an organiser grants 2×, and the game gives 10 minutes', async ({
  page,
  browser,
}, testInfo) => {
  await signInAs(page, 'Noor Haddad');
  await registerThroughApi(page, 'cl');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'More time to answer' });
  await expect(section.getByText(/give you 5 minutes/)).toBeVisible();
  await section
    .getByRole('textbox', { name: 'A note for the organisers (optional)' })
    .fill('I use a screen reader.');
  await expect(section.getByText(/Only the organisers see your request/)).toBeVisible();
  await section.screenshot({ path: testInfo.outputPath('account-time-form-375.png') });
  // A double click sends one request: the button is disabled while it is on its way.
  await section.getByRole('button', { name: 'Ask for more time' }).dblclick();
  await expect(section.getByText(/You asked for more time on /)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ask for more time' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath('account-time-request-375.png'),
    fullPage: true,
  });

  // The organiser sees the open request on the players screen and grants twice the time.
  const organiserContext = await browser.newContext({ viewport: PHONE });
  const organiser = await organiserContext.newPage();
  await signInAs(organiser, 'Ines Moreau', '/organise/players');
  const requests = organiser.getByRole('region', { name: /requests? for more time/ });
  await expect(requests).toBeVisible();
  await expect(requests.getByText('I use a screen reader.')).toBeVisible();
  await expectNoAxeViolations(organiser);
  await requests.screenshot({ path: testInfo.outputPath('organiser-time-requests-375.png') });
  await requests.getByRole('link', { name: 'Noor Haddad' }).click();
  const panel = organiser.getByRole('region', { name: 'Time accommodation' });
  await expect(panel.getByText(/Asked for more time on /)).toBeVisible();
  await expect(panel.getByText('Time per set of questions: 5 minutes (factor 1).')).toBeVisible();
  await expectNoAxeViolations(organiser);
  await panel.screenshot({ path: testInfo.outputPath('organiser-time-grant-375.png') });
  await panel.getByRole('button', { name: 'Give 2×' }).click();
  await expect(panel.getByText('Noor Haddad now has 10 minutes per set.')).toBeVisible();
  await expect(panel.getByText('Time per set of questions: 10 minutes (factor 2).')).toBeVisible();
  await expect(panel.getByText(/Asked for more time on /)).toHaveCount(0);
  await organiser.goto('/organise/audit');
  await expect(organiser.getByText('More time given to a player').first()).toBeVisible();
  await organiserContext.close();

  // Noor's account and instructions say 10 minutes, and the countdown starts from 10:00.
  await page.reload();
  await expect(section.getByText(/have given you 10 minutes for each set/)).toBeVisible();
  await page.goto('/questions');
  await expect(
    page.getByText(/^You have 10 minutes to answer 5 multiple-choice questions/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Question 1/5')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /^(10:00|09:5\d) left$/);
  for (const number of [1, 2, 3, 4, 5]) {
    await expect(page.getByText(`Question ${number}/5`)).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: number === 5 ? 'Submit' : 'Next' }).click();
  }
  await expect(page.getByText('Total points this game week')).toBeVisible();
});

test('the countdown speaks at 2 minutes, 1 minute and 30 seconds only, and can be hidden', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await signInAs(page, 'Kofi Mensah');
  await registerThroughApi(page, 'cl');
  await page.goto('/questions');
  await expect(page.getByText(/^You have 5 minutes to answer/)).toBeVisible();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Question 1/5')).toBeVisible();

  const timer = page.getByRole('timer');
  await expect(timer).toHaveAttribute('aria-live', 'off');
  const spoken = page.getByTestId('timer-announcement');
  await expect(spoken).toHaveAttribute('role', 'status');
  await expect(spoken).toHaveText('');
  // Seconds pass, the ring counts down, the live region stays silent.
  await page.clock.runFor(5_000);
  await expect(timer).toHaveAttribute('aria-label', /^04:5\d left$/);
  await expect(spoken).toHaveText('');
  await page.clock.runFor(176_000); // about 1:59 left
  await expect(spoken).toHaveText('2 minutes left');
  await page.clock.runFor(10_000);
  await expect(spoken).toHaveText('2 minutes left');
  await page.clock.runFor(50_000); // about 0:59 left
  await expect(spoken).toHaveText('1 minute left');
  await page.clock.runFor(30_000); // about 0:29 left
  await expect(spoken).toHaveText('30 seconds left');
  await expect(
    page.locator('[aria-live="polite"], [role="status"]').filter({ hasText: /left/ }),
  ).toHaveCount(1);

  // Hidden, the ring is gone (the deadline holds), and it stays hidden after a reload.
  await page.getByRole('button', { name: 'Hide the countdown' }).click();
  await expect(timer).toHaveCount(0);
  await expect(page.getByText('Countdown hidden. Your time limit still applies.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('play-timer-hidden-375.png') });
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByText('Question 1/5')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the countdown' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
});

/** Where each marker on the track stands (its style's left and top). */
const positions = (markers: Locator) =>
  markers.evaluateAll((nodes) =>
    nodes.map((node) => `${(node as HTMLElement).style.left} ${(node as HTMLElement).style.top}`),
  );

async function openTrack(page: Page) {
  await page.goto('/');
  const intro = page.getByRole('dialog');
  const play = page.getByRole('button', { name: 'Play', exact: true });
  const track = page.getByRole('heading', { level: 1, name: /game week 1/ });
  // The greeting (while questions wait), the events (first visit), or the track itself.
  await expect(intro.or(play).or(track).first()).toBeVisible();
  if (await intro.isVisible()) await intro.getByRole('button', { name: 'Later' }).click();
  await expect(play.or(track).first()).toBeVisible();
  if (await play.isVisible()) await play.click();
  await expect(track).toBeVisible();
  const markers = page.getByRole('list', { name: 'Teams on the track' }).getByRole('listitem');
  await expect(markers.first()).toBeVisible();
  return markers;
}

test('the race on the track can be paused and played again', async ({ page }) => {
  await signInAs(page, 'Kofi Mensah');
  const markers = await openTrack(page);
  const pause = page.getByRole('button', { name: 'Pause the race' });
  await expect(pause).toBeVisible();
  await pause.click();
  const resume = page.getByRole('button', { name: 'Play the race' });
  await expect(resume).toBeVisible();
  // Paused, nothing moves.
  const held = await positions(markers);
  await page.waitForTimeout(1_000);
  expect(await positions(markers)).toEqual(held);
  // Played again, Chile's marker runs on towards its place (7 s or more in all).
  await resume.click();
  await expect.poll(() => positions(markers), { timeout: 5_000 }).not.toEqual(held);
  await expectNoAxeViolations(page);
});

test('with reduced motion the race stands at its places and the ticker does not scroll', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, 'Kofi Mensah');
  const markers = await openTrack(page);
  // Nothing runs, so there is nothing to pause: the markers are at their places at once.
  await expect(page.getByRole('button', { name: 'Pause the race' })).toHaveCount(0);
  const placed = await positions(markers);
  await page.waitForTimeout(1_000);
  expect(await positions(markers)).toEqual(placed);
  const ticker = page.getByRole('region', { name: 'Overall standings', exact: true });
  await expect(ticker.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await expect(ticker.getByRole('group', { name: 'Overall standings' })).toBeVisible();
  await expectNoAxeViolations(page);
});
