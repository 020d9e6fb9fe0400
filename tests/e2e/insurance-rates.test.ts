/**
 * 保险公司费率 in Chromium against the real server: the headquarters admin changes a coefficient,
 * sees a bad value refused in Chinese before saving, saves (a new version, the quote then uses it);
 * when another admin saved meanwhile the page says 已被他人修改 and shows their table; a store
 * manager sees the same table read-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AnswerOf } from '../../contracts/api/route';
import type { insurerSettings } from '../../contracts/api/insurance';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(username: string, width = 1440) {
  const watched = await openPage(browser, { width, height: 900 });
  await watched.page.goto(`${server.url}/login`);
  await loginThroughForm(watched.page, username);
  await watched.page.waitForURL(/\/home\//);
  await watched.page.goto(`${server.url}/home/organization/insuranceRates`);
  await waitForPage(watched.page, '保险公司费率');
  const rates = watched.page.locator('garage-insurance-rates');
  await rates.locator('[data-insurer]').first().waitFor({ timeout: 30_000 });
  return { ...watched, rates };
}
const settings = async (token: string) => (await server.call<AnswerOf<typeof insurerSettings>>('GET', '/insurance/insurers', { token })).data;

describe('保险公司费率', () => {
  it('the headquarters admin edits a coefficient, is told what is wrong, saves; a concurrent save is reported as 已被他人修改', async () => {
    const admin = await server.loginToken('admin');
    const before = await settings(admin);
    const { page, rates, errors, context } = await signIn('admin');
    expect(await rates.getByTestId('rates-version').textContent()).toBe(`第 ${before.version} 版`);
    const picc = rates.locator('[data-insurer="picc"]');
    const coefficient = picc.locator('input[data-field="independentCoefficient"]');
    const saveButton = rates.locator('sl-button', { hasText: '保存费率' });

    await coefficient.fill('1.8');
    await expect.poll(() => picc.getByRole('alert').first().textContent()).toBe('自主定价系数应在 0.5–1.5 之间');
    expect(await saveButton.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await coefficient.fill('0.72');
    expect(await picc.getByRole('alert').count()).toBe(0);
    await saveButton.click();
    await page.getByText(`保险公司费率已保存（第 ${before.version + 1} 版）`).waitFor();
    await expect.poll(() => rates.getByTestId('rates-version').textContent()).toBe(`第 ${before.version + 1} 版`);
    expect((await settings(admin)).insurers.find((insurer) => insurer.code === 'picc')!.independentCoefficient).toBe(0.72);

    // Meanwhile another admin saves; our next save is refused and the page shows their table.
    const theirs = await settings(admin);
    const changed = theirs.insurers.map((insurer) => (insurer.code === 'picc' ? { ...insurer, driverSeatPermille: 6.6 } : insurer));
    expect((await server.call('PUT', '/insurance/insurers', { token: admin, body: { insurers: changed, version: theirs.version } })).code).toBe(0);
    await picc.locator('input[data-field="passengerSeatPermille"]').fill('3.3');
    await saveButton.click();
    await page.getByText('已被他人修改，请刷新后再试').waitFor();
    await expect.poll(() => picc.locator('input[data-field="driverSeatPermille"]').inputValue()).toBe('6.6');
    expect(await rates.getByTestId('rates-version').textContent()).toBe(`第 ${theirs.version + 1} 版`);
    expect((await settings(admin)).insurers.find((insurer) => insurer.code === 'picc')!.passengerSeatPermille).not.toBe(3.3);

    // Switching every insurer off is refused before it reaches the server.
    for (const box of await rates.locator('input[type="checkbox"]').all()) if (await box.isChecked()) await box.uncheck();
    await rates.getByText('请至少启用一家保险公司，否则门店无法报价').waitFor();
    expect(await saveButton.evaluate((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(errors.filter((error) => !error.includes('409'))).toEqual([]);
    await context.close();
  });

  it('a store manager sees the table read-only, at 360 px without sideways scrolling', async () => {
    const { page, rates, errors, context } = await signIn('manager', 360);
    await rates.getByText('只有总部管理员可以修改').waitFor();
    expect(await rates.locator('input[data-field="independentCoefficient"]').first().isDisabled()).toBe(true);
    expect(await rates.locator('sl-button', { hasText: '保存费率' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });
});
