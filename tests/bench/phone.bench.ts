/**
 * Issue 7: the web phone embedded alone on a partner page (one script tag of
 * dist/widgets/phone-bar.js), in Chromium against the real server and a real Kamailio:
 *  - all the JS it loads once it has registered and placed a call (gzip -9 of each JS response);
 *  - the JS it needs before its first render: the JS fetched before the bar's shadow root first
 *    gets content (resource timing vs. a MutationObserver, same page clock), and the static import
 *    graph of phone-bar.js;
 *  - click on 拨打 → INVITE frame sent on the WebSocket (CDP Network.webSocketFrameSent), on a
 *    first call (a fresh page each) and on later calls (one page).
 * The same bar built on React (the standalone build without its preact/compat alias, built here
 * into a temporary folder) is measured in the same run, so the choice of runtime rests on figures
 * taken side by side.
 *
 * BENCH_FIRST_CALLS=10 BENCH_LATER_CALLS=12 npm run bench -- phone
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from 'playwright-core';
import { launchPhoneBrowser, type PhoneBrowser } from '../kamailio/browser';
import { sipSubscriber, startKamailio, type RunningKamailio } from '../kamailio/kamailio';
import { startPartnerSite, type PartnerSite } from '../kamailio/partner-page';
import { DEMO_PASSWORD, startTestServer } from '../support/server';
import { setTestBalance } from '../support/ledger';
import { gzipSize, kb, ms, percentile, table, writeSection } from './report';
import { onReact, widgetBuild } from '../support/widget-build';

const FIRST_CALLS = Math.max(5, Number(process.env.BENCH_FIRST_CALLS ?? 10));
const LATER_CALLS = Math.max(10, Number(process.env.BENCH_LATER_CALLS ?? 12));
const GOALS = { allJs: 80 * 1024, firstRenderJs: 25 * 1024, clickToInvite: 150 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const realm = 'garage.test';
const operator = { sipUser: '8001', password: 'Phone@8001' };
const callee = sipSubscriber('13800138000', realm, 'Callee@1');

/**
 * Before any script of the page: the first time the bar's shadow root gets content, every click
 * with the label of the button it hit (event.timeStamp: the page clock of performance.now()), and
 * every ws.send of an INVITE (to cross-check the CDP frame times).
 */
const PROBE = `
  window.__bar = { firstRender: null, clicks: [] };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (this.localName === 'garage-phone-bar') {
      const observer = new MutationObserver(() => {
        if (root.childElementCount === 0 || window.__bar.firstRender !== null) return;
        window.__bar.firstRender = performance.now();
        observer.disconnect();
      });
      observer.observe(root, { childList: true });
    }
    return root;
  };
  window.__bar.inviteSends = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.startsWith('INVITE ')) window.__bar.inviteSends.push(performance.now());
    return send.call(this, data);
  };
  addEventListener('click', (event) => {
    const button = event.composedPath().find((node) => node.localName === 'button');
    if (button) window.__bar.clicks.push({ at: event.timeStamp, label: button.textContent.trim() });
  }, true);
`;

interface Build {
  name: string;
  /** Origin serving /widgets/phone-bar.js and its chunks. */
  origin: string;
  /** Folder holding widgets/phone-bar.js, for the static import graph. */
  dir: string;
  partner: PartnerSite;
}

interface LoadedScript {
  url: string;
  gzip: number;
}

interface BarPage {
  page: Page;
  scripts: LoadedScript[];
  /** INVITE frames sent, in the page's performance.now() clock. */
  invites: number[];
  close(): Promise<void>;
}

interface BuildResult {
  build: Build;
  allScripts: LoadedScript[];
  firstRenderScripts: LoadedScript[];
  staticGraph: LoadedScript[];
  firstRenderMs: number[];
  registeredMs: number[];
  firstCalls: number[];
  laterCalls: number[];
  /** Click → ws.send(INVITE) in the page, first and later calls together. */
  inPage: number[];
}

const sum = (scripts: LoadedScript[]) => scripts.reduce((total, script) => total + script.gzip, 0);
const fileName = (url: string) => new URL(url).pathname.replace(/^\/widgets\//, '');

/** Static imports of a built ES module, followed through the files they name (minified build output). */
function staticImportGraph(dir: string, entry: string): LoadedScript[] {
  const seen = new Map<string, number>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const code = readFileSync(file, 'utf8');
    seen.set(file, gzipSize(code));
    const imports = code.matchAll(/\b(?:import|export)\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?["']([^"']+\.js)["']/g);
    for (const [, specifier] of imports) visit(path.resolve(path.dirname(file), specifier));
  };
  visit(path.join(dir, entry));
  return [...seen].map(([file, gzip]) => ({ url: `http://build/${path.relative(dir, file)}`, gzip }));
}

/** The standalone build without the preact/compat alias, i.e. on React 19. */
async function buildOnReact(outDir: string): Promise<void> {
  const { bundle, createStandaloneConfig } = await widgetBuild();
  await bundle(onReact(createStandaloneConfig({ outDir })));
}

/** Serves `dir` at /, with CORS, as the real server serves dist/widgets/ to partner pages. */
function serveFolder(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const file = path.join(dir, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'access-control-allow-origin': '*' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const server = await startTestServer();
const work = mkdtempSync(path.join(tmpdir(), 'garage-phone-bench-'));
let kamailio: RunningKamailio | null = null;
let browser: PhoneBrowser | null = null;
let reactServer: Server | null = null;
const partners: PartnerSite[] = [];

try {
  if (!existsSync(path.join(dist, 'widgets', 'phone-bar.js'))) throw new Error('没有 dist/widgets/phone-bar.js，请先 npm run build');
  const adminToken = await server.loginToken('admin', DEMO_PASSWORD);
  const frontdeskToken = await server.loginToken('frontdesk', DEMO_PASSWORD);
  const provisioned = await server.call('POST', '/call/sip-account/provision', {
    token: adminToken,
    body: { username: 'frontdesk', sipUser: operator.sipUser, password: operator.password, realm },
  });
  if (provisioned.code !== 0) throw new Error(`provision: ${provisioned.code} ${provisioned.msg}`);
  // Every call is recorded; keep the balance far from 0 for the whole run.
  await setTestBalance(server.db, 1, 'minutes', 100_000);

  const reactDir = path.join(work, 'react');
  await buildOnReact(reactDir);
  reactServer = await serveFolder(reactDir);
  const reactOrigin = `http://127.0.0.1:${(reactServer.address() as AddressInfo).port}`;

  kamailio = await startKamailio({ subscribers: [sipSubscriber(operator.sipUser, realm, operator.password), callee] });
  browser = await launchPhoneBrowser({ microphone: 'fake' });
  const runningKamailio = kamailio;
  const runningBrowser = browser;

  const builds: Build[] = [];
  for (const [name, origin, dir] of [
    ['Preact（合作页面嵌入构建）', server.url, dist],
    ['React 19（同一构建，不换运行时）', reactOrigin, reactDir],
  ] as const) {
    const partner = await startPartnerSite(origin);
    partners.push(partner);
    builds.push({ name, origin, dir, partner });
  }

  // The customer: rings until the caller cancels, so each call ends with our hang-up.
  const calleePage = await runningBrowser.context.newPage();
  await calleePage.goto(builds[0].partner.calleeUrl);
  await calleePage.evaluate((options) => (window as any).garageCallee.start(options), {
    url: runningKamailio.url,
    user: callee.user,
    realm,
    ha1: callee.ha1,
    mode: 'ring',
  });

  let pageNumber = 0;
  async function openBar(build: Build): Promise<BarPage & { cdp: CDPSession }> {
    const page = await runningBrowser.context.newPage();
    await page.addInitScript(PROBE);
    const scripts: LoadedScript[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then(
          (body) => void scripts.push({ url: response.url(), gzip: gzipSize(body) }),
          () => undefined,
        ),
      );
    });
    // CDP's monotonic seconds → the page's performance.now(): the handshake carries both clocks.
    const cdp = await runningBrowser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    const wallMinusMonotonic = new Map<string, number>();
    const inviteWallTimes: number[] = [];
    cdp.on('Network.webSocketWillSendHandshakeRequest', (event) => {
      wallMinusMonotonic.set(event.requestId, event.wallTime * 1000 - event.timestamp * 1000);
    });
    cdp.on('Network.webSocketFrameSent', (event) => {
      const offset = wallMinusMonotonic.get(event.requestId);
      if (offset !== undefined && event.response.payloadData.startsWith('INVITE ')) inviteWallTimes.push(event.timestamp * 1000 + offset);
    });
    pageNumber += 1;
    await page.goto(
      build.partner.addPhonePage(`/bench-${pageNumber}`, {
        token: frontdeskToken,
        'api-base': `${server.url}/api`,
        'sip-server': runningKamailio.url,
      }),
    );
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    return {
      page,
      cdp,
      scripts,
      get invites() {
        return inviteWallTimes.map((wall) => wall - timeOrigin);
      },
      close: async () => {
        await Promise.all(pending);
        await cdp.detach().catch(() => undefined);
        await page.close();
      },
    } as BarPage & { cdp: CDPSession };
  }

  const bar = (page: Page) => page.locator('garage-phone-bar');

  /**
   * Clicks 拨打; answers click → first INVITE frame on the wire and click → ws.send in the page.
   * Then hangs up and waits for the idle, dialable bar.
   */
  async function timedCall(barPage: BarPage): Promise<{ wire: number; inPage: number }> {
    const { page } = barPage;
    const invitesBefore = barPage.invites.length;
    const [clicksBefore, sendsBefore] = await page.evaluate(() => [(window as any).__bar.clicks.length, (window as any).__bar.inviteSends.length] as number[]);
    await bar(page).getByRole('button', { name: '拨打' }).click();
    const deadline = Date.now() + 10_000;
    while (barPage.invites.length === invitesBefore) {
      if (Date.now() > deadline) throw new Error('no INVITE within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const click = await page.evaluate((index) => (window as any).__bar.clicks[index] as { at: number; label: string }, clicksBefore);
    if (click?.label !== '拨打') throw new Error(`unexpected click: ${JSON.stringify(click)}`);
    const invite = barPage.invites[invitesBefore];
    const sent = await page.evaluate((index) => (window as any).__bar.inviteSends[index] as number, sendsBefore);
    await bar(page).getByText('对方振铃中…').waitFor({ timeout: 10_000 });
    await bar(page).getByRole('button', { name: '挂断' }).click();
    await bar(page).getByRole('button', { name: '拨打' }).waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => {
      const button = document.querySelector('garage-phone-bar')?.shadowRoot?.querySelector<HTMLButtonElement>('button[type="submit"]');
      return button !== null && button !== undefined && !button.disabled;
    });
    return { wire: invite - click.at, inPage: sent - click.at };
  }

  async function registered(page: Page): Promise<void> {
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
  }

  const results: BuildResult[] = builds.map((build) => ({
    build,
    allScripts: [],
    firstRenderScripts: [],
    staticGraph: staticImportGraph(build.dir, 'widgets/phone-bar.js'),
    firstRenderMs: [],
    registeredMs: [],
    firstCalls: [],
    laterCalls: [],
    inPage: [],
  }));
  const record = (result: BuildResult, into: number[], call: { wire: number; inPage: number }) => {
    into.push(call.wire);
    result.inPage.push(call.inPage);
  };

  // One unmeasured call first: the browser's own first microphone and peer connection are not the
  // page's cost. Then an empty HTTP cache, so each build's first page downloads everything.
  let browserFirstCall: number;
  {
    const warmUp = await openBar(builds[0]);
    await registered(warmUp.page);
    await bar(warmUp.page).locator('input[type="tel"]').fill(callee.user);
    browserFirstCall = (await timedCall(warmUp)).wire;
    await warmUp.cdp.send('Network.clearBrowserCache');
    await warmUp.close();
  }

  // First calls: a fresh page each, the builds taking turns so the machine's noise hits both.
  for (let run = 0; run < FIRST_CALLS; run += 1) {
    for (const result of results) {
      const barPage = await openBar(result.build);
      await registered(barPage.page);
      result.registeredMs.push(await barPage.page.evaluate(() => performance.now()));
      await bar(barPage.page).locator('input[type="tel"]').fill(callee.user);
      record(result, result.firstCalls, await timedCall(barPage));
      const timings = await barPage.page.evaluate(() => ({
        firstRender: (window as any).__bar.firstRender as number,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(\?|$)/.test(entry.name))
          .map((entry) => ({ url: entry.name, end: (entry as PerformanceResourceTiming).responseEnd })),
      }));
      result.firstRenderMs.push(timings.firstRender);
      await barPage.close();
      if (run === 0) {
        // Sizes from the first page of each build, which loaded everything over the network.
        result.allScripts = [...barPage.scripts].sort((a, b) => b.gzip - a.gzip);
        const beforeRender = new Set(timings.scripts.filter((script) => script.end <= timings.firstRender).map((script) => script.url));
        result.firstRenderScripts = result.allScripts.filter((script) => beforeRender.has(script.url));
      }
    }
  }

  // Later calls: one page per build, its line already used once.
  for (const result of results) {
    const barPage = await openBar(result.build);
    await registered(barPage.page);
    await bar(barPage.page).locator('input[type="tel"]').fill(callee.user);
    await timedCall(barPage);
    for (let run = 0; run < LATER_CALLS; run += 1) record(result, result.laterCalls, await timedCall(barPage));
    await barPage.close();
    console.log(`  ${result.build.name}: ${kb(sum(result.allScripts))} JS, first calls ${result.firstCalls.map((value) => value.toFixed(0)).join(' ')} ms`);
  }

  const [embed, react] = results;
  const pass = (ok: boolean) => (ok ? '✓' : '✗');
  const goalRow = (label: string, goal: string, value: (result: BuildResult) => number, format: (value: number) => string, limit: number) => [
    label,
    goal,
    ...results.flatMap((result) => [format(value(result)), pass(value(result) <= limit)]),
  ];
  const goalRows = [
    goalRow('合作页面加载的全部 JS（gzip，注册并拨出后）', `≤ ${kb(GOALS.allJs)}`, (result) => sum(result.allScripts), kb, GOALS.allJs),
    goalRow('首次渲染前需要的 JS（gzip，网络）', `≤ ${kb(GOALS.firstRenderJs)}`, (result) => sum(result.firstRenderScripts), kb, GOALS.firstRenderJs),
    goalRow('首次渲染前需要的 JS（gzip，phone-bar.js 静态导入图）', `≤ ${kb(GOALS.firstRenderJs)}`, (result) => sum(result.staticGraph), kb, GOALS.firstRenderJs),
    goalRow('首次通话 点击「拨打」→ INVITE，p95', `≤ ${GOALS.clickToInvite} ms`, (result) => percentile(result.firstCalls, 95), ms, GOALS.clickToInvite),
  ];
  const met = goalRows.filter((row) => row[3] === '✓').length;
  const files = (scripts: LoadedScript[]) => scripts.map((script) => `${fileName(script.url)} ${kb(script.gzip)}`).join('；');

  writeSection(`## Web phone (issue 7)

\`<garage-phone-bar>\` alone on a partner page of another origin (one script tag of
\`/widgets/phone-bar.js\`), in Chromium with a fake microphone, against the real server and a real
Kamailio (WebSocket, digest auth); the callee is a JsSIP user agent in another page that rings until
we hang up. Sizes are gzip -9 of each JS response, summed. "First render" is when the bar's shadow
root first gets content (MutationObserver); the JS counted for it is what finished loading before
(resource timing, same clock), and separately the static import graph of the built
\`phone-bar.js\`. Click → INVITE runs from the click event on 拨打 to the first INVITE frame sent on
the WebSocket (CDP \`Network.webSocketFrameSent\`, mapped to the page clock through the handshake's
wall time): ${FIRST_CALLS} first calls, each on a fresh page, and ${LATER_CALLS} later calls on one
page. The React row is the same standalone build without its preact/compat alias, built and measured
in this run. Preact build: ${met} of ${goalRows.length} goals met.

${table(['目标 (goal)', '目标值', embed.build.name, '达标', react.build.name, '达标'], goalRows)}

${table(
  ['构建 (build)', '全部 JS', '首次渲染前 JS（网络）', '静态导入图', '首次渲染 p50', '线路在线 p50', '首次通话 p50', '首次通话 p95', '之后通话 p50', '之后通话 p95', '页面内 ws.send p50'],
  results.map((result) => [
    result.build.name,
    kb(sum(result.allScripts)),
    kb(sum(result.firstRenderScripts)),
    kb(sum(result.staticGraph)),
    ms(percentile(result.firstRenderMs, 50)),
    ms(percentile(result.registeredMs, 50)),
    ms(percentile(result.firstCalls, 50)),
    ms(percentile(result.firstCalls, 95)),
    ms(percentile(result.laterCalls, 50)),
    ms(percentile(result.laterCalls, 95)),
    ms(percentile(result.inPage, 50)),
  ]),
)}

Times of first render and 线路在线 run from navigation start; 通话 columns are click → INVITE frame;
the last column is click → JsSIP's ws.send of that INVITE in the page (first and later calls
together), a cross-check of the CDP clock mapping. Before the measured pages the browser made one
unmeasured call (its own first microphone and peer connection are not a page's cost; that call,
on the Preact build, took ${ms(browserFirstCall)}) and its HTTP cache was then emptied; the builds take
turns page by page. Files (gzip), and the first calls:

${results
  .map(
    (result) => `- ${result.build.name}, all: ${files(result.allScripts)}
  - before first render: ${files(result.firstRenderScripts)}; static graph: ${files(result.staticGraph)}
  - first calls (ms, in order): ${result.firstCalls.map((value) => value.toFixed(0)).join(', ')}`,
  )
  .join('\n')}`);
} finally {
  await browser?.close();
  await Promise.all(partners.map((partner) => partner.close()));
  await new Promise<void>((resolve) => (reactServer ? reactServer.close(() => resolve()) : resolve()));
  await kamailio?.stop();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
