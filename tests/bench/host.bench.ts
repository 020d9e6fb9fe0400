/**
 * Issue 4: what the login page costs to download (JS and CSS, gzip) and how soon /login and
 * /home/workKanBan are usable in Chromium against the real server. "Interactive" is when a person
 * can act: on /login the 登录 button is in the page and enabled; on the workbench the startup mask
 * is gone and the page's content is drawn. Times run from navigation start, read in the page.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer } from '../support/server';
import { gzipSize, kb, ms, percentile, table, writeSection } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

/** In the page: resolves with performance.now() once `ready()` holds, checked every frame. */
const WATCH = `
  window.__garageReady = (ready) => new Promise((resolve) => {
    const check = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(check));
    check();
  });
  window.__deepFind = (root, match) => {
    for (const element of root.querySelectorAll('*')) {
      if (match(element)) return element;
      if (element.shadowRoot) {
        const inner = window.__deepFind(element.shadowRoot, match);
        if (inner) return inner;
      }
    }
    return null;
  };
`;

async function loginReady(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as any).__garageReady(() => {
      const button = (window as any).__deepFind(document, (element: Element) => element.tagName === 'BUTTON' && element.textContent?.trim() === '登录');
      return Boolean(button && !(button as HTMLButtonElement).disabled);
    }),
  );
}

async function workbenchReady(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as any).__garageReady(() => {
      const title = document.querySelector('.top-bar__title h1')?.textContent?.trim();
      const content = document.querySelector('main.shell__content > *');
      return title === '工作台' && Boolean(content) && !document.querySelector('[data-testid="loading-mask"]');
    }),
  );
}

const server = await startTestServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function freshContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(WATCH);
  return context;
}

try {
  // What /login downloads on a first visit.
  const context = await freshContext();
  const page = await context.newPage();
  const assets: { url: string; type: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        assets.push({ url: new URL(response.url()).pathname, type, raw: body.length, gzip: gzipSize(body) });
      }),
    );
  });
  await page.goto(`${server.url}/login`);
  await loginReady(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const sum = (type: string, key: 'raw' | 'gzip') => assets.filter((asset) => asset.type === type).reduce((total, asset) => total + asset[key], 0);

  // Time to interactive, each run in a fresh context (empty cache, like a first visit), then warm.
  const coldLogin: number[] = [];
  const warmLogin: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const runContext = await freshContext();
    const runPage = await runContext.newPage();
    await runPage.goto(`${server.url}/login`, { waitUntil: 'commit' });
    coldLogin.push(await loginReady(runPage));
    await runPage.reload({ waitUntil: 'commit' });
    warmLogin.push(await loginReady(runPage));
    await runContext.close();
  }

  const token = await server.loginToken('admin');
  const info = await server.call<{ userId: number; nickName: string; garageId: number }>('GET', '/user/info', { token });
  const user = JSON.stringify({ usertoken: token, userId: info.data.userId, nickName: info.data.nickName, garageId: info.data.garageId });
  const coldWorkbench: number[] = [];
  const warmWorkbench: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const runContext = await freshContext();
    await runContext.addInitScript((entry) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', entry);
    }, user);
    const runPage = await runContext.newPage();
    await runPage.goto(`${server.url}/home/workKanBan`, { waitUntil: 'commit' });
    coldWorkbench.push(await workbenchReady(runPage));
    await runPage.reload({ waitUntil: 'commit' });
    warmWorkbench.push(await workbenchReady(runPage));
    await runContext.close();
  }

  const row = (name: string, samples: number[]) => [name, ms(percentile(samples, 50)), ms(percentile(samples, 95)), ms(Math.min(...samples))];
  writeSection(`## Host app (issue 4)

### What /login downloads (first visit, built app served by our server)

${table(
  ['kind', 'files', 'raw', 'gzip -9'],
  [
    ['JavaScript', assets.filter((asset) => asset.type === 'script').length, kb(sum('script', 'raw')), kb(sum('script', 'gzip'))],
    ['CSS', assets.filter((asset) => asset.type === 'stylesheet').length, kb(sum('stylesheet', 'raw')), kb(sum('stylesheet', 'gzip'))],
  ],
)}

<details><summary>files</summary>

${table(
  ['file', 'kind', 'gzip -9'],
  assets.sort((a, b) => b.gzip - a.gzip).map((asset) => [asset.url, asset.type, kb(asset.gzip)]),
)}

</details>

### Time to interactive in Chromium (headless, loopback, ${RUNS} runs each)

Cold = a fresh browser context (empty cache); warm = a reload in it. /login: until the 登录 button
is enabled. /home/workKanBan (signed in as admin): until the startup calls are done (the spec's
100 ms wait included), the loading mask is gone and the workbench is drawn.

${table(
  ['page', 'p50', 'p95', 'best'],
  [
    row('/login, cold', coldLogin),
    row('/login, warm', warmLogin),
    row('/home/workKanBan, cold', coldWorkbench),
    row('/home/workKanBan, warm', warmWorkbench),
  ],
)}`);
} finally {
  await browser.close();
  await server.close();
}
