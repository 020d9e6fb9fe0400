/**
 * 短信营销 and 短信购买 in Chromium against the real server and the local SMSC peer
 * (tests/support/smsc-peer.ts): <garage-sms-marketing> alone on a plain page composes to a customer
 * group, shows the text as delivered with its segment count and cost, sends, and the recipients'
 * states (已送达, 失败 with the receipt's reason) arrive while the page polls; at night the composer
 * says when a marketing text will go; <garage-sms-buy> buys a package through the mall's checkout
 * and the balance and the ledger follow.
 *
 * The server runs with the marketing window off (as the route tests do) so the send goes out at
 * any hour; the browser's clock is set, so what the composer says about the window is tested at a
 * chosen time of day.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AnswerOf } from '../../contracts/api/route';
import type { recipientsPreview } from '../../contracts/api/sms';
import { countSms, OPT_OUT_TEXT } from '../../contracts/sms';
import { sql } from '../../server/src/db/database';
import { smppSms } from '../../server/src/providers/sms';
import { startTestServer, type TestServer } from '../support/server';
import { startSmscPeer, type SmscPeer } from '../support/smsc-peer';
import { chooseOption, launchChromium, openPage, screenshotForReview } from './host-helpers';

const GROUP = '春季保养活动名单';
const TEMPLATE = '保养到期提醒';
const quiet = { warn: () => undefined, info: () => undefined };
const FAILING = new Set<string>();

let smsc: SmscPeer;
let server: TestServer;
let browser: Browser;
let partner: Server;
let partnerUrl: string;
let admin: string;
let groupId: number;
/** Group members whose numbers the SMSC reports undeliverable, and one whose number opted out. */
let failing: { id: number; name: string; mobile: string }[];
let optedOut: { id: number; name: string };

beforeAll(async () => {
  smsc = await startSmscPeer({ fail: (phone) => (FAILING.has(phone) ? 'UNDELIV' : null), receiptDelayMs: 300 });
  process.env.SMS_MARKETING_WINDOW = 'off';
  const settings = { url: smsc.url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 20, enquireSeconds: 30, requiresApproval: false, bindTimeoutMs: 10_000 };
  [server, browser] = await Promise.all([startTestServer({ providers: { sms: smppSms(settings, quiet) } }), launchChromium()]);
  delete process.env.SMS_MARKETING_WINDOW;
  admin = await server.loginToken('admin');
  const group = await server.db.one<{ id: number }>(sql`SELECT id FROM customer_group WHERE chain_id = 1 AND name = ${GROUP}`);
  groupId = group!.id;
  const members = await server.db.rows<{ id: number; name: string; mobile: string }>(sql`
    SELECT c.id, c.name, c.mobile FROM customer_group_member m JOIN customer c ON c.id = m.customer_id
    WHERE m.group_id = ${groupId} AND c.mobile ~ '^1[3-9][0-9]{9}$' AND c.name <> '' ORDER BY c.id`);
  expect(members.length).toBeGreaterThan(3);
  failing = members.slice(0, 3);
  for (const member of failing) FAILING.add(member.mobile);
  optedOut = members[3]!;
  const marked = await server.call('POST', '/sms/opt-out', { token: admin, body: { customerId: optedOut.id, note: '电话要求不再接收' } });
  expect(marked.code, marked.msg).toBe(0);

  partner = createServer((request, response) => {
    const tag = request.url?.startsWith('/buy') ? 'garage-sms-buy' : 'garage-sms-marketing';
    // /chosen?ids=1,2: the element opened with chosen customers (the customer list's 发短信).
    const ids = new URL(request.url ?? '/', 'http://partner').searchParams.get('ids');
    const feature = tag === 'garage-sms-buy' ? 'sms-buy' : 'sms-marketing';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>SMS</title></head>
<body style="margin:16px"><${tag} api-base="${server.url}/api" token="${admin}"${ids ? ` customer-ids="${ids}"` : ''}></${tag}>
<script type="module" src="${server.url}/widgets/${feature}.js"></script></body></html>`);
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

const marketing = (page: Page) => page.locator('garage-sms-marketing');
/** An instant on the garage's clock today (Asia/Shanghai), e.g. '22:30'. */
function todayAt(time: string): Date {
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return new Date(`${day}T${time}:00+08:00`);
}
/** 11月24日 08:00 for the day after `at` (as the composer writes it). */
function nextMorning(at: Date, days = 1): string {
  const local = new Date(at.getTime() + 8 * 3_600_000 + days * 86_400_000);
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日 08:00`;
}

/** The composer at a given time of day, with the group and the template chosen. */
async function compose(at: Date, width = 1440) {
  const watched = await openPage(browser, { width, height: 900 });
  // Only Date is fixed: timers (polling, the debounce) run as usual.
  await watched.page.clock.setFixedTime(at);
  await watched.page.goto(`${partnerUrl}/`);
  const widget = marketing(watched.page);
  await widget.locator('[role="tabpanel"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  await chooseOption(widget, '选择客户分组', GROUP);
  await widget.locator(`[data-template="${TEMPLATE}"]`).click();
  return watched;
}

describe('短信营销', () => {
  it('composes to a group, shows the segments and the cost, sends, and the delivery states arrive', async () => {
    const expected = await server.call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', {
      token: admin,
      body: { audience: { kind: 'group', groupId }, templateId: (await server.db.one<{ id: number }>(sql`SELECT id FROM sms_template WHERE chain_id = 1 AND name = ${TEMPLATE}`))!.id },
    });
    expect(expected.code, expected.msg).toBe(0);
    const { page, context, errors } = await compose(todayAt('10:00'));
    const widget = marketing(page);

    // Who receives it, with the opted-out number removed.
    const audience = widget.getByTestId('audience');
    await expect.poll(() => audience.textContent()).toContain(`${expected.data.count} 位客户`);
    expect(await audience.textContent()).toContain(`已剔除 ${expected.data.optedOut} 个已退订号码`);
    expect(expected.data.optedOut).toBeGreaterThanOrEqual(1);

    // The text as a sample recipient gets it: signature, personalised body, opt-out wording; counted whole.
    const preview = (await widget.getByTestId('sms-preview').textContent()) ?? '';
    expect(preview.startsWith('【安途汽车】')).toBe(true);
    expect(preview.endsWith(OPT_OUT_TEXT)).toBe(true);
    expect(preview).not.toContain('{');
    const { length, segments } = countSms(preview);
    expect(segments).toBeGreaterThan(1);
    expect(await widget.getByTestId('sms-counter').textContent()).toBe(`${length} 字 · 计 ${segments} 条`);
    // The cost is every recipient's own segments, against the balance.
    expect(await widget.getByTestId('sms-cost').textContent()).toBe(`${expected.data.credits.toLocaleString('zh-CN')} 条`);
    expect(await widget.getByTestId('sms-balance').textContent()).toBe(`${expected.data.balance.toLocaleString('zh-CN')} 条`);
    // 10:00 is inside the window: nothing to say about when.
    expect(await widget.getByTestId('sms-window').count()).toBe(0);

    await widget.getByRole('textbox', { name: '活动名称' }).fill('浏览器群发测试');
    await widget.getByRole('button', { name: '发送', exact: true }).click();

    // The campaign opens in 发送记录 and its recipients' states arrive from the SMSC's receipts.
    const detail = widget.locator('[data-campaign-detail="浏览器群发测试"]');
    await detail.waitFor({ timeout: 20_000 });
    const failed = widget.locator('[data-recipient][data-state="failed"]').first();
    await failed.waitFor({ timeout: 60_000 });
    expect(failing.map((member) => String(member.id))).toContain(await failed.getAttribute('data-customer'));
    expect(await failed.locator('.rstate').textContent()).toBe('失败');
    expect(await failed.locator('.reason').textContent()).toContain('无法送达');
    await expect.poll(() => widget.locator('[data-recipient][data-state="delivered"]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await widget.locator(`[data-customer="${optedOut.id}"]`).count()).toBe(0);
    await expect.poll(() => widget.getByTestId('campaign-state').textContent(), { timeout: 60_000 }).toBe('已完成');

    // What the phones got is what the preview promised: signature first, opt-out wording last.
    const received = smsc.messages.find((message) => message.phone.endsWith(failing[0]!.mobile) || message.phone.endsWith(failing[1]!.mobile));
    expect(received?.text.startsWith('【安途汽车】')).toBe(true);
    expect(received?.text.endsWith(OPT_OUT_TEXT)).toBe(true);

    // The report: figures and the chart, loaded when opened.
    await widget.getByRole('button', { name: '报告' }).click();
    const report = widget.getByTestId('sms-report');
    await report.locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => report.locator('.figures dd').first().textContent()).toBe(String(expected.data.count));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at night says when a marketing text will go, now or at a chosen time', async () => {
    const night = todayAt('22:30');
    const { page, context, errors } = await compose(night);
    const widget = marketing(page);
    const note = widget.getByTestId('sms-window');
    await expect.poll(() => note.textContent()).toBe(`现在不在营销短信发送时段（08:00–21:00），将于 ${nextMorning(night)} 开始发送。`);

    await widget.getByRole('button', { name: '定时发送' }).click();
    const tomorrow = new Date(night.getTime() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    // A day and a time, each typed as the garage writes it (2026-06-01, 23:00) in any browser language.
    await widget.getByLabel('定时发送日期', { exact: true }).fill(tomorrow);
    await widget.getByLabel('定时发送时间', { exact: true }).fill('23:00');
    await expect.poll(() => note.textContent()).toBe(`所选时间不在 08:00–21:00，将于 ${nextMorning(night, 2)} 开始发送。`);
    await widget.getByLabel('定时发送时间', { exact: true }).fill('09:30');
    await screenshotForReview(page, 'sms-send-at-1440.png', { fullPage: true });
    await expect.poll(() => note.count()).toBe(0);

    // A 通知 (notice) is not marketing: no window, no opt-out wording.
    await widget.getByRole('button', { name: '立即发送' }).click();
    await chooseOption(widget, '短信类型', '通知');
    await expect.poll(() => note.count()).toBe(0);
    expect(await widget.getByTestId('sms-preview').textContent()).not.toContain(OPT_OUT_TEXT);

    // 短信模板: the daily marketing limit is refused out of range, then saved.
    await widget.getByRole('tab', { name: '短信模板' }).click();
    const limit = widget.getByRole('spinbutton', { name: '每个号码每天最多收到营销短信（条）' });
    await limit.fill('11');
    await widget.getByText('每天最多收到的营销短信应为 1–10 条').waitFor();
    expect(await widget.getByRole('button', { name: '保存', exact: true }).isDisabled()).toBe(true);
    await limit.fill('3');
    await widget.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('短信签名与发送限制已保存').waitFor();
    expect((await server.call<{ dailyMarketingLimit: number }>('GET', '/sms/settings', { token: admin })).data.dailyMarketingLimit).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens with the customers chosen in the customer list and counts them', async () => {
    const chosen = failing.slice(1, 3);
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
    await page.clock.setFixedTime(todayAt('10:00'));
    await page.goto(`${partnerUrl}/chosen?ids=${chosen.map((member) => member.id).join(',')}`);
    const widget = marketing(page);
    await widget.getByText(`客户列表中选中的 ${chosen.length} 位客户`).waitFor({ timeout: 30_000 });
    expect(await widget.getByRole('button', { name: '选中的客户' }).getAttribute('aria-pressed')).toBe('true');
    await widget.locator('[data-template="取车通知"]').click();
    await expect.poll(() => widget.getByTestId('audience').textContent()).toContain(`${chosen.length} 位客户`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('短信购买', () => {
  it('buys a package through the mall checkout; the balance and the ledger follow', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(`${partnerUrl}/buy`);
    const widget = page.locator('garage-sms-buy');
    const balance = widget.getByTestId('sms-balance');
    await widget.locator('[data-entry]').first().waitFor({ timeout: 30_000 });
    const before = Number((await balance.textContent())?.replace(/\D/g, ''));

    await widget.locator('[data-package="sms.1000"]').getByRole('button', { name: '购买' }).click();
    const dialog = widget.locator('sl-dialog.checkout');
    await dialog.locator('[data-summary][aria-busy="false"]').waitFor();
    await dialog.getByRole('button', { name: '微信支付' }).click();
    await dialog.getByRole('button', { name: '确认支付 ¥70.00' }).click();
    await dialog.getByRole('button', { name: '模拟支付成功' }).click();
    await dialog.locator('h4', { hasText: '开通成功' }).waitFor({ timeout: 30_000 });

    await expect.poll(async () => Number((await balance.textContent())?.replace(/\D/g, ''))).toBe(before + 1000);
    const first = widget.locator('[data-entry]').first();
    expect(await first.getAttribute('data-entry')).toBe('purchase');
    expect(await first.locator('.change').textContent()).toBe('+1,000');
    // Says which order in words, not the server's key (order:…).
    expect(await first.locator('.ref').textContent()).toMatch(/^短信包 1,000 条 · 订单 [0-9A-Z]+$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
