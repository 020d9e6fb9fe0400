/**
 * 批量导入保单 (issue 16 through issue 13's jobs): how one spreadsheet row of insurance policies is
 * read and checked, zod-free like contracts/rules/import.ts (whose plate, VIN and date rules it
 * reuses), so the server's preview and job give the very same Chinese messages.
 *
 * One row is one term of one vehicle (insurance_policy's shape): plate or VIN, insurer, policy
 * number, start and end, 交强险 / 商业险 premiums in 元 (stored as fen), coverages, 车船税, agent.
 * Which vehicle the plate is, and whether the user may see it, is decided by the server (it needs
 * the database): those reasons are in POLICY_MESSAGES too.
 */
import { ADD_ONS } from '../insurance';
import { checkDate, checkPlate, checkText, checkVin, headerField, type Cell, type FieldCheck, type Problem } from './import';
import { POLICY_FIELD_LABELS, type PolicyField } from './import-task';

export { POLICY_FIELDS, POLICY_FIELD_LABELS, type PolicyField } from './import-task';

export const POLICY_TEXT_LIMITS = { insurer: 40, policyNo: 40, agent: 32, coverage: 40, coverages: 30 } as const;
/** The most one premium (or 车船税) of one term may be, in 元: more is a typing mistake (a policy number in the wrong column). */
export const MAX_PREMIUM_YUAN = 1_000_000;

export const POLICY_MESSAGES = {
  plateOrVin: '车牌号和车架号至少填写一项',
  required: (label: string) => `${label}不能为空`,
  endBeforeStart: '到期日期应晚于起保日期',
  termTooLong: '保险期间不能超过一年（到期日期最晚为起保日期加一年）',
  premiumNeedsType: '填写了「保费」时，请在「险种」中注明交强险或商业险，或改用「交强险保费」「商业险保费」两列',
  policyType: '险种应为 交强险、商业险 或 交强险+商业险',
  // Decided by the server, with the database:
  noVehicle: (what: string) => `没有找到${what} 的车辆，或该车不在你的数据范围内：请先在客户档案中建档（或用「批量导入客户」导入车辆），再导入保单`,
  manyVehicles: (plate: string) => `车牌号 ${plate} 在多家门店都有车辆，请填写车架号以区分`,
  vinMismatch: (plate: string, vin: string) => `车牌号 ${plate} 在系统中的车架号为 ${vin}，与表格不一致，请核对`,
  otherVehicle: (policyNo: string, plate: string) => `保单号 ${policyNo} 已登记在车辆 ${plate} 上，与本行车辆不同，请核对`,
  outOfScope: (policyNo: string) => `保单号 ${policyNo} 已由你数据范围以外的门店登记，不能导入或修改`,
} as const;

export type PolicyType = 'compulsory' | 'commercial' | 'both';

export interface PolicyCoverage {
  /** contracts/insurance.ts codes (vehicleDamage, thirdParty, driverSeat, passengerSeat, an add-on code) or '' when not recognised. */
  code: string;
  name: string;
  /** Insured amount in 元 (三者 1000000), 0 when not given. */
  limit: number;
  /** Not in the files people have: 0. */
  premiumFen: number;
}

export interface PolicyValues {
  plate?: string;
  vin?: string;
  insurer?: string;
  policyNo?: string;
  policyType?: PolicyType;
  startDate?: string;
  endDate?: string;
  compulsoryFen?: number;
  commercialFen?: number;
  vehicleTaxFen?: number;
  coverages?: PolicyCoverage[];
  agent?: string;
}

export type PolicyRow = Partial<Record<PolicyField, Cell>>;

export interface PolicyProblem extends Problem {
  field: PolicyField;
}

export interface CheckedPolicyRow {
  values: PolicyValues;
  problems: PolicyProblem[];
  importable: boolean;
}

const error = (message: string): FieldCheck<never> => ({ problem: { level: 'error', message } });
const text = (cell: Cell) => (cell === null || cell === undefined ? '' : cell instanceof Date ? '' : String(cell).normalize('NFKC').trim());

/**
 * 元 as whole fen: 950, 950.5, '1,234.56', '¥1234', '1234元'. A number from Excel is rounded to the
 * fen (binary floats); a text with more than 2 decimals is refused (it is not an amount of money).
 */
export function checkYuan(cell: Cell, label: string): FieldCheck<number> {
  if (cell instanceof Date) return error(`${label}应为金额（元），如 950 或 1234.56`);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return error(`${label}应为金额（元），如 950 或 1234.56`);
    if (cell < 0) return error(`${label}不能为负数`);
    if (cell > MAX_PREMIUM_YUAN) return error(`${label}超过 ${MAX_PREMIUM_YUAN.toLocaleString('en-US')} 元，请核对`);
    return { value: Math.round(cell * 100) };
  }
  const raw = text(cell).replace(/\s/g, '');
  if (!raw) return {};
  const plain = raw.replace(/^[¥￥]/, '').replace(/(元|rmb|cny)$/i, '').replace(/^(-?)(\d{1,3}(?:,\d{3})+)(?=\.|$)/, (_all, sign: string, digits: string) => sign + digits.replace(/,/g, ''));
  const parts = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!parts) return error(`${label}应为金额（元），最多两位小数，如 950 或 1234.56`);
  const fen = Number(parts[2]) * 100 + Number((parts[3] ?? '').padEnd(2, '0'));
  if (parts[1] === '-' && fen !== 0) return error(`${label}不能为负数`);
  if (fen > MAX_PREMIUM_YUAN * 100) return error(`${label}超过 ${MAX_PREMIUM_YUAN.toLocaleString('en-US')} 元，请核对`);
  return { value: fen };
}

/** 交强险 / 交强 → compulsory, 商业险 / 商业 → commercial, 交强险+商业险 / 交商 / 全险 → both. */
export function checkPolicyType(cell: Cell): FieldCheck<PolicyType> {
  const raw = text(cell).replace(/\s/g, '');
  if (!raw) return {};
  const compulsory = /交强|交通事故责任强制/.test(raw);
  const commercial = /商业|商险/.test(raw);
  if ((compulsory && commercial) || /^(交商|全险|交商险|交强商业)$/.test(raw)) return { value: 'both' };
  if (compulsory) return { value: 'compulsory' };
  if (commercial) return { value: 'commercial' };
  return error(POLICY_MESSAGES.policyType);
}

const MAIN_COVERS: { code: string; name: string; words: RegExp }[] = [
  { code: 'vehicleDamage', name: '车损险', words: /车损|车辆损失|机动车损失/ },
  { code: 'thirdParty', name: '三者险', words: /三者|第三者/ },
  { code: 'driverSeat', name: '司机座位险', words: /司机|驾驶员/ },
  { code: 'passengerSeat', name: '乘客座位险', words: /乘客|乘员/ },
];
const coverKey = (name: string) => name.replace(/附加|特约条款|责任险|损失险|保险|险|\s/g, '');

/** The code of a coverage as people write it: 三者险、第三者责任保险 → thirdParty; 划痕险 → bodyScratch. */
export function coverageCode(name: string): string {
  const main = MAIN_COVERS.find((cover) => cover.words.test(name));
  if (main) return main.code;
  const key = coverKey(name);
  if (!key) return '';
  const addOn = ADD_ONS.find((entry) => {
    const known = coverKey(entry.name);
    return known.includes(key) || key.includes(known) || (key.length >= 2 && known.includes(key.slice(0, 2)) && known.includes(key.slice(-2)));
  });
  return addOn?.code ?? '';
}

/**
 * 承保险别 as one cell: items separated by 、，,；;| or line breaks, each a name with an optional
 * amount (三者险100万, 司机座位 1万, 车损险 15.8万元, 三者:1000000). Unknown names are kept as written.
 */
export function checkCoverages(cell: Cell): FieldCheck<PolicyCoverage[]> {
  const items = text(cell).split(/[,，、;；|\n]+/).map((item) => item.trim()).filter(Boolean);
  if (items.length === 0) return {};
  if (items.length > POLICY_TEXT_LIMITS.coverages) return error(`承保险别最多 ${POLICY_TEXT_LIMITS.coverages} 项`);
  const coverages: PolicyCoverage[] = [];
  for (const item of items) {
    const amount = /[:：]?\s*(\d+(?:\.\d+)?)\s*(万)?\s*元?$/.exec(item);
    const name = (amount ? item.slice(0, amount.index) : item).replace(/[:：\s]+$/, '').trim();
    if (!name) return error(`承保险别「${item}」缺少险别名称`);
    if ([...name].length > POLICY_TEXT_LIMITS.coverage) return error(`承保险别「${name}」超过 ${POLICY_TEXT_LIMITS.coverage} 个字`);
    const limit = amount ? Math.round(Number(amount[1]) * (amount[2] ? 10_000 : 1)) : 0;
    if (limit > 100_000_000) return error(`承保险别「${name}」的保额超出合理范围，请核对`);
    coverages.push({ code: coverageCode(name), name, limit, premiumFen: 0 });
  }
  return { value: coverages };
}

/** 保单号: letters and digits as printed, upper case, without spaces. */
export function checkPolicyNo(cell: Cell): FieldCheck<string> {
  const value = text(cell).replace(/\s/g, '').toUpperCase();
  if (!value) return {};
  if (value.length > POLICY_TEXT_LIMITS.policyNo) return error(`保单号不能超过 ${POLICY_TEXT_LIMITS.policyNo} 位`);
  if (!/^[0-9A-Z\-_/]+$/.test(value)) return error('保单号只能包含字母、数字和 - _ /');
  return { value };
}

/** One year after a day: 2026-03-18 → 2027-03-18 (29 February → 28 February). */
function oneYearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** Every field checked; the vehicle itself is found by the server. */
export function checkPolicyRow(row: PolicyRow): CheckedPolicyRow {
  const checks: { [K in PolicyField]: FieldCheck<unknown> } = {
    plate: checkPlate(row.plate),
    vin: checkVin(row.vin),
    insurer: checkText(row.insurer, '保险公司', POLICY_TEXT_LIMITS.insurer),
    policyNo: checkPolicyNo(row.policyNo),
    policyType: checkPolicyType(row.policyType),
    startDate: checkDate(row.startDate, '起保日期'),
    endDate: checkDate(row.endDate, '到期日期'),
    compulsoryPremium: checkYuan(row.compulsoryPremium, '交强险保费'),
    commercialPremium: checkYuan(row.commercialPremium, '商业险保费'),
    premium: checkYuan(row.premium, '保费'),
    vehicleTax: checkYuan(row.vehicleTax, '车船税'),
    coverages: checkCoverages(row.coverages),
    agent: checkText(row.agent, '经办人', POLICY_TEXT_LIMITS.agent),
  };
  const problems: PolicyProblem[] = [];
  const fail = (field: PolicyField, message: string) => problems.push({ field, level: 'error', message });
  for (const [field, check] of Object.entries(checks) as [PolicyField, FieldCheck<unknown>][]) if (check.problem) problems.push({ field, ...check.problem });
  const v = <T>(field: PolicyField) => checks[field].value as T | undefined;

  if (!text(row.plate) && !text(row.vin)) fail('plate', POLICY_MESSAGES.plateOrVin);
  for (const field of ['insurer', 'policyNo', 'startDate', 'endDate'] as const) {
    if (!text(row[field]) && !(row[field] instanceof Date)) fail(field, POLICY_MESSAGES.required(POLICY_FIELD_LABELS[field]));
  }
  const start = v<string>('startDate');
  const end = v<string>('endDate');
  if (start && end) {
    if (end <= start) fail('endDate', POLICY_MESSAGES.endBeforeStart);
    else if (end > oneYearAfter(start)) fail('endDate', POLICY_MESSAGES.termTooLong);
  }
  const policyType = v<PolicyType>('policyType');
  let compulsoryFen = v<number>('compulsoryPremium');
  let commercialFen = v<number>('commercialPremium');
  const premium = v<number>('premium');
  // One 保费 column: the 险种 column says which premium it is.
  if (premium !== undefined && premium > 0) {
    if (policyType === 'compulsory') compulsoryFen ??= premium;
    else if (policyType === 'commercial') commercialFen ??= premium;
    else fail('premium', POLICY_MESSAGES.premiumNeedsType);
  }
  const values: PolicyValues = {
    plate: v('plate'), vin: v('vin'), insurer: v('insurer'), policyNo: v('policyNo'), policyType,
    startDate: start, endDate: end, compulsoryFen, commercialFen, vehicleTaxFen: v('vehicleTax'), coverages: v('coverages'), agent: v('agent'),
  };
  for (const key of Object.keys(values) as (keyof PolicyValues)[]) if (values[key] === undefined) delete values[key];
  return { values, problems, importable: problems.every((problem) => problem.level !== 'error') };
}

// ---------------------------------------------------------------------------------------- headers

const HEADER_NAMES: Record<Exclude<PolicyField, 'plate' | 'vin'>, string[]> = {
  insurer: ['保险公司', '承保公司', '保险公司名称', '承保机构', '承保单位', '保司', 'insurer'],
  policyNo: ['保单号', '保单号码', '保险单号', '保单编号', '保险单号码', 'policyno'],
  policyType: ['险种', '险种类型', '保险类型', '投保类型', '险类', '保单类型'],
  startDate: ['起保日期', '起保日', '起保时间', '生效日期', '保险起期', '起期', '开始日期', '保险开始日期', '保险起始日期'],
  endDate: ['到期日期', '到期日', '到期时间', '终保日期', '保险止期', '止期', '截止日期', '结束日期', '保险到期', '保险到期日', '保险到期日期', '保险结束日期', '保险终止日期'],
  compulsoryPremium: ['交强险保费', '交强保费', '交强险', '交强险金额', '交强险费用'],
  commercialPremium: ['商业险保费', '商业保费', '商业险', '商业险金额', '商业险费用'],
  premium: ['保费', '保险费', '总保费', '保费金额', '签单保费', '保费合计'],
  vehicleTax: ['车船税', '车船使用税', '代收车船税', '车船税金额'],
  coverages: ['承保险别', '险别', '投保险种', '险种明细', '保障内容', '承保险种', '投保险别', '险别明细'],
  agent: ['经办人', '业务员', '出单员', '代理人', '销售人员', '经手人', '销售员', '出单人'],
};
const headerKey = (value: string) => value.normalize('NFKC').replace(/\s/g, '').toLowerCase().replace(/^\*+|\*+$/g, '').replace(/\((选填|必填|可选|非必填|必须)\)$/, '').replace(/^\*+|\*+$/g, '');
const LOOKUP = new Map<string, PolicyField>(Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name) => [headerKey(name), field as PolicyField] as const)));

/** The field a header stands for: ours first (保险到期 is the end day here), then 车牌/车架号 as the customer import reads them. */
export function policyHeaderField(header: unknown): PolicyField | null {
  if (typeof header !== 'string' && typeof header !== 'number') return null;
  const key = headerKey(String(header));
  const own = LOOKUP.get(key) ?? LOOKUP.get(key.replace(/\([^()]*\)$/, ''));
  if (own) return own;
  const shared = headerField(header);
  return shared === 'plate' || shared === 'vin' ? shared : null;
}

/** Fields of a whole header row; the first column claiming a field wins. */
export function mapPolicyHeaders(headers: readonly unknown[]): (PolicyField | null)[] {
  const taken = new Set<PolicyField>();
  return headers.map((header) => {
    const field = policyHeaderField(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
