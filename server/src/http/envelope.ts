/**
 * Every answer is { code, msg, data } (docs/ARCHITECTURE.md). Handlers return ok(data) or throw an ApiError;
 * the envelope plugin encrypts the text with the shared cipher.
 */
export const Code = {
  ok: 0,
  /** Token expired: the client shows 「验证过期，请重新登录！」 and goes to /login. */
  expired: 999,
  /** Token missing, forged, revoked, or its user disabled. Same client behaviour as 999. */
  invalidToken: -2,
  badInput: 400,
  wrongCredentials: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  /** A service we depend on is not configured or not reachable. */
  unavailable: 503,
  /** A query ran past the request statement timeout (STATEMENT_TIMEOUT_MS). */
  timeout: 504,
  internal: 500,
} as const;

export class Envelope<T = unknown> {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: T,
  ) {}
  toJSON() {
    return { code: this.code, msg: this.msg, data: this.data };
  }
}

export function ok<T>(data: T): Envelope<T> {
  return new Envelope(0, 'ok', data);
}

/** A refusal the user should read: `msg` is Chinese and shown as is. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const refuse = {
  badInput: (msg: string) => new ApiError(Code.badInput, msg),
  forbidden: (msg = '没有权限执行此操作') => new ApiError(Code.forbidden, msg),
  notFound: (msg = '数据不存在或已被删除') => new ApiError(Code.notFound, msg),
  conflict: (msg: string) => new ApiError(Code.conflict, msg),
};
