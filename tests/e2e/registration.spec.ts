import { expect, test } from '@playwright/test';
import {
  chooseDemoAccount,
  signInAs,
  DESKTOP,
  expectNoAxeViolations,
  PHONE,
  PRE_LAUNCH_ORIGIN,
} from './fixtures';

// This server's clock stands on Monday 27 January 2025, a week before the 2025 launch.
test.use({ baseURL: PRE_LAUNCH_ORIGIN });

test('before launch a new player registers in Spanish and sees the confirmation', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login via sso' }).click();
  await chooseDemoAccount(page, 'Luis Hernández');

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inscríbete en Podium 2025' }),
  ).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('Días');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  await page.getByLabel('Equipo de tu país').selectOption({ label: 'México' });
  await page.getByLabel('Equipo de ventas (opcional)').selectOption({ label: 'Nutrición Médica' });
  await page.getByRole('checkbox', { name: /Semana 6/ }).uncheck();
  await page.getByRole('button', { name: '¡Inscríbete ahora!' }).click();

  const confirmation = page
    .getByRole('status')
    .filter({ hasText: '¡Tu inscripción está lista, Luis!' });
  await expect(confirmation).toBeVisible();
  // Launch is week 1's opening in the team's time zone, in the player's language.
  await expect(confirmation).toContainText('martes, 4 de febrero de 2025');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  // Before launch only Home is in the navigation.
  await expect(page.getByRole('link', { name: 'Preguntas' })).toHaveCount(0);

  await page.goto('/account');
  await expect(page.getByRole('checkbox', { name: /Semana 6/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Semana 1/ })).toBeEnabled();
});

test('the calendar shows each week on its own day for teams west and east of Berlin', async ({
  page,
}) => {
  await signInAs(page, 'Jacob Miller');
  // Week 1 opens on Tuesday 4 February and week 6 on Monday 10 March in every team's zone:
  // New York (UTC−5), London (UTC+0) and Bangkok (UTC+7) alike, never a day early.
  for (const team of ['United States', 'United Kingdom', 'Thailand']) {
    await page.getByLabel('Country team').selectOption({ label: team });
    await expect(page.getByRole('checkbox', { name: /Week 1 · Feb 4/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Week 6 · Mar 10/ })).toBeVisible();
  }
});
