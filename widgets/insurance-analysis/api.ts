/** Server calls of 保险分析 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/insurance';
import type { AnswerOf } from '../../contracts/api/route';

export type Analysis = AnswerOf<typeof calls.analysis>;

export const analysisApi = {
  load: (query: { from: string; to: string; storeIds?: string }) => http.main.get<Analysis>('/insurance/analysis', { params: query, silent: true }),
};
