/**
 * Server calls of 批量导入 (contracts/api/import.ts). The file goes as multipart (FormData: the
 * HTTP client sends it as it is); JSON answers come in the usual encrypted envelope. Template and
 * error report are binary downloads carrying the session token like every call.
 */
import { ApiError, http, toast } from '../core';
import type { AnswerOf } from '../../contracts/api/route';
import type { ImportPreset, importPreview, importStart, importTask, importTaskConfig } from '../../contracts/api/import';
import { IMPORT_REPORT_PATH, IMPORT_TEMPLATE_PATH, type DuplicateMode, type ImportKind } from '../../contracts/rules/import-task';
import type { ImportMapping } from '../../contracts/api/import';
import type { z } from 'zod';

export type ImportPreview = AnswerOf<typeof importPreview>;
export type ImportTask = z.infer<typeof importTask>;
export type TaskConfig = AnswerOf<typeof importTaskConfig>;
export type { ImportPreset };

function uploadForm(file: File, kind: ImportKind, mapping: ImportMapping | null, duplicates?: DuplicateMode): FormData {
  const form = new FormData();
  // The text parts first: the server reads them before it streams the file.
  form.append('kind', kind);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (duplicates) form.append('duplicates', duplicates);
  form.append('file', file, file.name);
  return form;
}

/**
 * A download as a file the browser saves. An answer that is JSON instead of a file is the server's
 * refusal in an envelope (no permission, unknown task): its message is shown, nothing is saved.
 */
async function download(path: string, params: Record<string, string | number>, fileName: string): Promise<void> {
  const blob = await http.main.get<Blob>(path, { params, download: true });
  if (blob.type.includes('json') || blob.type.startsWith('text/')) {
    const text = await blob.text();
    let message = '下载失败，请稍后重试';
    try {
      const envelope = JSON.parse(text) as { msg?: string };
      if (envelope.msg) message = envelope.msg;
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
  link.style.display = 'none';
  // Inside our shadow root the click is ours alone; the page never sees the link.
  (document.body ?? document.documentElement).append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file (a click starts the download asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const importApi = {
  config: (kind: ImportKind) => http.main.get<TaskConfig>('/client/import/task-config', { params: { type: kind }, silent: true }),
  savePreset: (kind: ImportKind, name: string, headers: string[], mapping: ImportMapping) =>
    http.main.put<ImportPreset[]>('/client/import/task-config', { type: kind, name, headers, mapping }),
  template: (kind: ImportKind, fileName: string) => download(IMPORT_TEMPLATE_PATH, { kind }, fileName),
  report: (taskId: number, fileName: string) => download(IMPORT_REPORT_PATH, { taskId }, fileName),
  /** Quiet for a new file (its refusal is said next to the drop zone), toasted for a corrected mapping. */
  preview: (file: File, kind: ImportKind, mapping: ImportMapping | null) =>
    http.main.post<ImportPreview>('/client/import/preview', uploadForm(file, kind, mapping), { silent: mapping === null }),
  start: (file: File, kind: ImportKind, mapping: ImportMapping, duplicates: DuplicateMode) =>
    http.main.post<AnswerOf<typeof importStart>>('/client/import', uploadForm(file, kind, mapping, duplicates)),
  task: (taskId: number) => http.main.get<ImportTask>('/client/import/task', { params: { taskId }, silent: true, allowDuplicate: true }),
  tasks: (kind: ImportKind) => http.main.get<ImportTask[]>('/client/import/tasks', { params: { kind }, silent: true }),
  cancel: (taskId: number) => http.main.post<ImportTask>('/client/import/cancel', { taskId }),
};
