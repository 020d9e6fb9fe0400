/**
 * The Chinese message of a refused request input (route schemas are contracts/api/, validated in
 * plugins/api-host.ts).
 */
import type { z } from 'zod';

const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * The message of the first problem. Contract fields (contracts/fields.ts) carry their own Chinese
 * messages; a problem without one never shows its raw path (`tags.ids.0`) to the user.
 */
export function firstProblem(issues: readonly z.core.$ZodIssue[], input: unknown, labels: Record<string, string> = {}): string {
  const issue = issues[0];
  if (!issue) return '请求参数不正确';
  if (issue.message && CHINESE.test(issue.message)) return issue.message;
  if (issue.path.length === 0) return input === null || typeof input !== 'object' || Array.isArray(input) ? '请求内容格式不正确' : '请求参数不正确';
  const label = labels[issue.path.map(String).join('.')];
  if (!label) return '请求参数不正确';
  return issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined ? `请填写${label}` : `${label}格式不正确`;
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
