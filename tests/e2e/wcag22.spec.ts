import { expect, test, type Page } from '@playwright/test';
import { PHONE, registerThroughApi, signInAs } from './fixtures';

/**
 * What axe cannot judge alone of the criteria new in WCAG 2.2 (docs/accessibility.md), on the
 * player's and the organiser's screens at 375 px:
 * - 2.4.11 Focus Not Obscured (Minimum), checked more strictly: Tab, then Shift+Tab, through the
 *   whole screen; every element that takes the focus is inside the window and its centre is not
 *   under an element that stays put while the page scrolls (position fixed or sticky: the play
 *   screen's time bar on a phone), unless that element holds it.
 * - 2.5.8 Target Size (Minimum): every control the pointer can hit is at least 24 × 24 CSS px
 *   (a radio button or a checkbox counts with its label, which takes the click too), or a circle
 *   of 24 px around its centre meets no other target (the spacing exception). Links inside a
 *   sentence are excepted, as the criterion excepts them.
 * - 1.4.10 Reflow: nothing scrolls sideways at 320 px (screens.spec.ts checks 375 px).
 * - 2.4.2 Page Titled: the document's title is the screen's heading and the product's name.
 * Diego (Mexico, a team no other spec counts) plays nothing: he opens the week's first question
 * and leaves it. Priya, an organiser, only looks.
 */

test.use({ viewport: PHONE, reducedMotion: 'reduce' });

/**
 * Known 1.4.10 gaps: the widest the page was seen at 320 px (docs/accessibility.md reports it as
 * partial support). The question's bar measured 338 px in one run and 320 in the next, so the
 * width depends on the moment it is measured; the check fails if it grows past this.
 */
const KNOWN_REFLOW_WIDTH: Record<string, number> = { question: 338 };

/** At most this many Tab presses each way on one screen: the longest lists are paged. */
const MAX_STOPS = 60;

interface Stop {
  /** What took the focus, as a person would name it in a report. */
  label: string;
  problem: string | null;
}

/** The focused element now: is it in the window and not under something fixed or sticky? */
function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    // Past the last stop the focus leaves the page for the browser's own controls.
    if (!document.hasFocus()) return null;
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    // Tabbing past the last stop leaves the page: the element keeps activeElement, not :focus.
    if (!element.matches(':focus')) return null;
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .slice(0, 40);
    const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`;
    // The main landmark takes the focus only from the skip link, as a whole: not a control.
    if (element.tagName === 'MAIN') return { label, problem: null };
    const box = element.getBoundingClientRect();
    // A radio button or a checkbox hidden under its drawn label shows its focus on the label.
    const shown =
      box.width <= 1 || box.height <= 1 ? (element.closest('label') ?? element) : element;
    const rect = shown.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return { label, problem: 'has no size' };
    // 2.4.11 asks that the focused element is not entirely hidden: judged on its part inside
    // the window (a tall scrolling table is focused as a whole, most of it below the fold).
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    if (right <= left || bottom <= top)
      return {
        label,
        problem: `is outside the window (at ${Math.round(rect.left)}, ${Math.round(rect.top)})`,
      };
    const x = (left + right) / 2;
    const y = (top + bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || shown.contains(hit) || hit.contains(shown)) return { label, problem: null };
    for (let node: Element | null = hit; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') {
        const cover = `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`;
        return { label, problem: `is under ${cover} (position: ${position})` };
      }
    }
    return { label, problem: null };
  });
}

/** Tabs through the screen from its top, then back up, and lists the stops that were hidden. */
async function hiddenFocusStops(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const problems: string[] = [];
  let forward = 0;
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    const seen: string[] = [];
    const limit = key === 'Tab' ? MAX_STOPS : forward;
    for (let stop = 0; stop < limit; stop += 1) {
      await page.keyboard.press(key);
      let focused = await focusedStop(page);
      if (!focused) break;
      // Judged on the frame a person sees: once the scroll to the focus has been painted.
      if (focused.problem) {
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        focused = (await focusedStop(page)) ?? focused;
      }
      if (key === 'Tab') forward += 1;
      if (focused.problem) problems.push(`${key}: ${focused.label} ${focused.problem}`);
      seen.push(focused.label);
    }
    expect(seen.length, `${key} reached something on the screen`).toBeGreaterThan(0);
  }
  return [...new Set(problems)];
}

/** Every pointer target on the screen that is smaller than 24 × 24 px and too close to another. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [tabindex]:not([tabindex="-1"])';
    interface Target {
      element: HTMLElement;
      label: string;
      rect: DOMRect;
    }
    const targets: Target[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[inert], [aria-hidden=true]')) continue;
      let rect = element.getBoundingClientRect();
      // A radio button or a checkbox takes clicks on its label too: the two make one target.
      const label =
        element instanceof HTMLInputElement && /^(radio|checkbox)$/.test(element.type)
          ? (element.labels?.[0] ?? null)
          : null;
      if (label) {
        const around = label.getBoundingClientRect();
        const left = Math.min(rect.left, around.left);
        const top = Math.min(rect.top, around.top);
        rect = new DOMRect(
          left,
          top,
          Math.max(rect.right, around.right) - left,
          Math.max(rect.bottom, around.bottom) - top,
        );
      }
      // Not drawn (display none, folded away) or visually hidden for screen readers.
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // The skip link waits above the page until it has the focus.
      if (rect.bottom <= 0 && element.matches('a[href^="#"]')) continue;
      // A link inside a sentence: its size is set by the line of text (the inline exception).
      if (style.display === 'inline' && element.tagName === 'A') {
        const block = element.parentElement?.closest('p, li, td, dd, figcaption, label');
        const text = block?.textContent?.trim() ?? '';
        if (text.length > (element.textContent?.trim().length ?? 0)) continue;
      }
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .slice(0, 40);
      targets.push({ element, label: `${element.tagName.toLowerCase()} "${name}"`, rect });
    }
    const centre = (rect: DOMRect) => ({
      x: rect.left + rect.width / 2,
      y: rect.top + rect.height / 2,
    });
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) =>
      Math.hypot(
        Math.max(rect.left - point.x, 0, point.x - rect.right),
        Math.max(rect.top - point.y, 0, point.y - rect.bottom),
      );
    const small = (target: Target) =>
      target.rect.width < MIN - 0.5 || target.rect.height < MIN - 0.5;
    const failing: string[] = [];
    for (const target of targets.filter(small)) {
      const middle = centre(target.rect);
      // The spacing exception: a 24 px circle on its centre meets no other target, and no other
      // small target's circle.
      const crowded = targets.find(
        (other) =>
          other !== target &&
          // A scrolling region that takes the focus holds its targets: it is no neighbour.
          !other.element.contains(target.element) &&
          !target.element.contains(other.element) &&
          (distanceToRect(middle, other.rect) < MIN / 2 ||
            (small(other) &&
              Math.hypot(centre(other.rect).x - middle.x, centre(other.rect).y - middle.y) < MIN)),
      );
      if (crowded)
        failing.push(
          `${target.label} is ${Math.round(target.rect.width)}×${Math.round(target.rect.height)} px, ` +
            `${crowded.label} within 12 px of its centre`,
        );
    }
    return failing;
  });
}

/** The screen's focus and targets, as one list of what fails (empty when it all passes). */
async function audit(page: Page, screen: string): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, {
    timeout: 30_000,
  });
  // 2.4.2: the title names the screen, as its heading does.
  const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
  await expect(page).toHaveTitle(`${heading!.replace(/\s+/g, ' ').trim()} – Podium`);
  const targets = (await smallTargets(page)).map((problem) => `${screen}: 2.5.8 ${problem}`);
  const focus = (await hiddenFocusStops(page)).map((problem) => `${screen}: 2.4.11 ${problem}`);
  // 1.4.10 Reflow: nothing scrolls sideways at the criterion's 320 px either.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  const reflow = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(size);
  const known = KNOWN_REFLOW_WIDTH[screen] ?? 320;
  const sideways = reflow > known ? [`${screen}: 1.4.10 is ${reflow} px wide at 320 px`] : [];
  return [...targets, ...focus, ...sideways];
}

test("the player's screens keep the focus in view and their targets large enough, at 375 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Diego Ramírez');
  const me = (await (await page.request.get('/api/me')).json()) as { registered: boolean };
  if (!me.registered) await registerThroughApi(page, 'mx');
  const problems: string[] = [];

  await page.goto('/');
  // The week's introduction, a dialog, on the first visit of the week.
  const intro = page.getByRole('dialog');
  await expect(intro.or(page.getByRole('heading', { level: 1 })).first()).toBeVisible();
  if (await intro.isVisible()) {
    problems.push(...(await smallTargets(page)).map((problem) => `home-intro: 2.5.8 ${problem}`));
    await intro.getByRole('button').last().click();
  }
  problems.push(...(await audit(page, 'home')));

  for (const path of ['/track', '/leaderboard', '/account', '/rules']) {
    await page.goto(path);
    problems.push(...(await audit(page, path)));
  }

  // The question, under the time bar that stays in view on a phone.
  await page.goto('/questions');
  const start = page.locator('main button.button').first();
  await expect(start).toBeVisible();
  problems.push(...(await audit(page, 'questions-instructions')));
  await start.click();
  await expect(page.getByRole('timer')).toBeVisible();
  // A short phone: the answers and the button below them scroll under the time bar.
  await page.setViewportSize({ width: 375, height: 667 });
  problems.push(...(await audit(page, 'question')));
  await page.setViewportSize(PHONE);

  expect(problems).toEqual([]);
});

for (const path of [
  '',
  'season',
  'teams',
  'questions',
  'players',
  'gaps',
  'exports',
  'outbox',
  'audit',
]) {
  test(`the organiser's ${path || 'dashboard'} screen keeps the focus in view and its targets large enough, at 375 px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'Priya Nair', `/organise/${path}`);
    expect(await audit(page, `/organise/${path}`)).toEqual([]);
  });
}
