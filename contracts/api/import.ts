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
import { IMPORT_FIELDS, type ImportField } from '../rules/import';
import { id, oneOf, text } from '../fields';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_LIMITS, IMPORT_REPORT_PATH, IMPORT_STATUSES, IMPORT_TEMPLATE_PATH, POLICY_FIELDS, type PolicyField } from '../rules/import-task';

const call = apiCalls('批量导入');

// The constants live zod-free in contracts/rules/import-task.ts, so the widget can use them
// without bringing zod along (its size budget); re-exported here with the calls they belong to.
export * from '../rules/import-task';

const kind = oneOf('导入类型', IMPORT_KINDS);
/** A field of any kind (customer/potential: IMPORT_FIELDS; policy: POLICY_FIELDS); the server checks it belongs to the upload's kind. */
export type AnyImportField = ImportField | PolicyField;
const field = z.enum([...new Set([...IMPORT_FIELDS, ...POLICY_FIELDS])] as [AnyImportField, ...AnyImportField[]]);
/** Column index (0-based, as in the file) → field, or null for a column not imported. */
export const importMapping = z.array(field.nullable()).max(IMPORT_LIMITS.maxColumns);
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
  heavy: true,
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
  heavy: true,
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
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string(), level: z.enum(['error', 'warning']) })),
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

/**
 * Binary answers (xlsx downloads, with the usual `token` header); a refusal (no permission, unknown
 * task) is the usual JSON envelope instead.
 */
export const importTemplate = call({
  method: 'GET',
  path: IMPORT_TEMPLATE_PATH,
  summary: '下载导入模板（xlsx：表头、示例行、数据验证与填写说明）',
  input: z.object({ kind: kind.default('customer') }),
});

export const importReport = call({
  method: 'GET',
  path: IMPORT_REPORT_PATH,
  summary: '下载错误报告（xlsx：原始行 + 错误原因；需核对的已导入行在第二个工作表）',
  heavy: true,
  input: z.object({ taskId: id('任务编号') }),
});


/** A saved column mapping (映射方案): the file's headers it was made for and the mapping itself. */
export const importPreset = z.object({
  name: z.string(),
  headers: z.array(z.string()),
  mapping: importMapping,
});
export type ImportPreset = z.infer<typeof importPreset>;

const importColumn = z.object({ key: z.string(), title: z.string(), required: z.boolean(), example: z.string() });

export const importTaskConfig = call({
  method: 'GET',
  path: '/client/import/task-config',
  summary: '批量导入的模板列、限制与已保存的映射方案（客户导入权限）',
  input: z.object({ type: oneOf('导入类型', IMPORT_KINDS).default('customer') }),
  answer: z.object({
    type: z.enum(IMPORT_KINDS),
    title: z.string(),
    /** The template's columns (contracts/rules/import.ts IMPORT_FIELDS); `required`: 姓名 and 手机号 (at least one of them per row). */
    columns: z.array(importColumn),
    acceptTypes: z.array(z.string()),
    /** Data rows one file may hold: the chain's edition's (contracts/rules/mall.ts ALLOWANCES), as the server enforces it. */
    maxRows: z.number(),
    maxFileSizeMb: z.number(),
    duplicateRule: z.string(),
    targetStoreId: z.number().nullable(),
    presets: z.array(importPreset),
  }),
});

/** Saves a mapping preset for the chain and kind; a preset of the same name is replaced. */
export const importPresetSave = call({
  method: 'PUT',
  path: '/client/import/task-config',
  summary: '保存列对应方案（同名覆盖）',
  input: z.object({
    type: oneOf('导入类型', IMPORT_KINDS).default('customer'),
    name: text('方案名称', { min: 1, max: 20 }),
    headers: z.array(z.string().max(100)).max(IMPORT_LIMITS.maxColumns),
    mapping: importMapping,
  }),
  answer: z.array(importPreset),
});

export const IMPORT_PRESET_LIMIT = 50;
