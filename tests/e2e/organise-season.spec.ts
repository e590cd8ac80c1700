import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, holdForThisFile, PHONE, signInAs } from './fixtures';

const TABLET = { width: 768, height: 1024 };

/** Axe on the screen as it stands, at each width (the layout changes below 780 px). */
async function axeAt(page: Page, viewports: { width: number; height: number }[]) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(DESKTOP);
}

/** The day after (or before) an ISO date. */
const shift = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// Other specs share the demo server: whatever is changed here is put back, and the screens spec,
// which takes the season's screens, waits until this file is done (or this one for it).
holdForThisFile('demo-season');

test('an organiser renames the season and moves a future week; the audit log shows what changed', async ({
  page,
}) => {
  // Axe at five widths on a shared two-core machine.
  test.slow();
  await signInAs(page, 'Grace Walsh', '/organise/season');
  await expect(page.getByRole('heading', { level: 1, name: 'Season' })).toBeVisible();

  // Week 1 is open today: it is locked and shows its dates as text, not fields.
  const week1 = page.getByRole('region', { name: 'Week 1' });
  await expect(week1.getByText('Open', { exact: true })).toBeVisible();
  await expect(week1.getByText('Locked', { exact: true })).toBeVisible();
  await expect(week1.getByLabel('Opens on')).toHaveCount(0);
  const week6 = page.getByRole('region', { name: 'Week 6' });
  await expect(week6.getByText('Upcoming', { exact: true })).toBeVisible();
  await axeAt(page, [DESKTOP, TABLET]);

  const name = page.getByLabel('Season name');
  const originalName = await name.inputValue();
  const closes = week6.getByLabel('Closes on');
  const originalCloses = await closes.inputValue();
  const movedCloses = shift(originalCloses, 1);

  // The form checks the calendar before sending: a week cannot close before it opens.
  await closes.fill(shift(await week6.getByLabel('Opens on').inputValue(), -1));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(week6.getByText('A week cannot close before it opens.')).toBeVisible();
  await expect(closes).toHaveAttribute('aria-invalid', 'true');
  await expect(closes).toBeFocused();
  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(closes).toHaveValue(originalCloses);

  await name.fill(`${originalName} (spring edition)`);
  await closes.fill(movedCloses);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The season has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Season name')).toHaveValue(`${originalName} (spring edition)`);
  await expect(page.getByRole('region', { name: 'Week 6' }).getByLabel('Closes on')).toHaveValue(
    movedCloses,
  );

  // The open week's dates cannot change, whatever is sent.
  const season = (await (await page.request.get('/api/organise/season')).json()) as {
    name: string;
    productName: string;
    timeZone: string;
    registrationClosesAt: string;
    weeks: {
      setNum: number;
      eventId: number;
      eventWeek: number;
      opensOn: string;
      closesOn: string;
    }[];
  };
  const refused = await page.request.put('/api/organise/season', {
    headers: { 'x-podium-csrf': '1' },
    data: {
      name: season.name,
      productName: season.productName,
      timeZone: season.timeZone,
      registrationClosesAt: season.registrationClosesAt,
      weeks: season.weeks.map(({ setNum, eventId, eventWeek, opensOn, closesOn }) => ({
        setNum,
        eventId,
        eventWeek,
        opensOn: setNum === 1 ? shift(opensOn, -1) : opensOn,
        closesOn,
      })),
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'WEEK_ALREADY_OPEN',
  );

  // The audit log, filtered to the season, shows the change field by field.
  await page
    .getByRole('navigation', { name: 'Organiser tools' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await page.getByLabel('Show changes to').selectOption('season');
  const entry = page.getByRole('article').first();
  await expect(entry.getByRole('heading', { name: 'Season calendar changed' })).toBeVisible();
  await expect(entry.getByText('by Grace Walsh')).toBeVisible();
  const nameRow = entry.getByRole('row', { name: /^name / });
  await expect(nameRow.getByRole('cell').first()).toHaveText(originalName);
  await expect(nameRow.getByRole('cell').last()).toHaveText(`${originalName} (spring edition)`);
  const weekRow = entry.getByRole('row', { name: /weeks › 6 › closesOn/ });
  await expect(weekRow.getByRole('cell').last()).toHaveText(movedCloses);
  await axeAt(page, [DESKTOP, TABLET, PHONE]);

  // Put the season back as it was for the specs that follow.
  await page.goto('/organise/season');
  await page.getByLabel('Season name').fill(originalName);
  await page.getByRole('region', { name: 'Week 6' }).getByLabel('Closes on').fill(originalCloses);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The season has been saved.')).toBeVisible();
});

test('an organiser adds, renames and removes a sales team, and cannot move a zone under an open week', async ({
  page,
}) => {
  test.slow();
  await signInAs(page, 'Grace Walsh', '/organise/teams');
  const chile = page.getByRole('article', { name: 'Chile' });
  await expect(chile.getByRole('heading', { name: 'Sales teams (1 of 4)' })).toBeVisible();
  await axeAt(page, [DESKTOP, TABLET, PHONE]);

  const newSalesTeam = chile.getByLabel('New sales team for Chile');
  await newSalesTeam.fill('Valparaíso');
  await chile.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(chile.getByRole('heading', { name: 'Sales teams (2 of 4)' })).toBeVisible();
  await expect(chile.getByText('Valparaíso', { exact: true })).toBeVisible();
  await expect(newSalesTeam).toHaveValue('');

  // Names are unique within a country, whatever the case.
  await newSalesTeam.fill('santiago');
  await chile.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(chile.getByRole('alert')).toContainText(
    'This name is already used. Please choose another one.',
  );
  await newSalesTeam.fill('');
  await expect(chile.getByRole('alert')).toHaveCount(0);

  await chile.getByRole('button', { name: 'Rename Valparaíso' }).click();
  const rename = chile.getByLabel('New name for Valparaíso');
  await expect(rename).toBeFocused();
  await rename.fill('Valparaíso y Viña');
  await rename.press('Enter');
  await expect(chile.getByText('Valparaíso y Viña', { exact: true })).toBeVisible();

  // Week 1 is open in Santiago: the team's time zone cannot move now.
  await chile.getByRole('button', { name: 'Edit Chile' }).click();
  await chile.getByLabel('Time zone').fill('America/Lima');
  await chile.getByRole('button', { name: 'Save changes' }).click();
  await expect(chile.getByRole('alert')).toContainText(
    "This team's time zone cannot change while a week is open there.",
  );
  await chile.getByRole('button', { name: 'Cancel' }).click();
  await expect(chile.getByText('America/Santiago')).toBeVisible();
  // Back to the button that opened the editor.
  await expect(chile.getByRole('button', { name: 'Edit Chile' })).toBeFocused();

  await chile.getByRole('button', { name: 'Remove Valparaíso y Viña from Chile' }).click();
  await expect(chile.getByRole('heading', { name: 'Sales teams (1 of 4)' })).toBeVisible();
  await expect(chile.getByText('Valparaíso y Viña')).toHaveCount(0);

  await page.goto('/organise/audit?type=sales-team');
  const latest = page.getByRole('article').first();
  await expect(latest.getByRole('heading', { name: 'Sales team removed' })).toBeVisible();
  await expect(latest.getByText('Sales team: Valparaíso y Viña')).toBeVisible();
});

test('a player who opens the organiser tools is turned away', async ({ page }) => {
  await signInAs(page, 'João Pereira', '/organise/season');
  await expect(page.getByRole('heading', { name: 'Organisers only' })).toBeVisible();
  await expect(page.getByLabel('Season name')).toHaveCount(0);
});
