/**
 * 门店基础信息 in Chromium against the real server: the headquarters admin renames a store and the
 * store selector follows without a reload, adds a store (a wrong licence number is caught in the
 * form), closes one and moves its customers to another store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { creditCodeCheck } from '../../contracts/rules/store';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storeLabel = (page: Page) => page.getByTestId('store-switcher').locator('.top-bar__trigger-text');

async function selectorStores(page: Page): Promise<string[]> {
  await page.getByTestId('store-switcher').locator('.top-bar__trigger').click();
  const items = page.getByTestId('store-switcher').getByRole('menuitemcheckbox');
  await items.first().waitFor();
  const names = (await items.allInnerTexts()).map((text) => text.split(/\s/)[0]);
  await page.keyboard.press('Escape');
  return names;
}

/** The number of customers a card shows (「1,234 位」). */
async function customersOn(card: Locator): Promise<number> {
  const text = await card.locator('dt', { hasText: '客户' }).locator('xpath=following-sibling::dd[1]').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

describe('门店基础信息', () => {
  it('lets the headquarters admin rename, add and close stores, and the selectors follow without a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/organization/storeBasics')}`);
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '门店基础信息');
    const widget = page.locator('garage-store-basics');
    const card = (name: string) => widget.locator(`li.card[data-store="${name}"]`);
    await card('城东店').waitFor();

    // Work in 城东店: the selector's label shows its name.
    await page.getByTestId('store-switcher').locator('.top-bar__trigger').click();
    await page.getByTestId('store-switcher').getByRole('menuitemcheckbox', { name: /城东店/ }).click();
    await expect.poll(() => storeLabel(page).innerText()).toBe('城东店');

    // Rename it: the label follows at once (no reload, no reopening the menu).
    await card('城东店').getByRole('button', { name: '编辑' }).click();
    const profile = widget.locator('sl-dialog.profile-dialog');
    await profile.getByLabel('门店名称').fill('城东旗舰店');
    await profile.getByLabel('开始营业').fill('09:00');
    await profile.getByLabel('结束营业').fill('08:00');
    await profile.getByRole('button', { name: '保存' }).click();
    await profile.getByText('结束营业时间应晚于开始营业时间').waitFor();
    await profile.getByLabel('结束营业').fill('21:00');
    await profile.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存「城东旗舰店」').waitFor();
    await card('城东旗舰店').getByText('09:00–21:00').waitFor();
    await expect.poll(() => storeLabel(page).innerText(), { timeout: 10_000 }).toBe('城东旗舰店');
    expect(await selectorStores(page)).toContain('城东旗舰店');

    // Add a store; a mistyped licence number is caught before anything is sent.
    await widget.getByRole('button', { name: '新增门店' }).click();
    await profile.getByLabel('门店名称').fill('萧山店');
    await profile.locator('sl-select.field-province').click();
    await profile.getByRole('option', { name: '浙江省' }).click();
    await profile.getByLabel('城市').fill('杭州市');
    await profile.getByLabel('区县').fill('萧山区');
    await profile.getByLabel('详细地址（街道、门牌号）').fill('市心中路 1001 号');
    await profile.getByLabel('门店电话').fill('0571-82601234');
    await profile.getByLabel('工位数').fill('8');
    const first17 = '91330109MA2KXH001';
    const wrong = creditCodeCheck(first17) === '0' ? '1' : '0';
    await profile.getByLabel(/营业执照号/).fill(first17 + wrong);
    await profile.getByRole('button', { name: '创建' }).click();
    await profile.getByText('营业执照号校验位不正确，请对照营业执照核对').waitFor();
    await profile.getByLabel(/营业执照号/).fill((first17 + creditCodeCheck(first17)).toLowerCase());
    await profile.getByRole('button', { name: '创建' }).click();
    await page.getByText(/已新增门店「萧山店」（编号 S04）/).waitFor();
    await card('萧山店').getByText(first17 + creditCodeCheck(first17)).waitFor();
    expect(await selectorStores(page)).toContain('萧山店');

    // Close 滨江店 and move its customers to 城西店.
    const binjiangCustomers = await customersOn(card('滨江店'));
    const westCustomers = await customersOn(card('城西店'));
    expect(binjiangCustomers).toBeGreaterThan(0);
    await card('滨江店').getByRole('button', { name: '关闭门店' }).click();
    const closing = widget.locator('sl-dialog.close-dialog');
    await closing.getByText(`该门店有 ${binjiangCustomers} 位客户`).waitFor();
    await closing.getByRole('button', { name: '关闭门店' }).click();
    await closing.getByText('请选择接收客户的门店').first().waitFor();
    await closing.locator('sl-select').click();
    await page.getByRole('option', { name: '城西店' }).click();
    await closing.getByRole('button', { name: '关闭门店' }).click();
    await page.getByText(`已关闭「滨江店」，${binjiangCustomers} 位客户已迁移`).waitFor();

    const closedSection = widget.locator('section', { hasText: '已关闭的门店（1）' });
    await closedSection.locator('li.card[data-store="滨江店"]').getByText('已关闭').waitFor();
    await expect.poll(() => customersOn(card('城西店'))).toBe(westCustomers + binjiangCustomers);
    expect(await customersOn(card('滨江店'))).toBe(0);
    expect(await selectorStores(page)).not.toContain('滨江店');

    // The audit log tells who did it.
    const log = await server.call<{ entries: { action: string; actorName: string }[] }>('GET', '/authority/audit', { token: await server.loginToken('admin') });
    expect(log.data.entries.slice(0, 4).map((entry) => entry.action)).toEqual(['store.moveCustomers', 'store.close', 'store.create', 'store.update']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
