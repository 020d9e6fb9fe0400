/** Browser helpers shared by the host app journeys (tests/e2e/host-*.test.ts). */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Garage@2026';

let workerBrowser: Promise<Browser> | undefined;

/**
 * This test worker's Chromium (started once: e2e files run one after another in a worker, vitest
 * `isolate: false`), seen through a handle whose close() closes only the contexts this file opened.
 */
export async function launchChromium(): Promise<Browser> {
  workerBrowser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  const browser = await workerBrowser;
  if (!browser.isConnected()) {
    workerBrowser = undefined;
    return launchChromium();
  }
  const before = new Set(browser.contexts());
  const closeOwnContexts = async () => {
    for (const context of browser.contexts()) if (!before.has(context)) await context.close();
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return closeOwnContexts;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A fresh context (empty storage) whose page records every console error and page error. */
export async function openPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: 'zh-CN',
    // A browser outside China, whatever the machine's zone: the product still shows Beijing days and times.
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors };
}

/** Logs in through the <garage-login> form the way a user does. */
export async function loginThroughForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Waits until the startup mask is gone and the main layout shows the given page title. */
export async function waitForPage(page: Page, title: string) {
  await page.locator('.top-bar__title h1').filter({ hasText: new RegExp(`^${title}$`) }).waitFor({ timeout: 20_000 });
  await page.locator('[data-testid="loading-mask"]').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * A picture for a person to judge (how a screen looks at 1440 and 360 px), written only when
 * E2E_SCREENSHOTS names a folder: no assertion needs it, and a full-page picture costs the suite
 * up to a second on a busy machine. `E2E_SCREENSHOTS=/tmp/shots npx vitest run --project e2e …`
 */
export async function screenshotForReview(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await target.screenshot({ path: path.join(folder, name), ...('url' in target ? options : {}) });
}

/**
 * Native <select>s and date boxes the user can see, in the page and every shadow root: Chromium
 * draws them in the browser's language (mm/dd/yyyy in English) and unlike the Shoelace controls
 * beside them. A DateField's hidden picker (1 px, transparent) is not seen.
 */
export function visibleNativeControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (!element.matches('select, input[type=date], input[type=datetime-local], input[type=month], input[type=week]')) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 2 || box.height <= 2 || getComputedStyle(element).opacity === '0') continue;
        const host = (element.getRootNode() as ShadowRoot).host?.localName ?? 'page';
        found.push(`${host}: ${element.localName}${element.getAttribute('type') ? `[type=${element.getAttribute('type')}]` : ''} ${element.getAttribute('aria-label') ?? ''}`.trim());
      }
    };
    visit(document);
    return found;
  });
}

/** Picks an option of the Shoelace select named `label` as a user does: opens it, clicks the option. */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

/** The value of the Shoelace select named `label` (its combobox shows the option's text, not the value). */
export function selectValue(scope: Page | Locator, label: string): Promise<string> {
  return scope.getByRole('combobox', { name: label, exact: true })
    .evaluate((combobox) => String(((combobox.getRootNode() as ShadowRoot).host as HTMLElement & { value: unknown }).value));
}
