/** The board's server call: GET /client/board (server/src/routes/customer.ts). */
import { http } from '../core';
import type { LifecycleStage } from '../customer-list/condition-rules';

export interface BoardAnswer {
  total: number;
  totals: Record<LifecycleStage, number>;
  stores: { storeId: number; storeName: string; counts: Record<LifecycleStage, number>; total: number }[];
}

export const boardApi = {
  load: (storeIds?: number[]) => http.main.get<BoardAnswer>('/client/board', { silent: true, params: { storeIds: storeIds?.join(',') || undefined } }),
};
