/** Server calls of 系统设置 (server/src/routes/garage.ts); answers typed by contracts/api/garage.ts. */
import { http } from '../core';
import type { AnswerOf, InputOf } from '../../contracts/api/route';
import type { bindErp, erpBindings, settings } from '../../contracts/api/garage';
import type { getSync, overview as wecomOverview } from '../../contracts/api/wecom';
import type { provisionSipAccount, sipAccounts } from '../../contracts/api/call';

export type GarageSettings = AnswerOf<typeof settings>;
export type Flag = 'isShowPrice' | 'isShowDiagnostic' | 'isShowPhone' | 'isShowAll' | 'salesman';

export const settingsApi = {
  load: () => http.main.get<GarageSettings>('/garageModule/one', { silent: true }),
  /** Each switch goes to the call the spec names for it (section 7); the rest share /garageModule/flags. */
  change: (flag: Flag, value: boolean) => {
    if (flag === 'isShowPrice') return http.main.put<GarageSettings>('/garage/module/show-price', undefined, { params: { isShowPrice: value } });
    if (flag === 'isShowDiagnostic') return http.main.get<GarageSettings>('/garageModule/changeIsShowDiagnostic', { params: { isShowDiagnostic: value } });
    return http.main.put<GarageSettings>('/garageModule/flags', { [flag]: value });
  },
  pageSize: (pageSize: number) => http.main.get<GarageSettings>('/garageModule/changePageSize', { params: { pageSize } }),
};

export type ErpBinding = AnswerOf<typeof erpBindings>[number];

/** 系统设置 › ERP 对接 (server/src/routes/erp.ts; the spec's path is /api/erp/bind under the main host). */
export const erpApi = {
  list: () => http.main.get<ErpBinding[]>('/api/erp/bindings', { silent: true }),
  bind: (input: InputOf<typeof bindErp>) => http.main.post<ErpBinding>('/api/erp/bind', input),
  sync: (erpType: string) => http.main.post<ErpBinding>('/api/erp/sync', { erpType }),
  unbind: (erpType: string) => http.main.post<{ erpType: string }>('/api/erp/unbind', { erpType }),
};

export type WecomOverview = AnswerOf<typeof wecomOverview>;
export type WecomSync = AnswerOf<typeof getSync>;

/** 系统设置 › 企业微信 (server/src/routes/wecom.ts). */
export const wecomApi = {
  overview: () => http.main.get<WecomOverview>('/wecom-contact/overview', { silent: true }),
  sync: (full: boolean) => http.main.post<WecomSync>('/wecom-contact/sync', { full }),
};

export type PhoneLines = AnswerOf<typeof sipAccounts>;
export type LineStaff = PhoneLines['staff'][number];

/** 系统设置 › 电话线路 (server/src/routes/call.ts): the staff the signed-in person manages and their lines. */
export const linesApi = {
  list: () => http.main.get<PhoneLines>('/call/sip-accounts', { silent: true }),
  give: (input: InputOf<typeof provisionSipAccount>) => http.main.post<AnswerOf<typeof provisionSipAccount>>('/call/sip-account/provision', input),
  take: (userId: string) => http.main.delete<null>('/call/sip-account', { params: { userId } }),
};
