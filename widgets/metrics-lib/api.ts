/** Server calls of 指标库 (server/src/routes/metrics.ts); answers typed by contracts/api/metrics.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/metrics';
import type { AnswerOf } from '../../contracts/api/route';
import type { MetricDirection, MetricPeriod, MetricUnit } from '../../contracts/rules/metrics';

export type Library = AnswerOf<typeof calls.library>;
export type CustomMetric = Library['custom'][number];
export type CustomInput = { name: string; unit: MetricUnit; description: string; period: MetricPeriod; direction: MetricDirection };

export const metricsLibApi = {
  library: (storeId?: number) => http.main.get<Library>('/metrics/library', { params: storeId ? { storeId } : {}, silent: true }),
  create: (metric: CustomInput) => http.main.post<AnswerOf<typeof calls.createCustom>>('/metrics/custom', metric),
  update: (metric: CustomInput & { id: number; version: number }) => http.main.put<AnswerOf<typeof calls.updateCustom>>('/metrics/custom', metric),
  remove: (id: number, version: number) => http.main.delete<null>('/metrics/custom', { params: { id, version } }),
  enter: (entry: { id: number; storeId: number; day: string; value: number }) =>
    http.main.put<AnswerOf<typeof calls.enterCustomValue>>('/metrics/custom/value', entry),
};
