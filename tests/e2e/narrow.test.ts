/**
 * Issue 11, the 360 px sidebar: the customer list shows cards with name and phone — decided by the
 * element's own width, so also in a 360 px sidebar of a wide window — figures with their unit stay
 * on one line, and the version notice's dialog fits. That every element (and its variants) has
 * nothing to scroll sideways at 360 px is checked on the hostile partner page (partner-page.test.ts).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, screenshotForReview, sidewaysOverflow, visibleNativeControls } from './host-helpers';

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

describe('the version notice at 360 px', () => {
  it('opens its dialog with nothing to scroll sideways', async () => {
    const page = await open(partnerPage('version-notice', { 'poll-seconds': '1' }), 360);
    await page.locator('garage-version-notice [role="dialog"]').waitFor();
    expect(await sidewaysOverflow(page, 'garage-version-notice')).toEqual({ page: 0, element: 0, offenders: [] });
    await page.context().close();
  });
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
