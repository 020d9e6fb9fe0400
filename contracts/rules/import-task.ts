/**
 * The constants of 批量导入 (issue 13) that both the server and the widget need, without zod: the
 * calls themselves are in contracts/api/import.ts, which re-exports all of this.
 */
export const IMPORT_KINDS = ['customer', 'potential'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { customer: '客户', potential: '潜在客户' };

/** What happens to a row whose mobile or plate is already known (in the importing store's chain scope). */
export const DUPLICATE_MODES = ['skip', 'update', 'overwrite'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
export const DUPLICATE_MODE_LABELS: Record<DuplicateMode, string> = { skip: '跳过', update: '只补充空白字段', overwrite: '覆盖' };

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = { queued: '排队中', running: '导入中', done: '已完成', failed: '失败', cancelled: '已取消' };

/** Limits, with the messages the server answers when a file breaks them. */
export const IMPORT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  /** Sum of the xlsx's unpacked parts: a zip bomb is refused before it is read. */
  maxUnpackedBytes: 400 * 1024 * 1024,
  previewRows: 20,
  /** Errors listed in the task answer; the report has all of them. */
  taskErrors: 100,
} as const;

/** Binary answers (xlsx), documented here for the API page; not the JSON envelope. */
export const IMPORT_TEMPLATE_PATH = '/client/import/template';
export const IMPORT_REPORT_PATH = '/client/import/report';
