/**
 * 保险 in Chromium against the real server and its demo policies, in the host app. Renewal season
 * as the store's insurance staff do it (issue 33, journey 3; 李店长 of 城东店, whose role holds 保险):
 * the 续保 list's most urgent policy nobody followed up → 报价 (交强险 live on the official table,
 * insurers side by side) → save and share the sheet; the customer opens the link logged out on a
 * 360 px phone (read-only, name and plate masked, no mobile; every insurer a whole card, cheapest
 * first, nothing cut at the side); the saved quote moved the row to 已报价; the link is revoked (the
 * phone then shows 「链接已失效」) and the renewal marked 已续保. 保险分析 draws its charts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { compulsoryPremium } from '../../contracts/insurance';
import { maskName, maskPlate } from '../../contracts/rules/mobile';
import { startTestServer, type TestServer } from '../support/server';
import { readXlsx } from '../support/import-files';
import { launchChromium, loginThroughForm, openPage, screenshotForReview, sidewaysOverflow, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const lookup = (page: Page) => page.locator('garage-insurance-lookup');
const quote = (page: Page) => page.locator('garage-insurance-quote');
/** The list has answered the latest filter. */
const settled = (page: Page) => lookup(page).locator('ul.policies[aria-busy="false"]').waitFor({ state: 'attached', timeout: 20_000 });

async function signIn(username = 'admin', width = 1440) {
  const watched = await openPage(browser, { width, height: 1000 });
  await watched.page.goto(`${server.url}/login`);
  await loginThroughForm(watched.page, username);
  await watched.page.waitForURL(/\/home\//);
  return watched;
}

describe('保险', () => {
  it('renewal season: 续保 list → quote → share link; the customer’s phone shows every insurer, cheapest first, and the row moves to 已报价', async () => {
    const { page, errors, context } = await signIn('manager');
    await page.goto(`${server.url}/home/insurance`);
    await waitForPage(page, '保险查询');
    // The most urgent bucket that has a policy nobody has followed up yet (the demo seed decides which).
    const token = await server.loginToken('manager');
    const waiting = async (bucket: string) => (await server.call<{ total: number }>('GET', '/insurance/renewals', { token, query: { bucket, state: 'pending' } })).data.total;
    const bucket = (await waiting('d7')) > 0 ? '7天内到期' : '30天内到期';
    await lookup(page).getByRole('tab', { name: new RegExp(`^${bucket}`) }).click();
    await lookup(page).getByRole('button', { name: /^待跟进/ }).click();
    await settled(page);
    await expect.poll(() => lookup(page).locator('li.policy').evaluateAll((rows) => rows.length > 0 && rows.every((row) => row.getAttribute('data-state') === 'pending'))).toBe(true);
    await screenshotForReview(page, 'insurance-renewals-1440.png');
    const row = lookup(page).locator('li.policy').first();
    const plate = (await row.getAttribute('data-policy'))!;
    const expiry = await row.locator('.expiry .figure').innerText();
    const [{ id: policyId }] = await server.db.rows<{ id: number }>(sql`
      SELECT p.id FROM insurance_policy p JOIN vehicle v ON v.id = p.vehicle_id WHERE v.plate = ${plate} AND p.expiry_date = ${expiry}::date`);
    // Expiring soon, counted from the garage's today.
    const daysLeft = await row.locator('.expiry .small').innerText();
    expect(daysLeft).toMatch(/^今天到期$|^\d{1,2} 天后到期$/);

    await row.getByRole('button', { name: '报价' }).click();
    await waitForPage(page, '保险报价');
    await expect.poll(() => quote(page).locator('[data-testid="quote-plate"]').innerText()).toBe(plate);
    // 交强险 follows the shared official table as the facts change: 6 seats, first insurance in 浙江 (group E).
    await quote(page).getByLabel('座位数').fill('6');
    await quote(page).getByRole('combobox', { name: '上年交强险出险情况' }).click();
    await quote(page).getByRole('option', { name: '首次投保或上年无记录' }).click();
    const expected = compulsoryPremium({ seats: 6, regionGroup: 'E', history: 'first' }).premium;
    await expect.poll(() => quote(page).locator('[data-testid="compulsory-premium"]').innerText()).toBe(`¥${expected.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // Impossible seats: a Chinese message instead of a premium.
    await quote(page).getByLabel('座位数').fill('12');
    await quote(page).getByText('家庭自用汽车的座位数应为 2–9 座').waitFor();
    await quote(page).getByLabel('座位数').fill('5');

    await quote(page).getByLabel('新车购置价（元）').fill('158000');
    await quote(page).getByRole('button', { name: '计算报价' }).click();
    const totals = quote(page).locator('.computed table.comparison td[data-total]');
    await expect.poll(() => totals.count()).toBeGreaterThan(1);
    const lowest = await quote(page).locator('.computed table.comparison td[data-total].lowest').innerText();
    const insurers = await totals.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-total')!).sort());

    await quote(page).getByRole('button', { name: '保存报价' }).click();
    await page.getByText('报价已保存到车辆的报价记录').waitFor();
    const sheet = quote(page).locator('article.sheet');
    await sheet.getByText(plate).waitFor();
    expect(await sheet.locator('td[data-total].lowest').innerText()).toBe(lowest);
    await quote(page).getByRole('button', { name: '分享链接' }).click();
    const link = await quote(page).locator('[data-testid="share-url"]').innerText();
    expect(link).toMatch(new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/insurance-share/[A-Za-z0-9_-]{20,}$`));
    await quote(page).getByText(/失效；只能查看这一份报价单/).waitFor();
    await screenshotForReview(page, 'insurance-quote-1440.png', { fullPage: true });

    // A customer's phone: nobody signed in, 360 px wide. The sheet names the car and its owner masked, no mobile.
    const phone = await openPage(browser, { width: 360, height: 740 });
    await phone.page.goto(link);
    const shared = phone.page.locator('garage-insurance-quote article.sheet');
    await shared.getByText(maskPlate(plate)).waitFor({ timeout: 20_000 });
    expect(await shared.locator('td[data-total].lowest').innerText()).toBe(lowest);
    const owner = (await server.db.one<{ name: string; mobile: string }>(sql`SELECT c.name, c.mobile FROM vehicle v JOIN customer c ON c.id = v.customer_id WHERE v.plate = ${plate}`))!;
    const facts = await shared.locator('.sheet-facts').innerText();
    expect(facts).toContain(maskName(owner.name));
    expect(facts).not.toContain(owner.name);
    expect(facts).not.toContain(plate);
    expect(facts).not.toMatch(/1\d{2}\*{4}\d{4}/);
    // Read-only: nothing to change or save on the shared sheet.
    expect(await phone.page.locator('garage-insurance-quote').getByRole('button', { name: /保存报价|计算报价|分享链接/ }).count()).toBe(0);
    // Every insurer whole on the phone: one card each, cheapest first, the cheapest marked; nothing reaches past the right edge.
    const cards = shared.locator('li.offer-card');
    await expect.poll(() => cards.evaluateAll((each) => each.map((card) => card.getAttribute('data-offer')!).sort())).toEqual(insurers);
    const cardTotals = (await shared.locator('[data-card-total]').allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(cardTotals).toEqual([...cardTotals].sort((a, b) => a - b));
    expect(await cards.first().locator('[data-card-total]').innerText()).toBe(lowest);
    expect(await cards.first().getAttribute('class')).toContain('lowest');
    expect(await cards.first().getByText('最低').count()).toBe(1);
    expect(await shared.locator('table.comparison').isVisible()).toBe(false);
    expect(await sidewaysOverflow(phone.page, 'garage-insurance-quote')).toEqual({ page: 0, element: 0, offenders: [] });
    await screenshotForReview(phone.page, 'insurance-share-360.png', { fullPage: true });

    // Back at the store the saved quote has moved the row to 已报价 (before anyone marks it).
    const renewals = await openPage(browser, { width: 360, height: 900 });
    await renewals.page.goto(`${server.url}/login`);
    await loginThroughForm(renewals.page, 'manager');
    await renewals.page.waitForURL(/\/home\//);
    await renewals.page.goto(`${server.url}/home/insurance`);
    await waitForPage(renewals.page, '保险查询');
    await lookup(renewals.page).getByRole('tab', { name: new RegExp(`^${bucket}`) }).click();
    await lookup(renewals.page).getByRole('button', { name: /^已报价/ }).click();
    await settled(renewals.page);
    await expect.poll(() => lookup(renewals.page).locator(`li.policy[data-policy="${plate}"]`).first().getAttribute('data-state')).toBe('quoted');
    expect(await sidewaysOverflow(renewals.page, 'garage-insurance-lookup')).toEqual({ page: 0, element: 0, offenders: [] });
    await screenshotForReview(renewals.page, 'insurance-renewals-quoted-360.png', { fullPage: true });
    expect(renewals.errors).toEqual([]);
    await renewals.context.close();

    // The store revokes the link before it expires: the phone then shows 「链接已失效」.
    await quote(page).locator('.share').getByRole('button', { name: '撤销链接' }).click();
    await page.getByText('分享链接已撤销').waitFor();
    await expect.poll(() => quote(page).locator('.shares li').first().getAttribute('data-state')).toBe('revoked');
    expect(await quote(page).locator('[data-testid="share-url"]').count()).toBe(0);
    await phone.page.reload();
    const gone = phone.page.locator('garage-insurance-quote [data-share-state="gone"]');
    await gone.getByRole('heading', { name: '链接已失效' }).waitFor({ timeout: 20_000 });
    expect(await gone.innerText()).toContain('已被门店撤销');
    expect(await phone.page.locator('garage-insurance-quote article.sheet').count()).toBe(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // Back to the pipeline on the desk: the follow-up reads 已报价; the customer renewed.
    await page.goto(`${server.url}/home/insurance`);
    await waitForPage(page, '保险查询');
    await lookup(page).getByRole('tab', { name: new RegExp(`^${bucket}`) }).click();
    await lookup(page).getByRole('searchbox', { name: '搜索' }).fill(plate);
    await expect.poll(() => lookup(page).locator('li.policy').evaluateAll((rows, wanted) => rows.length > 0 && rows.every((each) => each.getAttribute('data-policy') === wanted), plate)).toBe(true);
    await settled(page);
    const found = lookup(page).locator(`li.policy[data-policy="${plate}"]`).first();
    await expect.poll(() => found.getAttribute('data-state')).toBe('quoted');
    await found.getByRole('button', { name: '跟进' }).click();
    const dialog = lookup(page).locator('sl-dialog.follow-up-dialog');
    await dialog.getByRole('radio', { name: '已续保' }).click();
    await dialog.getByLabel('跟进备注').fill('客户选了平安，已出单');
    await dialog.getByRole('button', { name: '记录跟进' }).click();
    await page.getByText('已记录跟进').waitFor();
    await expect.poll(() => found.getAttribute('data-state')).toBe('renewed');
    await found.getByText('客户选了平安，已出单').waitFor();
    const saved = await server.db.one<{ state: string }>(sql`SELECT state FROM insurance_renewal WHERE policy_id = ${policyId}`);
    expect(saved?.state).toBe('renewed');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('保险分析 draws its charts for the date range', async () => {
    const { page, errors, context } = await signIn();
    await page.goto(`${server.url}/home/shop/insurance-analysis`);
    await waitForPage(page, '保险分析');
    const analysis = page.locator('garage-insurance-analysis');
    // ECharts (loaded with this page only) drew lines, bars and the funnel as SVG.
    for (const chart of ['rate', 'insurer', 'funnel']) {
      await analysis.locator(`[data-chart="${chart}"] svg`).waitFor({ timeout: 20_000 });
      await expect.poll(() => analysis.locator(`[data-chart="${chart}"] svg path`).count()).toBeGreaterThan(3);
    }
    expect(Number(await analysis.locator('[data-total="due"]').innerText())).toBeGreaterThan(0);
    expect(await analysis.locator('table.ranking tbody tr').count()).toBeGreaterThan(0);
    await screenshotForReview(page, 'insurance-analysis-1440.png', { fullPage: true });
    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 360, height: 780 });
      await expect.poll(() => analysis.locator('[data-chart="rate"] svg').evaluate((svg) => svg.getBoundingClientRect().width)).toBeLessThan(360);
      await screenshotForReview(page, 'insurance-analysis-360.png', { fullPage: true });
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
    const download = page.waitForEvent('download');
    await analysis.getByRole('button', { name: '导出 Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^保险分析-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // The workbook says what the page says.
    const sheets = await readXlsx(readFileSync((await file.path())!));
    expect(sheets[0]!.rows.find((row) => row[0] === '到期保单')![1]).toBe(Number(await analysis.locator('[data-total="due"]').innerText()));
    expect(sheets.map((sheet) => sheet.name)).toContain('员工排名');
    expect(errors).toEqual([]);
    await context.close();
  });
});
