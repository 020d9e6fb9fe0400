/**
 * 潜在客户 (issue 13): leads that have not visited yet — their list with status, owner, source and
 * next follow-up; typing one in, editing, following up, assigning an owner in bulk, marking 无效,
 * and 转为客户. Reading follows the data scope like the customer pages; every change needs the
 * 客户导入 permission, except a lead's follow-ups, which its owner may always record. Changes of one lead carry its `version`: a stale one is refused with
 * 「已被他人修改」. Statuses and what may change: contracts/rules/potential.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { day, flag, id, idList, integer, oneOf, text } from '../fields';
import { checkPlate } from '../rules/import';
import { MOBILE_PATTERN } from '../rules/mobile';
import { FOLLOW_UP_STATUSES, POTENTIAL_LIMITS as LIMITS, POTENTIAL_STATUSES } from '../rules/potential';

const call = apiCalls('潜在客户');

const version = integer('版本号', { min: 1, max: 2_147_483_647 });
const leadId = id('潜在客户');
const orEmpty = <S extends z.ZodType>(schema: S) => schema.optional().or(z.literal('').transform(() => undefined));

/** 浙A12345, 浙a·12345 or 浙AD12345: the import's plate rule, answered normalised. */
const plate = z
  .string({ error: '车牌号格式不正确' })
  .max(20, { error: '车牌号不能超过 20 个字' })
  .transform((value, context) => {
    if (value.trim() === '') return '';
    const checked = checkPlate(value);
    if (checked.problem) {
      context.addIssue({ code: 'custom', message: checked.problem.message });
      return z.NEVER;
    }
    return checked.value!;
  })
  .meta({ title: '车牌号' });

export const potentialRow = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  name: z.string(),
  /** Masked (138****0000) where the garage hides mobile numbers. */
  mobile: z.string(),
  plate: z.string(),
  source: z.string(),
  intent: z.string(),
  remark: z.string(),
  status: z.enum(POTENTIAL_STATUSES),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  nextFollowUp: z.string().nullable(),
  lastFollowUpAt: z.string().nullable(),
  lastNote: z.string(),
  /** The customer the lead became (已转为客户), or null. */
  customerId: z.number().nullable(),
  convertedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});

export const potentialList = call({
  method: 'GET',
  path: '/potential/list',
  summary: '潜在客户列表（按数据范围；可按状态、负责人、来源、关键字与「今日待跟进」筛选）',
  heavy: true,
  input: z.object({
    page: integer('页码', { min: 1, max: 100_000 }).default(1),
    pageSize: integer('每页条数', { min: 5, max: LIMITS.pageSize }).default(10),
    status: orEmpty(oneOf('跟进状态', POTENTIAL_STATUSES)),
    /** 0 = nobody (未分配). */
    ownerId: orEmpty(integer('负责人', { min: 0, max: 2_147_483_647 })),
    source: orEmpty(text('来源', { max: LIMITS.source })),
    /** Name, mobile or plate (with or without the province). */
    keyword: orEmpty(text('关键字', { max: 40 })),
    /** Only leads whose next follow-up is today or earlier (and still open). */
    due: flag('今日待跟进').default(false),
    storeIds: orEmpty(idList('门店', { max: 500 })),
  }),
  answer: z.object({
    total: z.number(),
    rows: z.array(potentialRow),
    /** Leads per status within the scope and the other filters, for the status chips. */
    counts: z.record(z.string(), z.number()),
    /** Leads due today or overdue, within the scope. */
    due: z.number(),
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Staff who may own leads: `storeIds` they work in, `wholeChain` for headquarters staff. */
    staff: z.array(z.object({ id: z.number(), name: z.string(), storeIds: z.array(z.number()), wholeChain: z.boolean() })),
    sources: z.array(z.string()),
    /** The caller holds 客户导入 and may change leads. */
    canEdit: z.boolean(),
    today: z.string(),
  }),
});

/** '' = none; left out when editing = keep the number on file (the widget may only see it masked). */
const mobileOrBlank = z
  .string({ error: '手机号格式不正确' })
  .max(20, { error: '手机号格式不正确' })
  .trim()
  .refine((value) => value === '' || MOBILE_PATTERN.test(value), { error: '请输入正确的 11 位手机号' })
  .meta({ title: '手机号' });

const leadFields = {
  name: text('姓名', { max: LIMITS.name }).optional(),
  mobile: mobileOrBlank.optional(),
  plate: plate.optional(),
  source: text('来源', { max: LIMITS.source }).optional(),
  intent: text('意向项目', { max: LIMITS.intent }).optional(),
  remark: text('备注', { max: LIMITS.remark, multiline: true }).optional(),
  nextFollowUp: orEmpty(day('下次跟进日期')).nullable(),
};

export const createPotential = call({
  method: 'POST',
  path: '/potential',
  summary: '新增潜在客户（姓名和手机号至少填一项；同手机号或车牌已是客户或潜在客户时拒绝）',
  input: z.object({ storeId: id('门店').optional(), ownerId: id('负责人').optional(), ...leadFields }),
  answer: z.object({ id: z.number() }),
});

export const updatePotential = call({
  method: 'PUT',
  path: '/potential',
  summary: '修改潜在客户的资料与下次跟进日期',
  input: z.object({ id: leadId, version, ...leadFields }),
  answer: z.object({ version: z.number() }),
});

export const addFollowUp = call({
  method: 'POST',
  path: '/potential/follow-up',
  summary: '记录一次跟进：内容、跟进后的状态与下次跟进日期（标记无效须写原因）；负责人可跟进自己的潜在客户',
  input: z.object({
    id: leadId,
    version,
    note: text('跟进内容', { max: LIMITS.note, multiline: true }),
    status: oneOf('跟进后状态', FOLLOW_UP_STATUSES),
    nextFollowUp: orEmpty(day('下次跟进日期')).nullable(),
  }),
  answer: z.object({ version: z.number() }),
});

export const markInvalid = call({
  method: 'POST',
  path: '/potential/invalid',
  summary: '标记为无效（须填写原因，记入跟进记录与操作日志）',
  input: z.object({ id: leadId, version, reason: text('无效原因', { max: LIMITS.note, min: 1 }) }),
  answer: z.object({ version: z.number() }),
});

export const assignOwner = call({
  method: 'POST',
  path: '/potential/assign',
  summary: '批量分配负责人（须为各潜在客户所在门店的员工）',
  input: z.object({ ids: idList('潜在客户', { max: LIMITS.bulk }).refine((ids) => ids.length > 0, { error: '请至少选择一位潜在客户' }), ownerId: id('负责人') }),
  answer: z.object({ assigned: z.number() }),
});

export const followUps = call({
  method: 'GET',
  path: '/potential/follow-ups',
  summary: '一位潜在客户的跟进记录（最新在前）',
  input: z.object({ id: leadId }),
  answer: z.object({
    entries: z.array(z.object({ id: z.number(), at: z.string(), userName: z.string(), status: z.enum(POTENTIAL_STATUSES), note: z.string() })),
  }),
});

export const convertPotential = call({
  method: 'POST',
  path: '/potential/convert',
  summary: '转为客户：在其门店建客户（有车牌则建车辆），已有同手机号或车牌的客户则直接关联；跟进记录保留',
  input: z.object({ id: leadId, version }),
  answer: z.object({ customerId: z.number(), vehicleId: z.number().nullable(), created: z.boolean() }),
});
