/** Server calls of 数据报表 (server/src/routes/report.ts); answers typed by contracts/api/report.ts. */
import { ApiError, http, toast } from '../core';
import type * as calls from '../../contracts/api/report';
import type { AnswerOf } from '../../contracts/api/route';
import { messages } from './messages';

export type Report = AnswerOf<typeof calls.report>;
export type ReportRow = Report['rows'][number];

/**
 * The xlsx the server builds, saved by the browser. A JSON answer instead of a file is a refusal
 * in an envelope: its message is shown, nothing is saved.
 */
async function download(query: Record<string, string>, fileName: string, container: Node & ParentNode | null): Promise<void> {
  const blob = await http.main.get<Blob>('/report/export', { params: query, download: true });
  if (blob.type.includes('json') || blob.type.startsWith('text/')) {
    let message: string = messages.exportFailed;
    try {
      message = (JSON.parse(await blob.text()) as { msg?: string }).msg || message;
    } catch {
      /* not an envelope: the generic message */
    }
    toast.error(message);
    throw new ApiError(-1, message, 200);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  // Inside our shadow root the click is ours alone; the page never sees the link.
  (container ?? document.body).append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const reportApi = {
  load: (query: Record<string, string>) => http.main.get<Report>('/report/figures', { params: query, silent: true }),
  export: download,
};
