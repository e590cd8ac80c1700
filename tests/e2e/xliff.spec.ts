import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { AUTHORING_ORIGIN, DESKTOP, expectNoAxeViolations, PHONE, signInAs } from './fixtures';

/**
 * A translator's round trip on the organiser's questions screen (ADR 0040): export week 5 for
 * Thai as XLIFF, send back one new translation (and a unit that is not the week's), check the
 * per-unit report of the dry run, import, and mark the translation reviewed. Runs on the
 * authoring server (nobody plays there); week 5 is used by no other spec.
 */
test.use({ baseURL: AUTHORING_ORIGIN });

const NEW_THAI = 'คำถามที่แปลใหม่สำหรับการทดสอบนี้ใช่หรือไม่?';

const translationsPanel = (page: Page) => page.getByRole('region', { name: 'Translations' });

test('an organiser exports a week for Thai, imports the translator’s file after a dry run, and marks it reviewed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'Aisha Khan', '/organise/questions?week=5');
  await expect(page.getByRole('heading', { level: 2, name: 'Week 5' })).toBeVisible();
  const panel = translationsPanel(page);
  await expect(panel.getByRole('heading', { level: 3, name: 'Translations' })).toBeVisible();
  await panel.getByLabel('Language to work on').selectOption('th');
  const status = panel.getByRole('group', { name: 'Thai, question by question' });
  await expect(status.getByText('Question 1: translated, not reviewed')).toBeVisible();

  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Export for translation into Thai (XLIFF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('week-5-th.xlf');
  const xml = await readFile(await file.path(), 'utf8');
  expect(xml).toContain('trgLang="th"');
  // The translator rewrites question 1; a unit from elsewhere is refused by name.
  const edited = xml
    .replace(/(<unit id="q\d+\.text">[\s\S]*?<target>)[^<]*(<\/target>)/, `$1${NEW_THAI}$2`)
    .replace(/<unit id="q(\d+)\.option\.b">/, '<unit id="q999999.option.b">');

  await panel.getByLabel('Import a file translated into Thai (XLIFF)').setInputFiles({
    name: 'week-5-th.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(edited),
  });
  const preview = page.getByRole('region', { name: 'What importing week-5-th.xlf would do' });
  await expect(
    preview.getByText(/1 text would be written\. 1 refused \(see below\)\./),
  ).toBeVisible();
  await expect(preview.getByText('Question 1 · question')).toBeVisible();
  await expect(preview.getByText('refused: not a text of this week')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: 'test-results/screens/organiser-xliff-preview-en-1280.png',
    fullPage: true,
  });

  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Imported: 1 text written.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Import report' })).toBeVisible();
  // The changed question is a draft again (ADR 0009), its Thai translated and not reviewed.
  await expect(
    page.getByText('Question 1 is a draft: it still needs to be approved.'),
  ).toBeVisible();

  await status.getByLabel('Question 1: translated, not reviewed').check();
  await status.getByRole('button', { name: 'Mark the chosen ones reviewed' }).click();
  await expect(status.getByRole('status').filter({ hasText: 'Marked as reviewed.' })).toBeVisible();
  await expect(status.getByText('Question 1: reviewed')).toBeVisible();
  await expectNoAxeViolations(page);

  // A broken file is refused whole, naming the line.
  await panel.getByLabel('Import a file translated into Thai (XLIFF)').setInputFiles({
    name: 'broken.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(edited.replace('</source>', '</sauce>')),
  });
  const refusal = page.getByRole('alert').filter({ hasText: 'The file could not be imported' });
  await expect(refusal).toContainText(/The file is not valid XML \(line \d+\)/);

  await page.setViewportSize(PHONE);
  await panel.scrollIntoViewIfNeeded();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await panel.screenshot({ path: 'test-results/screens/organiser-xliff-en-375.png' });
});
