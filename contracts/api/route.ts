/**
 * One API call as server and widgets agree on it: method, path, what it takes, what it answers.
 * The server registers the route from it (server/src/http/contract.ts: validation, OpenAPI at
 * /api/docs), the widgets type their calls with `AnswerOf<typeof call>`.
 */
import type { z } from 'zod';

export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the host prefix (/api, /wecom), as in spec section 7. */
  path: string;
  /** One line for the API documentation. */
  summary: string;
  /** Query params of a GET or DELETE; the merged query and body of a POST or PUT. */
  input?: z.ZodType;
  /** `data` of a successful answer ({ code: 0, msg: 'ok', data }). */
  answer?: z.ZodType;
  /** The domain, as the API documentation groups calls. */
  tag?: string;
  /**
   * Its work grows with the chain's data (analyses, reports, exports, lists by condition, uploads):
   * the server runs a few at a time per account and per chain, and answers the rest 429 when too
   * many wait (server/src/http/heavy-work.ts).
   */
  heavy?: true;
}

export const apiCall = <const C extends ApiCall>(call: C): C => call;

export type InputOf<C extends ApiCall> = C['input'] extends z.ZodType ? z.input<C['input']> : Record<string, never>;
/** The input as the server sees it after validation (defaults applied, text normalised). */
export type ParsedInputOf<C extends ApiCall> = C['input'] extends z.ZodType ? z.output<C['input']> : Record<string, never>;
export type AnswerOf<C extends ApiCall> = C['answer'] extends z.ZodType ? z.output<C['answer']> : unknown;

/** Calls of one domain, grouped under `tag` in the API documentation. */
export const apiCalls =
  (tag: string) =>
  <const C extends ApiCall>(call: C): C & { tag: string } => ({ ...call, tag });
