/**
 * 保险分析 as an Excel workbook: a summary sheet and one sheet per table of the page. Numbers stay
 * numbers (money in yuan with two decimals, rates as percentages) so the garage can sum and sort;
 * every text goes through safeCell, so a store, insurer or staff name like `=HYPERLINK(…)` stays text.
 */
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../import/exceljs-utf8';
import { safeCell } from '../../../contracts/rules/import';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/insurance';

type Analysis = AnswerOf<typeof calls.analysis>;
type Column = { header: string; width: number; format?: 'money' | 'rate' | 'count' };

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
const FORMATS = { money: '#,##0.00', rate: '0.0%', count: '#,##0' } as const;
const yuan = (fen: number) => Math.round(fen) / 100;
const cell = (value: string | number) => (typeof value === 'number' ? value : safeCell(value));

function table(workbook: ExcelJS.Workbook, name: string, columns: Column[], rows: (string | number)[][]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((each) => (each.fill = HEADER_FILL));
  columns.forEach((column, i) => {
    if (column.format) sheet.getColumn(i + 1).numFmt = FORMATS[column.format];
  });
  for (const row of rows) sheet.addRow(row.map(cell));
  if (rows.length === 0) sheet.addRow(['（无数据）']);
  return sheet;
}

export async function analysisXlsx(data: Analysis, range: { from: string; to: string; storeNames: string[] }): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  workbook.creator = '门店管家';
  const summary = table(workbook, '汇总', [{ header: '项目', width: 16 }, { header: '数值', width: 28 }], [
    ['到期日期', `${range.from} 至 ${range.to}`],
    ['门店', range.storeNames.join('、') || '全部门店'],
    ['到期保单', data.totals.due],
    ['已续保', data.totals.renewed],
    ['续保率', data.totals.rate],
    ['战败', data.totals.lost],
    ['续保保费（元）', yuan(data.totals.premiumFen)],
  ]);
  summary.getCell('B6').numFmt = FORMATS.rate;
  summary.getCell('B8').numFmt = FORMATS.money;
  table(workbook, '各月续保率', [
    { header: '月份', width: 10 }, { header: '门店', width: 16 }, { header: '到期保单', width: 10, format: 'count' }, { header: '已续保', width: 10, format: 'count' }, { header: '续保率', width: 10, format: 'rate' },
  ], data.renewalByMonth.map((row) => [row.month, row.storeName, row.due, row.renewed, row.rate]));
  table(workbook, '保险公司保费', [
    { header: '保险公司', width: 16 }, { header: '保单数', width: 10, format: 'count' }, { header: '交强险（元）', width: 14, format: 'money' }, { header: '商业险（元）', width: 14, format: 'money' }, { header: '合计（元）', width: 14, format: 'money' },
  ], data.premiumsByInsurer.map((row) => [row.insurer, row.policies, yuan(row.compulsoryFen), yuan(row.commercialFen), yuan(row.totalFen)]));
  table(workbook, '跟进漏斗', [{ header: '跟进状态', width: 12 }, { header: '保单数', width: 10, format: 'count' }], data.funnel.map((step) => [step.name, step.count]));
  table(workbook, '战败原因', [{ header: '战败原因', width: 24 }, { header: '保单数', width: 10, format: 'count' }], data.lostReasons.map((row) => [row.reason, row.count]));
  table(workbook, '员工排名', [
    { header: '排名', width: 6 }, { header: '员工', width: 14 }, { header: '负责保单', width: 10, format: 'count' }, { header: '已续保', width: 10, format: 'count' }, { header: '续保率', width: 10, format: 'rate' }, { header: '续保保费（元）', width: 16, format: 'money' },
  ], data.staff.map((row, i) => [i + 1, row.name, row.assigned, row.renewed, row.rate, yuan(row.premiumFen)]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
