/** Garages and stores: switching, display settings, modules, store counts, import columns, ERP. */
import { z } from 'zod';
import { apiCalls } from './route';
import { flag, id, integer, oneOf, requiredText, text } from '../fields';
import { ERP_TYPES } from '../rules/erp';

const call = apiCalls('门店与设置');

export const switchableGarages = call({
  method: 'GET',
  path: '/garage/switchable-list',
  summary: '可切换的门店（含总部），isOldVersion 为真时前端跳转旧版',
  answer: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), isHq: z.boolean(), isOldVersion: z.boolean(), selected: z.boolean() })),
});

export const switchGarage = call({
  method: 'PUT',
  path: '/garage/switch',
  summary: '切换到另一个门店',
  input: z.object({ garageId: id('门店') }),
  answer: z.object({ garageId: z.number() }),
});

export const garageSettings = z.object({
  garageId: z.number(),
  isShowPrice: z.boolean(),
  isShowDiagnostic: z.boolean(),
  isShowPhone: z.boolean(),
  isShowAll: z.boolean(),
  salesman: z.boolean(),
  pageSize: z.number(),
});

/** What each 系统设置 switch is called (the settings page, the audit log). */
export const SETTING_NAMES = {
  is_show_price: '显示价格',
  is_show_diagnostic: '显示诊断表',
  is_show_phone: '显示客户完整手机号',
  is_show_all: '员工可查看全部客户',
  salesman: '显示销售顾问',
  page_size: '每页条数',
} as const;

export const settings = call({ method: 'GET', path: '/garageModule/one', summary: '门店显示设置', answer: garageSettings });

export const changeShowDiagnostic = call({
  method: 'GET',
  path: '/garageModule/changeIsShowDiagnostic',
  summary: '显示/隐藏诊断表（设置中心权限）',
  input: z.object({ isShowDiagnostic: flag('诊断表显示开关') }),
  answer: garageSettings,
});

export const changePageSize = call({
  method: 'GET',
  path: '/garageModule/changePageSize',
  summary: '表格每页条数',
  input: z.object({ pageSize: integer('每页条数', { min: 5, max: 200 }) }),
  answer: garageSettings,
});

export const changeShowPrice = call({
  method: 'PUT',
  path: '/garage/module/show-price',
  summary: '显示/隐藏价格（设置中心权限）',
  input: z.object({ isShowPrice: flag('价格显示开关') }),
  answer: garageSettings,
});

export const changeFlags = call({
  method: 'PUT',
  path: '/garageModule/flags',
  summary: '系统设置：手机号、全部客户与销售顾问的显示开关（设置中心权限）；已登录的员工 5 秒内生效',
  input: z.object({
    isShowPhone: flag('显示客户完整手机号').optional(),
    isShowAll: flag('员工可查看全部客户').optional(),
    salesman: flag('显示销售顾问').optional(),
  }),
  answer: garageSettings,
});

export const modules = call({
  method: 'GET',
  path: '/garage/module',
  summary: '已开通的功能模块',
  answer: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.boolean(), expiresAt: z.string().nullable(), expired: z.boolean() })),
});

export const storeCustomerCounts = call({
  method: 'GET',
  path: '/client/count/store',
  summary: '可见门店及其客户数',
  answer: z.array(z.object({ code: z.string(), storeNo: z.string(), name: z.string(), count: z.number(), selected: z.boolean() })),
});

/** One ERP bound to the current store: its state and the outcome of the last sync. */
export const erpBinding = z.object({
  id: z.number(),
  erpType: z.enum(ERP_TYPES),
  account: z.string(),
  storeCode: z.string(),
  /** The ERP's name of the store the account opens. */
  erpStoreName: z.string(),
  boundAt: z.string(),
  boundBy: z.string(),
  lastSyncAt: z.string().nullable(),
  /** 'ok', or the ERP's refusal; '' before the first sync. */
  lastSyncResult: z.string(),
  lastSyncCustomers: z.number(),
  lastSyncOrders: z.number(),
});

const erpType = oneOf('ERP 类型', ERP_TYPES);

/** The spec's call: the ERP checks the account first; the password is passed on, never stored. */
export const bindErp = call({
  method: 'POST',
  path: '/api/erp/bind',
  summary: '绑定 ERP（ERP 先核对账号；密码只转交 ERP，不保存）',
  input: z.object({
    erpType,
    account: requiredText('ERP 账号', { max: 64 }),
    password: z.string({ error: '请输入 ERP 密码' }).min(1, '请输入 ERP 密码').max(128, 'ERP 密码不能超过 128 位'),
    storeCode: text('ERP 门店编码', { max: 64 }).default(''),
  }),
  answer: erpBinding,
});

export const erpBindings = call({
  method: 'GET',
  path: '/api/erp/bindings',
  summary: '当前门店绑定的 ERP 与上次同步结果',
  answer: z.array(erpBinding),
});

export const unbindErp = call({
  method: 'POST',
  path: '/api/erp/unbind',
  summary: '解除当前门店与 ERP 的绑定（已同步的数据保留）',
  input: z.object({ erpType }),
  answer: z.object({ erpType: z.enum(ERP_TYPES) }),
});

export const syncErp = call({
  method: 'POST',
  path: '/api/erp/sync',
  summary: '立即从 ERP 同步客户与工单',
  heavy: true,
  input: z.object({ erpType }),
  answer: erpBinding,
});