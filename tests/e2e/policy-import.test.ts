/**
 * 批量导入保单 in Chromium against the real server, as a store manager does it: from 保险查询 open
 * 批量导入保单, download the template, upload the file the insurer's system exported (two policies of
 * the store's cars, one of a plate the garage has never seen), import, read the refused row's reason,
 * and go back to 保险查询, where the imported policies wait in the renewal pipeline as 待跟进.
 */
import '../../server/src/import/exceljs-utf8'; // before exceljs (the server runs in this process): see there
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Locator } from 'playwright-core';
import { addDays, today } from '../../contracts/dates';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage, selectValue } from './host-helpers';

let server: TestServer;
let browser: Browser;
const PLATES = ['藏X00001', '藏X00002'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  // Two cars of 城东店 (李店长's store) with no policy yet: their customers came in earlier.
  await server.db.run(sql`
    WITH c AS (INSERT INTO customer (chain_id, store_id, name, mobile) SELECT 1, 2, '保单旅程' || i, '1992000000' || i FROM generate_series(1, 2) AS i RETURNING id, name)
    INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
    SELECT 1, 2, c.id, '藏X0000' || substr(c.name, 5), '', '大众', '朗逸', '' FROM c`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const tile = (widget: Locator, key: string) => widget.locator(`[data-count="${key}"] dd`);

describe('批量导入保单 (browser journey)', () => {
  it('goes from 保险查询 to the import, imports an insurer’s export, and finds the policies 待跟进 in 保险查询', async () => {
    const { page } = await openPage(browser, { width: 1440 });
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/insurance')}`);
    await loginThroughForm(page, 'manager');
    await waitForPage(page, '保险查询');
    await page.locator('garage-insurance-lookup').getByRole('button', { name: '批量导入保单' }).click();
    await waitForPage(page, '批量导入保单');
    const widget = page.locator('garage-customer-import');
    await widget.locator('.flow[aria-busy="false"]').waitFor();
    await widget.getByRole('heading', { name: '批量导入保单' }).waitFor();

    // The template: the policy columns, with an example row.
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), widget.getByRole('button', { name: '下载导入模板' }).click()]);
    expect(templateDownload.suggestedFilename()).toBe('保单导入模板.xlsx');
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await bytesOf(templateDownload)) as unknown as ArrayBuffer);
    const header = (template.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['车牌号', '保险公司', '保单号', '起保日期', '到期日期', '交强险保费', '商业险保费', '车船税', '承保险别', '经办人']));

    // The insurer's export: its own header names, two known cars and one unknown plate.
    const end = addDays(today(), 5);
    const start = addDays(end, -364);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('保单清单');
    sheet.addRow(['号牌号码', '承保公司', '保险单号', '保险起期', '保险止期', '交强险', '商业险', '车船税', '险别', '业务员']);
    sheet.addRow([PLATES[0], '中国人保', 'PJOURNEY0001', start, end, 950, 3280.5, 360, '车损险、三者险100万', '李店长']);
    sheet.addRow([PLATES[1], '平安保险', 'PJOURNEY0002', start, end, 1100, 4100, 420, '三者险200万', '']);
    sheet.addRow(['浙Z98765', '平安保险', 'PJOURNEY0003', start, end, 950, 0, 360, '', '']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await widget.locator('input[type="file"]').setInputFiles({ name: '保险公司导出.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await widget.getByTestId('file-summary').filter({ hasText: '共 3 行数据' }).waitFor();

    // Columns recognised under their policy names; duplicates are about 保单号.
    expect(await selectValue(widget, '「号牌号码」导入为')).toBe('plate');
    expect(await selectValue(widget, '「保险单号」导入为')).toBe('policyNo');
    expect(await selectValue(widget, '「交强险」导入为')).toBe('compulsoryPremium');
    await widget.getByText('保单号已存在时（同一连锁内）').waitFor();
    expect(await widget.getByTestId('preview-counts').textContent()).toContain('预览的行没有发现问题');

    await widget.getByRole('button', { name: '开始导入' }).click();
    const status = widget.locator('.task [role="status"]');
    await status.filter({ hasText: /已完成|失败|已取消/ }).waitFor({ timeout: 60_000 });
    expect(await status.textContent()).toBe('已完成');
    expect(await tile(widget, 'imported').textContent()).toBe('2');
    expect(await tile(widget, 'failed').textContent()).toBe('1');
    const listed = await widget.locator('.error-list li').allTextContents();
    expect(listed).toEqual([expect.stringContaining('第 4 行 · 车牌号：没有找到车牌号 浙Z98765 的车辆')]);

    // Back in 保险查询: both policies in 7天内到期, 待跟进, with their premiums.
    await widget.getByRole('button', { name: '到保险查询查看' }).click();
    await waitForPage(page, '保险查询');
    const lookup = page.locator('garage-insurance-lookup');
    await lookup.getByRole('searchbox', { name: '搜索' }).fill('藏X0000');
    for (const plate of PLATES) await lookup.locator(`li.policy[data-policy="${plate}"][data-state="pending"]`).waitFor();
    const first = lookup.locator(`li.policy[data-policy="${PLATES[0]}"]`);
    expect(await first.locator('.insurer').textContent()).toContain('中国人保');
    expect(await first.locator('.state-cell').textContent()).toContain('待跟进');
    expect(await first.locator('.premium').textContent()).toContain('4,230.50');
  });
});
