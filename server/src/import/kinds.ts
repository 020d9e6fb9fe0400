/**
 * What differs between the kinds of import (customer, potential, policy): which rules check a row,
 * how headers are recognised, which fields a mapping may name and what a file must map to start.
 * Everything else (reading, jobs, checkpoints, report, limits) is the same for every kind.
 */
import { checkImportRow, IMPORT_FIELDS, mapHeaders, type Cell, type ImportRow, type ImportStore } from '../../../contracts/rules/import';
import { checkPolicyRow, mapPolicyHeaders, POLICY_FIELDS, type PolicyRow } from '../../../contracts/rules/policy-import';
import { startProblem, type AnyImportField, type ImportKind, type ImportMapping } from '../../../contracts/api/import';
import type { BatchRow } from './apply';

export interface KindRules {
  fields: readonly AnyImportField[];
  mapHeaders(headers: readonly unknown[]): (AnyImportField | null)[];
  check(row: Partial<Record<AnyImportField, Cell>>, stores: readonly ImportStore[]): BatchRow['checked'];
  /** Why a file with this mapping cannot start (Chinese), or null. */
  startProblem(mapping: ImportMapping): string | null;
  /** The header hint when the file is empty. */
  headerHint: string;
}

const people: KindRules = {
  fields: IMPORT_FIELDS,
  mapHeaders,
  check: (row, stores) => checkImportRow(row as ImportRow, { stores }),
  startProblem: (mapping) => startProblem('customer', mapping),
  headerHint: '姓名、手机号、车牌号……',
};

export const KIND_RULES: Record<ImportKind, KindRules> = {
  customer: people,
  potential: people,
  policy: {
    fields: POLICY_FIELDS,
    mapHeaders: mapPolicyHeaders,
    check: (row) => checkPolicyRow(row as PolicyRow),
    startProblem: (mapping) => startProblem('policy', mapping),
    headerHint: '车牌号、保险公司、保单号、起保日期、到期日期……',
  },
};

/** A mapping naming a field of another kind is refused (it would be silently ignored). */
export const mappingProblem = (kind: ImportKind, mapping: ImportMapping) =>
  mapping.some((field) => field !== null && !KIND_RULES[kind].fields.includes(field)) ? '列对应关系中有不属于这种导入的字段，请重新选择每一列对应的字段' : null;
