import { writeFile } from 'node:fs/promises';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { DriverService } from 'selenium-webdriver/remote';

/** The browsers of the pass, as Debian installs them (scripts/engines/run.sh). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export type EngineName = 'firefox' | 'webkit';

/**
 * What the journey asks of a browser. Everything in the page is found and read by JavaScript
 * expressions (`evaluate`); a click or a choice in a list goes through the driver's own input,
 * as a person's would.
 */
export interface EngineDriver {
  readonly name: EngineName;
  /** The browser's name and version, as it reports them. */
  readonly version: string;
  goto(url: string): Promise<void>;
  /** The value of a JavaScript expression in the page (awaited when it is a promise). */
  evaluate<T>(expression: string): Promise<T>;
  /** Clicks the element that the expression returns. */
  click(elementExpression: string): Promise<void>;
  /** Chooses, in the <select> that the expression returns, the option with this value. */
  select(selectExpression: string, value: string): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export const VIEWPORT = { width: 375, height: 812 };

/**
 * Firefox ESR over WebDriver BiDi, driven by puppeteer-core straight through Firefox's own
 * remote agent (no geckodriver: Debian does not package it), headless.
 */
export async function startFirefox(locale: string): Promise<EngineDriver> {
  const browser: Browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: {
      'intl.accept_languages': locale,
      'intl.locale.requested': locale,
      // Classic scrollbars that take room, as on a Linux or Windows desktop.
      'widget.gtk.overlay-scrollbars.enabled': false,
    },
  });
  const page: Page = await browser.newPage();
  // puppeteer's ElementHandle.click() moves the element into an isolated world first, which
  // Firefox refuses after a navigation that the page started itself ("Node is either not
  // clickable"): the pass asks the page where the element is, checks that nothing covers it,
  // and clicks there with BiDi's input actions.
  const pointOf = async (expression: string): Promise<{ x: number; y: number }> => {
    const point = await page.evaluate(`(() => {
      const element = ${expression};
      if (!element) return 'no element';
      element.scrollIntoView({ block: 'center' });
      const box = element.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === element || element.contains(hit) || hit.contains(element) || hit.control === element))
        return 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing') + ' at ' + [x, y, innerWidth, innerHeight, scrollY, document.documentElement.scrollHeight, location.pathname].join(' ');
      return { x, y };
    })()`);
    if (typeof point === 'string') throw new Error(`${point}: ${expression}`);
    return point as { x: number; y: number };
  };
  return {
    name: 'firefox',
    version: await browser.version(),
    async goto(url) {
      await page.goto(url);
    },
    evaluate: async <T>(expression: string) => (await page.evaluate(expression)) as T,
    async click(expression) {
      const { x, y } = await pointOf(expression);
      await page.mouse.click(x, y);
    },
    async select(expression, value) {
      // What ElementHandle.select() does, in the page itself (the same isolated-world trouble).
      const chosen = await page.evaluate(`(() => {
        const select = ${expression};
        if (!select || !select.options) return false;
        select.value = ${JSON.stringify(value)};
        if (select.value !== ${JSON.stringify(value)}) return false;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
        return true;
      })()`);
      if (!chosen) throw new Error(`no option ${value} in ${expression}`);
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    close: () => browser.close(),
  };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver), driven by
 * selenium-webdriver; it needs a display (xvfb-run).
 */
export async function startWebKit(locale: string): Promise<EngineDriver> {
  // WebKitGTK takes its languages (Accept-Language, navigator.languages) from the environment.
  const service = new DriverService.Builder(WEBKIT_DRIVER_PATH)
    // On the loopback address: selenium-webdriver would otherwise pick the machine's own.
    .setHostname('127.0.0.1')
    .setEnvironment({ ...process.env, LANGUAGE: locale.replace('-', '_') })
    .build();
  const server = await service.start();
  let driver: WebDriver;
  try {
    driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER_PATH,
          args: ['--automation', '--full-screen'],
        },
      })
      .build();
  } catch (error) {
    await service.kill();
    throw error;
  }
  await fitViewport(driver);
  const capabilities = await driver.getCapabilities();
  const element = async (expression: string): Promise<WebElement> => {
    const found = (await driver.executeScript(`return ${expression}`)) as WebElement | null;
    if (!found) throw new Error(`no element for ${expression}`);
    return found;
  };
  return {
    name: 'webkit',
    version: `${capabilities.getBrowserName()} ${capabilities.getBrowserVersion()}`,
    async goto(url) {
      await driver.get(url);
    },
    evaluate: <T>(expression: string) =>
      driver.executeScript<T>(`return (async () => (${expression}))()`),
    async click(expression) {
      await (await element(expression)).click();
    },
    async select(expression, value) {
      const select = await element(expression);
      const option = (await driver.executeScript(
        'return [...arguments[0].options].find((option) => option.value === arguments[1])',
        select,
        value,
      )) as WebElement | null;
      if (!option) throw new Error(`no option ${value} in ${expression}`);
      await option.click();
    },
    async screenshot(file) {
      await writeFile(file, await driver.takeScreenshot(), 'base64');
    },
    async close() {
      await driver.quit().catch(() => undefined);
      await service.kill();
    },
  };
}

/** Sizes the window so that the page inside it is VIEWPORT wide and high. */
async function fitViewport(driver: WebDriver): Promise<void> {
  const window = driver.manage().window();
  await window.setRect({ width: VIEWPORT.width, height: VIEWPORT.height });
  const inner = (await driver.executeScript('return [window.innerWidth, window.innerHeight]')) as [
    number,
    number,
  ];
  const rect = await window.getRect();
  await window.setRect({
    width: rect.width + VIEWPORT.width - inner[0],
    height: rect.height + VIEWPORT.height - inner[1],
  });
}
