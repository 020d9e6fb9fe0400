/**
 * The constants of 批量导入 (issue 13) that both the server and the widget need, without zod: the
 * calls themselves are in contracts/api/import.ts, which re-exports all of this.
 */
export const IMPORT_KINDS = ['customer', 'potential', 'policy'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = { customer: '客户', potential: '潜在客户', policy: '保单' };

/** The columns of a policy file (contracts/rules/policy-import.ts checks them); here so the widget has the names without the rules. */
export const POLICY_FIELDS = [
  'plate', 'vin', 'insurer', 'policyNo', 'policyType', 'startDate', 'endDate', 'compulsoryPremium', 'commercialPremium', 'premium', 'vehicleTax', 'coverages', 'agent',
] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

export const POLICY_FIELD_LABELS: Record<PolicyField, string> = {
  plate: '车牌号',
  vin: '车架号（VIN）',
  insurer: '保险公司',
  policyNo: '保单号',
  policyType: '险种',
  startDate: '起保日期',
  endDate: '到期日期',
  compulsoryPremium: '交强险保费',
  commercialPremium: '商业险保费',
  premium: '保费',
  vehicleTax: '车船税',
  coverages: '承保险别',
  agent: '经办人',
};

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
  /** Bytes one read of an xlsx may inflate, counted while inflating (a zip's declared sizes are not believed). */
  maxUnpackedBytes: 400 * 1024 * 1024,
  /** The xlsx's shared strings (the texts its cells point to), inflated: the part an import keeps in memory. */
  maxSharedStringsBytes: 100 * 1024 * 1024,
  /** Columns with content in a row (a mapping names at most this many). */
  maxColumns: 200,
  /** Characters of one row, its cells together: Excel's own limit for a single cell. */
  maxRowChars: 32_767,
  previewRows: 20,
  /** Errors listed in the task answer; the report has all of them. */
  taskErrors: 100,
} as const;

/** Binary answers (xlsx), documented here for the API page; not the JSON envelope. */
export const IMPORT_TEMPLATE_PATH = '/client/import/template';
export const IMPORT_REPORT_PATH = '/client/import/report';

/**
 * Why a file mapped this way cannot start, in Chinese, or null: customers and leads need 姓名 or
 * 手机号; policies need 车牌号 or 车架号 (to find the vehicle) and 保单号, 保险公司, 起保日期, 到期日期.
 * The widget disables 开始导入 with it; the server refuses with it.
 */
export function startProblem(kind: ImportKind, mapping: readonly (string | null)[]): string | null {
  if (kind !== 'policy') return mapping.includes('name') || mapping.includes('mobile') ? null : '没有找到「姓名」或「手机号」列，请在列对应中指定哪一列是姓名或手机号';
  if (!mapping.includes('plate') && !mapping.includes('vin')) return '没有找到「车牌号」或「车架号」列，请在列对应中指定哪一列用来找车辆';
  const missing = (['policyNo', 'insurer', 'startDate', 'endDate'] as const).filter((field) => !mapping.includes(field));
  return missing.length ? `没有找到${missing.map((field) => `「${POLICY_FIELD_LABELS[field]}」`).join('、')}列，请在列对应中指定` : null;
}
