import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Me } from '#shared/contracts/me';
import { formatMoment } from '../../src/web/lib/moment';
import type { EngineDriver } from './drivers';

/** A test person of src/server/auth/demo-accounts.ts, with the country team they join. */
export interface Person {
  name: string;
  givenName: string;
  team: string;
}

export interface StepResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  error?: string;
}

/**
 * The first visible element matching `css` whose text (its aria-label, else its rendered text,
 * blanks folded) equals `text` or matches it. Runs in the page.
 */
const FIND = `(css, text) => {
  const shown = (node) => {
    // Firefox gives the contents of a closed <details> a box of their own.
    const folded = node.closest('details:not([open])');
    if (folded && !node.closest('summary')) return false;
    if (node.checkVisibility && !node.checkVisibility({ visibilityProperty: true })) return false;
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const label = (node) =>
    (node.getAttribute('aria-label') || node.innerText || node.textContent || '').replace(/\\s+/g, ' ').trim();
  const fits = (node) =>
    text === undefined || (typeof text === 'string' ? label(node) === text : text.test(label(node)));
  return [...document.querySelectorAll(css)].find((node) => shown(node) && fits(node)) ?? null;
}`;

/** A page expression: the element that FIND finds. */
export function find(css: string, text?: string | RegExp): string {
  const pattern =
    text === undefined
      ? 'undefined'
      : typeof text === 'string'
        ? JSON.stringify(text)
        : String(text);
  return `(${FIND})(${JSON.stringify(css)}, ${pattern})`;
}

const WAIT_MS = 15_000;

/** The main path a player walks, step by step, asserting what each screen shows. */
export async function walkMainPath(
  driver: EngineDriver,
  origin: string,
  person: Person,
  screenshotDir: string,
  log: (line: string) => void,
): Promise<StepResult[]> {
  mkdirSync(screenshotDir, { recursive: true });
  const results: StepResult[] = [];

  async function waitFor(what: string, expression: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    let last: unknown;
    for (;;) {
      try {
        if (await driver.evaluate<unknown>(`!!(${expression})`)) return;
      } catch (error) {
        // A navigation under way: the page's context is gone for a moment.
        last = error;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `not seen within ${WAIT_MS / 1000} s: ${what}${last ? ` (${String(last)})` : ''}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const see = (css: string, text?: string | RegExp) =>
    waitFor(`${css} ${String(text ?? '')}`, find(css, text));
  const seeText = (text: string) =>
    waitFor(
      `text "${text}"`,
      `document.body.innerText.replace(/\\s+/g, ' ').includes(${JSON.stringify(text)})`,
    );
  const click = async (css: string, text?: string | RegExp) => {
    await see(css, text);
    // As Playwright does: try again while the element is still moving, covered or replaced,
    // never after a click that may have gone through (a second one could land on the next page).
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      try {
        await driver.evaluate(`${find(css, text)}.scrollIntoView({ block: 'center' })`);
        await driver.click(find(css, text));
        return;
      } catch (error) {
        if (process.env.ENGINES_DEBUG) log(`    click: ${String(error).slice(0, 200)}`);
        const beforeTheClick = /covered by|no element|not interactable|intercepted|stale/i;
        if (Date.now() > deadline || !beforeTheClick.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const at = (pathname: RegExp) =>
    waitFor(`URL ${String(pathname)}`, `${String(pathname)}.test(location.pathname)`);
  /** Opens the phone menu when the link or button asked for sits in it, closed. */
  const fromMenu = async (css: string, text: string) => {
    if (!(await driver.evaluate<boolean>(`!!${find(css, text)}`))) {
      await click('button[aria-controls="main-navigation"]');
    }
    await click(css, text);
  };

  let number = 0;
  /**
   * Runs one step, then takes its screenshot: of the page's top, or with `shown` (a page
   * expression) at the top of the screen.
   */
  async function step(name: string, run: () => Promise<void>, shown?: string): Promise<boolean> {
    number += 1;
    const file = `${String(number).padStart(2, '0')}-${name}`;
    const started = Date.now();
    try {
      await run();
      await driver.evaluate(
        shown
          ? `${shown}.scrollIntoView({ block: 'start' })`
          : 'window.scrollTo({ top: 0, behavior: "instant" })',
      );
      await driver.screenshot(path.join(screenshotDir, `${file}.png`));
      results.push({ name, status: 'passed', ms: Date.now() - started });
      log(`  ✓ ${file} (${Date.now() - started} ms)`);
      return true;
    } catch (error) {
      const message =
        error instanceof Error
          ? process.env.ENGINES_DEBUG
            ? String(error.stack)
            : error.message
          : String(error);
      await driver
        .screenshot(path.join(screenshotDir, `${file}-failed.png`))
        .catch(() => undefined);
      results.push({ name, status: 'failed', ms: Date.now() - started, error: message });
      log(`  ✗ ${file}: ${message}`);
      return false;
    }
  }

  const steps: [string, () => Promise<void>, string?][] = [
    [
      'login',
      async () => {
        await driver.goto(`${origin}/`);
        await see('button', 'Login via sso');
      },
    ],
    [
      'provider',
      async () => {
        await click('button', 'Login via sso');
        await at(/^\/idp\/interaction\//);
        await see('h1');
        // The specs' people are listed apart, folded away.
        if (
          !(await driver.evaluate<boolean>(`!!${find('button', new RegExp(`^${person.name} `))}`))
        ) {
          await click('details:not([open]) > summary');
        }
        await see('button', new RegExp(`^${person.name} `));
      },
    ],
    [
      'register',
      async () => {
        await click('button', new RegExp(`^${person.name} `));
        await see('h1', /^Register for /);
        await seeText(`Welcome, ${person.givenName}!`);
        await see('label', /^Country team/);
      },
    ],
    [
      'home',
      async () => {
        const teamSelect = `${find('label', /^Country team/)}?.querySelector('select')`;
        const teamOption = `[...(${teamSelect}?.options ?? [])].find((option) => option.text === ${JSON.stringify(person.team)})`;
        await waitFor(`${person.team} among the country teams`, teamOption);
        const team = await driver.evaluate<string>(`${teamOption}.value`);
        await driver.select(teamSelect, team);
        await click('button', 'Register now!');
        await see(':is(dialog, [role="dialog"]) :is(h1, h2)', `Hello, ${person.givenName}!`);
      },
    ],
    [
      'ready',
      async () => {
        await click(':is(dialog, [role="dialog"]) button', 'Play now');
        await at(/^\/questions$/);
        await see('h1, h2', `Ready, ${person.givenName}?`);
        await seeText("This week's topic: nutrition and the brain.");
      },
    ],
    [
      'question',
      async () => {
        await click('button', 'Start');
        await see('legend', /^Question 1\/5/);
      },
    ],
    [
      'challenger-invitation',
      async () => {
        for (let question = 1; question <= 5; question++) {
          await see('legend', new RegExp(`^Question ${question}/5`));
          await click('form label');
          await click('button', question === 5 ? 'Submit' : 'Next');
        }
        await see(':is(dialog, [role="dialog"]) :is(h1, h2)', 'Dare to be challenged?');
      },
    ],
    [
      'challenger',
      async () => {
        await click(':is(dialog, [role="dialog"]) button', 'To the Challenger Question');
        await waitFor(
          'the challenger rule',
          `/removes 50% of this week's score/.test(document.body.innerText)`,
        );
        await click('button', 'Start the challenge');
        await see('legend', /^Question 1\/1/);
      },
    ],
    [
      'result',
      async () => {
        await click('form label');
        await click('button', 'Submit my answer');
        await see('p, li, div', /^Challenger Question: (right|wrong) answer/);
        await see('h2', 'Well done!');
        await waitFor(
          'the week in six terms',
          `JSON.stringify([...document.querySelector('#result-title').parentElement.querySelectorAll('dt')].map((term) => term.innerText.trim())) === ${JSON.stringify(
            JSON.stringify([
              'Correct answers',
              'Main questions',
              'Challenger Question',
              'Total points this game week',
              'Average speed',
              'Time to complete',
            ]),
          )}`,
        );
      },
    ],
    [
      'leaderboard',
      async () => {
        await fromMenu('a', 'Leaderboard');
        await at(/^\/leaderboard$/);
        await see('h1', 'Leaderboard');
        await see('table caption', /Overall standings up to game week 1/);
        await see('tr', new RegExp(`${person.team}.*${person.givenName}`));
      },
    ],
    [
      'track',
      async () => {
        await driver.goto(`${origin}/track`);
        await see('h1', 'Race standings');
        await see('main li', new RegExp(`${person.team}.*participation 100%`));
      },
    ],
    [
      'account',
      async () => {
        await driver.goto(`${origin}/account`);
        await see('h1', 'My account');
        await see('h2', 'My statistics');
        await seeText('Overall personal score');
        await waitFor('tiles loaded', `!document.querySelector('[aria-busy="true"]')`);
        // Two tiles side by side on a phone, scrollbar or not.
        await waitFor(
          'two statistics tiles in a row',
          `(() => { const tiles = [...document.querySelectorAll('[aria-labelledby="stats-title"] li')]; return tiles.length === 5 && tiles[0].getBoundingClientRect().top === tiles[1].getBoundingClientRect().top; })()`,
        );
        // The team stays locked until week 1 closes, a moment in the team's zone, as Chromium says it.
        const me = await driver.evaluate<Me>(
          `fetch('/api/me').then((response) => response.json())`,
        );
        const closes = formatMoment(me.season!.weeks[0]!.closesAt, 'en', me.timeZone);
        await seeText(
          `Week 1 is under way. Your team and sales team can be changed again once it has closed (${closes}), until the day before the next week opens.`,
        );
      },
      `document.getElementById('stats-title')`,
    ],
    [
      'account-thai',
      async () => {
        await see('label', /^Language/);
        await driver.select(`${find('label', /^Language/)}.querySelector('select')`, 'th');
        await click('button', 'Update');
        await see('h1', 'บัญชีของฉัน');
        await seeText('อัปเดตข้อมูลของคุณเรียบร้อยแล้ว');
        await waitFor('lang="th"', `document.documentElement.lang === 'th'`);
        await waitFor(
          'the Thai font',
          `document.fonts.ready.then(() => document.fonts.check('16px "Noto Sans Thai"', 'บัญชี'))`,
        );
      },
    ],
    [
      'account-english',
      async () => {
        await see('label', /^ภาษา/);
        await driver.select(`${find('label', /^ภาษา/)}.querySelector('select')`, 'en');
        await click('button', 'อัปเดต');
        await see('h1', 'My account');
        await seeText('Your details have been updated.');
        await waitFor('lang="en"', `document.documentElement.lang === 'en'`);
      },
    ],
    [
      'sign-out',
      async () => {
        await fromMenu('button', 'Sign out');
        // The provider asks to confirm, then sends the browser back to Podium's home.
        await at(/^\/idp\//);
        await click('button', 'Sign out');
        await see('button', 'Login via sso');
        await at(/^\/$/);
      },
    ],
  ];

  for (const [name, run, shown] of steps) {
    if (!(await step(name, run, shown))) break;
  }
  for (const [name] of steps.slice(results.length)) {
    results.push({ name, status: 'skipped', ms: 0 });
  }
  return results;
}
