/**
 * 门店基础信息 (settings centre, storeBasics): the profile of each store and of headquarters, adding,
 * closing and reopening stores, and moving a closed store's customers. Who may do what is in
 * contracts/rules/store.ts. Every change carries the store's `version`: a stale one is refused with
 * 「已被他人修改」 instead of overwriting somebody else's change.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { day, id, integer, labelled, oneOf, pattern, requiredText, text } from '../fields';
import {
  CREDIT_CODE_RULE_TEXT,
  PROVINCES,
  STORE_LIMITS,
  STORE_PHONE_RULE_TEXT,
  TIME_PATTERN,
  creditCodeProblem,
  hoursProblem,
  isStorePhone,
  normaliseCreditCode,
} from '../rules/store';

const call = apiCalls('门店基础信息');

const version = integer('版本号', { min: 1, max: 2_147_483_647 });

export const storeProfile = z.object({
  id: z.number(),
  /** Store number within the chain (S01…); headquarters is HQ. */
  code: z.string(),
  isHq: z.boolean(),
  name: z.string(),
  shortName: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  phone: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  bays: z.number(),
  licenceNo: z.string(),
  openedOn: z.string().nullable(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  customerCount: z.number(),
  /** Enabled logins whose only store this is (closing it disables them). */
  storeOnlyStaff: z.array(z.object({ id: z.number(), nickName: z.string(), username: z.string() })),
  /** Whether the signed-in admin may change this profile. */
  editable: z.boolean(),
  version: z.number(),
});

export const storeProfiles = call({
  method: 'GET',
  path: '/store/profiles',
  summary: '门店基础信息：总部与各门店的资料（含已关闭门店），门店管理员只看到本人门店',
  answer: z.object({
    stores: z.array(storeProfile),
    /** Whether the signed-in admin may add, close and reopen stores (chain-wide admins). */
    mayManage: z.boolean(),
  }),
});

/** '' or a valid 统一社会信用代码, upper-cased without spaces. */
const licenceNo = labelled(
  z
    .string({ error: '营业执照号格式不正确' })
    .max(40, { error: `营业执照号应为${CREDIT_CODE_RULE_TEXT}` })
    .transform(normaliseCreditCode)
    .superRefine((value, context) => {
      const problem = value === '' ? null : creditCodeProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  '营业执照号',
);

const time = (label: string, closing = false) =>
  pattern(label, closing ? /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/ : TIME_PATTERN, `${label}应为 时:分，如 ${closing ? '18:00' : '08:30'}`, { max: 5 });

const profileShape = {
    name: requiredText('门店名称', { max: STORE_LIMITS.name }),
    shortName: text('门店简称', { max: STORE_LIMITS.shortName }).default(''),
    province: oneOf('省份', PROVINCES),
    city: requiredText('城市', { max: STORE_LIMITS.city }),
    district: requiredText('区县', { max: STORE_LIMITS.district }),
    address: requiredText('详细地址', { max: STORE_LIMITS.address }),
    phone: pattern('门店电话', /^[\d-]+$/, `门店电话应为${STORE_PHONE_RULE_TEXT}`, { max: 20 }).refine(isStorePhone, {
      error: `门店电话应为${STORE_PHONE_RULE_TEXT}`,
    }),
    opensAt: time('开始营业时间'),
    closesAt: time('结束营业时间', true),
    bays: integer('工位数', { min: 0, max: STORE_LIMITS.bays, unit: ' 个' }),
    licenceNo: licenceNo.default(''),
    openedOn: day('开业日期').optional().or(z.literal('').transform(() => undefined)),
};

/** Closing after opening: checked once every field is right. */
const withHours = <S extends z.ZodType<{ opensAt: string; closesAt: string }>>(schema: S) =>
  schema.superRefine((value, context) => {
    const problem = hoursProblem(value.opensAt, value.closesAt);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['closesAt'] });
  });

const profileFields = withHours(z.object(profileShape));

export type StoreProfileInput = z.input<typeof profileFields>;

export const createStore = call({
  method: 'POST',
  path: '/store',
  summary: '新增门店（仅总部管理员）；新门店立即出现在门店选择中',
  input: profileFields,
  answer: z.object({ id: z.number(), code: z.string() }),
});

export const updateStore = call({
  method: 'PUT',
  path: '/store',
  summary: '修改门店或总部的资料；门店管理员只能修改本人门店',
  input: withHours(z.object({ id: id('门店'), version, ...profileShape })),
  answer: z.object({ version: z.number() }),
});

export const closeStore = call({
  method: 'POST',
  path: '/store/close',
  summary: '关闭门店（仅总部管理员）：不再出现在门店选择中，历史记录保留；可同时把客户迁至另一家门店；只属于该门店的账号停用',
  heavy: true,
  input: z.object({ id: id('门店'), version, toStoreId: id('接收客户的门店').optional() }),
  answer: z.object({ version: z.number(), movedCustomers: z.number(), disabledStaff: z.number() }),
});

export const reopenStore = call({
  method: 'POST',
  path: '/store/reopen',
  summary: '重新启用已关闭的门店（仅总部管理员）；停用的账号需在权限管理中重新启用',
  input: z.object({ id: id('门店'), version }),
  answer: z.object({ version: z.number() }),
});

export const moveCustomers = call({
  method: 'POST',
  path: '/store/move-customers',
  summary: '把已关闭门店的全部客户（连同车辆）迁至另一家营业中的门店，全部成功或全部不变（仅总部管理员）',
  heavy: true,
  input: z.object({ fromStoreId: id('迁出门店'), toStoreId: id('接收客户的门店') }),
  answer: z.object({ movedCustomers: z.number() }),
});
