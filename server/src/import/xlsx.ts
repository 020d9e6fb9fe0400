/**
 * The two xlsx files the import hands out: the template (header row with a note on each header
 * saying its rule, an example row, data validation) and the error report (the original rows plus
 * the reason). Every text written goes through safeCell, so a cell like `=HYPERLINK(…)` from an
 * uploaded file stays text when the report is opened in Excel.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs-utf8';
import { IMPORT_FIELD_LABELS, IMPORT_TEXT_LIMITS, IMPORT_YEARS, safeCell, type ImportField } from '../../../contracts/rules/import';
import { MAX_MILEAGE_KM } from '../../../contracts/rules/customer';
import type { AnyImportField, ImportKind } from '../../../contracts/api/import';
import { MAX_PREMIUM_YUAN, POLICY_FIELD_LABELS, POLICY_TEXT_LIMITS, type PolicyField } from '../../../contracts/rules/policy-import';
import { sql, type Queryable } from '../db/database';

/** The template's columns, in order (the widget's task-config answers the same list). */
export const TEMPLATE_FIELDS: Record<ImportKind, AnyImportField[]> = {
  customer: ['name', 'mobile', 'plate', 'vin', 'brand', 'series', 'mileage', 'lastVisitDate', 'insuranceExpiry', 'store', 'tags', 'remark'],
  potential: ['name', 'mobile', 'plate', 'source', 'intent', 'store', 'remark'],
  // 保费 (one column with 险种 saying which) is recognised in people's own files, not offered here: two columns are clearer.
  policy: ['plate', 'vin', 'insurer', 'policyNo', 'policyType', 'startDate', 'endDate', 'compulsoryPremium', 'commercialPremium', 'vehicleTax', 'coverages', 'agent'],
};

/** The fields a kind's template requires (the task-config's `required`). */
export const REQUIRED_FIELDS: Record<ImportKind, AnyImportField[]> = {
  customer: ['name', 'mobile'],
  potential: ['name', 'mobile'],
  policy: ['plate', 'insurer', 'policyNo', 'startDate', 'endDate'],
};

const DATE_FIELDS: readonly AnyImportField[] = ['lastVisitDate', 'insuranceExpiry', 'startDate', 'endDate'];
const MONEY_FIELDS: readonly AnyImportField[] = ['compulsoryPremium', 'commercialPremium', 'premium', 'vehicleTax'];

const labelOf = (field: AnyImportField) => (IMPORT_FIELD_LABELS as Record<string, string>)[field] ?? POLICY_FIELD_LABELS[field as PolicyField];
/** Short header titles (the rules' labels, without the (VIN) remark: 车架号 is what people write). */
export const templateTitle = (field: AnyImportField) => (field === 'vin' ? '车架号' : labelOf(field));

const EITHER = '姓名和手机号至少填写一项';
const DAY_FORMS = '日期，如 2026-03-18、2026/3/18 或 2026年3月18日';

/** What each header's note says: the rule the import applies to the column. */
const PEOPLE_RULES: Record<ImportField, string> = {
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

const MONEY = `金额（元），可带两位小数，如 950 或 3280.50；最多 ${MAX_PREMIUM_YUAN.toLocaleString('en-US')} 元`;
const POLICY_RULES: Record<PolicyField, string> = {
  plate: '按车牌号找到系统中的车辆（须已建档、在你的数据范围内）；车牌号和车架号至少填写一项',
  vin: '17 位；车牌号找不到或有多辆同牌车时按车架号找车辆；与系统中的车架号不一致时不导入',
  insurer: `必填，最多 ${POLICY_TEXT_LIMITS.insurer} 个字，如 中国人保`,
  policyNo: `必填，最多 ${POLICY_TEXT_LIMITS.policyNo} 位字母和数字。同一连锁内保单号相同视为同一张保单（重复数据按所选方式处理）`,
  policyType: '交强险、商业险 或 交强险+商业险；只有一列「保费」时用它区分是哪种保费',
  startDate: `必填，${DAY_FORMS}`,
  endDate: `必填，${DAY_FORMS}；晚于起保日期，最多一年`,
  compulsoryPremium: `交强险${MONEY}`,
  commercialPremium: `商业险${MONEY}`,
  premium: `${MONEY}；须在「险种」中注明交强险或商业险`,
  vehicleTax: `代收车船税${MONEY}`,
  coverages: `多个险别用顿号或逗号分隔，保额可写在后面，如 车损险、三者险100万、司机座位1万、乘客座位1万、划痕险2000`,
  agent: `最多 ${POLICY_TEXT_LIMITS.agent} 个字；与员工姓名一致时关联到该员工`,
};

/** What each header's note says: the rule the import applies to the column. */
export const FIELD_RULES: Record<AnyImportField, string> = { ...PEOPLE_RULES, ...POLICY_RULES };

/** The example row (the VIN has a valid check digit; the dates are real days). */
export function exampleValue(field: AnyImportField, kind: ImportKind, storeName: string): string {
  if (kind === 'policy') return POLICY_EXAMPLE[field as PolicyField] ?? '';
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
  return examples[field as ImportField];
}

const POLICY_EXAMPLE: Record<PolicyField, string> = {
  plate: '浙A12345',
  vin: 'LSVAU218XN2183294',
  insurer: '中国人保',
  policyNo: 'PDAA202633010000012345',
  policyType: '交强险+商业险',
  startDate: '2026-03-19',
  endDate: '2027-03-18',
  compulsoryPremium: '950',
  commercialPremium: '3280.50',
  premium: '',
  vehicleTax: '360',
  coverages: '车损险、三者险100万、司机座位1万、乘客座位1万',
  agent: '王芳',
};

const SHEET_NAMES: Record<ImportKind, string> = { customer: '客户导入', potential: '潜在客户导入', policy: '保单导入' };

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };
/** Rows the data validation covers. */
const VALIDATED_ROWS = 5001;

export async function templateXlsx(kind: ImportKind, storeName: string): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAMES[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  const fields = TEMPLATE_FIELDS[kind];
  sheet.columns = fields.map((field) => ({ header: templateTitle(field), key: field, width: field === 'remark' || field === 'vin' || field === 'policyNo' || field === 'coverages' ? 24 : 14 }));
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
    if (DATE_FIELDS.includes(field)) {
      column.numFmt = 'yyyy-mm-dd';
      validations.add(range, {
        type: 'date', operator: 'between', allowBlank: true, showErrorMessage: true, errorStyle: 'warning',
        formulae: [new Date(Date.UTC(IMPORT_YEARS.min, 0, 1)), new Date(Date.UTC(IMPORT_YEARS.max, 11, 31))],
        errorTitle: '日期', error: FIELD_RULES[field],
      });
    } else if (MONEY_FIELDS.includes(field)) {
      column.numFmt = '0.00';
      validations.add(range, { type: 'decimal', operator: 'between', allowBlank: true, showErrorMessage: true, errorStyle: 'warning', formulae: [0, MAX_PREMIUM_YUAN], errorTitle: templateTitle(field), error: FIELD_RULES[field] });
    } else if (field === 'policyType') {
      validations.add(range, { type: 'list', allowBlank: true, showErrorMessage: true, errorStyle: 'warning', formulae: ['"交强险,商业险,交强险+商业险"'], errorTitle: '险种', error: FIELD_RULES.policyType });
    } else if (field === 'mileage') {
      validations.add(range, { type: 'whole', operator: 'between', allowBlank: true, showErrorMessage: true, errorStyle: 'warning', formulae: [0, MAX_MILEAGE_KM], errorTitle: '里程', error: FIELD_RULES.mileage });
    } else if (field === 'mobile' || field === 'plate' || field === 'vin' || field === 'policyNo') {
      // As text: Excel would turn 13812345678 into 1.38E+10 and drop a VIN's leading zeros.
      column.numFmt = '@';
    }
  });
  const example = sheet.getRow(2);
  fields.forEach((field, i) => {
    const text = exampleValue(field, kind, storeName);
    const cell = example.getCell(i + 1);
    if (DATE_FIELDS.includes(field)) cell.value = new Date(`${text}T00:00:00Z`);
    else if (field === 'mileage' || MONEY_FIELDS.includes(field)) cell.value = Number(text);
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
  void (async () => {
    const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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
