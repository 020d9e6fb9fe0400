/**
 * Issue 11, the 360 px sidebar: every element alone on a page of another origin, 360 px wide, fits
 * (no sideways scroll of the page, of the element, or of anything inside it); the customer list
 * shows cards with name and phone — decided by the element's own width, so also in a 360 px
 * sidebar of a wide window — and figures with their unit stay on one line.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, screenshotForReview, visibleNativeControls } from './host-helpers';

let server: TestServer;
let browser: Browser;
let partner: Server;
let partnerUrl: string;
const pages = new Map<string, string>();
let token: string;
let vehicleId: number;

beforeAll(async () => {
  // The build (dist/) is newer than the version the pages remember (open()), so the version notice opens its dialog.
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  token = await server.loginToken('admin');
  // The vehicle with the most visits: the longest visit list and timeline the panorama draws.
  ({ id: vehicleId } = (await server.db.one<{ id: number }>(sql`
    SELECT v.id FROM vehicle v JOIN maintenance_record r ON r.vehicle_id = v.id JOIN garage g ON g.id = v.store_id
     WHERE g.chain_id = 1 GROUP BY v.id ORDER BY count(r.id) DESC, v.id LIMIT 1`))!);
  // A high-mileage car with a big bill: the widest figures a visit line has to hold.
  await server.db.run(sql`UPDATE maintenance_record SET mileage = 123456, amount = 12345.67
    WHERE id = (SELECT id FROM maintenance_record WHERE vehicle_id = ${vehicleId} ORDER BY maint_date DESC, id DESC LIMIT 1)`);

  // 企业微信客户: a chat contact bound to that vehicle's owner (issue 18).
  const owner = (await server.db.one<{ customer_id: number }>(sql`SELECT customer_id FROM vehicle WHERE id = ${vehicleId}`))!.customer_id;
  expect((await server.call('POST', '/wecom-contact/bind', { token, body: { externalUserId: 'wmNarrowCard', customerId: owner } })).code).toBe(0);

  // The partner: another origin, its own page around one of our elements.
  partner = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://partner.test');
    const page = pages.get(pathname);
    if (page) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    else if (pathname === '/version.json') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ VERSION_TIME: 2 }));
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const address = partner.address();
  partnerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (partner ? partner.close(() => resolve()) : resolve()));
});

/** A partner page holding one element, optionally inside a box of `boxWidth` px (a sidebar). */
function partnerPage(feature: string, attributes: Record<string, string>, boxWidth?: number): string {
  const rendered = Object.entries({ 'api-base': `${server.url}/api`, ...attributes })
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  const element = `<garage-${feature}${rendered}></garage-${feature}>`;
  const pagePath = `/${feature}-${pages.size}`;
  pages.set(
    pagePath,
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>合作方页面</title><link rel="icon" href="data:,"></head><body style="margin:0;background:#eef0f3">
${boxWidth ? `<aside style="box-sizing:border-box;width:${boxWidth}px;margin-left:auto;padding:0 12px">${element}</aside>` : element}
<script type="module" src="${server.url}/widgets/${feature}.js"></script></body></html>`,
  );
  return `${partnerUrl}${pagePath}`;
}

async function open(url: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 640 }, locale: 'zh-CN' });
  // The version notice remembers an older build: it opens its dialog (the largest thing it draws).
  // On a partner page our entries live under our own namespace (widgets/core/storage.ts).
  await context.addInitScript(() => localStorage.setItem('garage-suite:version', '1'));
  const page = await context.newPage();
  // Three pages load at once (describe.concurrent): a busy machine may need more than Playwright's 30 s.
  page.setDefaultTimeout(60_000);
  await page.goto(url);
  return page;
}

/**
 * What overflows sideways at this width: the page, the element, or any box inside it (shadow roots
 * included) reaching past the right edge of the window — a table scrolling inside its own frame counts.
 */
async function sidewaysOverflow(page: Page, tag: string) {
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

/** Each element, and what it shows once it has drawn its data. */
const elements: { feature: string; label?: string; attributes: () => Record<string, string>; ready: (page: Page) => Promise<unknown> }[] = [
  { feature: 'customer-list', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-list tbody tr').first().waitFor() },
  { feature: 'customer-board', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-board tbody tr').first().waitFor() },
  { feature: 'customer-groups', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-groups .card').first().waitFor() },
  { feature: 'tag-manage', attributes: () => ({ token }), ready: (page) => page.locator('garage-tag-manage .tag-card').first().waitFor() },
  {
    feature: 'vehicle-panorama',
    attributes: () => ({ token, 'vehicle-id': String(vehicleId) }),
    ready: (page) => page.locator('garage-vehicle-panorama garage-maint-timeline [data-testid="timeline-entry"]').first().waitFor(),
  },
  {
    feature: 'maint-timeline',
    attributes: () => ({ token, 'vehicle-id': String(vehicleId) }),
    ready: (page) => page.locator('garage-maint-timeline [data-testid="timeline-entry"]').first().waitFor(),
  },
  { feature: 'phone-bar', attributes: () => ({ token }), ready: (page) => page.locator('garage-phone-bar .reason').waitFor() },
  { feature: 'session-badge', attributes: () => ({ token }), ready: (page) => page.locator('garage-session-badge .name').filter({ hasText: '陈总' }).waitFor() },
  { feature: 'help-center', attributes: () => ({ token }), ready: (page) => page.locator('garage-help-center .entry').first().waitFor() },
  { feature: 'help-center', label: 'article="embedding"', attributes: () => ({ token, article: 'embedding' }), ready: (page) => page.locator('garage-help-center article pre').waitFor() },
  { feature: 'feature-intro', attributes: () => ({ token }), ready: (page) => page.locator('garage-feature-intro .go').first().waitFor() },
  { feature: 'login', attributes: () => ({}), ready: (page) => page.locator('garage-login').getByRole('button', { name: '登录', exact: true }).waitFor() },
  { feature: 'metrics-lib', attributes: () => ({ token }), ready: (page) => page.locator('garage-metrics-lib [data-metric="custom:1"] [data-value]').waitFor() },
  { feature: 'metrics-tree', attributes: () => ({ token }), ready: (page) => page.locator('garage-metrics-tree [data-progress]').first().waitFor() },
  { feature: 'user-auth', attributes: () => ({ token }), ready: (page) => page.locator('garage-user-auth [data-username]').first().waitFor() },
  { feature: 'system-settings', attributes: () => ({ token }), ready: (page) => page.locator('garage-system-settings ul.rows[aria-busy="false"]').first().waitFor() },
  { feature: 'customer-operations', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-operations [data-stage]').first().waitFor() },
  { feature: 'store-basics', attributes: () => ({ token }), ready: (page) => page.locator('garage-store-basics [data-store]').first().waitFor() },
  { feature: 'org-structure', attributes: () => ({ token }), ready: (page) => page.locator('garage-org-structure [data-department]').first().waitFor() },
  { feature: 'job-pool', attributes: () => ({ token }), ready: (page) => page.locator('garage-job-pool [data-job]').first().waitFor() },
  { feature: 'potential-customers', attributes: () => ({ token }), ready: (page) => page.locator('garage-potential-customers [data-lead]').first().waitFor() },
  ...['pricing', 'package', 'sms', 'web-phone', 'enterprise-wechat', 'insurance-analysis', 'customer-analysis'].map((kind) => ({
    feature: 'mall',
    label: `kind="${kind}"`,
    attributes: () => ({ token, kind }),
    ready: (page: Page) => page.locator('garage-mall .mall[aria-busy="false"]').waitFor(),
  })),
  { feature: 'customer-import', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-import .flow[aria-busy="false"] [data-testid="drop-zone"]').waitFor() },
  {
    feature: 'customer-import',
    label: 'kind="potential"',
    attributes: () => ({ token, kind: 'potential' }),
    ready: (page) => page.locator('garage-customer-import [data-lead]').first().waitFor(),
  },
  { feature: 'insurance-lookup', attributes: () => ({ token }), ready: (page) => page.locator('garage-insurance-lookup [data-policy]').first().waitFor() },
  {
    feature: 'insurance-quote',
    attributes: () => ({ token, 'vehicle-id': String(vehicleId) }),
    ready: (page) => page.locator('garage-insurance-quote [data-testid="compulsory-premium"]').waitFor(),
  },
  { feature: 'insurance-analysis', attributes: () => ({ token }), ready: (page) => page.locator('garage-insurance-analysis [data-chart="rate"] svg').waitFor() },
  { feature: 'sms-marketing', attributes: () => ({ token }), ready: (page) => page.locator('garage-sms-marketing [role="tabpanel"][aria-busy="false"] [data-testid="sms-counter"]').waitFor() },
  { feature: 'sms-buy', attributes: () => ({ token }), ready: (page) => page.locator('garage-sms-buy [data-package]').first().waitFor() },
  { feature: 'diagnosis', attributes: () => ({ token }), ready: (page) => page.locator('garage-diagnosis [data-store] [data-metric]').first().waitFor() },
  { feature: 'kpi', attributes: () => ({ token }), ready: (page) => page.locator('garage-kpi [data-staff]').first().waitFor() },
  { feature: 'insurance-rates', attributes: () => ({ token }), ready: (page) => page.locator('garage-insurance-rates [data-insurer]').first().waitFor() },
  { feature: 'version-notice', attributes: () => ({ 'poll-seconds': '1' }), ready: (page) => page.locator('garage-version-notice [role="dialog"]').waitFor() },
  { feature: 'workbench', attributes: () => ({ token }), ready: (page) => page.locator('garage-workbench [data-task]').first().waitFor() },
  { feature: 'big-screen', attributes: () => ({ token }), ready: (page) => page.locator('garage-big-screen [data-chart="trend"] svg').waitFor() },
  {
    feature: 'wecom-contact',
    attributes: () => ({ token, 'external-user-id': 'wmNarrowCard' }),
    ready: (page) => page.locator('garage-wecom-contact garage-maint-timeline [data-testid="timeline-entry"]').first().waitFor(),
  },
  { feature: 'data-report', attributes: () => ({ token }), ready: (page) => page.locator('garage-data-report [data-chart="figures"] svg').waitFor() },
  { feature: 'customer-analysis', attributes: () => ({ token }), ready: (page) => page.locator('garage-customer-analysis [data-chart="spend"] svg').waitFor() },
];

describe.concurrent('every element alone on a partner page, 360 px wide', () => {
  // One page per element in its own browser context: they load side by side (vitest.config.ts, maxConcurrency).
  for (const { feature, label, attributes, ready } of elements) {
    it(`<garage-${feature}${label ? ` ${label}` : ''}> has nothing to scroll sideways`, async () => {
      const page = await open(partnerPage(feature, attributes()), 360);
      await ready(page);
      expect(await sidewaysOverflow(page, `garage-${feature}`)).toEqual({ page: 0, element: 0, offenders: [] });
      expect(await visibleNativeControls(page)).toEqual([]);
      await screenshotForReview(page, `narrow-${feature}${label ? `-${label.replace(/\W+/g, '')}` : ''}-360.png`, { fullPage: true });
      await page.context().close();
    });
  }
});

/** How the list draws its rows, and where the first row's name and phone are. */
async function firstRow(page: Page) {
  const list = page.locator('garage-customer-list');
  await list.locator('tbody tr').first().waitFor();
  return list.evaluate((element) => {
    const root = element.shadowRoot!;
    const row = root.querySelector('tbody tr')!;
    const box = (node: Element | null) => {
      const rect = node?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right, width: rect.width, height: rect.height } : null;
    };
    return {
      display: getComputedStyle(row).display,
      list: box(element),
      row: box(row),
      name: box(row.querySelector('.customer-name')),
      nameText: row.querySelector('.customer-name')?.textContent ?? '',
      phone: box(row.querySelector('.col-mobile')),
      phoneText: row.querySelector('.col-mobile')?.textContent ?? '',
      call: box(row.querySelector('.col-actions .call')),
    };
  });
}

describe('the customer list follows its own width', () => {
  it('shows each customer as a card with name, phone and 外呼 in a 360 px window', async () => {
    const page = await open(partnerPage('customer-list', { token }), 360);
    const row = await firstRow(page);
    expect(row.display).toBe('flex');
    // A card spans the list; name, phone and the call action are visible inside it.
    expect(row.row!.width).toBeGreaterThan(row.list!.width - 2);
    for (const part of [row.name, row.phone, row.call]) {
      expect(part!.width).toBeGreaterThan(0);
      expect(part!.left).toBeGreaterThanOrEqual(row.row!.left);
      expect(part!.right).toBeLessThanOrEqual(row.row!.right);
    }
    expect(row.nameText.trim().length).toBeGreaterThan(0);
    expect(row.phoneText).toMatch(/^1\d{2}(\d{4}|\*{4})\d{4}$/);
    // The conditions' buttons wrap inside the list instead of running past it.
    const buttons = await page.locator('garage-customer-list .builder-actions sl-button').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().right));
    expect(Math.max(...buttons)).toBeLessThanOrEqual(360);
    await page.context().close();
  });

  it('shows cards in a 360 px sidebar of a wide window, and a table when it has the width', async () => {
    const sidebar = await open(partnerPage('customer-list', { token }, 360), 1280);
    expect((await firstRow(sidebar)).display).toBe('flex');
    expect(await sidewaysOverflow(sidebar, 'garage-customer-list')).toEqual({ page: 0, element: 0, offenders: [] });
    await sidebar.context().close();

    const wide = await open(partnerPage('customer-list', { token }), 1280);
    expect((await firstRow(wide)).display).toBe('table-row');
    await wide.context().close();
  });
});

describe('figures with units at 360 px', () => {
  it('keeps mileage, money and dates of the panorama and its timeline on one line each', async () => {
    // In a 360 px sidebar with its own padding: the panorama gets 336 px.
    const page = await open(partnerPage('vehicle-panorama', { token, 'vehicle-id': String(vehicleId) }, 360), 360);
    await page.locator('garage-vehicle-panorama garage-maint-timeline [data-testid="timeline-entry"]').first().waitFor();
    // Every figure with its unit in the panorama and its timeline: mileage, money, dates. Each one's
    // own text (not the line around it, which may wrap between two figures) must sit on one line.
    const figures = await page.locator('garage-vehicle-panorama').evaluate((element) => {
      const roots = [element.shadowRoot!, element.shadowRoot!.querySelector('garage-maint-timeline')!.shadowRoot!];
      const found: { text: string; lines: number }[] = [];
      for (const root of roots) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/[\d,.]+ ?公里|¥[\d,.]+|\d{4}-\d{2}-\d{2}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
            if (lines.size > 0) found.push({ text: match[0], lines: lines.size });
          }
        }
      }
      return found;
    });
    expect(figures.filter((each) => each.text.includes('公里')).length).toBeGreaterThan(3);
    expect(figures.filter((each) => each.text.startsWith('¥')).length).toBeGreaterThan(3);
    expect(figures.filter((each) => each.lines !== 1)).toEqual([]);
    await page.context().close();
  });
});
