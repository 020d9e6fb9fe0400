/** Server calls of 客户分析 (server/src/routes/customer-analysis.ts); answers typed by contracts/api/customer-analysis.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/customer-analysis';
import type * as garage from '../../contracts/api/garage';
import type { AnswerOf } from '../../contracts/api/route';

export type Analysis = AnswerOf<typeof calls.analysis>;
export type Modules = AnswerOf<typeof garage.modules>;

export const analysisApi = {
  load: (query: { from: string; to: string; storeIds?: string }) => http.main.get<Analysis>('/customer-analysis', { params: query, silent: true }),
  /** The chain's add-ons: without 客户分析 the element shows its 项目商城 page instead. */
  modules: () => http.main.get<Modules>('/garage/module', { silent: true }),
};
