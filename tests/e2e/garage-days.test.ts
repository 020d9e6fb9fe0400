/**
 * Beijing days in a browser that is not in China: Chromium set to UTC, its clock fixed at
 * 2026-11-22T23:30:00Z, which is 07:30 on the 23rd in Beijing (by UTC still the 22nd). The
 * customer list and the maintenance timeline must show the Beijing day, "today" and "N 天后" as a
 * person at the counter in Beijing reckons them. Screenshots go to /tmp/garage-days-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, screenshotForReview } from './host-helpers';
import { startWidgetSite, type WidgetSite } from './customer-helpers';

const BEIJING_MORNING = new Date('2026-11-22T23:30:00Z');

let server: TestServer;
let site: WidgetSite;
let browser: Browser;
let token: string;
let owner: { customerId: number; name: string; vehicleId: number; plate: string };
const errors: string[] = [];

/** A page in a UTC browser whose clock stands at 07:30 in Beijing. */
async function open(url: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN', timezoneId: 'UTC' });
  // The list's optional date columns, as a user would have chosen them.
  await context.addInitScript(() => {
    localStorage.setItem('garage-customer-list.columns', JSON.stringify(['customer', 'vehicles', 'lastVisitAt', 'totalSpend', 'insuranceExpiry', 'nextMaintenanceDate', 'createdAt']));
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(BEIJING_MORNING);
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return page;
}

beforeAll(async () => {
  [server, site, browser] = await Promise.all([startTestServer(), startWidgetSite(), launchChromium()]);
  token = await server.loginToken('admin');
  // An owner with one vehicle who came in at 07:30 Beijing time this morning, created the same minute.
  const [row] = await server.db.rows<typeof owner>(sql`
    SELECT c.id AS "customerId", c.name, v.id AS "vehicleId", v.plate FROM customer c JOIN vehicle v ON v.customer_id = c.id
     WHERE c.chain_id = 1 AND (SELECT count(*) FROM vehicle w WHERE w.customer_id = c.id) = 1 ORDER BY c.id LIMIT 1`);
  owner = row;
  await server.db.run(sql`UPDATE customer SET last_visit_at = ${BEIJING_MORNING.toISOString()}, created_at = ${BEIJING_MORNING.toISOString()},
                                              total_spend = 1234.5 WHERE id = ${owner.customerId}`);
  await server.db.run(sql`UPDATE vehicle SET insurance_expiry = '2026-11-26', next_maintenance_date = '2026-11-23' WHERE id = ${owner.vehicleId}`);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.close();
});

describe('a browser in UTC at 07:30 Beijing time', () => {
  it('lists this morning’s visit on its Beijing day, with today and days to go counted from Beijing', async () => {
    const url = site.pageFor('garage-customer-list', { token, 'api-base': `${server.url}/api` }, { query: `condition=${encodeURIComponent(JSON.stringify({ keyword: owner.plate }))}` });
    const page = await open(url);
    const row = page.locator('garage-customer-list').locator('tbody tr').first();
    await expect.poll(() => page.locator('garage-customer-list').getByTestId('total').textContent()).toBe('共 1 位客户');
    expect(await page.evaluate(() => [new Date().toISOString(), Intl.DateTimeFormat().resolvedOptions().timeZone])).toEqual([BEIJING_MORNING.toISOString(), 'UTC']);
    expect(await row.locator('td.col-customer').textContent()).toContain(owner.name);
    expect(await row.locator('td.col-lastVisitAt').textContent()).toBe('2026-11-23');
    expect(await row.locator('td.col-createdAt').textContent()).toBe('2026-11-23');
    expect(await row.locator('td.col-nextMaintenanceDate').textContent()).toContain('2026-11-23 今天');
    expect(await row.locator('td.col-insuranceExpiry').textContent()).toBe('3 天后');
    expect(await row.locator('td.col-totalSpend').textContent()).toBe('¥1,234.50');
    await screenshotForReview(page, 'garage-days-list-1440.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshotForReview(page, 'garage-days-list-360.png');
    await page.context().close();
  });

  it('puts this morning’s service on today in the timeline and counts due dates from Beijing', async () => {
    const page = await open(site.pageFor('garage-maint-timeline', { token, 'api-base': `${server.url}/api` }));
    await page.locator('garage-maint-timeline').evaluate((element) => {
      (element as HTMLElement & { points: unknown }).points = {
        history: [
          { maintRecordId: 1, maintDate: '2026-11-13', mileage: 39000, pointEnum: 'MAINT_RECORD', partList: ['更换空调滤芯'], estimate: { zxcPrice: 108 } },
          { maintRecordId: 2, maintDate: '2026-11-22T23:30:00.000Z', mileage: 40000, pointEnum: 'MAINT_RECORD', partList: ['小保养（机油+机滤）'], estimate: { s4Price: 720, zxcPrice: 453.5 } },
        ],
        maintEstimate: [
          { maintRecordId: 'estimate-1', estimate: { date: '2026-11-24', s4Price: 720, zxcPrice: 453 }, mileage: 40500, pointEnum: 'MAINT_ESTIMATE', partList: ['小保养（机油+机滤）'] },
          { maintRecordId: 'estimate-2', estimate: { date: '2026-12-03', s4Price: 170, zxcPrice: 108 }, mileage: 41000, pointEnum: 'MAINT_ESTIMATE', partList: ['更换空调滤芯'] },
        ],
      };
    });
    const when = (id: string) => page.locator('garage-maint-timeline').locator(`[data-entry-id="${id}"] .when`).innerText();
    await expect.poll(() => when('2')).toMatch(/^2026-11-23\s*今天$/);
    expect(await when('1')).toMatch(/^2026-11-13\s*10 天前$/);
    expect(await when('estimate-1')).toMatch(/^预计 2026-11-24\s*明天$/);
    expect(await when('estimate-2')).toMatch(/^预计 2026-12-03\s*10 天后$/);
    expect(await page.locator('garage-maint-timeline').locator('[data-entry-id="2"] .price.ours').innerText()).toMatch(/本店实付\s*¥453\.50/);
    await page.context().close();
  });

  it('draws a real vehicle’s timeline at 1440 and 360 px', async () => {
    for (const width of [1440, 360]) {
      const page = await open(site.pageFor('garage-maint-timeline', { token, 'api-base': `${server.url}/api`, 'vehicle-id': String(owner.vehicleId) }), width);
      await page.locator('garage-maint-timeline').locator('[data-testid="timeline-entry"]').first().waitFor();
      await screenshotForReview(page, `garage-days-timeline-${width}.png`, { fullPage: true });
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
