import { expect, test, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import {
  AUTHORING_ORIGIN,
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  registerThroughApi,
  signInAs,
} from './fixtures';

/**
 * The organiser's questions screen. A week's questions lock once anyone has played it, and
 * other specs play week 1: this file runs against its own demo server (AUTHORING_ORIGIN,
 * playwright.config.ts), where only its own player plays, so it passes in any order. It
 * rewrites week 1's challenger, leaves the week complete and approved, and imports into week 2,
 * which nobody plays, re-approving what it changed.
 */
test.use({ baseURL: AUTHORING_ORIGIN });

const NEW_ENGLISH =
  'According to EFSA, how much DHA a day is an adequate intake for babies over 6 months and children under 2?';
const NEW_SPANISH =
  'Según la EFSA, ¿cuánto DHA al día es una ingesta adecuada para bebés de más de 6 meses y niños menores de 2 años?';

async function openWeek(page: Page, week: number) {
  await page
    .getByRole('navigation', { name: 'Game weeks' })
    .getByRole('link', { name: new RegExp(`^Week ${week}\\b`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: `Week ${week}` })).toBeVisible();
}

const slotCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name }) });

test('an organiser rewrites the challenger in English and Spanish, approves it, and a Spanish-speaking player meets it in their week', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'Aisha Khan', '/organise/questions');
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  await openWeek(page, 1);
  await expect(page.getByRole('heading', { name: 'This week is ready to open' })).toBeVisible();
  const challenger = slotCard(page, 'Challenger question');
  await expect(challenger.getByText('Approved', { exact: true })).toBeVisible();
  await challenger.getByRole('link', { name: /Edit/ }).click();

  const editor = page.getByRole('region', { name: 'Week 1: Challenger question' });
  await expect(editor.getByRole('heading', { level: 2 })).toBeFocused();
  const english = editor.getByRole('group', { name: /English/ });
  const spanish = editor.getByRole('group', { name: /Spanish/ });
  await expect(page.getByRole('button', { name: 'Save as draft' })).toBeDisabled();

  // English is required: emptied, it is flagged and the question cannot be saved.
  await english.getByLabel('Question').fill('');
  await expect(english.getByText(/Required before saving\. Missing: Question/)).toBeVisible();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Fill in the English question' }),
  ).toBeVisible();

  await english.getByLabel('Question').fill(NEW_ENGLISH);
  await spanish.getByLabel('Question').fill(NEW_SPANISH);
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  // The question was approved: saving the change makes it a draft to approve again.
  await expect(page.getByText('Saving a changed question makes it a draft again.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  await expect(editor.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved.' })).toBeVisible();
  await expect(editor.getByText(/Approved by Aisha Khan on/)).toBeVisible();

  await page.getByRole('link', { name: 'Back to week 1' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Week 1' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'This week is ready to open' })).toBeVisible();
  await expect(challenger.getByText(NEW_ENGLISH)).toBeVisible();

  // Zofia plays in Spanish: after the five questions, the challenger is the new one.
  const context = await browser.newContext({
    baseURL: AUTHORING_ORIGIN,
    locale: 'en-GB',
    viewport: PHONE,
  });
  const player = await context.newPage();
  await signInAs(player, 'Zofia Wiśniewska');
  await registerThroughApi(player, 'pl', 'es');
  await player.goto('/questions');
  await player.getByRole('button', { name: 'Empezar' }).click();
  for (let number = 1; number <= 5; number++) {
    await expect(player.getByText(`Pregunta ${number}/5`)).toBeVisible();
    await player.getByRole('radio').first().check();
    await player.getByRole('button', { name: number === 5 ? 'Enviar' : 'Siguiente' }).click();
  }
  await player
    .getByRole('dialog', { name: '¿Te atreves con el desafío?' })
    .getByRole('button', { name: 'Ir a la Pregunta Challenger' })
    .click();
  await player.getByRole('button', { name: 'Aceptar el desafío' }).click();
  await expect(player.locator('legend')).toContainText(NEW_SPANISH);
  await expect(player.getByRole('radio', { name: '100 mg al día' })).toBeVisible();
  await player.getByRole('radio', { name: '100 mg al día' }).check();
  await player.getByRole('button', { name: 'Enviar mi respuesta' }).click();
  await expect(player.getByRole('heading', { name: '¡Bien hecho!' }).last()).toBeVisible();
  await context.close();

  // Somebody has played week 1 now: its questions are read-only.
  await page.reload();
  await expect(page.getByText(/Players have already played this week/)).toBeVisible();
  await expect(challenger.getByRole('link', { name: /View/ })).toBeVisible();
  await expect(page.getByLabel('Import a file (Excel .xlsx, CSV or JSON)')).toHaveCount(0);
});

test('an organiser exports week 2, imports an edited file after a dry run, and approves what changed', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'Aisha Khan', '/organise/questions?week=2');
  await expect(page.getByRole('heading', { level: 2, name: 'Week 2' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as content file (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('week-2-questions.json');
  const content = JSON.parse(await readDownload(file)) as {
    weeks: { questions: { slot: number | string; translations: { en: { text: string } } }[] }[];
  };
  const third = content.weeks[0]!.questions.find((question) => question.slot === 3)!;
  third.translations.en.text = `${third.translations.en.text.replace(/\?$/, '')}, in short?`;

  await page.getByLabel('Import a file (Excel .xlsx, CSV or JSON)').setInputFiles({
    name: 'week-2-edited.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(content)),
  });
  const preview = page.getByRole('region', {
    name: /What importing week-2-edited\.json would change/,
  });
  await expect(
    preview.getByText('Questions that would change: 1. They will become drafts.'),
  ).toBeVisible();
  await expect(preview.getByText('Question 3 would be replaced.')).toBeVisible();
  // A dry run changes nothing.
  await expect(slotCard(page, 'Question 3').getByText('Approved', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported. Questions changed: 1.')).toBeVisible();
  await expect(
    page.getByText('Question 3 is a draft: it still needs to be approved.'),
  ).toBeVisible();
  await expect(slotCard(page, 'Question 3').getByText(third.translations.en.text)).toBeVisible();

  // A broken file is refused whole, with the server's reasons.
  await page.getByLabel('Import a file (Excel .xlsx, CSV or JSON)').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ "weeks": ['),
  });
  const refusal = page.getByRole('alert').filter({ hasText: 'The file could not be imported' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('not valid JSON');

  await slotCard(page, 'Question 3').getByRole('link', { name: /Edit/ }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to week 2' }).click();
  await expect(page.getByRole('heading', { name: 'This week is ready to open' })).toBeVisible();
});

async function readDownload(download: { path: () => Promise<string> }): Promise<string> {
  return (await readDownloadBytes(download)).toString('utf8');
}

async function readDownloadBytes(download: { path: () => Promise<string> }): Promise<Buffer> {
  const { readFile } = await import('node:fs/promises');
  return readFile(await download.path());
}

test('an organiser picks an exported .xlsx and sees the preview; a bad cell is named by row and column', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'Aisha Khan', '/organise/questions?week=4');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as Excel workbook (.xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('week-4-questions.xlsx');
  const workbook = await readDownloadBytes(file);

  const picker = page.getByLabel('Import a file (Excel .xlsx, CSV or JSON)');
  const mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await picker.setInputFiles({ name: 'week-4.xlsx', mimeType, buffer: workbook });
  const preview = page.getByRole('region', { name: /What importing week-4\.xlsx would change/ });
  await expect(preview.getByText('The file holds the same questions as the week')).toBeVisible();

  // Row 2 is question 1 in English: its category column is C.
  const sheet = await readSheet(workbook);
  for (const row of sheet.filter((cells) => cells[0] === '1')) row[2] = 'astrology';
  const broken = await writeXlsxFile(sheet as (string | null)[][]).toBuffer();
  await picker.setInputFiles({ name: 'broken.xlsx', mimeType, buffer: broken });
  const refusal = page.getByRole('alert').filter({ hasText: 'The file could not be imported' });
  await expect(refusal.getByRole('listitem')).toHaveText([
    'Row 2, column C (category): “astrology” is not a category: write one of brain, digestion, allergy, c_sections.',
  ]);
  await expectNoAxeViolations(page);
  // On a phone the list of problems wraps: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await refusal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/organiser-import-refused-en-375.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
});

test('the questions screen passes axe on a laptop and a tablet, and works on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Aisha Khan', '/organise/questions?week=3');
  for (const viewport of [DESKTOP, { width: 768, height: 1024 }]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { level: 2, name: 'Week 3' })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await slotCard(page, 'Question 1').getByRole('link', { name: /Edit/ }).click();
  await expect(page.getByRole('group', { name: /Thai/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE);
  // Stacked on a phone: nothing wider than the screen, every language still reachable.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(PHONE.width);
  const vietnamese = page.getByRole('group', { name: /Vietnamese/ }).getByLabel('Question');
  await vietnamese.focus();
  await expect(vietnamese).toBeFocused();
  await expectNoAxeViolations(page);

  // By keyboard: back to the week, then into another week.
  await page.getByRole('link', { name: 'Back to week 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Week 3' })).toBeFocused();
  await openWeek(page, 4);
  await expect(
    page.getByRole('heading', { name: /This week (is ready|cannot open)/ }),
  ).toBeVisible();
});

test('a player who opens the organiser tools is told they are for organisers only', async ({
  page,
}) => {
  await signInAs(page, 'Chloé Dubois', '/organise/questions');
  // Chloé's interface is in French (her provider's locale).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Réservé aux organisateurs' }),
  ).toBeVisible();
  await expect(page.getByText('Ces outils sont destinés aux organisateurs')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page.getByRole('button', { name: 'Enregistrer le brouillon' })).toHaveCount(0);
  const response = await page.request.get('/api/organise/weeks/1/questions');
  expect(response.status()).toBe(403);
});
