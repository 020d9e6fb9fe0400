/** Server calls of 数据报表 (server/src/routes/report.ts); answers typed by contracts/api/report.ts. */
import { http } from '../core';
import { downloadFile } from '../core/http/download';
import type * as calls from '../../contracts/api/report';
import type { AnswerOf } from '../../contracts/api/route';
import { messages } from './messages';

export type Report = AnswerOf<typeof calls.report>;
export type ReportRow = Report['rows'][number];

export const reportApi = {
  load: (query: Record<string, string>) => http.main.get<Report>('/report/figures', { params: query, silent: true }),
  /** The xlsx the server builds, saved by the browser; the hidden link is clicked inside `container` (our shadow root). */
  export: (query: Record<string, string>, fileName: string, container: Node & ParentNode | null) =>
    downloadFile('/report/export', query, fileName, { within: container, failedMessage: messages.exportFailed }),
};
