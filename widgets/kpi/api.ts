/** Server calls of 数据统计 (server/src/routes/analysis.ts); answers typed by contracts/api/analysis.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/analysis';
import type { AnswerOf } from '../../contracts/api/route';
import type { KpiItem } from '../../contracts/rules/analysis';

export type Scores = AnswerOf<typeof calls.kpiScores>;
export type StaffRow = Scores['staff'][number];
export type Sets = AnswerOf<typeof calls.kpiSets>;
export type JobSet = Sets['jobs'][number];

export const kpiApi = {
  scores: (query: { month?: string; storeId?: number }) => http.main.get<Scores>('/analysis/kpi/scores', { params: query, silent: true }),
  sets: () => http.main.get<Sets>('/analysis/kpi/sets', { silent: true }),
  save: (job: JobSet, items: KpiItem[]) =>
    http.main.put<AnswerOf<typeof calls.saveKpiSet>>('/analysis/kpi/set', { jobId: job.jobId, version: job.version, items }, { silent: true }),
};
