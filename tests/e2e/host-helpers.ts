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

/**
 * What the docked phone bar covers: the page's scrolling area (then it would cover some row at some
 * scroll position), or a visible button, field, link or table cell of the frame. [] when it covers
 * nothing, or when no bar is shown.
 */
export function coveredByPhone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dock = document.querySelector('.phone-dock');
    if (!dock) return [];
    const bar = dock.getBoundingClientRect();
    const meets = (box: { left: number; right: number; top: number; bottom: number }) =>
      box.right > box.left && box.bottom > box.top && box.left < bar.right && box.right > bar.left && box.top < bar.bottom && box.bottom > bar.top;
    // The part of an element left visible by the boxes that scroll or clip it (a row below the fold is not covered).
    const seen = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      const box = { left, right, top, bottom };
      for (let node: Element | null = element.parentElement ?? (element.getRootNode() as ShadowRoot).host ?? null; node;
        node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = node.getBoundingClientRect();
        box.left = Math.max(box.left, clip.left); box.right = Math.min(box.right, clip.right);
        box.top = Math.max(box.top, clip.top); box.bottom = Math.min(box.bottom, clip.bottom);
      }
      return box;
    };
    const main = document.querySelector('main.shell__content');
    const covered: string[] = [];
    if (main && meets(main.getBoundingClientRect())) covered.push('main.shell__content');
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot);
        if (element === dock || !element.matches('button, input, select, textarea, a[href], td, th, sl-button, sl-input, sl-select, sl-checkbox, [role=button]')) continue;
        let outer: Element = element;
        while (outer.getRootNode() instanceof ShadowRoot) outer = (outer.getRootNode() as ShadowRoot).host;
        if (outer === dock || dock.contains(outer)) continue;
        if (meets(seen(element))) covered.push(`${outer.localName} ${element.localName} ${(element.textContent ?? '').trim().slice(0, 20)}`);
      }
    };
    visit(document);
    return covered;
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

/**
 * What overflows sideways at this width: the page, the element, or any box inside it (shadow roots
 * included) reaching past the right edge of the window — a table scrolling inside its own frame counts.
 */
export async function sidewaysOverflow(page: Page, tag: string) {
  return page.evaluate((selector) => {
    const document_ = document.documentElement;
    const element = document.querySelector(selector)!;
    const offenders: string[] = [];
    const walk = (scope: Document | ShadowRoot) => {
      for (const node of scope.querySelectorAll('*')) {
        const box = node.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.right > document_.clientWidth + 0.5) {
          offenders.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} → ${Math.round(box.right)} px`);
        }
        if (node.shadowRoot) walk(node.shadowRoot);
      }
    };
    walk(document);
    return {
      page: document_.scrollWidth - document_.clientWidth,
      element: element.scrollWidth - element.clientWidth,
      offenders: offenders.slice(0, 8),
    };
  }, tag);
}
