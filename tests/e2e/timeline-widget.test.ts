/**
 * <garage-maint-timeline> alone on a plain page, against the real server: the work-chat sidebar
 * and partner-page case (one script, one element, a token attribute, nothing else of ours).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, openPage, screenshotForReview } from './host-helpers';
import { widgetBuild } from '../support/widget-build';

/** Builds only this widget (and garage-widgets.js) so the test does not depend on other features' state. */
async function buildTimelineWidget(outDir: string) {
  const { bundle, createConfig } = await widgetBuild();
  await bundle(createConfig({ outDir, features: ['maint-timeline'] }));
}

/** A page with nothing of ours but the one script and the element; hostile page CSS included. */
function plainPage(attributes: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sidebar</title><link rel="icon" href="data:,">
<style>body { margin: 16px; font: 15px Georgia, serif; background: #f4f4f5; } li, article, strong { color: red !important; }</style>
</head><body>
<garage-maint-timeline ${attributes}></garage-maint-timeline>
<script type="module" src="/widgets/maint-timeline.js"></script>
</body></html>`;
}

let distDir: string;
let server: TestServer;
let browser: Browser;
let admin: string;
let frontdesk: string;
let vehicle: { id: number; records: number; plate: string };
let eastOnlyVehicle: number;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'garage-timeline-dist-'));
  await buildTimelineWidget(distDir);
  server = await startTestServer({ config: { distDir } });
  [admin, frontdesk] = await Promise.all([server.loginToken('admin'), server.loginToken('frontdesk')]);
  vehicle = (await server.db.one<{ id: number; records: number; plate: string }>(sql`
    SELECT v.id, v.plate, count(r.id)::int AS records
      FROM vehicle v JOIN garage g ON g.id = v.store_id JOIN maintenance_record r ON r.vehicle_id = v.id
     WHERE g.name = '城西店' AND v.energy_type = 'fuel'
     GROUP BY v.id HAVING count(r.id) BETWEEN 6 AND 9 ORDER BY v.id LIMIT 1`))!;
  eastOnlyVehicle = (await server.db.one<{ id: number }>(sql`SELECT v.id FROM vehicle v JOIN garage g ON g.id = v.store_id WHERE g.name = '城东店' ORDER BY v.id LIMIT 1`))!.id;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

async function openTimeline(name: string, attributes: string): Promise<{ page: Page; errors: string[] }> {
  writeFileSync(path.join(distDir, `${name}.html`), plainPage(attributes));
  const { page, errors } = await openPage(browser, { width: 720, height: 1100 });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${server.url}/dist/${name}.html`);
  return { page, errors };
}

const timeline = (page: Page) => page.locator('garage-maint-timeline');

describe('<garage-maint-timeline vehicle-id> alone on a plain page', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await openTimeline('plain', `vehicle-id="${vehicle.id}" token="${frontdesk}"`));
    await timeline(page).locator('[data-testid="timeline-entry"]').first().waitFor({ timeout: 20_000 });
  });
  afterAll(() => page?.context().close());

  it('shows the vehicle and its whole history count, in Chinese', async () => {
    await expect.poll(() => timeline(page).locator('[data-testid="vehicle"]').innerText()).toContain(vehicle.plate);
    expect(await timeline(page).locator('.facts').innerText()).toContain(`历史 ${vehicle.records} 次`);
    expect(await timeline(page).getAttribute('lang')).toBe('zh-cn');
  });

  it('puts the future above today and the past below, with exactly one next maintenance highlighted', async () => {
    const order = await timeline(page).locator('.timeline > li').evaluateAll((items) =>
      items.map((item) => (item.classList.contains('now') ? 'now' : item.classList.contains('future') ? 'future' : item.classList.contains('past') ? 'past' : 'other')),
    );
    const now = order.indexOf('now');
    expect(now).toBeGreaterThan(0);
    expect(order.slice(0, now).every((kind) => kind === 'future')).toBe(true);
    expect(order.slice(now + 1).filter((kind) => kind !== 'other').every((kind) => kind === 'past')).toBe(true);
    await expect.poll(() => timeline(page).locator('[data-testid="next-badge"]').count()).toBe(1);
    expect(await timeline(page).locator('.entry.next .kind').innerText()).toBe('预计保养');
    expect(await timeline(page).locator('[data-testid="last-badge"]').count()).toBe(1);
    // Highest mileage first.
    const mileages = await timeline(page).locator('.entry .mileage').allInnerTexts();
    const numbers = mileages.map((text) => Number(text.replace(/[^\d]/g, ''))).filter((value) => value > 0);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('shows the 4S and our price side by side with the saving on the next maintenance', async () => {
    const next = timeline(page).locator('.entry.next');
    expect(await next.locator('.price.s4').innerText()).toMatch(/4S店参考价\s*¥[\d,]+/);
    expect(await next.locator('.price.ours').innerText()).toMatch(/本店价格\s*¥[\d,]+/);
    expect(await next.locator('[data-testid="saving"]').innerText()).toMatch(/为您节省 ¥[\d,]+/);
  });

  it('keeps a long history short until the user asks for the earlier records', async () => {
    const pastShown = () => timeline(page).locator('.entry.past').count();
    expect(await pastShown()).toBe(5);
    await timeline(page).getByRole('button', { name: /查看更早的 \d+ 条记录/ }).click();
    await expect.poll(pastShown).toBe(vehicle.records);
    await screenshotForReview(page, 'timeline-plain-page.png', { fullPage: true });
    await timeline(page).getByRole('button', { name: '收起更早的记录' }).click();
    await expect.poll(pastShown).toBe(5);
  });

  it('collapses and expands an item list', async () => {
    const toggle = timeline(page).locator('.entry.next .items-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await timeline(page).locator('.entry.next .item-list li').count()).toBeGreaterThan(0);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await timeline(page).locator('.entry.next .item-list').count()).toBe(0);
    await toggle.click();
    expect(await timeline(page).locator('.entry.next .item-list li').count()).toBeGreaterThan(0);
  });

  it('is not restyled by the page, and logs no errors', async () => {
    const colour = await timeline(page).locator('.entry.next .mileage').evaluate((node) => getComputedStyle(node).color);
    expect(colour).not.toBe('rgb(255, 0, 0)');
    expect(errors).toEqual([]);
  });
});

describe('<garage-maint-timeline> and the garage’s price setting', () => {
  it('hides every price when the garage turned prices off', async () => {
    const turnedOff = await server.call('PUT', '/garage/module/show-price', { token: admin, query: { isShowPrice: false } });
    expect(turnedOff.code).toBe(0);
    const { page } = await openTimeline('no-prices', `vehicle-id="${vehicle.id}" token="${admin}"`);
    try {
      await timeline(page).locator('[data-testid="timeline-entry"]').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => timeline(page).locator('[data-testid="prices"]').count()).toBe(0);
      expect(await timeline(page).locator('.timeline').innerText()).not.toContain('¥');
      await screenshotForReview(page, 'timeline-no-prices.png', { fullPage: true });
    } finally {
      await page.context().close();
      await server.call('PUT', '/garage/module/show-price', { token: admin, query: { isShowPrice: true } });
    }
  });
});

describe('<garage-maint-timeline> refusals and given points', () => {
  it('tells a user outside the vehicle’s store that it cannot be shown', async () => {
    const { page } = await openTimeline('refused', `vehicle-id="${eastOnlyVehicle}" token="${frontdesk}"`);
    try {
      await expect.poll(() => timeline(page).locator('.state.error').innerText(), { timeout: 20_000 }).toContain('保养时间轴加载失败');
      expect(await timeline(page).getByRole('button', { name: '重试' }).isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('draws points given as a property without asking the server', async () => {
    const { page } = await openTimeline('given', '');
    try {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.evaluate(async () => {
        await customElements.whenDefined('garage-maint-timeline');
        const element = document.querySelector('garage-maint-timeline') as HTMLElement & { points: unknown };
        element.points = {
          history: [{ maintRecordId: 1, maintDate: '2025-03-01', mileage: 21000, pointEnum: 'MAINT_RECORD', partList: ['小保养（机油+机滤）'], estimate: { s4Price: 720, zxcPrice: 453 } }],
          partReplaceAlert: [],
          maintEstimate: [{ maintRecordId: 'e1', estimate: { date: '2099-01-01', s4Price: 720, zxcPrice: 453 }, mileage: 26000, pointEnum: 'MAINT_ESTIMATE', partList: ['小保养（机油+机滤）'] }],
        };
      });
      await expect.poll(() => timeline(page).locator('[data-testid="timeline-entry"]').count()).toBe(2);
      expect(await timeline(page).locator('.entry.next .mileage').innerText()).toBe('约 26,000 公里');
      expect(requests.filter((pathname) => pathname.startsWith('/api/'))).toEqual([]);
      await screenshotForReview(page, 'timeline-given-points.png', { fullPage: true });
    } finally {
      await page.context().close();
    }
  });
});

describe('dist/garage-widgets.js', () => {
  it('exports buildTimeline for embedders', async () => {
    const { page } = await openTimeline('api', '');
    try {
      const points = {
        history: [{ maintRecordId: 1, maintDate: '2025-01-01', mileage: 10000, pointEnum: 'MAINT_RECORD' }],
        partReplaceAlert: [{ maintRecordId: 'a', estimate: { date: '2026-01-01' }, mileage: 14000, pointEnum: 'PART_REPLACE_ALERT' }],
        maintEstimate: [{ maintRecordId: 'e', estimate: { date: '2026-02-01' }, mileage: 15000, pointEnum: 'MAINT_ESTIMATE' }],
      };
      // A string, so the test runner does not rewrite the page's dynamic import.
      const built = (await page.evaluate(`import('/dist/garage-widgets.js').then((api) => api.buildTimeline(${JSON.stringify(points)}))`)) as {
        id: string; isNext: boolean; isLast: boolean; type: string;
      }[];
      expect(built.map((entry) => [entry.id, entry.type, entry.isNext, entry.isLast])).toEqual([
        ['e', 'maintainance', true, false],
        ['a', 'repair', false, false],
        ['1', 'maintainance', false, true],
      ]);
    } finally {
      await page.context().close();
    }
  });
});
