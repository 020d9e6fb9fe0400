/** Server calls of 保险分析 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { http } from '../core';
import { downloadFile } from '../core/http/download';
import { ANALYSIS_EXPORT_PATH } from '../../contracts/insurance';
import type * as calls from '../../contracts/api/insurance';
import type { AnswerOf } from '../../contracts/api/route';
import { messages } from './messages';

export type Analysis = AnswerOf<typeof calls.analysis>;

export const analysisApi = {
  /** Saves the workbook the server built; the hidden link is clicked `within` our shadow root when we have one. */
  exportXlsx: (query: { from: string; to: string; storeIds?: string }, fileName: string, within?: { append(node: Node): void } | null) =>
    downloadFile(ANALYSIS_EXPORT_PATH, query, fileName, { within, failedMessage: messages.exportFailed }),
  load: (query: { from: string; to: string; storeIds?: string }) => http.main.get<Analysis>('/insurance/analysis', { params: query, silent: true }),
};
