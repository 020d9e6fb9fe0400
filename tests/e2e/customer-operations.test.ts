/**
 * 客户运营 in Chromium against the real server: an admin moves 沉睡 days; the form refuses a
 * threshold that does not increase (in Chinese, nothing saved), the preview shows the new stage
 * counts before saving, and after saving the customer board and the customer list count with the
 * new thresholds, also in a board that was already open (after navigating back to it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

async function signedInAt(path: string, username: string, width = 1440) {
  const watched = await openPage(browser, { width });
  await watched.page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await loginThroughForm(watched.page, username);
  return watched;
}

/** The board's big number of a stage, as the user reads it ("1,234" → 1234). */
const boardCount = async (page: Page, stage: string) =>
  Number((await page.locator(`garage-customer-board [data-stage="${stage}"] .stage-count`).innerText()).replace(/[^\d]/g, ''));
const previewCount = async (page: Page, stage: string) =>
  Number((await page.locator(`garage-customer-operations [data-hits="${stage}"]`).innerText()).replace(/[^\d]/g, ''));

describe('客户运营', () => {
  it('an admin changes 沉睡 days and the board and the list count with them', async () => {
    const { page, errors, context } = await signedInAt('/home/clientskanban', 'admin');
    await waitForPage(page, '客户看板');
    await page.locator('garage-customer-board [data-stage="sleeping"] .stage-count').waitFor();
    const before = { sleeping: await boardCount(page, 'sleeping'), lost: await boardCount(page, 'lost') };
    await page.locator('garage-customer-board [data-stage="lost"]', { hasText: '超过 365 天未到店' }).waitFor();

    await page.goto(`${server.url}/home/organization/customerOperations`);
    await waitForPage(page, '客户运营');
    const widget = page.locator('garage-customer-operations');
    const sleepingDays = widget.getByRole('spinbutton', { name: '沉睡天数' });
    await expect.poll(() => sleepingDays.inputValue()).toBe('365');
    await expect.poll(() => widget.locator('[data-hits="sleeping"]').getAttribute('aria-busy')).toBe('false');
    expect(await previewCount(page, 'sleeping')).toBe(before.sleeping);

    // Not above 活跃: refused in the form, in Chinese, with 保存 off.
    await sleepingDays.fill('150');
    await widget.getByText('沉睡天数必须大于活跃天数').waitFor();
    const save = widget.getByRole('button', { name: '保存规则' });
    await expect.poll(() => save.isDisabled()).toBe(true);

    // 沉睡 up to 730 days: fewer customers are 流失, more are 沉睡, shown before saving.
    await sleepingDays.fill('730');
    await widget.locator('[data-stage="lost"]', { hasText: '超过 730 天未到店' }).waitFor();
    await expect.poll(() => widget.locator('[data-hits="sleeping"]').getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => previewCount(page, 'sleeping')).toBeGreaterThan(before.sleeping);
    const previewed = { sleeping: await previewCount(page, 'sleeping'), lost: await previewCount(page, 'lost') };
    expect(previewed.sleeping + previewed.lost).toBe(before.sleeping + before.lost);

    await save.click();
    await page.getByText('客户运营规则已保存').first().waitFor();
    await widget.getByText(/上次由 陈总 于/).waitFor();

    // The board, opened again from the menu (no reload): the new counts and the new rule text.
    await page.locator('a[href="/home/clientskanban"]').first().click();
    await waitForPage(page, '客户看板');
    await page.locator('garage-customer-board [data-stage="lost"]', { hasText: '超过 730 天未到店' }).waitFor();
    await expect.poll(() => boardCount(page, 'sleeping')).toBe(previewed.sleeping);
    expect(await boardCount(page, 'lost')).toBe(previewed.lost);

    // Its 沉睡 number opens the list of exactly those customers.
    await page.locator('garage-customer-board [data-stage="sleeping"]').click();
    await waitForPage(page, '客户列表');
    const list = page.locator('garage-customer-list');
    await list.locator('tbody tr[data-customer-id]').first().waitFor();
    await expect.poll(async () => (await list.getByText(/共\s*[\d,]+\s*(位|条)/).first().innerText()).replace(/[^\d]/g, '')).toBe(String(previewed.sleeping));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps staff without 数据 out of the page, and the server refuses a store manager’s save (they may read the rules)', async () => {
    const { page, errors, context } = await signedInAt('/home/organization/customerOperations', 'frontdesk');
    await page.getByText('暂无权限').first().waitFor();
    expect(await page.locator('garage-customer-operations').count()).toBe(0);
    const refused = await server.call('PUT', '/customerOperations/rules', {
      token: await server.loginToken('manager'),
      body: { version: 1, lifecycle: { newWithinDays: 10, activeWithinDays: 20, sleepingWithinDays: 30 }, reminders: { maintenance: { enabled: true, daysBefore: 1, kmBefore: 1 }, insurance: { enabled: true, daysBefore: 1 }, birthday: { enabled: true, daysBefore: 1 } } },
    });
    expect(refused.code).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });
});
