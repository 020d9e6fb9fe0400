/**
 * Request input through zod with Chinese messages. The spec's clients send some calls' input as
 * query params ("params") and others as a body, so handlers validate query and body merged.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { ApiError, Code } from './envelope';

export { z };

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describe(issue: z.core.$ZodIssue, labels: Record<string, string>, input: unknown): string {
  const key = issue.path.map(String).join('.');
  const label = labels[key] ?? key ?? '参数';
  const missing = issue.path.length > 0 && [undefined, ''].includes(valueAt(input, issue.path) as string | undefined);
  if (missing && labels[key]) return `请填写${label}`;
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return missing ? `请填写${label}` : `${label}格式不正确`;
    case 'too_small':
      return `${label}太短或太小`;
    case 'too_big':
      return `${label}太长或太大`;
    default:
      return `${label}格式不正确`;
  }
}

/** Validates one object; a failure becomes code 400 with the first problem in Chinese. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, labels: Record<string, string> = {}): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError(Code.badInput, describe(result.error.issues[0], labels, value));
}

/** Query params and JSON body together (body wins); both may be absent. */
export function inputOf(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

export function readInput<S extends z.ZodType>(request: FastifyRequest, schema: S, labels: Record<string, string> = {}): z.infer<S> {
  return parse(schema, inputOf(request), labels);
}

/** Query values arrive as text: 'true' / '1' / 'false' / '0' as well as JSON booleans. */
export const booleanish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)]).transform(
  (value) => value === true || value === 'true' || value === '1' || value === 1,
);

/** A list of ids as "1,2,3", [1,2,3] or ["1","2"]. */
export const idList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.number()])
  .transform((value, context) => {
    const parts = Array.isArray(value) ? value.map(String) : String(value).split(',');
    const ids = parts.map((part) => part.trim()).filter((part) => part !== '');
    if (!ids.every((id) => /^\d{1,9}$/.test(id))) {
      context.addIssue({ code: 'custom', message: '门店编号格式不正确' });
      return z.NEVER;
    }
    return [...new Set(ids.map(Number))];
  });

export const positiveId = z.coerce.number().int().positive();
