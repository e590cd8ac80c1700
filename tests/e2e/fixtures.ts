import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any axe violation (WCAG 2.x A/AA and best practices), listing them. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Picks a demo account on the embedded provider's sign-in page. */
export async function chooseDemoAccount(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };
