/** Server calls of 保险分析 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { ApiError, http, toast } from '../core';
import { ANALYSIS_EXPORT_PATH } from '../../contracts/insurance';
import type * as calls from '../../contracts/api/insurance';
import type { AnswerOf } from '../../contracts/api/route';

export type Analysis = AnswerOf<typeof calls.analysis>;

/**
 * Saves the workbook the server built. An answer that is JSON instead of a file is the server's
 * refusal in an envelope (no add-on, bad range): its message is shown, nothing is saved.
 */
async function saveXlsx(query: Record<string, string>, fileName: string, within: { append(node: Node): void } | null | undefined): Promise<void> {
  const blob = await http.main.get<Blob>(ANALYSIS_EXPORT_PATH, { params: query, download: true });
  if (blob.type.includes('json') || blob.type.startsWith('text/')) {
    let message = '导出失败，请稍后重试';
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
  link.hidden = true;
  // Inside our shadow root when we have one: the page never sees the link.
  (within ?? document.body).append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const analysisApi = {
  exportXlsx: (query: { from: string; to: string; storeIds?: string }, fileName: string, within?: { append(node: Node): void } | null) => saveXlsx(query, fileName, within),
  load: (query: { from: string; to: string; storeIds?: string }) => http.main.get<Analysis>('/insurance/analysis', { params: query, silent: true }),
};
