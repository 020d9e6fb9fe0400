/**
 * Issue 18: the WeCom chat sidebar (/sidebar) on a first open, against the real server on loopback.
 * What it downloads (JavaScript, gzip) until the customer card and its maintenance timeline are
 * drawn, and how long from navigation start to the customer card (and to the timeline), each run in
 * a fresh browser context (empty cache and storage: the OAuth code is exchanged every time). WeCom's
 * JS-SDK is replaced by a stand-in `wx` that answers at once (its real cost is WeCom's, not ours).
 * Goals: ≤ 150 KB gzip, ≤ 800 ms.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer } from '../support/server';
import { gzipSize, kb, ms, percentile, table, writeSection } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const CODE = 'dev:wwantu0000demo01:AnTuLi';
const CONTACT = 'wmBenchSidebar01';

const WATCH = `
  window.__garageReady = (ready) => new Promise((resolve) => {
    const check = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(check));
    check();
  });
  window.__deepFind = (root, selector) => {
    const here = root.querySelector(selector);
    if (here) return here;
    for (const element of root.querySelectorAll('*')) {
      const inner = element.shadowRoot && window.__deepFind(element.shadowRoot, selector);
      if (inner) return inner;
    }
    return null;
  };
  window.wx = {
    config() {}, ready(callback) { callback(); }, error() {},
    agentConfig(options) { options.success({ errMsg: 'agentConfig:ok' }); },
    invoke(name, parameters, callback) { callback({ err_msg: name + ':ok', userId: '${CONTACT}' }); },
  };
`;

const ready = (page: Page, selector: string): Promise<number> =>
  page.evaluate((wanted) => (window as any).__garageReady(() => Boolean((window as any).__deepFind(document, wanted))), selector);
const CARD = '[data-testid="wecom-customer-card"] .name';
const TIMELINE = '[data-testid="timeline-entry"]';

const server = await startTestServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function freshContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'zh-CN' });
  await context.addInitScript(WATCH);
  return context;
}

try {
  // A 城东店 customer with a vehicle and its history, bound to the chat's contact.
  const customer = (await server.db.one<{ id: number }>(sql`
    SELECT c.id FROM customer c JOIN garage g ON g.id = c.store_id JOIN vehicle v ON v.customer_id = c.id
     WHERE g.name = '城东店' AND EXISTS (SELECT 1 FROM maintenance_record r WHERE r.vehicle_id = v.id) ORDER BY c.id LIMIT 1`))!;
  const bound = await server.call('POST', '/wecom-contact/bind', { token: await server.loginToken('manager'), body: { externalUserId: CONTACT, customerId: customer.id } });
  if (bound.code !== 0) throw new Error(bound.msg);
  const url = `${server.url}/sidebar?code=${encodeURIComponent(CODE)}`;

  // What the first open downloads, until the card and the timeline are drawn and the network is quiet.
  const context = await freshContext();
  const page = await context.newPage();
  const scripts: { url: string; wire: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => {
        scripts.push({ url: new URL(response.url()).pathname, wire: sizes.responseBodySize, gzip: gzipSize(body) });
      }),
    );
  });
  await page.goto(url);
  await ready(page, CARD);
  await ready(page, TIMELINE);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const total = (key: 'wire' | 'gzip') => scripts.reduce((sum, script) => sum + script[key], 0);

  const toCard: number[] = [];
  const toTimeline: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const runContext = await freshContext();
    const runPage = await runContext.newPage();
    await runPage.goto(url, { waitUntil: 'commit' });
    toCard.push(await ready(runPage, CARD));
    toTimeline.push(await ready(runPage, TIMELINE));
    await runContext.close();
  }

  const row = (name: string, samples: number[]) => [name, ms(percentile(samples, 50)), ms(percentile(samples, 95)), ms(Math.min(...samples))];
  writeSection(`## WeCom sidebar (issue 18)

/sidebar at 360×640, signed in by the OAuth code on the URL (development adapter), WeCom's JS-SDK
replaced by a stand-in that answers at once. Goals: ≤ 150 KB gzip of JavaScript, ≤ 800 ms to the
customer card on a cold cache.

### JavaScript downloaded on a first open (until card and timeline are drawn)

${table(
  ['files', 'over the wire', 'gzip -9'],
  [[scripts.length, kb(total('wire')), kb(total('gzip'))]],
)}

<details><summary>files</summary>

${table(
  ['file', 'over the wire', 'gzip -9'],
  scripts.sort((a, b) => b.gzip - a.gzip).map((script) => [script.url, kb(script.wire), kb(script.gzip)]),
)}

</details>

### From navigation start, cold (a fresh context each run, ${RUNS} runs)

${table(['until', 'p50', 'p95', 'best'], [row('customer card drawn', toCard), row('maintenance timeline drawn', toTimeline)])}`);
} finally {
  await browser.close();
  await server.close();
}
