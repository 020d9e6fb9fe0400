/**
 * 退订名单, 授权来源 and 提交审核 of <garage-sms-marketing> in Chromium against the real server,
 * with a provider that requires template review: the front desk registers a number with a reason
 * and cannot take it off; an admin takes it off with the consent source (audited); a customer's
 * consent source is changed and stays; a 待审核 template is rejected with a reason, submitted
 * again and approved, after which it can be used for sending.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { smppSms } from '../../server/src/providers/sms';
import { startTestServer, type TestServer } from '../support/server';
import { startSmscPeer, type SmscPeer } from '../support/smsc-peer';
import { launchChromium, openPage, chooseOption, selectValue } from './host-helpers';

const quiet = { warn: () => undefined, info: () => undefined };
const NUMBER = '13912340011';

let smsc: SmscPeer;
let server: TestServer;
let browser: Browser;
let partner: Server;
let partnerUrl: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  smsc = await startSmscPeer({ receiptDelayMs: 10 });
  const settings = { url: smsc.url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 20, enquireSeconds: 30, requiresApproval: true, bindTimeoutMs: 10_000 };
  [server, browser] = await Promise.all([startTestServer({ providers: { sms: smppSms(settings, quiet) } }), launchChromium()]);
  for (const name of ['admin', 'frontdesk']) tokens[name] = await server.loginToken(name);
  partner = createServer((request, response) => {
    const who = new URL(request.url ?? '/', 'http://partner').searchParams.get('as') ?? 'admin';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>SMS</title></head>
<body style="margin:16px"><garage-sms-marketing api-base="${server.url}/api" token="${tokens[who]}"></garage-sms-marketing>
<script type="module" src="${server.url}/widgets/sms-marketing.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}`;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => partner?.close(resolve));
  await server?.close();
  await smsc?.close();
});

async function open(as: 'admin' | 'frontdesk', tab: string, width = 1440) {
  const watched = await openPage(browser, { width, height: 900 });
  await watched.page.goto(`${partnerUrl}/?as=${as}`);
  const widget = watched.page.locator('garage-sms-marketing');
  await widget.locator('[role="tabpanel"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  await widget.getByRole('tab', { name: tab }).click();
  return { ...watched, widget };
}
const rowOf = (widget: ReturnType<Page['locator']>, mobile: string) => widget.locator(`li.optout[data-mobile="${mobile}"]`);

describe('退订名单', () => {
  it('front desk registers a number with a reason and cannot undo it; an admin undoes it with the consent source', async () => {
    const desk = await open('frontdesk', '退订名单');
    await desk.widget.locator('li.optout:not(.titles), .state').first().waitFor();
    await desk.widget.locator('sl-button', { hasText: '登记退订' }).click();
    const dialog = desk.widget.locator('sl-dialog[open]');
    await dialog.getByRole('textbox', { name: '手机号' }).fill(NUMBER);
    await dialog.locator('sl-button', { hasText: '登记退订' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('请填写退订原因');
    await dialog.getByRole('textbox', { name: '退订原因' }).fill('客户来电要求不再接收活动短信');
    await dialog.locator('sl-button', { hasText: '登记退订' }).click();
    const row = rowOf(desk.widget, NUMBER);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('.src').textContent()).toBe('员工登记');
    expect(await row.locator('.why').textContent()).toBe('客户来电要求不再接收活动短信');
    expect(await row.locator('.at').textContent()).toContain('王小雨');
    expect(await row.locator('sl-button', { hasText: '取消退订' }).count()).toBe(0);
    expect(await row.locator('.actions').textContent()).toBe('仅店长可取消');
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    const boss = await open('admin', '退订名单');
    await boss.widget.getByRole('searchbox', { name: '搜索手机号或客户姓名' }).fill(NUMBER.slice(-4));
    const bossRow = rowOf(boss.widget, NUMBER);
    await bossRow.waitFor({ timeout: 15_000 });
    // Replies are listed with the words the customer sent.
    await boss.widget.getByRole('searchbox', { name: '搜索手机号或客户姓名' }).fill('');
    await boss.widget.getByRole('button', { name: '客户回复退订' }).click();
    await expect.poll(async () => (await boss.widget.locator('li.optout:not(.titles) .src').allTextContents()).every((text) => text === '客户回复退订')).toBe(true);
    expect(await boss.widget.locator('li.optout:not(.titles) .why').first().textContent()).toContain('回复「T」');
    await boss.widget.getByRole('button', { name: '全部' }).click();
    await bossRow.locator('sl-button', { hasText: '取消退订' }).click();
    const undo = boss.widget.locator('sl-dialog[open]');
    await undo.locator('sl-button', { hasText: '取消退订' }).click();
    await expect.poll(() => undo.getByRole('alert').textContent()).toBe('请选择授权来源');
    await chooseOption(undo, '授权来源', '电话确认');
    await undo.getByRole('textbox', { name: '说明（选填）' }).fill('客户回电同意');
    await undo.locator('sl-button', { hasText: '取消退订' }).click();
    await bossRow.waitFor({ state: 'detached', timeout: 15_000 });
    const stored = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_opt_out WHERE mobile = ${NUMBER}`);
    expect(stored!.n).toBe(0);
    const audit = await server.db.one<{ actor_name: string; detail: { consentSource: string; note: string } }>(sql`SELECT actor_name, detail FROM audit_log WHERE action = 'sms.optout.unmark' ORDER BY id DESC LIMIT 1`);
    expect(audit).toMatchObject({ actor_name: '陈总', detail: { consentSource: 'phone', note: '客户回电同意' } });
    expect(boss.errors).toEqual([]);
    await boss.context.close();
  });
});

describe('授权来源', () => {
  it('shows each customer’s consent source and records a new one', async () => {
    const customer = (await server.db.one<{ id: number; name: string; mobile: string }>(sql`
      SELECT c.id, c.name, c.mobile FROM customer c WHERE c.store_id = 3 AND c.mobile ~ '^1[3-9][0-9]{9}$' AND c.name <> ''
         AND NOT EXISTS (SELECT 1 FROM sms_consent s WHERE s.customer_id = c.id) ORDER BY c.id LIMIT 1`))!;
    const desk = await open('frontdesk', '授权来源', 360);
    await desk.widget.getByRole('searchbox', { name: '搜索客户姓名或手机号' }).fill(customer.mobile);
    const line = desk.widget.locator(`li.consent[data-customer="${customer.name}"]`);
    await line.waitFor({ timeout: 15_000 });
    const source = '授权来源';
    expect(await selectValue(line, source)).toBe('unknown');
    expect(await line.locator('.at').textContent()).toBe('未登记');
    await chooseOption(line, source, '到店登记');
    await expect.poll(() => line.locator('.at').textContent(), { timeout: 15_000 }).toContain('王小雨');
    expect(await selectValue(line, source)).toBe('store');
    const stored = await server.db.one<{ source: string }>(sql`SELECT source FROM sms_consent WHERE customer_id = ${customer.id}`);
    expect(stored!.source).toBe('store');
    // Nothing sticks out of a 360 px column.
    expect(await desk.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
});

describe('总部模板 and a store’s own (issue 31)', () => {
  it('the front desk sees the chain’s templates marked 总部模板 without controls to change them, and its store’s own with them, at 1440 and 360 px', async () => {
    for (const width of [1440, 360]) {
      const { widget, page, context, errors } = await open('frontdesk', '短信模板', width);
      const chain = widget.locator('[data-template="续保提醒"]');
      await chain.waitFor();
      expect(await chain.locator('.owner').textContent()).toBe('总部模板');
      const buttons = (card: typeof chain) => card.locator('sl-button').evaluateAll((all) => all.map((button) => button.textContent?.trim()));
      expect(await buttons(chain)).toEqual(['用这个模板发送']);
      expect(await chain.locator('.locked').textContent()).toBe('总部模板，门店不可修改');
      const own = widget.locator('[data-template="本店洗车周"]');
      expect(await own.locator('.owner').textContent()).toBe('城西店');
      expect(await buttons(own)).toEqual(['用这个模板发送', '编辑', '删除']);
      // The chain's signature is shown, not offered for editing.
      expect(await widget.getByRole('textbox', { name: '短信签名' }).getAttribute('readonly')).not.toBeNull();
      expect(await widget.locator('.signature-row sl-button').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('提交审核', () => {
  it('an admin rejects a 待审核 template with a reason; it is submitted again and approved, then usable', async () => {
    const { widget, context, errors } = await open('admin', '短信模板');
    const card = widget.locator('[data-template="生日关怀"]');
    await card.waitFor();
    expect(await card.locator('.name').textContent()).toContain('待审核');
    expect(await card.locator('sl-button', { hasText: '用这个模板发送' }).evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await card.locator('sl-button', { hasText: '驳回' }).click();
    const dialog = widget.locator('sl-dialog[open]');
    await dialog.locator('sl-button', { hasText: '驳回' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('请填写驳回原因');
    await dialog.getByRole('textbox', { name: '驳回原因' }).fill('生日关怀须写明领取期限');
    await dialog.locator('sl-button', { hasText: '驳回' }).click();
    await expect.poll(() => card.locator('.name').textContent(), { timeout: 15_000 }).toContain('已驳回');
    expect(await card.locator('.reason').textContent()).toBe('驳回原因：生日关怀须写明领取期限');

    await card.locator('sl-button', { hasText: '提交审核' }).click();
    await expect.poll(() => card.locator('.name').textContent(), { timeout: 15_000 }).toContain('待审核');
    await card.locator('sl-button', { hasText: '通过' }).click();
    await expect.poll(() => card.locator('.name').textContent(), { timeout: 15_000 }).toContain('已通过');
    expect(await card.locator('sl-button', { hasText: '用这个模板发送' }).evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(false);
    const stored = await server.db.one<{ status: string }>(sql`SELECT status FROM sms_template WHERE chain_id = 1 AND name = '生日关怀'`);
    expect(stored!.status).toBe('approved');
    expect(errors).toEqual([]);
    await context.close();
  });
});
