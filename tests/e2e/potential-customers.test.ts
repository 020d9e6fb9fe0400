/**
 * 潜在客户 in Chromium against the real server, <garage-potential-customers> alone on a plain page:
 * filter by status and keyword, record a follow-up and read it in the history, assign two leads to
 * a store manager at once, convert a lead into a customer; at 360 px the leads are cards.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, openPage, screenshotForReview } from './host-helpers';

let server: TestServer;
let browser: Browser;
let page: Server;
let pageUrl: string;
let admin: string;

const leads: Record<string, number> = {};

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  admin = await server.loginToken('admin');
  // Three leads of 城东店 with a name nobody else has, so the journey finds them by keyword.
  for (const [name, mobile, plate] of [['测试甲', '19900001001', ''], ['测试乙', '19900001002', '浙A3E7K1'], ['测试丙', '19900001003', '']]) {
    const made = await server.call<{ id: number }>('POST', '/potential', { token: admin, body: { storeId: 2, name, mobile, plate, source: '抖音', intent: '小保养' } });
    expect(made.code, made.msg).toBe(0);
    leads[name] = made.data.id;
  }
  page = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Leads</title></head>
<body style="margin:16px"><garage-potential-customers api-base="${server.url}/api" token="${admin}"></garage-potential-customers>
<script type="module" src="${server.url}/widgets/potential-customers.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => page?.close(resolve));
  await server?.close();
});

const widget = (tab: Page) => tab.locator('garage-potential-customers');
const row = (tab: Page, name: string) => widget(tab).locator(`li.lead[data-lead="${name}"]`);
/** The list has answered the latest filter. */
const settled = (tab: Page) => widget(tab).locator('ul.leads[aria-busy="false"]').waitFor();

async function open(width: number) {
  const watched = await openPage(browser, { width, height: width < 400 ? 740 : 900 });
  await watched.page.goto(pageUrl);
  await widget(watched.page).locator('li.lead').first().waitFor({ timeout: 20_000 });
  await settled(watched.page);
  return watched;
}

async function search(tab: Page, text: string) {
  await widget(tab).getByRole('searchbox', { name: '搜索' }).fill(text);
  await expect.poll(() => widget(tab).locator('li.lead').evaluateAll((rows, wanted) => rows.every((each) => (each.getAttribute('data-lead') ?? '').includes(wanted)), text)).toBe(true);
  await settled(tab);
}

describe('潜在客户', () => {
  it('filters by status and keyword', async () => {
    const { page: tab, errors, context } = await open(1440);
    await widget(tab).getByRole('button', { name: /^跟进中/ }).click();
    await expect.poll(() => widget(tab).locator('li.lead').evaluateAll((rows) => rows.length > 0 && rows.every((each) => each.getAttribute('data-status') === 'following'))).toBe(true);
    await widget(tab).getByRole('button', { name: /^全部/ }).click();
    await search(tab, '测试');
    expect(await widget(tab).locator('li.lead').count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records a follow-up and shows it in the history', async () => {
    const { page: tab, errors, context } = await open(1440);
    await search(tab, '测试甲');
    await row(tab, '测试甲').getByRole('button', { name: '跟进' }).click();
    const dialog = widget(tab).locator('sl-dialog.follow-up-dialog');
    await dialog.getByText('新增潜在客户').waitFor();
    await dialog.getByRole('radio', { name: '跟进中' }).click();
    await dialog.getByLabel('跟进内容').fill('电话联系，约周六上午到店');
    await dialog.getByLabel('下次跟进日期', { exact: true }).fill('2030-06-01');
    await screenshotForReview(tab, 'potential-follow-up-date-1440.png');
    await dialog.getByRole('button', { name: '记录跟进' }).click();
    await tab.getByText('已记录跟进').waitFor();
    await expect.poll(() => row(tab, '测试甲').getAttribute('data-status')).toBe('following');
    await row(tab, '测试甲').getByText('电话联系，约周六上午到店').waitFor();
    await row(tab, '测试甲').getByText('06-01').waitFor();

    await row(tab, '测试甲').getByRole('button', { name: '跟进' }).click();
    const entries = dialog.locator('ol.history li');
    await expect.poll(() => entries.allInnerTexts()).toEqual([expect.stringContaining('电话联系，约周六上午到店'), expect.stringContaining('新增潜在客户')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('assigns two leads to a store manager at once', async () => {
    const { page: tab, errors, context } = await open(1440);
    await search(tab, '测试');
    await row(tab, '测试乙').locator('sl-checkbox').click();
    await row(tab, '测试丙').locator('sl-checkbox').click();
    await widget(tab).getByText('已选 2 位').waitFor();
    await widget(tab).getByRole('button', { name: '批量分配' }).click();
    const dialog = widget(tab).locator('sl-dialog.assign-dialog');
    await dialog.getByRole('combobox', { name: '负责人' }).click();
    // 王小雨 works at 城西店: she is not offered for 城东店 leads.
    expect(await dialog.getByRole('option', { name: '王小雨' }).count()).toBe(0);
    await dialog.getByRole('option', { name: '李店长' }).click();
    await dialog.getByRole('button', { name: '批量分配' }).click();
    await tab.getByText('已将 2 位潜在客户分配给 李店长').waitFor();
    await row(tab, '测试乙').locator('.owner', { hasText: '李店长' }).waitFor();
    await row(tab, '测试丙').locator('.owner', { hasText: '李店长' }).waitFor();
    const owners = await server.db.rows<{ nick_name: string }>(sql`
      SELECT u.nick_name FROM potential_customer p JOIN app_user u ON u.id = p.owner_id WHERE p.id = ANY(${sql.param([leads['测试乙'], leads['测试丙']])}::int[])`);
    expect(owners.map((owner) => owner.nick_name)).toEqual(['李店长', '李店长']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('converts a lead into a customer with its vehicle, shown as 已转为客户', async () => {
    const { page: tab, errors, context } = await open(1440);
    await search(tab, '测试乙');
    await row(tab, '测试乙').getByRole('button', { name: '转为客户' }).click();
    const dialog = widget(tab).locator('sl-dialog.convert-dialog');
    await dialog.getByText('并建立车辆 浙A3E7K1').waitFor();
    await dialog.getByRole('button', { name: '转为客户' }).click();
    await tab.getByText('「测试乙」已转为客户').waitFor();
    await row(tab, '测试乙').getByRole('button', { name: '已转为客户' }).waitFor();
    expect(await row(tab, '测试乙').getAttribute('data-status')).toBe('visited');
    const customer = await server.db.one<{ name: string; plate: string }>(sql`
      SELECT c.name, v.plate FROM potential_customer p JOIN customer c ON c.id = p.customer_id JOIN vehicle v ON v.customer_id = c.id WHERE p.id = ${leads['测试乙']}`);
    expect(customer).toEqual({ name: '测试乙', plate: '浙A3E7K1' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each lead as a card at 360 px with nothing to scroll sideways', async () => {
    const { page: tab, errors, context } = await open(360);
    const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await widget(tab).locator('li.titles').isVisible()).toBe(false);
    await widget(tab).locator('li.lead').first().locator('.label', { hasText: '负责人' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
