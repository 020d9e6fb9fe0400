/**
 * Field builders for request schemas: every field has a Chinese label, a length limit or a range,
 * and its own Chinese messages, so a refusal reads 「手机号格式不正确」, never `tags.ids.0`.
 * Text is normalised on the way in: trimmed, NUL and lone surrogates refused (PostgreSQL cannot
 * store the one, JSON cannot carry the other), invisible characters refused (rules/text.ts: zero-width,
 * bidi overrides, other control and format characters), Unicode NFC so the same name is one name.
 *
 *   z.object({ name: text('客户姓名', { max: 32 }), storeId: id('门店'), visitedOn: day('到店日期') })
 *
 * The label also becomes the field's title in the OpenAPI document (/api/docs).
 */
import { z } from 'zod';
import { MOBILE_PATTERN } from './rules/mobile';
import { hasHiddenCharacter, hiddenCharacterMessage } from './rules/text';

/** PostgreSQL integer: ids and counts above this cannot be stored or looked up. */
export const MAX_INT = 2_147_483_647;

/** A NUL, or a UTF-16 surrogate without its partner. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Issue = { code?: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string; expected?: string };

/** 「请填写」+ label, with the space Chinese typesetting puts before a Latin word (请填写 ERP 账号). */
const before = (prefix: string, label: string) => (/^[A-Za-z0-9]/.test(label) ? `${prefix} ${label}` : `${prefix}${label}`);

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** The messages of one labelled field, by zod issue code. */
function messagesFor(label: string, unit = '') {
  return (issue: Issue): string => {
    if (isMissing(issue.input) && (issue.code === 'invalid_type' || issue.code === 'too_small')) return before('请填写', label);
    if (issue.code === 'too_big') {
      return issue.origin === 'string' ? `${label}不能超过 ${issue.maximum} 个字` : issue.origin === 'array' ? `${label}最多 ${issue.maximum} 项` : `${label}不能超过 ${issue.maximum}${unit}`;
    }
    if (issue.code === 'too_small') {
      return issue.origin === 'string' ? `${label}至少 ${issue.minimum} 个字` : issue.origin === 'array' ? `${label}至少 ${issue.minimum} 项` : `${label}不能小于 ${issue.minimum}${unit}`;
    }
    if (issue.code === 'invalid_type' && issue.expected === 'number') return `${label}必须是数字`;
    return `${label}格式不正确`;
  };
}

/** Labels the schema (OpenAPI title, and the fallback message of the error handler). */
export function labelled<S extends z.ZodType>(schema: S, label: string): S {
  return schema.meta({ title: label });
}

export interface TextOptions {
  max: number;
  min?: number;
  /** Keep inner line breaks (notes); single-line fields fold them into spaces. */
  multiline?: boolean;
}

/** Free text: trimmed, NFC, at most `max` characters (counted as the user sees them). */
export function text(label: string, { max, min = 0, multiline = false }: TextOptions) {
  const error = messagesFor(label);
  return labelled(
    z
      .string({ error })
      .max(max, { error }) // before the work below: a megabyte string is refused at once
      .refine((value) => !UNSTORABLE.test(value), { error: `${label}包含无法识别的字符`, abort: true })
      .refine((value) => !hasHiddenCharacter(value), { error: hiddenCharacterMessage(label) })
      .transform((value) => {
        const folded = multiline ? value : value.replace(/\s+/g, ' ');
        return folded.trim().normalize('NFC');
      })
      .pipe(z.string({ error }).min(min, { error })),
    label,
  );
}

/** A required non-empty text. */
export const requiredText = (label: string, options: Omit<TextOptions, 'min'>) => text(label, { ...options, min: 1 });

/**
 * Numbers arrive as JSON numbers or as query-string digits. Only plain decimal text is read as a
 * number ('1e3', '１２３', ' ' and true stay what they are and are refused), and '' counts as missing.
 */
function numeric<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^-?\d{1,16}(\.\d{1,16})?$/.test(value.trim())) return Number(value);
    return value;
  }, schema);
}

/** A positive id (from JSON or a query string); one beyond PostgreSQL's integer is no id of ours. */
export function id(label: string) {
  const wrong = `${label}格式不正确`;
  const error = (issue: Issue) => (isMissing(issue.input) ? before('请填写', label) : wrong);
  return labelled(numeric(z.number({ error }).int({ error: wrong }).min(1, { error: wrong }).max(MAX_INT, { error: wrong })), label);
}

/** An id sent as text (ids in answers are sometimes strings, and so are the calls that echo them). */
export function idText(label: string) {
  const error = messagesFor(label);
  return labelled(
    z.union([z.string(), z.number()], { error }).transform(String).pipe(z.string().regex(/^[1-9]\d{0,9}$/, { error }).refine((value) => Number(value) <= MAX_INT, { error: `${label}格式不正确` })),
    label,
  );
}

/** Ids as "1,2,3", [1,2,3] or ["1","2"]; duplicates dropped. */
export function idList(label: string, { max = 1000 }: { max?: number } = {}) {
  const error = messagesFor(label);
  return labelled(
    z
      .union([z.string().max(max * 12), z.array(z.union([z.string(), z.number()])).max(max), z.number()], { error })
      .transform((value, context) => {
        const parts = Array.isArray(value) ? value.map(String) : String(value).split(',');
        const ids = parts.map((part) => part.trim()).filter((part) => part !== '');
        if (!ids.every((part) => /^[1-9]\d{0,9}$/.test(part) && Number(part) <= MAX_INT)) {
          context.addIssue({ code: 'custom', message: `${label}格式不正确` });
          return z.NEVER;
        }
        if (ids.length > max) {
          context.addIssue({ code: 'custom', message: `${label}最多 ${max} 项` });
          return z.NEVER;
        }
        return [...new Set(ids.map(Number))];
      }),
    label,
  );
}

/** A whole number in a range (mileage, minutes, page size…), from JSON or a query string. */
export function integer(label: string, { min, max, unit = '' }: { min: number; max: number; unit?: string }) {
  const error = messagesFor(label, unit);
  return labelled(numeric(z.number({ error }).int({ error: `${label}必须是整数` }).min(min, { error }).max(max, { error })), label);
}

/** Money in fen: a whole number, never a float of yuan. */
export const fen = (label: string, { max = 1_000_000_000 }: { max?: number } = {}) => integer(label, { min: 0, max, unit: ' 分' });

/** true/false from JSON or a query string ('true', '1', 'false', '0'). */
export function flag(label: string) {
  const error = messagesFor(label);
  return labelled(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error }).transform((value) => value === true || value === 'true' || value === '1' || value === 1),
    label,
  );
}

/** A calendar day YYYY-MM-DD that exists (no 0000-00-00, no 2026-02-30), between 1900 and 2100. */
export function day(label: string) {
  const error = messagesFor(label);
  return labelled(
    z
      .string({ error })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}应为 年-月-日，如 2026-03-07` })
      .refine(
        (value) => {
          const [year, month, date] = value.split('-').map(Number);
          const parsed = new Date(Date.UTC(year, month - 1, date));
          return year >= 1900 && year <= 2100 && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
        },
        { error: `${label}不是有效的日期` },
      ),
    label,
  );
}

/** An instant as ISO 8601 with offset (2026-11-23T08:30:00+08:00 or …Z). */
export function instant(label: string) {
  const error = messagesFor(label);
  return labelled(z.iso.datetime({ offset: true, error }), label);
}

/** A mainland mobile number. */
export function mobile(label = '手机号') {
  return labelled(z.string({ error: messagesFor(label) }).trim().regex(MOBILE_PATTERN, { error: `请输入正确的 11 位${label}` }), label);
}

/**
 * One of fixed values, with the label in the message. Left empty it asks to choose (请选择联系结果):
 * the user picks these from a list, so 「格式不正确」 would blame them for a format they never typed.
 */
export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return labelled(z.enum(values, { error: (issue) => before(isMissing(issue.input) ? '请选择' : '不支持的', label) }), label);
}

/** A list of labelled items with a length limit. */
export function list<S extends z.ZodType>(label: string, item: S, { max, min = 0 }: { max: number; min?: number }) {
  const error = messagesFor(label);
  return labelled(z.array(item, { error }).min(min, { error }).max(max, { error }), label);
}

/** A number that may have decimals (amounts in yuan of stored rows), in a range. */
export function decimal(label: string, { min, max, unit = '' }: { min: number; max: number; unit?: string }) {
  const error = messagesFor(label, unit);
  return labelled(numeric(z.number({ error }).min(min, { error }).max(max, { error })), label);
}

/** Text of a fixed shape (a SIP user, a call id, a colour): `message` says what the shape is. */
export function pattern(label: string, shape: RegExp, message: string, { max }: { max: number }) {
  const error = messagesFor(label);
  return labelled(z.string({ error }).max(max, { error }).trim().regex(shape, { error: message }), label);
}

/** A group of fields sent as one object (a range, a sort order): a non-object reads 「…格式不正确」. */
export function section<S extends z.ZodRawShape>(label: string, shape: S) {
  return labelled(z.object(shape, { error: messagesFor(label) }), label);
}
