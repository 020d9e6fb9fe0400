/**
 * What each widget downloads when it is alone on a partner's page: a page of another origin with
 * one script tag of dist/widgets/<feature>.js and one element (signed in through its `token`
 * attribute where it needs a session), in Chromium against the real server. Every response of
 * our server that is not an API answer counts (scripts, icons, version.json), with the bytes that
 * came over the wire (compressed as the server sent them) and, for the same files, the sizes of
 * the build's .br and .gz. Shared by the size test (tests/e2e/widget-size.test.ts) and the bench
 * (tests/bench/widgets.bench.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import type { TestServer } from './server';

export interface WidgetCase {
  tag: string;
  /** dist/widgets/<feature>.js */
  feature: string;
  /** The budget for compressed transfer, bytes. */
  budget: number;
  /** Signed in through the `token` attribute. */
  signedIn: boolean;
  /** Chunks it loads that are measured on their own, outside the budget (保险分析's ECharts). */
  separately?: RegExp;
}

const KB = 1024;

/** Issue 11's goals, each widget alone on a partner page. */
export const WIDGET_CASES: WidgetCase[] = [
  { tag: 'garage-session-badge', feature: 'session-badge', budget: 60 * KB, signedIn: true },
  { tag: 'garage-login', feature: 'login', budget: 60 * KB, signedIn: false },
  { tag: 'garage-version-notice', feature: 'version-notice', budget: 60 * KB, signedIn: false },
  { tag: 'garage-customer-list', feature: 'customer-list', budget: 90 * KB, signedIn: true },
  { tag: 'garage-customer-board', feature: 'customer-board', budget: 90 * KB, signedIn: true },
  { tag: 'garage-customer-groups', feature: 'customer-groups', budget: 90 * KB, signedIn: true },
  { tag: 'garage-tag-manage', feature: 'tag-manage', budget: 90 * KB, signedIn: true },
  { tag: 'garage-vehicle-panorama', feature: 'vehicle-panorama', budget: 90 * KB, signedIn: true },
  { tag: 'garage-maint-timeline', feature: 'maint-timeline', budget: 90 * KB, signedIn: true },
  { tag: 'garage-phone-bar', feature: 'phone-bar', budget: 80 * KB, signedIn: true },
  // Settings centre pages (issue 12): the same budget as the customer widgets.
  { tag: 'garage-user-auth', feature: 'user-auth', budget: 90 * KB, signedIn: true },
  { tag: 'garage-system-settings', feature: 'system-settings', budget: 90 * KB, signedIn: true },
  { tag: 'garage-customer-operations', feature: 'customer-operations', budget: 90 * KB, signedIn: true },
  { tag: 'garage-store-basics', feature: 'store-basics', budget: 90 * KB, signedIn: true },
  { tag: 'garage-metrics-lib', feature: 'metrics-lib', budget: 90 * KB, signedIn: true },
  { tag: 'garage-metrics-tree', feature: 'metrics-tree', budget: 90 * KB, signedIn: true },
  { tag: 'garage-help-center', feature: 'help-center', budget: 90 * KB, signedIn: true },
  { tag: 'garage-feature-intro', feature: 'feature-intro', budget: 90 * KB, signedIn: true },
  { tag: 'garage-org-structure', feature: 'org-structure', budget: 90 * KB, signedIn: true },
  { tag: 'garage-job-pool', feature: 'job-pool', budget: 90 * KB, signedIn: true },
  // 潜在客户 (issue 13).
  { tag: 'garage-potential-customers', feature: 'potential-customers', budget: 90 * KB, signedIn: true },
  // Issue 14: 商城 (价格商城 by default; the checkout's dialog parts and uqr load with the first purchase).
  { tag: 'garage-mall', feature: 'mall', budget: 90 * KB, signedIn: true },
  // 批量导入 (issue 13): the file is read by the server, never by the widget.
  { tag: 'garage-customer-import', feature: 'customer-import', budget: 90 * KB, signedIn: true },
  // 保险 (issue 16); 保险分析's ECharts chunk is measured on its own (not in the budget).
  { tag: 'garage-insurance-lookup', feature: 'insurance-lookup', budget: 90 * KB, signedIn: true },
  { tag: 'garage-insurance-quote', feature: 'insurance-quote', budget: 90 * KB, signedIn: true },
  { tag: 'garage-insurance-analysis', feature: 'insurance-analysis', budget: 90 * KB, signedIn: true, separately: /\/chunks\/echarts-[\w-]+\.js$/ },
  // Issue 15: 短信营销 (its report's ECharts and the dialogs load when opened) and 短信购买 (the mall's checkout loads with the first purchase).
  { tag: 'garage-sms-marketing', feature: 'sms-marketing', budget: 90 * KB, signedIn: true },
  { tag: 'garage-sms-buy', feature: 'sms-buy', budget: 90 * KB, signedIn: true },
  // Issue 17: 诊断表 and 数据统计 (no chart library: tables and CSS bars).
  { tag: 'garage-diagnosis', feature: 'diagnosis', budget: 90 * KB, signedIn: true },
  { tag: 'garage-kpi', feature: 'kpi', budget: 90 * KB, signedIn: true },
  // Issue 17: 工作台, and 智慧大屏 with its ECharts chunk measured on its own (the bench weighs the page with it).
  { tag: 'garage-workbench', feature: 'workbench', budget: 90 * KB, signedIn: true },
  { tag: 'garage-big-screen', feature: 'big-screen', budget: 90 * KB, signedIn: true, separately: /\/chunks\/echarts-[\w-]+\.js$/ },
  // Issue 18: 企业微信客户 (the sidebar's card; 报价 loads the quote element when clicked).
  { tag: 'garage-wecom-contact', feature: 'wecom-contact', budget: 90 * KB, signedIn: true },
  // Issue 17: 数据报表 and 客户分析 (ECharts in its own chunk, measured apart).
  { tag: 'garage-data-report', feature: 'data-report', budget: 90 * KB, signedIn: true, separately: /\/chunks\/echarts-[\w-]+\.js$/ },
  { tag: 'garage-customer-analysis', feature: 'customer-analysis', budget: 90 * KB, signedIn: true, separately: /\/chunks\/echarts-[\w-]+\.js$/ },
  // 保险公司费率 (issue 16 leftovers).
  { tag: 'garage-insurance-rates', feature: 'insurance-rates', budget: 90 * KB, signedIn: true },
];

export interface LoadedFile {
  path: string;
  /** Body bytes received (compressed as sent). */
  wire: number;
  /** The response's Content-Encoding ('' = none). */
  encoding: string;
  /** The same file's size as the build's .br / .gz (the raw size where the build wrote none, < 1 KB). */
  brotli: number;
  gzip: number;
  raw: number;
}

export interface WidgetWeight {
  widget: WidgetCase;
  files: LoadedFile[];
  wire: number;
  brotli: number;
  gzip: number;
  raw: number;
  /** Bytes of API answers (data, not code), for information. */
  api: number;
  /** The files of `widget.separately`, not in the figures above. */
  separate: LoadedFile[];
}

const API_PREFIXES = ['/api/', '/wecom/', '/ai/'];
const sum = (files: LoadedFile[], key: 'wire' | 'brotli' | 'gzip' | 'raw') => files.reduce((total, file) => total + file[key], 0);

/** The build's pre-compressed file, else what compressing it would give (the build skips files under 1 KB). */
function compressedSizes(distDir: string, urlPath: string): Pick<LoadedFile, 'brotli' | 'gzip' | 'raw'> | null {
  const relative = urlPath.startsWith('/widgets/') ? path.join('widgets', urlPath.slice('/widgets/'.length)) : urlPath.replace(/^\/(dist\/)?/, '');
  const file = path.join(distDir, relative);
  if (!file.startsWith(distDir) || !existsSync(file) || !statSync(file).isFile()) return null;
  const raw = statSync(file).size;
  const sizeOf = (extension: string, compress: () => number) => (existsSync(file + extension) ? statSync(file + extension).size : Math.min(raw, compress()));
  const content = readFileSync(file);
  return {
    raw,
    brotli: sizeOf('.br', () => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    gzip: sizeOf('.gz', () => gzipSync(content, { level: 9 }).length),
  };
}

export interface PartnerPages {
  url: string;
  /** Registers a page holding only `<tag …attributes>` and the script of `feature`. */
  add(feature: string, tag: string, attributes: Record<string, string>): string;
  close(): Promise<void>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A partner's site: another origin than our server, serving plain pages that embed one element. */
export async function startPartnerPages(garageUrl: string): Promise<PartnerPages> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').split('?')[0]);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    add(feature, tag, attributes) {
      const rendered = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      const pagePath = `/${feature}`;
      pages.set(
        pagePath,
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>合作伙伴页面</title><link rel="icon" href="data:,">
<style>body{font-family:sans-serif;margin:24px;background:#f4f4f5}</style>
<h1>合作伙伴客户管理系统</h1>
<script type="module" src="${garageUrl}/widgets/${feature}.js"></script>
<${tag}${rendered}></${tag}>`,
      );
      return `${url}${pagePath}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface WeightSetup {
  /** Attributes beyond `api-base` and `token`, per tag. */
  attributes: Record<string, Record<string, string>>;
  /** Token of the signed-in user (admin: every widget shows its data). */
  token: string;
  /** Token for the phone bar: a user with a SIP account, so the line starts (JsSIP loads). */
  phoneToken: string;
}

/** A port nothing listens on (one the system just handed out and we closed again). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Signs in, picks a vehicle, and gives the front desk a SIP account whose server does not answer:
 * the phone bar then loads everything it loads for a call (its controller and JsSIP).
 */
export async function prepareWeightSetup(server: TestServer): Promise<WeightSetup> {
  const [token, phoneToken] = await Promise.all([server.loginToken('admin'), server.loginToken('frontdesk')]);
  const vehicle = (await server.db.one<{ id: number }>(sql`
    SELECT v.id FROM vehicle v JOIN maintenance_record r ON r.vehicle_id = v.id GROUP BY v.id ORDER BY v.id LIMIT 1`))!;
  const provisioned = await server.call('POST', '/call/sip-account/provision', {
    token,
    body: { username: 'frontdesk', sipUser: '8101', password: 'Phone@8101', realm: 'garage.test' },
  });
  if (provisioned.code !== 0) throw new Error(`provision: ${provisioned.code} ${provisioned.msg}`);
  return {
    token,
    phoneToken,
    attributes: {
      'garage-vehicle-panorama': { 'vehicle-id': String(vehicle.id) },
      'garage-maint-timeline': { 'vehicle-id': String(vehicle.id) },
      'garage-insurance-quote': { 'vehicle-id': String(vehicle.id) },
      // Nothing listens there: the line fails and retries, having loaded all it needs.
      'garage-phone-bar': { 'sip-server': `ws://127.0.0.1:${await closedPort()}/webrtc` },
    },
  };
}

async function settle(page: Page, widget: WidgetCase, files: () => LoadedFile[]) {
  // The version notice shows nothing until a new version is out: defined and mounted is enough there.
  const mustShow = widget.feature !== 'version-notice';
  await page.waitForFunction(
    ([tag, show]) => {
      const root = customElements.get(tag as string) ? document.querySelector(tag as string)?.shadowRoot : null;
      return Boolean(root && (!show || root.childElementCount > 0));
    },
    [widget.tag, mustShow] as const,
    { timeout: 60_000 },
  );
  // The phone bar loads JsSIP once it has its SIP account; the test asserts that it did (a timeout here is left to it).
  if (widget.feature === 'phone-bar') {
    await page
      .waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/JsSIP-')), undefined, { timeout: 60_000 })
      .catch(() => undefined);
  }
  await page.waitForLoadState('networkidle');
  // Chunks a render loads later (e.g. an icon) have had their chance; wait until nothing new arrives.
  // A quiet spell, kept on purpose: "everything a widget will ever load" has no event to wait for,
  // and networkidle fires once per page, possibly before the widget's data came.
  for (let count = -1; count !== files().length; ) {
    count = files().length;
    await page.waitForTimeout(500);
  }
}

/** Opens the widget alone on a fresh page (empty cache) and records what it downloads from our server. */
export async function weighWidget(
  browser: Browser,
  options: { server: TestServer; partner: PartnerPages; setup: WeightSetup; widget: WidgetCase; distDir: string },
): Promise<WidgetWeight> {
  const { server, partner, setup, widget, distDir } = options;
  const attributes: Record<string, string> = { 'api-base': `${server.url}/api`, ...setup.attributes[widget.tag] };
  if (widget.signedIn) attributes.token = widget.feature === 'phone-bar' ? setup.phoneToken : setup.token;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const files: LoadedFile[] = [];
  let api = 0;
  const pending: Promise<void>[] = [];
  const origin = new URL(server.url).origin;
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || request.method() !== 'GET' && request.method() !== 'POST') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
          api += sizes.responseBodySize;
          return;
        }
        const built = compressedSizes(distDir, url.pathname);
        const encoding = (await response?.headerValue('content-encoding')) ?? '';
        files.push({
          path: url.pathname,
          wire: sizes.responseBodySize,
          encoding,
          brotli: built?.brotli ?? sizes.responseBodySize,
          gzip: built?.gzip ?? sizes.responseBodySize,
          raw: built?.raw ?? sizes.responseBodySize,
        });
      })(),
    );
  });
  try {
    await page.goto(partner.add(widget.feature, widget.tag, attributes));
    await settle(page, widget, () => files);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  files.sort((a, b) => b.wire - a.wire);
  const separate = files.filter((file) => widget.separately?.test(file.path));
  const counted = files.filter((file) => !separate.includes(file));
  return { widget, files: counted, wire: sum(counted, 'wire'), brotli: sum(counted, 'brotli'), gzip: sum(counted, 'gzip'), raw: sum(counted, 'raw'), api, separate };
}
