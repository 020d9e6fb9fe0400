/**
 * 批量导入 (issue 13): customers and potential customers from the spreadsheets a chain's old system
 * exported. The file travels as multipart (`file` plus the fields below as text parts); every
 * other call is the usual envelope. The rows are checked by contracts/rules/import.ts on both sides.
 *
 * Flow: preview (headers recognised, first rows checked) → start (a durable background job) →
 * poll the task (progress, counts, first errors) → download the error report (xlsx).
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { IMPORT_FIELDS } from '../rules/import';
import { id, oneOf } from '../fields';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_STATUSES } from '../rules/import-task';

const call = apiCalls('批量导入');

// The constants live zod-free in contracts/rules/import-task.ts, so the widget can use them
// without bringing zod along (its size budget); re-exported here with the calls they belong to.
export * from '../rules/import-task';

const kind = oneOf('导入类型', IMPORT_KINDS);
const field = z.enum(IMPORT_FIELDS);
/** Column index (0-based, as in the file) → field, or null for a column not imported. */
export const importMapping = z.array(field.nullable()).max(200);
export type ImportMapping = z.infer<typeof importMapping>;

const problem = z.object({ field, level: z.enum(['error', 'warning']), message: z.string() });

/** The multipart text parts of preview and start (the `file` part is read from the stream). */
export const importUploadFields = z.object({
  kind: kind.default('customer'),
  /** JSON text of an ImportMapping; without it the headers are recognised automatically. */
  mapping: z.string().max(10_000).optional(),
  duplicates: oneOf('重复数据处理方式', DUPLICATE_MODES).default('skip'),
});

export const importPreview = call({
  method: 'POST',
  path: '/client/import/preview',
  summary: '上传文件预览：识别表头、检查前 20 行（multipart：file、kind、mapping）',
  answer: z.object({
    fileName: z.string(),
    /** How the file was read: xlsx, or the detected text encoding of a CSV. */
    format: z.enum(['xlsx', 'utf-8', 'gb18030']),
    headers: z.array(z.string()),
    mapping: importMapping,
    /** Data rows in the file (header excluded, blank rows skipped). */
    total: z.number(),
    rows: z.array(z.object({ row: z.number(), cells: z.array(z.string()), problems: z.array(problem) })),
  }),
});

export const importStart = call({
  method: 'POST',
  path: '/client/import',
  summary: '开始导入（multipart：file、kind、duplicates、mapping），返回任务编号',
  answer: z.object({ taskId: z.number() }),
});

export const importTask = z.object({
  taskId: z.number(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  duplicates: z.enum(DUPLICATE_MODES),
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** Rows imported with a note (the VIN check digit). */
  warned: z.number(),
  /** The first IMPORT_LIMITS.taskErrors problems; all of them are in the report. */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  /** Why a failed task failed, in Chinese; '' otherwise. */
  message: z.string(),
  createdBy: z.string(),
  storeName: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportTask = z.infer<typeof importTask>;

export const importTaskStatus = call({
  method: 'GET',
  path: '/client/import/task',
  summary: '导入任务进度与结果',
  input: z.object({ taskId: id('任务编号') }),
  answer: importTask,
});

export const importTaskList = call({
  method: 'GET',
  path: '/client/import/tasks',
  summary: '最近的导入任务（当前门店范围）',
  input: z.object({ kind: kind.default('customer') }),
  answer: z.array(importTask),
});

export const importCancel = call({
  method: 'POST',
  path: '/client/import/cancel',
  summary: '取消排队中或导入中的任务（已导入的行保留）',
  input: z.object({ taskId: id('任务编号') }),
  answer: importTask,
});
