/** Server calls of 门店基础信息 (server/src/routes/store-basics.ts); answers typed by contracts/api/store.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/store';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type StoreProfiles = AnswerOf<typeof calls.storeProfiles>;
export type StoreProfile = StoreProfiles['stores'][number];
export type ProfileInput = InputOf<typeof calls.createStore>;

export const storeApi = {
  list: () => http.main.get<StoreProfiles>('/store/profiles', { silent: true }),
  create: (profile: ProfileInput) => http.main.post<AnswerOf<typeof calls.createStore>>('/store', profile),
  update: (id: number, version: number, profile: ProfileInput) => http.main.put<AnswerOf<typeof calls.updateStore>>('/store', { id, version, ...profile }),
  close: (id: number, version: number, toStoreId?: number) =>
    http.main.post<AnswerOf<typeof calls.closeStore>>('/store/close', { id, version, ...(toStoreId ? { toStoreId } : {}) }),
  reopen: (id: number, version: number) => http.main.post<AnswerOf<typeof calls.reopenStore>>('/store/reopen', { id, version }),
  moveCustomers: (fromStoreId: number, toStoreId: number) =>
    http.main.post<AnswerOf<typeof calls.moveCustomers>>('/store/move-customers', { fromStoreId, toStoreId }),
};
