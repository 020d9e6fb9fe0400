/** What every failed call rejects with: the envelope's code and Chinese msg, or a transport failure. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  /** HTTP status; 0 when no answer arrived (network down, timeout, cancelled). */
  readonly status: number;
  /** A newer identical request (or the caller's signal) cancelled this one: ignore it. */
  readonly cancelled: boolean;

  constructor(code: number, msg: string, status: number, cancelled = false) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.status = status;
    this.cancelled = cancelled;
  }
}

/** Code of failures without an envelope (transport, timeout, cancellation, non-200 status). */
export const TRANSPORT_FAILURE_CODE = -1;

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError ? error.cancelled : (error as { cancelled?: unknown } | null)?.cancelled === true;
}
