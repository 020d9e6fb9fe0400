/**
 * The two xlsx files the import hands out: the template (header row with a note on each header
 * saying its rule, an example row, data validation) and the error report (the original rows plus
 * the reason). Every text written goes through safeCell, so a cell like `=HYPERLINK(…)` from an
 * uploaded file stays text when the report is opened in Excel.
 */
import './exceljs-utf8'; // before exceljs: see there
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_FIELD_LABELS, IMPORT_TEXT_LIMITS, IMPORT_YEARS, safeCell, type ImportField } from '../../../contracts/rules/import';
import { MAX_MILEAGE_KM } from '../../../contracts/rules/customer';
import type { ImportKind } from '../../../contracts/api/import';
import { sql, type Queryable } from '../db/database';

/** The template's columns, in order (the widget's task-config answers the same list). */
export const TEMPLATE_FIELDS: Record<ImportKind, ImportField[]> = {
  customer: ['name', 'mobile', 'plate', 'vin', 'brand', 'series', 'mileage', 'lastVisitDate', 'insuranceExpiry', 'store', 'tags', 'remark'],
  potential: ['name', 'mobile', 'plate', 'source', 'intent', 'store', 'remark'],
};

/** Short header titles (the rules' labels, without the (VIN) remark: 车架号 is what people write). */
export const templateTitle = (field: ImportField) => (field === 'vin' ? '车架号' : IMPORT_FIELD_LABELS[field]);

const EITHER = '姓名和手机号至少填写一项';
const DAY_FORMS = '日期，如 2026-03-18、2026/3/18 或 2026年3月18日';

/** What each header's note says: the rule the import applies to the column. */
export const FIELD_RULES: Record<ImportField, string> = {
  name: `最多 ${IMPORT_TEXT_LIMITS.name} 个字；${EITHER}`,
  mobile: `11 位手机号，以 13–19 开头（可带空格、横线或 +86）；${EITHER}。同一门店手机号或车牌号相同视为同一客户`,
  plate: '省份简称 + 字母 + 5 位，如 浙A12345；新能源 6 位，如 浙AD12345、粤B12345F；不使用字母 I、O',
  vin: '17 位数字和字母，不含 I、O、Q；第 9 位校验位不符时照常导入，并在报告中提示核对',
  brand: `最多 ${IMPORT_TEXT_LIMITS.brand} 个字，如 大众`,
  series: `最多 ${IMPORT_TEXT_LIMITS.series} 个字，如 朗逸`,
  mileage: `公里数，如 56000、5.6万 或 56,000 km；最多 ${MAX_MILEAGE_KM.toLocaleString('en-US')} 公里`,
  lastVisitDate: `${DAY_FORMS}（${IMPORT_YEARS.min}–${IMPORT_YEARS.max} 年）`,
  insuranceExpiry: `${DAY_FORMS}（${IMPORT_YEARS.min}–${IMPORT_YEARS.max} 年）`,
  store: '门店名称；留空则导入到当前门店，只能填写你有权限的门店',
  tags: `多个标签用逗号或顿号分隔，每个最多 ${IMPORT_TEXT_LIMITS.tag} 个字；没有的标签会自动创建`,
  remark: `最多 ${IMPORT_TEXT_LIMITS.remark} 个字`,
  source: `最多 ${IMPORT_TEXT_LIMITS.source} 个字，如 抖音活动`,
  intent: `最多 ${IMPORT_TEXT_LIMITS.intent} 个字，如 保养套餐`,
};

/** The example row (the VIN has a valid check digit; the dates are real days). */
export function exampleValue(field: ImportField, kind: ImportKind, storeName: string): string {
  const examples: Record<ImportField, string> = {
    name: kind === 'customer' ? '张伟' : '李娜',
    mobile: kind === 'customer' ? '13812345678' : '13912345678',
    plate: kind === 'customer' ? '浙A12345' : '浙AD12345',
    vin: 'LSVAU218XN2183294',
    brand: '大众',
    series: '朗逸',
    mileage: '56000',
    lastVisitDate: '2026-03-18',
    insuranceExpiry: '2026-09-30',
    store: storeName,
    tags: '老客户、保养',
    remark: kind === 'customer' ? '老客户介绍' : '周末方便到店',
    source: '抖音活动',
    intent: '保养套餐',
  };
  return examples[field];
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
/** Rows the data validation covers. */
const VALIDATED_ROWS = 5001;

export async function templateXlsx(kind: ImportKind, storeName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'customer' ? '客户导入' : '潜在客户导入', { views: [{ state: 'frozen', ySplit: 1 }] });
  const fields = TEMPLATE_FIELDS[kind];
  sheet.columns = fields.map((field) => ({ header: templateTitle(field), key: field, width: field === 'remark' || field === 'vin' ? 22 : 14 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  fields.forEach((field, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = HEADER_FILL;
    cell.note = { texts: [{ text: `${templateTitle(field)}：${FIELD_RULES[field]}${i === 0 ? '\n（第 2 行是示例，导入前请删除或改成你的数据）' : ''}` }] };
    const column = sheet.getColumn(i + 1);
    const letter = column.letter;
    const range = `${letter}2:${letter}${VALIDATED_ROWS}`;
    const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
    if (field === 'lastVisitDate' || field === 'insuranceExpiry') {
      column.numFmt = 'yyyy-mm-dd';
      validations.add(range, {
        type: 'date', operator: 'between', allowBlank: true, showErrorMessage: true, errorStyle: 'warning',
        formulae: [new Date(Date.UTC(IMPORT_YEARS.min, 0, 1)), new Date(Date.UTC(IMPORT_YEARS.max, 11, 31))],
        errorTitle: '日期', error: FIELD_RULES[field],
      });
    } else if (field === 'mileage') {
      validations.add(range, { type: 'whole', operator: 'between', allowBlank: true, showErrorMessage: true, errorStyle: 'warning', formulae: [0, MAX_MILEAGE_KM], errorTitle: '里程', error: FIELD_RULES.mileage });
    } else if (field === 'mobile' || field === 'plate' || field === 'vin') {
      // As text: Excel would turn 13812345678 into 1.38E+10 and drop a VIN's leading zeros.
      column.numFmt = '@';
    }
  });
  const example = sheet.getRow(2);
  fields.forEach((field, i) => {
    const text = exampleValue(field, kind, storeName);
    const cell = example.getCell(i + 1);
    if (field === 'lastVisitDate' || field === 'insuranceExpiry') cell.value = new Date(`${text}T00:00:00Z`);
    else if (field === 'mileage') cell.value = Number(text);
    else cell.value = safeCell(text);
    cell.font = { color: { argb: 'FF64748B' } };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The error report, streamed: sheet 1 「未导入的行」 (the original headers and cells plus 错误原因,
 * to fix and upload again), sheet 2 「已导入需核对」 (rows imported with a note).
 */
export function reportXlsx(db: Queryable, taskId: number, headers: string[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  void (async () => {
    for (const [level, title, reason] of [
      ['error', '未导入的行', '错误原因'],
      ['warning', '已导入需核对', '提示'],
    ] as const) {
      const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
      const width = headers.length;
      sheet.columns = Array.from({ length: width + 2 }, (_, i) => ({ width: i === width + 1 ? 48 : 16 }));
      const head = sheet.addRow([...headers.map(safeCell), '原行号', reason]);
      head.font = { bold: true };
      head.commit();
      let after = 0;
      for (;;) {
        const rows = await db.rows<{ id: number; row_no: number; cells: string[]; message: string }>(sql`
          SELECT id, row_no, cells, message FROM import_task_error WHERE task_id = ${taskId} AND level = ${level} AND id > ${after} ORDER BY id LIMIT 2000`);
        if (rows.length === 0) break;
        for (const row of rows) {
          const cells = Array.from({ length: width }, (_, i) => safeCell(String(row.cells[i] ?? '')));
          const written = sheet.addRow([...cells, row.row_no, safeCell(row.message)]);
          written.getCell(width + 2).font = { color: { argb: 'FFDC2626' } };
          written.commit();
        }
        after = rows[rows.length - 1].id;
      }
      await sheet.commit();
    }
    await workbook.commit();
  })().catch((error) => out.destroy(error as Error));
  return out;
}
