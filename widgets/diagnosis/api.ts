/** Server calls of 诊断表 (server/src/routes/analysis.ts); answers typed by contracts/api/analysis.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/analysis';
import type { AnswerOf } from '../../contracts/api/route';

export type DiagnosisAnswer = AnswerOf<typeof calls.diagnosis>;
export type StoreRow = DiagnosisAnswer['stores'][number];
export type Cell = StoreRow['cells'][number];

export const diagnosisApi = {
  load: (month?: string) => http.main.get<DiagnosisAnswer>('/analysis/diagnosis', { params: month ? { month } : {}, silent: true }),
};
