/**
 * 指标库 and 指标树 in Chromium against the real server: the admin reads this month's 营业额 (equal to
 * the seeded work orders summed here), defines a metric and enters a value; sets a store target in
 * the tree and sees its progress, and the chain goal warn when the stores no longer add up. A store
 * manager's tree, alone on a partner page under hostile CSS at 360 px, shows only their store.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { today } from '../../contracts/dates';
import { formatMetricValue, monthOf, monthRange } from '../../contracts/rules/metrics';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage, chooseOption } from './host-helpers';

let server: TestServer;
let browser: Browser;
let partner: Server;
let partnerUrl: string;
let partnerPage = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  partner = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage));
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const address = partner.address();
  partnerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (partner ? partner.close(() => resolve()) : resolve()));
});

const { from, to } = monthRange(monthOf(today()), today());

/** Work orders of the month in the stores, read as plain rows and counted here. */
async function monthOrders(storeIds: number[]) {
  const rows = await server.db.rows<{ store_id: number; maint_date: string; amount: number }>(sql`SELECT store_id, maint_date, amount FROM maintenance_record WHERE chain_id = 1`);
  const mine = rows.filter((row) => storeIds.includes(row.store_id) && row.maint_date >= from && row.maint_date <= to);
  return { visits: mine.length, revenue: mine.reduce((sum, row) => sum + Math.round(row.amount * 100), 0) };
}

async function signedInAt(path: string, username: string) {
  const watched = await openPage(browser, { width: 1440 });
  await watched.page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await loginThroughForm(watched.page, username);
  return watched;
}

describe('指标库', () => {
  it('shows this month’s 营业额, and a new custom metric with the value just entered', async () => {
    const { page, context, errors } = await signedInAt('/home/organization/metricsLib', 'admin');
    await waitForPage(page, '指标库');
    const widget = page.locator('garage-metrics-lib');
    const { revenue } = await monthOrders([2, 3, 4]);
    expect(revenue).toBeGreaterThan(0);
    const revenueRow = widget.locator('[data-metric="revenue"]');
    await expect.poll(() => revenueRow.locator('[data-value]').innerText()).toBe(formatMetricValue('元', revenue));
    expect(await revenueRow.innerText()).toContain('越高越好');

    // One store only: the figure follows.
    await chooseOption(widget, '统计范围', '滨江店');
    await expect.poll(() => revenueRow.locator('[data-value]').innerText()).toBe(formatMetricValue('元', (await monthOrders([4])).revenue));

    await widget.getByRole('button', { name: '新建指标' }).click();
    const dialog = widget.locator('sl-dialog.metric-dialog');
    await dialog.getByRole('button', { name: '创建' }).click();
    await dialog.getByText('请填写指标名称').waitFor();
    await dialog.getByLabel('指标名称').fill('洗车台次');
    await dialog.getByRole('radio', { name: '次' }).click();
    await dialog.getByRole('button', { name: '创建' }).click();
    await page.getByText('已保存「洗车台次」').waitFor();

    const washes = widget.locator('.metric', { hasText: '洗车台次' });
    await washes.getByRole('button', { name: '录入数值' }).click();
    const values = widget.locator('sl-dialog.value-dialog');
    await values.getByRole('radio', { name: '滨江店' }).click();
    await values.getByLabel('数值（次）').fill('1.5');
    await values.getByRole('button', { name: '保存' }).click();
    await values.getByText('请输入整数').waitFor();
    await values.getByLabel('数值（次）').fill('12');
    await values.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => washes.locator('[data-value]').innerText()).toBe('12 次');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('指标树', () => {
  it('sets a store target and shows its progress; the chain goal warns when its stores no longer add up', async () => {
    const { page, context, errors } = await signedInAt('/home/organization/metricsTree', 'admin');
    await waitForPage(page, '指标树');
    const widget = page.locator('garage-metrics-tree');
    await widget.locator('ul.roots[aria-busy="false"]').waitFor();
    // The demo goal: the chain's revenue split over its three stores, adding up.
    const chainGoal = widget.locator('.node[data-store="全连锁"][data-metric="revenue"]');
    await chainGoal.waitFor();
    expect(await chainGoal.locator('.warning').count()).toBe(0);

    const { visits } = await monthOrders([4]);
    expect(visits).toBeGreaterThan(0);
    await widget.getByRole('button', { name: '新增全连锁目标' }).click();
    const dialog = widget.locator('sl-dialog.node-dialog');
    await chooseOption(dialog, '指标', '到店台次（次）');
    await chooseOption(dialog, '门店', '滨江店');
    await dialog.getByLabel('目标值（次）').fill(String(visits * 2));
    await dialog.getByRole('button', { name: '添加' }).click();
    await page.getByText('目标已保存').waitFor();
    const storeTarget = widget.locator('.node[data-store="滨江店"][data-metric="visits"]');
    await expect.poll(() => storeTarget.locator('[data-progress]').innerText()).toBe('完成 50%');
    expect(await storeTarget.locator('[data-actual]').innerText()).toBe(`${visits} 次`);
    expect(await storeTarget.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    // 城西店 raised by ¥10,000: the chain goal now says its stores give more than it.
    const west = widget.locator('.node[data-store="城西店"][data-metric="revenue"]');
    const westTarget = (await west.locator('[data-target]').innerText()).replace(/[¥,]/g, '');
    await west.getByRole('button', { name: '编辑' }).click();
    await dialog.getByLabel('目标值（元）').fill(String(Number(westTarget) + 10_000));
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => chainGoal.locator('.warning').innerText()).toContain('比本级目标多 ¥10,000.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a store manager only their store’s targets, read-only, alone on a partner page under hostile CSS at 360 px', async () => {
    const token = await server.loginToken('manager');
    partnerPage = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>*{all:unset!important} html{font-size:8px} body{direction:rtl}</style></head><body>
<garage-metrics-tree api-base="${server.url}/api" token="${token}"></garage-metrics-tree>
<script type="module" src="${server.url}/widgets/metrics-tree.js"></script></body></html>`;
    const { page, context, errors } = await openPage(browser, { width: 360 });
    await page.goto(partnerUrl);
    const widget = page.locator('garage-metrics-tree');
    await widget.locator('.node[data-store="城东店"]').first().waitFor();
    const stores = await widget.locator('.node').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-store')));
    expect(new Set(stores)).toEqual(new Set(['城东店']));
    await widget.getByText('设置目标需要管理员').waitFor();
    expect(await widget.getByRole('button', { name: '编辑' }).count()).toBe(0);
    const width = await page.evaluate(() => document.querySelector('garage-metrics-tree')!.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
