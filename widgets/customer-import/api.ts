/**
 * Server calls of 批量导入 (contracts/api/import.ts). The file goes as multipart (FormData: the
 * HTTP client sends it as it is); JSON answers come in the usual encrypted envelope. Template and
 * error report are binary downloads carrying the session token like every call.
 */
import { http } from '../core';
import { downloadFile } from '../core/http/download';
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

export const importApi = {
  config: (kind: ImportKind) => http.main.get<TaskConfig>('/client/import/task-config', { params: { type: kind }, silent: true }),
  savePreset: (kind: ImportKind, name: string, headers: string[], mapping: ImportMapping) =>
    http.main.put<ImportPreset[]>('/client/import/task-config', { type: kind, name, headers, mapping }),
  template: (kind: ImportKind, fileName: string) => downloadFile(IMPORT_TEMPLATE_PATH, { kind }, fileName),
  report: (taskId: number, fileName: string) => downloadFile(IMPORT_REPORT_PATH, { taskId }, fileName),
  /** Quiet for a new file (its refusal is said next to the drop zone), toasted for a corrected mapping. */
  preview: (file: File, kind: ImportKind, mapping: ImportMapping | null) =>
    http.main.post<ImportPreview>('/client/import/preview', uploadForm(file, kind, mapping), { silent: mapping === null }),
  start: (file: File, kind: ImportKind, mapping: ImportMapping, duplicates: DuplicateMode) =>
    http.main.post<AnswerOf<typeof importStart>>('/client/import', uploadForm(file, kind, mapping, duplicates)),
  task: (taskId: number) => http.main.get<ImportTask>('/client/import/task', { params: { taskId }, silent: true, allowDuplicate: true }),
  tasks: (kind: ImportKind) => http.main.get<ImportTask[]>('/client/import/tasks', { params: { kind }, silent: true }),
  cancel: (taskId: number) => http.main.post<ImportTask>('/client/import/cancel', { taskId }),
};
