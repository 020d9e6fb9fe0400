/**
 * 商城 in Chromium against the real server, with the development payment adapter (模拟支付成功):
 * an admin buys an SMS package and sees the credits arrive on the page — a double click on 确认支付
 * still makes one order; renews the edition for 1 year and sees the new expiry; a store manager
 * sees the prices but cannot buy (the page says who can, the server refuses); 申请发票 explains a
 * wrong 纳税人识别号 and a missing 专用发票 field in Chinese, then sends the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { renewedUntil } from '../../contracts/rules/mall';
import { creditCodeCheck } from '../../contracts/rules/store';
import { launchChromium, loginThroughForm, openPage, screenshotForReview, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInAt(path: string, username: string, width = 1440) {
  const watched = await openPage(browser, { width });
  await watched.page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await loginThroughForm(watched.page, username);
  return watched;
}

const mall = (page: Page) => page.locator('garage-mall');
const ready = (page: Page) => mall(page).locator('.mall[aria-busy="false"]').waitFor();
const digits = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

interface Orders {
  list: { id: number; orderNo: string; productCode: string; status: string }[];
  total: number;
}

/** Pays the open checkout with the development adapter and waits for 「开通成功」. */
async function payInCheckout(page: Page, amount: string, options: { doubleClick?: boolean } = {}) {
  const dialog = mall(page).locator('sl-dialog.checkout');
  await dialog.locator('[data-summary][aria-busy="false"]').waitFor();
  await dialog.getByRole('button', { name: '微信支付' }).click();
  const confirm = dialog.getByRole('button', { name: `确认支付 ${amount}` });
  if (options.doubleClick) await confirm.dblclick();
  else await confirm.click();
  // The code itself, loaded through the page's image loader (widgets/core/lazy-image.ts).
  await dialog.locator('img.code[alt="微信支付付款二维码"]').waitFor();
  await dialog.getByText('等待支付结果…').waitFor();
  await dialog.getByRole('button', { name: '模拟支付成功' }).click();
  await dialog.locator('h4', { hasText: '开通成功' }).waitFor();
  return dialog;
}

describe('商城', () => {
  it('buys an SMS package and shows the credits on the page; a double click makes one order', async () => {
    const adminToken = await server.loginToken('admin');
    const before = await server.call<Orders>('GET', '/mall/orders', { token: adminToken, query: { pageSize: 100 } });
    const { page, context, errors } = await signedInAt('/home/shop/smsMall', 'admin');
    await waitForPage(page, '短信商城');
    await ready(page);
    const balance = mall(page).locator('[data-holding] [data-balance="sms"] .figure-big');
    const credits = digits(await balance.textContent());

    const item = mall(page).locator('[data-package="sms.1000"]');
    await item.getByText('¥70.00').waitFor();
    await item.getByRole('button', { name: '购买' }).click();
    const dialog = await payInCheckout(page, '¥70.00', { doubleClick: true });
    await expect.poll(() => dialog.locator('[data-effect]').textContent()).toContain('已到账 1,000 条');
    await dialog.getByRole('button', { name: '完成' }).click();

    // The page reads its balance again: the ledger has the 1,000 credits.
    await expect.poll(async () => digits(await balance.textContent())).toBe(credits + 1000);
    const after = await server.call<Orders>('GET', '/mall/orders', { token: adminToken, query: { pageSize: 100 } });
    expect(after.data.total).toBe(before.data.total + 1);
    expect(after.data.list[0]).toMatchObject({ productCode: 'sms.1000', status: 'fulfilled' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renews the edition for one year and shows the new expiry', async () => {
    const { page, context, errors } = await signedInAt('/home/sysPackage', 'admin');
    await waitForPage(page, '续费套餐');
    await ready(page);
    const panel = mall(page).locator('[data-edition-panel]');
    const expiry = (await panel.locator('[data-expires-on]').textContent())!.trim();
    const catalogue = await server.call<{ today: string }>('GET', '/mall/catalogue', { token: await server.loginToken('admin') });
    const expected = renewedUntil(expiry, catalogue.data.today, 1);
    await panel.getByRole('button', { name: /^1 年/ }).click();
    expect((await panel.locator('[data-new-expiry]').textContent())!.trim()).toBe(expected);

    const amount = (await panel.locator('.price-inline').textContent())!.trim();
    await panel.getByRole('button', { name: '续费 1 年' }).click();
    const dialog = await payInCheckout(page, amount);
    expect(await dialog.locator('[data-effect]').textContent()).toContain(`有效期至 ${expected}`);
    await dialog.getByRole('button', { name: '完成' }).click();

    await expect.poll(async () => (await panel.locator('[data-expires-on]').textContent())?.trim()).toBe(expected);
    // The order history shows the renewal as 已开通.
    await mall(page).locator('.order[data-status="fulfilled"]', { hasText: '续费' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a store manager the prices but not a way to buy; the server refuses the order', async () => {
    const { page, context } = await signedInAt('/home/shop/smsMall', 'manager');
    await waitForPage(page, '短信商城');
    await ready(page);
    const item = mall(page).locator('[data-package="sms.5000"]');
    await item.getByText('¥325.00').waitFor();
    // The button says who buys, and cannot be pressed; the note explains (the server's reason).
    expect(await item.getByRole('button', { name: '由总部管理员购买' }).isDisabled()).toBe(true);
    expect(await item.getByRole('button', { name: '购买', exact: true }).count()).toBe(0);
    await mall(page).locator('[data-who-buys]').getByText(/仅管理员可以购买/).waitFor();
    await context.close();

    const managerToken = await server.loginToken('manager');
    const before = await server.call<Orders>('GET', '/mall/orders', { token: await server.loginToken('admin'), query: { pageSize: 100 } });
    const refused = await server.call('POST', '/mall/order', { token: managerToken, body: { productCode: 'sms.5000', quantity: 1, idempotencyKey: 'manager-try-0001' } });
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/管理员|总部/);
    const after = await server.call<Orders>('GET', '/mall/orders', { token: await server.loginToken('admin'), query: { pageSize: 100 } });
    expect(after.data.total).toBe(before.data.total);
  });

  it('explains a wrong tax id and a missing 专用发票 field in Chinese, then sends the request', async () => {
    const { page, context, errors } = await signedInAt('/home/sysPackage', 'admin', 360);
    await waitForPage(page, '续费套餐');
    await ready(page);
    const order = mall(page).locator('.order[data-status="fulfilled"]', { has: page.getByRole('button', { name: '申请发票' }) }).first();
    const orderNo = await order.getAttribute('data-order');
    await order.getByRole('button', { name: '申请发票' }).click();
    const dialog = mall(page).locator('sl-dialog.invoice-dialog');
    await dialog.getByLabel('发票抬头').waitFor();
    await dialog.getByRole('radio', { name: '增值税专用发票' }).click();
    await dialog.getByLabel('发票抬头').fill('杭州安途汽车服务有限公司');
    const body = '91330106MA2H1234X';
    const wrongCheck = creditCodeCheck(body) === 'A' ? 'B' : 'A';
    await dialog.getByLabel('纳税人识别号').fill(`${body}${wrongCheck}`);
    await dialog.getByLabel('接收邮箱').fill('finance@antu.example.com');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await dialog.getByText(/纳税人识别号校验不通过/).waitFor();
    await dialog.getByText('增值税专用发票请填写注册地址').waitFor();

    await dialog.getByLabel('纳税人识别号').fill(`${body}${creditCodeCheck(body)}`);
    await dialog.getByLabel('注册地址').fill('杭州市西湖区文三路 90 号');
    await dialog.getByLabel('注册电话').fill('0571-88001234');
    await dialog.getByLabel('开户银行').fill('招商银行杭州分行');
    await dialog.getByLabel('银行账号').fill('571900012310001');
    await dialog.getByRole('button', { name: '提交申请' }).click();
    await page.getByText(`已提交订单 ${orderNo} 的发票申请`).waitFor();
    await mall(page).locator(`.order[data-order="${orderNo}"]`).getByText('已申请发票').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  // One test per width: eight signed-in pages in one test ran past its bound on a busy machine.
  for (const width of [1440, 360]) it(`at ${width} px: shows the price list the server enforces and the chain’s own SMS signature; a 基础版 chain is told which edition has 智慧大屏 and 自定义指标 (issue 33)`, async () => {
    const pricing = await signedInAt('/home/pricing', 'admin', width);
    await waitForPage(pricing.page, '价格商城');
    await ready(pricing.page);
    const screenRow = mall(pricing.page).locator('.matrix tr', { hasText: '智慧大屏' });
    await screenRow.waitFor();
    await screenshotForReview(pricing.page, `mall-pricing-${width}.png`, { fullPage: true });
    expect(pricing.errors).toEqual([]);
    await pricing.context.close();

    const sms = await signedInAt('/home/shop/smsMall', 'admin', width);
    await waitForPage(sms.page, '短信商城');
    await ready(sms.page);
    const bubbles = await mall(sms.page).locator('.bubble').allTextContents();
    expect(bubbles.length).toBeGreaterThan(0);
    for (const bubble of bubbles) expect(bubble.startsWith('【安途汽车】')).toBe(true);
    await screenshotForReview(sms.page, `mall-sms-${width}.png`, { fullPage: true });
    await sms.context.close();

    const screen = await signedInAt('/home/clientKanBan', 'hx-admin', width);
    const refused = screen.page.locator('garage-big-screen [data-refused]');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('「智慧大屏」是旗舰版的功能，本连锁当前为基础版：请在 价格商城 升级后使用');
    await screenshotForReview(screen.page, `big-screen-basic-${width}.png`);
    await screen.context.close();

    const metrics = await signedInAt('/home/organization/metricsLib', 'hx-admin', width);
    await waitForPage(metrics.page, '指标库');
    const note = metrics.page.locator('garage-metrics-lib [data-custom-note]');
    await expect.poll(async () => (await note.textContent()) ?? '').toBe('「自定义指标」是旗舰版的功能，本连锁当前为基础版：请在 价格商城 升级后使用');
    expect(await metrics.page.locator('garage-metrics-lib').getByRole('button', { name: '新建指标' }).count()).toBe(0);
    await screenshotForReview(metrics.page, `metrics-lib-basic-${width}.png`, { fullPage: true });
    await metrics.context.close();
  });
});
