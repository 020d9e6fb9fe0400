/**
 * 门店基础信息 (settings centre, storeBasics): what a store profile may hold and who may change it.
 * The server refuses with these messages; the widget checks the same fields before sending and
 * greys out what the signed-in admin could not save.
 *
 * - An admin edits the profile of a store inside their data scope: a chain-wide admin (data scope 1,
 *   e.g. 总部管理员) every store and the headquarters, a store-level admin (门店管理员) only their own stores.
 * - Only a chain-wide admin adds, closes or reopens stores and moves a closed store's customers.
 * - The last open store of a chain cannot be closed; headquarters is not a store and cannot be closed.
 */
import { isMobile } from './mobile';

/**
 * The 34 province-level divisions. Province is chosen from this list; city and district are typed
 * (about 3,000 county-level names change every year and would cost the widget ~40 KB gzip: see
 * docs/DECISIONS.md, 门店基础信息).
 */
export const PROVINCES = [
  '北京市', '天津市', '河北省', '山西省', '内蒙古自治区', '辽宁省', '吉林省', '黑龙江省', '上海市', '江苏省', '浙江省', '安徽省',
  '福建省', '江西省', '山东省', '河南省', '湖北省', '湖南省', '广东省', '广西壮族自治区', '海南省', '重庆市', '四川省', '贵州省',
  '云南省', '西藏自治区', '陕西省', '甘肃省', '青海省', '宁夏回族自治区', '新疆维吾尔自治区', '台湾省', '香港特别行政区', '澳门特别行政区',
] as const;

export type Province = (typeof PROVINCES)[number];

/** Municipalities and SARs: the city is the province itself (the form fills it in). */
export const CITY_IS_PROVINCE: readonly string[] = ['北京市', '天津市', '上海市', '重庆市', '香港特别行政区', '澳门特别行政区'];

export const isProvince = (text: string): text is Province => (PROVINCES as readonly string[]).includes(text);

/** Landline with area code (0571-88001234, 021-5555 6666 without spaces, extension -123), 400/800, or a mobile. */
const LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
const SERVICE_LINE = /^[48]00-?\d{3}-?\d{4}$/;

export const STORE_PHONE_RULE_TEXT = '座机（如 0571-88001234）、400 电话或 11 位手机号';

export const isStorePhone = (text: string): boolean => LANDLINE.test(text) || SERVICE_LINE.test(text) || isMobile(text);

/** 统一社会信用代码 (GB 32100-2015): 18 characters of this alphabet (no I, O, S, V, Z), the last a check character. */
const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_CODE_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const CREDIT_CODE_RULE_TEXT = '18 位统一社会信用代码（营业执照上的号码）';

/** The check character the first 17 characters call for. */
export function creditCodeCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += CREDIT_CODE_ALPHABET.indexOf(first17[i]) * CREDIT_CODE_WEIGHTS[i];
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31];
}

/** Upper-cased and without spaces, as printed on the licence. */
export const normaliseCreditCode = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** null when the text is a valid code; otherwise what is wrong with it, in Chinese. */
export function creditCodeProblem(text: string): string | null {
  const code = normaliseCreditCode(text);
  if (code.length !== 18) return `营业执照号应为${CREDIT_CODE_RULE_TEXT}，当前 ${code.length} 位`;
  if (!CREDIT_CODE_SHAPE.test(code)) return '营业执照号含有无效字符（不使用 I、O、S、V、Z）或第 3–8 位不是数字';
  if (creditCodeCheck(code.slice(0, 17)) !== code[17]) return '营业执照号校验位不正确，请对照营业执照核对';
  return null;
}

/** 'HH:MM' of a day; closing may be '24:00'. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function hoursProblem(opensAt: string, closesAt: string): string | null {
  if (!TIME_PATTERN.test(opensAt)) return '开始营业时间应为 时:分，如 08:30';
  if (closesAt !== '24:00' && !TIME_PATTERN.test(closesAt)) return '结束营业时间应为 时:分，如 18:00';
  if (minutes(closesAt) <= minutes(opensAt)) return '结束营业时间应晚于开始营业时间';
  return null;
}

/** Limits of the profile's fields, for the contract and the form's maxlength. */
export const STORE_LIMITS = { name: 30, shortName: 10, city: 20, district: 20, address: 80, bays: 999 } as const;

export const STORE_MESSAGES = {
  notAdmin: '仅管理员可以修改门店信息',
  chainWideOnly: '只有总部管理员（全部门店的数据范围）可以新增、关闭或重新启用门店',
  headquartersChainWide: '总部信息只有总部管理员可以修改',
  notFound: '门店不存在',
  headquartersNotClosable: '总部不能关闭',
  lastOpenStore: '这是本连锁最后一家营业中的门店，不能关闭',
  alreadyClosed: '该门店已关闭',
  notClosed: '只能迁移已关闭门店的客户',
  targetInvalid: '请选择另一家营业中的门店接收客户',
  nameTaken: '已有同名的营业中门店，请换一个名称',
  changedByOthers: '已被他人修改，请刷新后再试',
} as const;

export interface StoreEditor {
  isAdmin: boolean;
  dataScope: 1 | 2;
  /** The open stores the admin may see at all. */
  storeIds: readonly number[];
}

/** Whether the admin may change this garage's profile (null: yes). */
export function storeEditProblem(editor: StoreEditor, garage: { id: number; isHq: boolean }): string | null {
  if (!editor.isAdmin) return STORE_MESSAGES.notAdmin;
  if (editor.dataScope === 1) return null;
  if (garage.isHq) return STORE_MESSAGES.headquartersChainWide;
  return editor.storeIds.includes(garage.id) ? null : STORE_MESSAGES.notFound;
}

/** Whether the admin may add, close and reopen stores and move customers between them. */
export function storeManageProblem(editor: StoreEditor): string | null {
  if (!editor.isAdmin) return STORE_MESSAGES.notAdmin;
  return editor.dataScope === 1 ? null : STORE_MESSAGES.chainWideOnly;
}
