import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations, PHONE, signInAs } from './fixtures';

/**
 * How a screen answers a failed request (src/web/lib/query-retry.ts), on an organiser's
 * player page, signed in as this spec's organiser, Lucía, whose interface is in Spanish (her
 * provider's locale). A refusal (4xx) answers the same on a second try: its translated error and
 * a retry button show at once. A network failure or a 503 may pass: the screen shows progress
 * and retries quietly, and shows the page once the fault clears.
 */

test.use({ viewport: PHONE });

/** One player's detail, by id (not the list of open time requests beside it). */
const PLAYER_PAGE = /\/api\/organise\/players\/[0-9a-f]{8}-[0-9a-f-]{27}$/;

/** The player page's requests for its player, as they leave the browser. */
function playerRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (PLAYER_PAGE.test(new URL(request.url()).pathname)) requests.push(request);
  });
  return requests;
}

test('a refusal from the server shows its translated error and a retry button within 2 s', async ({
  page,
}) => {
  await signInAs(page, 'Lucía Fernández', '/organise/players');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The browser notes when an alert with words first shows: measured there, the time does not
  // include this test's own polling on a busy machine.
  await page.addInitScript(() => {
    const shown = window as unknown as { alertShownAt?: number };
    new MutationObserver(() => {
      const alert = document.querySelector('[role="alert"]');
      if (shown.alertShownAt === undefined && alert?.textContent?.trim())
        shown.alertShownAt = Date.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const requests = playerRequests(page);

  // A player who does not exist: the real server answers 404 PLAYER_NOT_FOUND.
  await page.goto('/organise/players/00000000-0000-4000-8000-000000000000');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Este jugador no existe.');
  const retry = alert.getByRole('button', { name: 'Reintentar' });
  await expect(retry).toBeVisible();
  const shownAt = await page.evaluate(
    () => (window as unknown as { alertShownAt?: number }).alertShownAt,
  );
  const sentAt = requests[0]!.timing().startTime;
  expect(shownAt! - sentAt, 'the error shows within 2 s of the request').toBeLessThan(2_000);
  // Shown at once, not after quiet retries: the page asked once.
  expect(requests).toHaveLength(1);
  const response = await requests[0]!.response();
  expect(response?.status()).toBe(404);

  // The button asks again (and the server refuses again, in the same words).
  await retry.click();
  await expect.poll(() => requests.length).toBe(2);
  await expect(page.getByRole('alert')).toContainText('Este jugador no existe.');
  // The error state is a designed screen too: its own heading, and no axe violation.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datos del jugador');
  await expectNoAxeViolations(page);
});

for (const fault of ['network', '503'] as const) {
  test(`after a ${fault === 'network' ? 'network failure' : '503'} the screen shows progress, retries quietly and then shows the page`, async ({
    page,
  }) => {
    await signInAs(page, 'Lucía Fernández', '/organise/players');
    const search = await page.request.get('/api/organise/players?q=lucia.fernandez%40');
    const { players } = (await search.json()) as { players: { id: string }[] };
    expect(players).toHaveLength(1);

    // Fault injection: a network failure or a 503 can be had from the real server only by
    // breaking it, so the browser's first two requests for the player fail here; the third
    // reaches the real server. The app cannot tell the difference.
    const requests = playerRequests(page);
    let failures = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(PLAYER_PAGE, async (route) => {
      if (failures >= 2) {
        await released;
        return route.continue();
      }
      failures += 1;
      if (fault === 'network') return route.abort('internetdisconnected');
      return route.fulfill({
        status: 503,
        json: {
          error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is reconnecting.' },
        },
      });
    });
    await page.goto(`/organise/players/${players[0]!.id}`);

    // While the faults last and the third try waits: progress, and no error.
    await expect.poll(() => requests.length).toBe(3);
    await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toBeVisible();
    // An error shown, not the empty alert regions the page's forms keep ready.
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

    // The fault clears: the page shows the player, and no error ever showed.
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Lucía Fernández' })).toBeVisible();
    // An error shown, not the empty alert regions the page's forms keep ready.
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
    expect(requests).toHaveLength(3);
  });
}
