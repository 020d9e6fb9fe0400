/**
 * Two separately built widget bundles on one page share one session: the main build's
 * <garage-session-badge> and a probe element built on its own (its own copy of the core, React and
 * signals) see each other's logins and logouts. Also: within one build the core loads once.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetBuild } from '../support/widget-build';
import { chromium, type Browser, type Page } from 'playwright-core';
import { screenshotForReview } from './host-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const PROBE_ID = 'garage-probe-entry';

const PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner page</title>
    <style>body { font: 16px serif; margin: 24px; } p, output { color: red; }</style>
  </head>
  <body>
    <p>A partner's English page with two widgets from two builds:</p>
    <garage-session-badge id="badge"></garage-session-badge>
    <garage-probe id="probe"></garage-probe>
    <script type="module" src="/dist/widgets/session-badge.js"></script>
    <script type="module" src="/probe/widgets/probe.js"></script>
  </body>
</html>`;

/** A second, independent build: its own core chunk, React and signals runtime. */
async function buildProbe(outDir: string) {
  const { bundle, createConfig } = await widgetBuild();
  const core = JSON.stringify(path.join(root, 'widgets/core/index.ts'));
  const probe = {
    name: 'garage-probe',
    resolveId: (id: string) => (id === PROBE_ID ? `\0${PROBE_ID}` : null),
    load: (id: string) =>
      id === `\0${PROBE_ID}`
        ? `import { createElement } from 'react';
           import { define, login, logout, session, useValue } from ${core};
           function Probe() {
             const nickName = useValue(session.nickName);
             return createElement('output', null, nickName || '未登录');
           }
           define('garage-probe', Probe, { props: {}, signedOut: 'widget' });
           window.garageProbe = { login, logout, session };`
        : null,
  };
  await bundle(createConfig({ outDir, features: [], extraInputs: { 'widgets/probe': PROBE_ID }, plugins: [probe] }));
}

async function buildMainIfMissing() {
  if (existsSync(path.join(dist, 'widgets/session-badge.js')) && existsSync(path.join(dist, 'garage-widgets.js'))) return;
  await (await widgetBuild()).buildWidgets();
}

function serve(mounts: Record<string, string>): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.svg': 'image/svg+xml', '.html': 'text/html' };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    const [, mount, ...rest] = url.pathname.split('/');
    const base = mounts[mount];
    const file = base && path.join(base, ...rest);
    if (!file || !file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': `${types[path.extname(file)] ?? 'application/octet-stream'}; charset=utf-8` });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let probeDir: string;
let server: Server;
let browser: Browser;
let page: Page;
let base: string;
const loadedScripts: string[] = [];

beforeAll(async () => {
  probeDir = mkdtempSync(path.join(tmpdir(), 'garage-probe-'));
  await buildMainIfMissing();
  await buildProbe(probeDir);
  server = await serve({ dist, probe: probeDir });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loadedScripts.push(new URL(request.url()).pathname);
  });
  await page.goto(base);
  await page.waitForFunction(() => customElements.get('garage-session-badge') && customElements.get('garage-probe'));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (probeDir) rmSync(probeDir, { recursive: true, force: true });
});

/** The badge's name, or the core's compact 「请先登录」 while nobody is signed in. */
const badgeText = () => page.locator('#badge').locator('.name, .signed-out__title').innerText();
const probeText = () => page.locator('#probe output').innerText();

describe('one session across separately built bundles', () => {
  it('loads two different copies of the core', () => {
    const cores = loadedScripts.filter((script) => /\/widgets\/chunks\/core-[\w-]+\.js$/.test(script));
    expect(cores.some((script) => script.startsWith('/dist/'))).toBe(true);
    expect(cores.some((script) => script.startsWith('/probe/'))).toBe(true);
  });

  it('shows both widgets signed out, in Chinese, on an English page', async () => {
    expect(await badgeText()).toBe('请先登录');
    expect(await probeText()).toBe('未登录');
    expect(await page.locator('#badge').getAttribute('lang')).toBe('zh-cn');
  });

  it('shows a login made through one bundle in the other bundle’s widget', async () => {
    await page.evaluate(() => {
      const probe = (window as unknown as { garageProbe: { login(token: string, user: object): void } }).garageProbe;
      probe.login('token-from-probe', { userId: 7, nickName: '王店长', garageId: 3 });
    });
    await expect.poll(badgeText).toBe('王店长');
    expect(await probeText()).toBe('王店长');
    await screenshotForReview(page, 'shared-session.png');
  });

  it('keeps one store on the page, reachable under the documented key', async () => {
    const same = await page.evaluate(() => {
      const store = (globalThis as Record<symbol, { session: object }>)[Symbol.for('garage-suite.session')];
      return store.session === (window as unknown as { garageProbe: { session: object } }).garageProbe.session;
    });
    expect(same).toBe(true);
  });

  it('signs both widgets out when the main build’s public API logs out, loading its core only once', async () => {
    // A string, so vitest's transform does not rewrite this dynamic import for Node.
    await page.evaluate(`import('${base}/dist/garage-widgets.js').then((api) => api.logout())`);
    await expect.poll(probeText).toBe('未登录');
    expect(await badgeText()).toBe('请先登录');
    const mainCores = new Set(loadedScripts.filter((script) => /^\/dist\/widgets\/chunks\/core-/.test(script)));
    expect(mainCores.size).toBe(1);
    expect(loadedScripts.filter((script) => mainCores.has(script))).toHaveLength(1);
  });
});
