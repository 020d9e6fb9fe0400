/**
 * <garage-maint-timeline> inside <garage-vehicle-panorama> (the customers feature places it there):
 * the panorama of a seeded vehicle shows that vehicle's real timeline, fetched by the nested element.
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

let distDir: string;
let server: TestServer;
let browser: Browser;
let page: Page;
let errors: string[];
let vehicle: { id: number; plate: string; records: number };

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'garage-panorama-dist-'));
  const { bundle, createConfig } = await widgetBuild();
  await bundle(createConfig({ outDir: distDir, features: ['maint-timeline', 'vehicle-panorama'] }));

  server = await startTestServer({ config: { distDir } });
  const token = await server.loginToken('manager');
  vehicle = (await server.db.one<{ id: number; plate: string; records: number }>(sql`
    SELECT v.id, v.plate, count(r.id)::int AS records
      FROM vehicle v JOIN garage g ON g.id = v.store_id JOIN maintenance_record r ON r.vehicle_id = v.id
     WHERE g.name = '城东店' GROUP BY v.id HAVING count(r.id) BETWEEN 3 AND 5 ORDER BY v.id LIMIT 1`))!;
  writeFileSync(
    path.join(distDir, 'panorama.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Panorama</title><link rel="icon" href="data:,"></head>
<body style="margin: 16px; background: #f3f4f6">
<garage-vehicle-panorama vehicle-id="${vehicle.id}" token="${token}"></garage-vehicle-panorama>
<script type="module" src="/widgets/vehicle-panorama.js"></script>
</body></html>`,
  );
  browser = await launchChromium();
  ({ page, errors } = await openPage(browser, { width: 1280, height: 1000 }));
  await page.goto(`${server.url}/dist/panorama.html`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

/** Playwright's locators pierce open shadow roots, so this finds the timeline inside the panorama. */
const timeline = () => page.locator('garage-vehicle-panorama garage-maint-timeline');

describe('the maintenance timeline inside the vehicle panorama', () => {
  it('shows the vehicle’s real timeline: its history, the next maintenance, and today between them', async () => {
    await timeline().locator('[data-testid="timeline-entry"]').first().waitFor({ timeout: 30_000 });
    expect(await timeline().locator('[data-testid="vehicle"]').innerText()).toContain(vehicle.plate);
    expect(await timeline().locator('.facts').innerText()).toContain(`历史 ${vehicle.records} 次`);
    expect(await timeline().locator('.entry.past').count()).toBe(vehicle.records);
    expect(await timeline().locator('[data-testid="next-badge"]').count()).toBe(1);
    expect(await timeline().locator('[data-testid="now-marker"]').isVisible()).toBe(true);
    // The panorama's 下次保养 is the timeline's next maintenance (contracts/rules/maintenance.ts).
    const next = timeline().locator('.entry.next');
    const nextMileage = (await next.locator('.mileage').innerText()).replace(/^约\s*/, '');
    const panoramaNext = await page.locator('garage-vehicle-panorama .fact').filter({ hasText: '下次保养' }).locator('dd').innerText();
    expect(panoramaNext).toContain(nextMileage);
    const nextDate = /\d{4}-\d{2}-\d{2}/.exec(await next.locator('.when').innerText())?.[0];
    if (nextDate) expect(panoramaNext).toContain(nextDate);
    else expect(await next.locator('[data-testid="overdue"]').count()).toBe(1);
    await timeline().scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'timeline-in-panorama.png', { fullPage: true });
    expect(errors).toEqual([]);
  });
});
