/**
 * Batch import of customers (issue 13): how one spreadsheet row is read, checked and normalised,
 * and how exported cells are made safe. Zod-free so the import widget (preview) and the server
 * (the background job) run the very same rules and show the very same Chinese messages.
 *
 * Every rule takes a raw cell (text, number, Date from exceljs, or nothing) and returns
 * `{ value }` (normalised), `{ problem: { level: 'error' } }` (the row is not imported and goes to
 * the error report), or both a value and a `warning` problem (imported with a note).
 * An empty cell is `{}`: no value, no problem.
 */
import { dayFromNumber, isDay, type Day } from '../dates';
import { MAX_MILEAGE_KM } from './customer';
import { isMobile } from './mobile';
import { STORE_LIMITS } from './store';

export type ProblemLevel = 'error' | 'warning';
export interface Problem {
  level: ProblemLevel;
  message: string;
}
export interface FieldCheck<T> {
  value?: T;
  problem?: Problem;
}

/** What a spreadsheet cell may hold once read (exceljs gives Dates for date cells, numbers for numbers). */
export type Cell = string | number | Date | null | undefined;

const error = (message: string): FieldCheck<never> => ({ problem: { level: 'error', message } });

/** Full-width letters, digits and spaces as ASCII (ＡＢ１２ → AB12), as Chinese input methods often type them. */
const halfWidth = (text: string) => text.normalize('NFKC');

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

const isBlank = (cell: Cell) => cellText(cell) === '';

// ---------------------------------------------------------------------------------------- fields

export const IMPORT_FIELDS = [
  'name', 'mobile', 'plate', 'vin', 'brand', 'series', 'mileage', 'lastVisitDate', 'insuranceExpiry', 'store', 'tags', 'remark', 'source', 'intent',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The Chinese name of each field, used in every message and as the template's column title. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: '姓名',
  mobile: '手机号',
  plate: '车牌号',
  vin: '车架号（VIN）',
  brand: '品牌',
  series: '车型',
  mileage: '里程',
  lastVisitDate: '上次到店日期',
  insuranceExpiry: '保险到期日',
  store: '门店',
  tags: '标签',
  remark: '备注',
  source: '来源',
  intent: '意向项目',
};

/** Length limits, the same as the forms' (customer name 32, brand 40, tag 12, store name 30). */
export const IMPORT_TEXT_LIMITS = { name: 32, brand: 40, series: 40, remark: 200, source: 20, intent: 40, store: STORE_LIMITS.name, tag: 12 } as const;

// ---------------------------------------------------------------------------------------- mobile

export const MOBILE_MESSAGE = '手机号格式不正确：应为 11 位，以 13–19 开头';

/** 138 1234 5678, 138-1234-5678, +86 13812345678, 0086…, full-width digits → 13812345678. */
export function checkMobile(cell: Cell): FieldCheck<string> {
  if (isBlank(cell)) return {};
  let digits = halfWidth(cellText(cell)).replace(/[\s\-()]/g, '');
  digits = digits.replace(/^(\+86|0086)/, '');
  if (/^86\d{11}$/.test(digits)) digits = digits.slice(2);
  return isMobile(digits) ? { value: digits } : error(MOBILE_MESSAGE);
}

// ----------------------------------------------------------------------------------------- plate

/** The 31 mainland province abbreviations that begin a plate. */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const P = `[${PLATE_PROVINCES}]`;
const LETTER = '[A-HJ-NP-Z]'; // no I, no O: they read as 1 and 0
const CHAR = '[0-9A-HJ-NP-Z]';
/** Small new-energy cars: D A B C E battery electric, F G H J K other new energy (GA 36-2018 and its 2022 letters). */
const ELECTRIC_LETTERS = 'DABCE';
const HYBRID_LETTERS = 'FGHJK';

const BLUE_PLATE = new RegExp(`^${P}${LETTER}${CHAR}{5}$`);
const SPECIAL_PLATE = new RegExp(`^${P}${LETTER}${CHAR}{4}[警学挂]$`);
const HONG_KONG_MACAU_PLATE = new RegExp(`^粤Z${CHAR}{4}[港澳]$`);
const SMALL_NEW_ENERGY = new RegExp(`^${P}${LETTER}[${ELECTRIC_LETTERS}${HYBRID_LETTERS}]${CHAR}\\d{4}$`);
const LARGE_NEW_ENERGY = new RegExp(`^${P}${LETTER}\\d{5}[DF]$`);

export const PLATE_MESSAGE = '车牌号格式不正确：应为省份简称 + 字母 + 5 位（如 浙A12345），新能源为 6 位（如 浙AD12345、粤B12345F）';

/** Upper case, half-width, without spaces, dots or dashes (浙a·12345 → 浙A12345). */
export const normalisePlate = (text: string): string => halfWidth(text).replace(/[\s·•.\-]/g, '').toUpperCase();

export type EnergyType = 'fuel' | 'electric' | 'hybrid';

/** What a valid plate says about the car: green plates are new energy (electric or other), the rest fuel. */
export function plateEnergy(plate: string): EnergyType {
  if (plate.length !== 8) return 'fuel';
  const mark = LARGE_NEW_ENERGY.test(plate) ? plate[7] : plate[2];
  return ELECTRIC_LETTERS.includes(mark) ? 'electric' : 'hybrid';
}

export function checkPlate(cell: Cell): FieldCheck<string> {
  if (isBlank(cell)) return {};
  const plate = normalisePlate(cellText(cell));
  if ([BLUE_PLATE, SPECIAL_PLATE, HONG_KONG_MACAU_PLATE, SMALL_NEW_ENERGY, LARGE_NEW_ENERGY].some((shape) => shape.test(plate))) return { value: plate };
  const chars = [...plate];
  if (chars.length === 0) return error(PLATE_MESSAGE);
  if (!PLATE_PROVINCES.includes(chars[0])) return error(`车牌号第 1 位应为省份简称（如 浙、沪、粤），当前为「${chars[0]}」`);
  if (/[IO]/.test(plate)) return error('车牌号不使用字母 I 和 O，请核对是否为数字 1 或 0');
  if (chars.length === 8) return error('新能源车牌号格式不正确：小型车字母后第 1 位为 D 或 F（如 浙AD12345），大型车最后一位为 D 或 F（如 粤B12345F）');
  return error(PLATE_MESSAGE);
}

// ------------------------------------------------------------------------------------------- VIN

const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) of a 17-character VIN, ISO 3779 / GB 16735: weighted sum modulo 11, 10 is X. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) if (i !== 8) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : VIN_VALUES[vin[i]]) * VIN_WEIGHTS[i];
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/**
 * 17 characters, digits and letters without I, O, Q (an error otherwise). A wrong check digit is only
 * a warning: vehicles built for Europe (imported cars) do not use it, so such a VIN is imported as typed.
 */
export function checkVin(cell: Cell): FieldCheck<string> {
  if (isBlank(cell)) return {};
  const vin = halfWidth(cellText(cell)).replace(/[\s\-]/g, '').toUpperCase();
  if (vin.length !== 17) return error(`车架号（VIN）应为 17 位，当前 ${vin.length} 位`);
  if (/[IOQ]/.test(vin)) return error('车架号（VIN）不使用字母 I、O、Q，请核对是否为数字 1 或 0');
  if (!/^[0-9A-Z]{17}$/.test(vin)) return error('车架号（VIN）只能包含数字和字母');
  const expected = vinCheckDigit(vin);
  if (vin[8] === expected) return { value: vin };
  return { value: vin, problem: { level: 'warning', message: `车架号（VIN）第 9 位校验位应为 ${expected}，当前为 ${vin[8]}，请核对（部分进口车不使用校验位，已照常导入）` } };
}

// ----------------------------------------------------------------------------------------- dates

/** Days outside these years are typing mistakes (a visit in 1900, an expiry in 2206). */
export const IMPORT_YEARS = { min: 1950, max: 2100 } as const;
/** Excel's serial day number of 1970-01-01 (1900 date system, counting its phantom 1900-02-29). */
const EXCEL_EPOCH_1970 = 25_569;
/** Serial days of 1950-01-01 and 2100-12-31. */
const EXCEL_SERIAL_RANGE = { min: 18_264, max: 73_415 } as const;

const DATE_SHAPES = [
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/, // 2026-03-18, 2026/3/18, 2026.3.18
  /^(\d{4})年(\d{1,2})月(\d{1,2})[日号]?$/, // 2026年3月18日
  /^(\d{4})(\d{2})(\d{2})$/, // 20260318
];

function dayFromParts(year: string, month: string, day: string): Day {
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * A day in the usual Chinese forms or an Excel serial day (46099 → 2026-03-18) as 'YYYY-MM-DD'.
 * A time after the day (2026-03-18 10:30) is dropped; a Date from exceljs is its calendar day.
 */
export function checkDate(cell: Cell, label: string): FieldCheck<Day> {
  const example = '，如 2026-03-18、2026/3/18 或 2026年3月18日';
  if (cell instanceof Date && Number.isNaN(cell.getTime())) return error(`${label}不是有效日期${example}`);
  if (isBlank(cell)) return {};
  let day: Day | null = null;
  if (cell instanceof Date) day = cellText(cell) || null;
  else {
    const text = halfWidth(cellText(cell)).replace(/\s+/g, ' ').replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$/, '').replace(/\s/g, '');
    if (/^\d{1,5}(\.\d+)?$/.test(text)) {
      // An Excel serial day; small numbers (2026, 318) are not dates anyone meant.
      const serial = Math.floor(Number(text));
      if (serial < EXCEL_SERIAL_RANGE.min || serial > EXCEL_SERIAL_RANGE.max) return error(`${label}无法识别${example}`);
      day = dayFromNumber(serial - EXCEL_EPOCH_1970);
    } else {
      const parts = DATE_SHAPES.map((shape) => shape.exec(text)).find(Boolean);
      if (!parts) return error(`${label}无法识别${example}`);
      day = dayFromParts(parts[1], parts[2], parts[3]);
    }
  }
  if (!day || !isDay(day)) return error(`${label}不是有效日期${example}`);
  const year = Number(day.slice(0, 4));
  if (year < IMPORT_YEARS.min || year > IMPORT_YEARS.max) return error(`${label} ${day} 超出合理范围（${IMPORT_YEARS.min}–${IMPORT_YEARS.max} 年），请核对`);
  return { value: day };
}

// --------------------------------------------------------------------------------------- mileage

const MILEAGE_SHAPE = /^(-?)(\d+(?:\.\d+)?)(万|w)?(公里|千米|km)?$/;

/** Kilometres as a whole number: 56000, '5.6万' → 56000, '56,000 km' → 56000, '12.3万公里' → 123000. */
export function checkMileage(cell: Cell): FieldCheck<number> {
  if (isBlank(cell)) return {};
  const text = halfWidth(cellText(cell)).toLowerCase().replace(/\s/g, '');
  const plain = text.replace(/^(-?)(\d{1,3}(?:,\d{3})+)(?!\d)/, (_all, sign: string, digits: string) => sign + digits.replace(/,/g, ''));
  const parts = MILEAGE_SHAPE.exec(plain);
  if (!parts) return error('里程无法识别：请填写公里数，如 56000、5.6万 或 56,000 km');
  const km = Math.round(Number(parts[2]) * (parts[3] ? 10_000 : 1));
  if (parts[1] === '-' && km !== 0) return error('里程不能为负数');
  if (km > MAX_MILEAGE_KM) return error(`里程 ${km.toLocaleString('en-US')} 公里超出合理范围（最多 ${MAX_MILEAGE_KM.toLocaleString('en-US')} 公里），请核对`);
  return { value: km };
}

// ------------------------------------------------------------------------------------ plain text

/** Control characters (NUL cannot be stored) go; single-line fields fold line breaks into spaces. */
function cleanText(cell: Cell, multiline = false): string {
  const text = cellText(cell).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  return (multiline ? text.replace(/[ \t]+/g, ' ') : text.replace(/\s+/g, ' ')).trim().normalize('NFC');
}

export function checkText(cell: Cell, label: string, max: number, multiline = false): FieldCheck<string> {
  const text = cleanText(cell, multiline);
  if (!text) return {};
  return [...text].length > max ? error(`${label}不能超过 ${max} 个字`) : { value: text };
}

/** Tags separated by commas (half or full width), 、, semicolons, | or line breaks; repeats dropped. */
export function checkTags(cell: Cell): FieldCheck<string[]> {
  const tags = [...new Set(cleanText(cell, true).split(/[,，、;；|\n]+/).map((tag) => tag.trim()).filter(Boolean))];
  if (tags.length === 0) return {};
  const long = tags.find((tag) => [...tag].length > IMPORT_TEXT_LIMITS.tag);
  return long ? error(`标签「${long}」超过 ${IMPORT_TEXT_LIMITS.tag} 个字`) : { value: tags };
}

export interface ImportStore {
  id: number;
  name: string;
}

const storeKey = (name: string) => halfWidth(name).replace(/\s/g, '').toLowerCase();

/** A store by its name (spaces, case and full width aside), among the stores the importing user may use. */
export function checkStore(cell: Cell, stores?: readonly ImportStore[]): FieldCheck<ImportStore | string> {
  const checked = checkText(cell, '门店', IMPORT_TEXT_LIMITS.store);
  if (!checked.value || !stores) return checked;
  const name = checked.value;
  const found = stores.find((store) => storeKey(store.name) === storeKey(name));
  return found ? { value: found } : error(`门店「${name}」不存在或不在你的数据范围内`);
}

// ---------------------------------------------------------------------------------------- headers

/** Header texts (after normalisation: no spaces, lower case, half width) of each field. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  name: ['姓名', '客户姓名', '客户名称', '客户名', '客户', '车主', '车主姓名', '车主名称', '联系人', '名字', 'name'],
  mobile: ['手机号', '手机', '手机号码', '联系电话', '电话', '电话号码', '联系方式', '移动电话', '车主电话', '车主手机', '客户手机', 'mobile', 'phone', 'tel'],
  plate: ['车牌号', '车牌', '车牌号码', '号牌号码', '号牌', '车牌照', 'plate'],
  vin: ['车架号', 'vin', 'vin码', '车架号码', '车辆识别代号', '车辆识别号', '车辆识别码', '底盘号', '车架号vin'],
  brand: ['品牌', '车辆品牌', '汽车品牌', '厂牌', 'brand'],
  series: ['车型', '车系', '车型车系', '车系车型', '车型/车系', '车系/车型', '车辆型号', 'series', 'model'],
  mileage: ['里程', '当前里程', '行驶里程', '里程数', '公里数', '表显里程', '进店里程', 'mileage'],
  lastVisitDate: ['上次到店', '最近到店', '上次到店日期', '最近到店日期', '上次到店时间', '最近到店时间', '最后到店', '最后到店日期', '最后到店时间', '上次进店', '最近进店', '最近进店时间', '上次进店时间'],
  insuranceExpiry: ['保险到期', '保险到期日', '保险到期日期', '保险到期时间', '保险截止日期', '保险止期', '交强险到期', '交强险到期日', '商业险到期', '商业险到期日'],
  store: ['门店', '所属门店', '门店名称', '归属门店', '店铺', '所属店铺'],
  tags: ['标签', '客户标签'],
  remark: ['备注', '备注信息', '说明', '客户备注', 'remark', 'note', 'notes'],
  source: ['来源', '客户来源', '线索来源'],
  intent: ['意向项目', '意向', '意向服务'],
};

const HEADER_LOOKUP = new Map<string, ImportField>(IMPORT_FIELDS.flatMap((field) => HEADER_NAMES[field].map((name) => [name, field] as const)));

/** Header text as compared: half width, no spaces, lower case, without * and a (选填)/(必填) marker. */
function headerKey(text: string): string {
  return halfWidth(text)
    .replace(/\s/g, '')
    .toLowerCase()
    .replace(/^\*+|\*+$/g, '')
    .replace(/\((选填|必填|可选|非必填|必须)\)$/, '')
    .replace(/^\*+|\*+$/g, '');
}

/**
 * The field a spreadsheet header stands for, or null: 客户姓名 → name, 手机号码* → mobile,
 * 车架号(VIN) → vin, 当前里程(公里) → mileage (a unit or note in brackets at the end is ignored).
 */
export function headerField(text: unknown): ImportField | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const key = headerKey(String(text));
  return HEADER_LOOKUP.get(key) ?? HEADER_LOOKUP.get(key.replace(/\([^()]*\)$/, '')) ?? null;
}

/** Fields of a whole header row; a field claimed by an earlier column is not given twice (null). */
export function mapHeaders(headers: readonly unknown[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = headerField(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

// -------------------------------------------------------------------------------------- exports

/**
 * A text safe to put in an exported cell (xlsx or CSV): one starting with = + - @, a tab or a
 * carriage return would run as a formula in Excel, so it gets a leading apostrophe (shown as text).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

// ------------------------------------------------------------------------------------------- rows

export type ImportRow = Partial<Record<ImportField, Cell>>;

export interface ImportValues {
  name?: string;
  mobile?: string;
  plate?: string;
  /** From the plate: green plates are new energy. */
  energyType?: EnergyType;
  vin?: string;
  brand?: string;
  series?: string;
  mileage?: number;
  lastVisitDate?: Day;
  insuranceExpiry?: Day;
  /** The matched store when the caller gave its stores, otherwise the name as typed. */
  store?: ImportStore | string;
  tags?: string[];
  remark?: string;
  source?: string;
  intent?: string;
}

export interface RowProblem extends Problem {
  field: ImportField;
}

export interface CheckedRow {
  values: ImportValues;
  problems: RowProblem[];
  /** False when any problem is an error: the row goes to the error report instead. */
  importable: boolean;
}

export interface CheckRowOptions {
  /** The stores the importing user may import into, to match the 门店 column by name. */
  stores?: readonly ImportStore[];
}

export const NAME_OR_MOBILE_MESSAGE = '姓名和手机号至少填写一项';

/**
 * One row: every field checked and normalised. Any error (neither name nor mobile, a malformed
 * mobile or plate, or any other cell that cannot be read) keeps the row out; warnings (the VIN
 * check digit) let it in with a note.
 */
export function checkImportRow(row: ImportRow, options: CheckRowOptions = {}): CheckedRow {
  const checks: { [K in keyof ImportValues]?: FieldCheck<ImportValues[K]> } = {
    name: checkText(row.name, '姓名', IMPORT_TEXT_LIMITS.name),
    mobile: checkMobile(row.mobile),
    plate: checkPlate(row.plate),
    vin: checkVin(row.vin),
    brand: checkText(row.brand, '品牌', IMPORT_TEXT_LIMITS.brand),
    series: checkText(row.series, '车型', IMPORT_TEXT_LIMITS.series),
    mileage: checkMileage(row.mileage),
    lastVisitDate: checkDate(row.lastVisitDate, '上次到店日期'),
    insuranceExpiry: checkDate(row.insuranceExpiry, '保险到期日'),
    store: checkStore(row.store, options.stores),
    tags: checkTags(row.tags),
    remark: checkText(row.remark, '备注', IMPORT_TEXT_LIMITS.remark, true),
    source: checkText(row.source, '来源', IMPORT_TEXT_LIMITS.source),
    intent: checkText(row.intent, '意向项目', IMPORT_TEXT_LIMITS.intent),
  };
  const values: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  if (isBlank(row.name) && isBlank(row.mobile)) problems.push({ field: 'name', level: 'error', message: NAME_OR_MOBILE_MESSAGE });
  for (const [field, check] of Object.entries(checks) as [ImportField, FieldCheck<unknown>][]) {
    if (check.value !== undefined) values[field] = check.value;
    if (check.problem) problems.push({ field, ...check.problem });
  }
  if (typeof values.plate === 'string') values.energyType = plateEnergy(values.plate);
  return { values: values as ImportValues, problems, importable: problems.every((problem) => problem.level !== 'error') };
}

/** The problems of a row as one Chinese text, for the error report's reason column and the row's note. */
export const problemsText = (problems: readonly Problem[]): string => problems.map((problem) => problem.message).join('；');
