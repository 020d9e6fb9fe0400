/**
 * 数据报表 and 客户分析 in Chromium against the real server and the demo orders, in the host app:
 * the report's figures equal sums over the raw orders computed here; a row drills down (store →
 * day → 服务顾问) and the breadcrumb goes back; a filter narrows; the xlsx export downloads, opens,
 * and a formula-looking advisor name stays text. A store manager's report covers their store only.
 * 客户分析 draws its charts and its totals follow the store filter; a chain without the add-on sees
 * the 项目商城 page. Month end (issue 33, journey 4): headquarters reads 城东店's 营业额 and 到店台次 of
 * this month on 数据报表, 诊断表, 数据统计 and 指标树 (setting its 到店台次 target on the way) and finds
 * them equal to each other and to the orders; then 李店长 opens their store's targets and
 * 客户运营's stage days from their own menu.
 */
import '../../server/src/import/exceljs-utf8'; // before exceljs (the server runs in this process): see there
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { refreshDirty } from '../../server/src/repositories/rollups';
import { addDays, daysBetween, today as garageToday } from '../../contracts/dates';
import { OPERATION_NAMES } from '../../contracts/rules/customer-operations';
import { formatMoney } from '../../widgets/core/formats';
import { startTestServer, type TestServer } from '../support/server';
import { chooseOption, launchChromium, loginThroughForm, openPage, screenshotForReview, sidewaysOverflow, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;
const today = garageToday();
const from = addDays(today, -29);
const FORMULA_ADVISOR = '=HYPERLINK("http://evil.example","点我")';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  // An order today in 城西店 whose 服务顾问 looks like a formula (an ERP can send anything).
  const [vehicle] = await server.db.rows<{ id: number; customer_id: number }>(sql`SELECT id, customer_id FROM vehicle WHERE chain_id = 1 AND store_id = 3 ORDER BY id LIMIT 1`);
  await server.db.run(sql`
    INSERT INTO maintenance_record (chain_id, store_id, vehicle_id, customer_id, order_no, maint_date, kind, amount, advisor, service_type)
    VALUES (1, 3, ${vehicle!.id}, ${vehicle!.customer_id}, 'E2E-FORMULA', ${today}::date, 'repair', 321.50, ${FORMULA_ADVISOR}, 'repair')`);
  while ((await refreshDirty(server.db)) > 0);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Order { store_id: number; customer_id: number; maint_date: string; total_fen: number; service_type: string; advisor: string }
const orders = () => server.db.rows<Order>(sql`SELECT store_id, customer_id, maint_date, total_fen, service_type, advisor FROM maintenance_record WHERE chain_id = 1`);
const revenue = (rows: Order[], keep: (order: Order) => boolean) => rows.filter(keep).reduce((sum, order) => sum + order.total_fen, 0);
const inRange = (order: Order) => order.maint_date >= from && order.maint_date <= today;

async function signIn(username: string, width = 1440) {
  const watched = await openPage(browser, { width, height: 1000 });
  await watched.page.goto(`${server.url}/login`);
  await loginThroughForm(watched.page, username);
  await watched.page.waitForURL(/\/home\//);
  return watched;
}

const report = (page: Page) => page.locator('garage-data-report');
/** The report shows the answer to its current view (not an earlier one, not loading). */
async function settled(page: Page, group: string) {
  await report(page).locator('.crumb.current').filter({ hasText: `按${group}` }).waitFor();
  await report(page).locator('table.figures tfoot').waitFor();
}
const total = (scope: Locator, measure: string) => scope.locator(`[data-total="${measure}"]`).innerText();
/** Chooses an option of a Shoelace select (named by its label) inside the widget. */
async function pick(widget: Locator, label: string, option: string) {
  await widget.getByRole('combobox', { name: label }).click();
  await widget.getByRole('option', { name: option, exact: true }).click();
}

describe('数据报表', () => {
  it('shows figures equal to the raw orders, drills store → day → 服务顾问 and back, filters, and exports a safe xlsx', async () => {
    const { page, errors } = await signIn('admin');
    await page.goto(`${server.url}/home/dataReport`);
    await waitForPage(page, '数据报表');
    await settled(page, '门店');
    const raw = await orders();
    expect(await total(report(page), 'revenueFen')).toBe(formatMoney(revenue(raw, inRange)));
    expect(await total(report(page), 'orders')).toBe(raw.filter(inRange).length.toLocaleString('zh-CN'));
    for (const storeId of [2, 3, 4]) {
      expect(await report(page).locator(`tr[data-row="${storeId}"] [data-measure="revenueFen"]`).innerText())
        .toBe(formatMoney(revenue(raw, (order) => inRange(order) && order.store_id === storeId)));
    }
    await report(page).locator('[data-chart="figures"] svg').waitFor();
    expect(await report(page).getByRole('combobox', { name: '门店' }).count()).toBe(1);

    // Drill: 城西店 → its days (30 of them, today's includes the inserted order) → today's advisors.
    await report(page).getByRole('button', { name: '城西店', exact: true }).click();
    await settled(page, '日');
    await expect.poll(() => report(page).locator('table.figures tbody tr').count()).toBe(daysBetween(from, today) + 1);
    expect(await total(report(page), 'revenueFen')).toBe(formatMoney(revenue(raw, (order) => inRange(order) && order.store_id === 3)));
    await report(page).locator(`tr[data-row="${today}"] button.drill`).click();
    await settled(page, '服务顾问');
    expect(await total(report(page), 'revenueFen')).toBe(formatMoney(revenue(raw, (order) => order.maint_date === today && order.store_id === 3)));
    await expect.poll(() => report(page).locator('table.figures tbody th').allInnerTexts()).toContain(FORMULA_ADVISOR);
    const crumbs = await report(page).locator('.crumbs li').allInnerTexts();
    expect(crumbs).toHaveLength(3);
    expect(crumbs[1]).toBe('城西店');

    // Back to the root through the breadcrumb.
    await report(page).locator('.crumbs button.crumb').first().click();
    await settled(page, '门店');
    await expect.poll(() => report(page).locator('table.figures tbody tr').count()).toBe(3);

    // By 服务顾问, exported: the file opens, its total is the raw sum, the formula-looking name is text.
    await report(page).getByRole('button', { name: '服务顾问', exact: true }).click();
    await settled(page, '服务顾问');
    const download = page.waitForEvent('download');
    await report(page).getByRole('button', { name: '导出 Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`数据报表-服务顾问-${from}至${today}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const cells = rows.flat();
    expect(cells).toContain('服务顾问');
    expect(cells).toContain(`'${FORMULA_ADVISOR}`);
    expect(cells.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
    expect(rows.find((row) => row[0] === '合计')?.[1]).toBeCloseTo(revenue(raw, inRange) / 100, 2);

    // A filter narrows the figures and restarts the breadcrumb.
    await pick(report(page), '服务类型', '保养');
    await settled(page, '服务顾问');
    await expect.poll(() => total(report(page), 'revenueFen')).toBe(formatMoney(revenue(raw, (order) => inRange(order) && order.service_type === 'maintenance')));
    expect(await report(page).locator('.crumbs li').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a store manager’s report covers their own store only', async () => {
    const { page } = await signIn('manager');
    await page.goto(`${server.url}/home/dataReport`);
    await waitForPage(page, '数据报表');
    await settled(page, '门店');
    const raw = await orders();
    expect(await report(page).locator('table.figures tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')))).toEqual(['2']);
    expect(await report(page).getByRole('combobox', { name: '服务类型' }).count()).toBe(1);
    expect(await report(page).getByRole('combobox', { name: '门店' }).count()).toBe(0);
    expect(await total(report(page), 'revenueFen')).toBe(formatMoney(revenue(raw, (order) => inRange(order) && order.store_id === 2)));
    await page.context().close();
  });
});

describe('客户分析', () => {
  const analysis = (page: Page) => page.locator('garage-customer-analysis');
  /** The stores' customers (新客 + 活跃 + 沉睡 + 流失, as on 客户看板: by home store). */
  const customersOf = async (storeIds: number[]) =>
    (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM customer WHERE chain_id = 1 AND store_id = ANY(${sql.param(storeIds)}::int[])`))!.n;

  it('draws its charts, follows the store filter and the range', async () => {
    const { page, errors } = await signIn('admin');
    await page.goto(`${server.url}/home/shop/customer-analysis`);
    await waitForPage(page, '客户分析');
    for (const chart of ['curve', 'stages', 'lost', 'spend']) {
      await expect.poll(() => analysis(page).locator(`[data-chart="${chart}"] svg path`).count(), { timeout: 20_000 }).toBeGreaterThan(3);
    }
    expect(await total(analysis(page), 'customers')).toBe((await customersOf([2, 3, 4])).toLocaleString('zh-CN'));
    await screenshotForReview(page, 'customer-analysis-1440.png', { fullPage: true });
    await screenshotForReview(analysis(page).locator('section.card').filter({ has: page.locator('[data-chart="stages"]') }), 'customer-analysis-stages-1440.png');
    expect(await analysis(page).locator('table.cohorts tbody tr').count()).toBe(12);

    await pick(analysis(page), '门店', '城西店');
    const west = (await customersOf([3])).toLocaleString('zh-CN');
    await expect.poll(() => total(analysis(page), 'customers')).toBe(west);
    await pick(analysis(page), '统计区间', '近 6 个月');
    await expect.poll(() => analysis(page).locator('table.cohorts tbody tr').count()).toBe(6);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows 新客, 活跃, 沉睡 and 流失 at 360 px', async () => {
    const { page, errors } = await signIn('admin', 360);
    await page.goto(`${server.url}/home/shop/customer-analysis`);
    await waitForPage(page, '客户分析');
    await expect.poll(() => analysis(page).locator('[data-chart="stages"] svg path').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    for (const stage of ['new', 'active', 'sleeping', 'lost']) expect(await total(analysis(page), stage)).toMatch(/^\d[\d,]*$/);
    await screenshotForReview(page, 'customer-analysis-360.png', { fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a chain without the 客户分析 add-on sees its 项目商城 page instead', async () => {
    const { page } = await signIn('hx-admin');
    await page.goto(`${server.url}/home/shop/customer-analysis`);
    await waitForPage(page, '客户分析');
    await analysis(page).locator('garage-mall [data-package="addon.customer_analysis"]').waitFor({ timeout: 20_000 });
    expect(await analysis(page).locator('[data-chart]').count()).toBe(0);
    await page.context().close();
  });
});

describe('month end (issue 33)', () => {
  const city = '城东店';
  const fen = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  const count = (text: string) => Number(text.replace(/[^\d]/g, ''));
  /** Each page at 1440 and at 360 px, for a person to judge; the phone width cuts nothing sideways. */
  async function pictures(page: Page, tag: string, name: string) {
    await screenshotForReview(page, `${name}-1440.png`, { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => sidewaysOverflow(page, tag)).toEqual({ page: 0, element: 0, offenders: [] });
    await screenshotForReview(page, `${name}-360.png`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  }
  /** A 指标树 node of the store itself (not a position's or a person's under it). */
  const storeNode = (page: Page, metric: string) =>
    page.locator(`garage-metrics-tree .node[data-metric="${metric}"]`).filter({ has: page.locator('.scope', { hasText: new RegExp(`^${city}$`) }) });

  it('headquarters finds 城东店’s 营业额 and 到店台次 equal on 数据报表, 诊断表, 数据统计 and 指标树; its manager reads the targets and 客户运营’s days', async () => {
    const monthStart = `${today.slice(0, 7)}-01`;
    const ours = (await orders()).filter((order) => order.store_id === 2 && order.maint_date >= monthStart && order.maint_date <= today);
    const expected = { revenue: revenue(ours, () => true), visits: ours.length };
    expect(expected.visits).toBeGreaterThan(0);
    const { page, errors } = await signIn('admin');
    const open = async (title: string) => {
      await page.locator('nav.sidebar__nav').getByRole('link', { name: title, exact: true }).click();
      await waitForPage(page, title);
    };

    // 数据报表, 本月, by store: the row of 城东店. Its columns name the 指标库's figures, and it says what each counts.
    await page.goto(`${server.url}/home/dataReport`);
    await waitForPage(page, '数据报表');
    await pick(report(page), '快捷区间', '本月');
    await report(page).locator('.crumb.current').filter({ hasText: `${monthStart} 至 ${today}` }).waitFor();
    await settled(page, '门店');
    const row = report(page).locator('tr[data-row="2"]');
    const seen = { 数据报表: { revenue: fen(await row.locator('[data-measure="revenueFen"]').innerText()), visits: count(await row.locator('[data-measure="orders"]').innerText()) } };
    expect(await report(page).locator('table.figures thead').innerText()).toContain('到店台次');
    await report(page).locator('details.formulas summary').click();
    await report(page).locator('details.formulas').getByText('每个门店每天到店的客户数').waitFor();
    await pictures(page, 'garage-data-report', 'month-report');

    // 诊断表: this month, 城东店's section says its 营业额 and 到店台次 beside the 客单价 they make.
    await open('诊断表');
    const diagnosis = page.locator(`garage-diagnosis section.store[data-store="${city}"]`);
    await diagnosis.locator('[data-figure="revenue"]').waitFor({ timeout: 20_000 });
    const diagnosed = { revenue: fen(await diagnosis.locator('[data-figure="revenue"]').innerText()), visits: count(await diagnosis.locator('[data-figure="visits"]').innerText()) };
    await pictures(page, 'garage-diagnosis', 'month-diagnosis');

    // 数据统计: this month, 城东店 chosen; the decomposition names 到店台次 and what 到店客户 counts.
    await open('数据统计');
    const kpi = page.locator('garage-kpi');
    await kpi.locator('[data-part="visits"]').waitFor({ timeout: 20_000 });
    await chooseOption(kpi, '门店', city);
    await expect.poll(() => kpi.locator('tbody[data-store]').evaluateAll((rows) => rows.length > 0 && rows.every((each) => each.getAttribute('data-store') === '城东店'))).toBe(true);
    const scored = { revenue: fen(await kpi.locator('[data-part="revenue"]').innerText()), visits: count(await kpi.locator('[data-part="visits"]').innerText()) };
    await kpi.getByText(/到店客户按人计/).waitFor();
    await pictures(page, 'garage-kpi', 'month-kpi');

    // 指标树 (数据 › 指标树): 营业额 has its target; headquarters adds the 到店台次 one under it and reads both actuals.
    await open('指标树');
    const tree = page.locator('garage-metrics-tree');
    await storeNode(page, 'revenue').waitFor({ timeout: 20_000 });
    await storeNode(page, 'revenue').getByRole('button', { name: '添加下级' }).click();
    const dialog = tree.locator('sl-dialog.node-dialog');
    await chooseOption(dialog, '指标', '到店台次（次）');
    await dialog.getByLabel('目标值（次）').fill('600');
    await dialog.getByRole('button', { name: '添加' }).click();
    await page.getByText('目标已保存').first().waitFor();
    await storeNode(page, 'visits').waitFor();
    const targeted = { revenue: fen(await storeNode(page, 'revenue').locator('[data-actual]').innerText()), visits: count(await storeNode(page, 'visits').locator('[data-actual]').innerText()) };
    await pictures(page, 'garage-metrics-tree', 'month-tree');

    expect({ ...seen, 诊断表: diagnosed, 数据统计: scored, 指标树: targeted }).toEqual({ 数据报表: expected, 诊断表: expected, 数据统计: expected, 指标树: expected });
    expect(errors).toEqual([]);
    await page.context().close();

    // 李店长 of 城东店: 数据 › 指标树 shows their store's targets (read-only) with the same figures; 客户 › 客户运营 the days.
    const manager = await signIn('manager');
    await manager.page.locator('nav.sidebar__nav').getByRole('link', { name: '指标树', exact: true }).click();
    await waitForPage(manager.page, '指标树');
    await storeNode(manager.page, 'visits').locator('[data-actual]').waitFor({ timeout: 20_000 });
    expect(count(await storeNode(manager.page, 'visits').locator('[data-actual]').innerText())).toBe(expected.visits);
    expect(fen(await storeNode(manager.page, 'revenue').locator('[data-actual]').innerText())).toBe(expected.revenue);
    expect(await manager.page.locator('garage-metrics-tree .node').evaluateAll((nodes) => nodes.every((node) => node.getAttribute('data-store') === '城东店'))).toBe(true);
    await manager.page.locator('garage-metrics-tree').getByText('您可以查看目标与进度；设置目标需要管理员。').waitFor();
    expect(await manager.page.locator('garage-metrics-tree').getByRole('button', { name: '添加下级' }).count()).toBe(0);
    await pictures(manager.page, 'garage-metrics-tree', 'month-tree-manager');

    await manager.page.locator('nav.sidebar__nav').getByRole('link', { name: '客户运营', exact: true }).click();
    await waitForPage(manager.page, '客户运营');
    const operations = manager.page.locator('garage-customer-operations');
    const rules = (await server.call<{ lifecycle: Record<string, number> }>('GET', '/customerOperations/rules', { token: await server.loginToken('manager') })).data.lifecycle;
    // The days as text (nothing to type into), each named for a screen reader.
    for (const key of ['newWithinDays', 'activeWithinDays', 'sleepingWithinDays'] as const) {
      await expect.poll(() => operations.locator(`[data-field="lifecycle.${key}"]`).textContent()).toBe(`${OPERATION_NAMES[key]} ${rules[key]}`);
    }
    expect(await operations.getByRole('spinbutton').count()).toBe(0);
    await operations.locator('[data-stage="lost"]', { hasText: `超过 ${rules.sleepingWithinDays} 天未到店` }).waitFor();
    await operations.getByText('您可以查看这些规则；修改需要总部管理员。').waitFor();
    await pictures(manager.page, 'garage-customer-operations', 'month-operations-manager');
    expect(manager.errors).toEqual([]);
    await manager.context.close();
  });
});
