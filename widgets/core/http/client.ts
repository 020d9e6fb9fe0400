/**
 * The HTTP client of spec sections 7-8 on redaxios. redaxios has no interceptors, no timeout and
 * passes no AbortSignal, so cancellation and the timeout live in the `fetch` wrapper handed to it,
 * and the answer pipeline (decrypt → envelope → expiry/errors) runs after it resolves.
 */
import redaxios from 'redaxios';
import { decryptAnswer, prepareDecryption } from '../crypto/decrypt';
import { getConfig } from '../config';
import { expireSession, getToken, session } from '../session';
import { shared } from '../shared';
import { stored } from '../storage';
import { toast } from '../ui/toast';
import { ApiError, TRANSPORT_FAILURE_CODE } from './errors';
import { httpMessages } from '../messages';
import { ONE_TIME_PASSWORD_CODE } from '../../../contracts/envelope';

export const HTTP_TIMEOUT_MS = 600_000;
export const EXPIRY_TOAST_THROTTLE_MS = 3000;
/** 999 = login expired, -2 = token invalid (docs/ARCHITECTURE.md, envelope). */
export const EXPIRED_CODES: readonly number[] = [999, -2];
/** The two answers the admin gate lets through, so the admin status can become known at all. */
export const ADMIN_GATE_EXEMPT_PATHS: readonly string[] = ['/user/isAdmin', '/garageModule/one'];
export const SKIP_DECRYPTION_PARAM = 'yj-test';
/** The msg of a successful envelope (spec 7). */
export const SUCCESS_MSG = 'ok';

export type HostName = 'main' | 'wecom' | 'ai';
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Do not cancel an identical in-flight request, and do not be cancelled by one. */
  allowDuplicate?: boolean;
  /** No toast for this call's failure (the expiry toast still shows: the session ends either way). */
  silent?: boolean;
  /** A file download: the body is a Blob, neither decrypted nor read as an envelope. */
  download?: boolean;
  signal?: AbortSignal;
}

export interface RequestConfig extends RequestOptions {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export interface HttpAnswer<T> {
  data: T;
  code: number;
  msg: string;
  status: number;
  headers: Headers;
}

export interface HttpHost {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  request<T = unknown>(config: RequestConfig): Promise<HttpAnswer<T>>;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function hostBase(host: HostName): string {
  const config = getConfig();
  return host === 'main' ? config.mainBase : host === 'wecom' ? config.wecomBase : config.aiBase;
}

function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Sorted, without empty values: the same params in another order are the same request. */
function serializeParams(params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  return search.toString();
}

const pathOnly = (path: string) => `/${path.split('?')[0].replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').replace(/^\/+/, '')}`;

/**
 * Spec 4: while a token exists and admin status is unknown, answers other than the admin check and
 * the garage module one are replaced by an empty success. When an admin check is already on its
 * way the request is sent at once, beside it, and its answer waits for the check instead of being
 * blanked (one round trip, not two: startup and freshly mounted widgets never get blanks).
 * `true`: blank now, unsent; `false`: open; a promise: decided once the check is back.
 */
function adminGate(path: string): boolean | Promise<boolean> {
  if (ADMIN_GATE_EXEMPT_PATHS.includes(pathOnly(path))) return false;
  if (!getToken() || session.admin.value !== null) return false;
  const check = shared.http.adminCheck;
  if (!check) return true;
  return check.catch(() => undefined).then(() => session.admin.value === null && getToken() !== '');
}

function isEnvelope(body: unknown): body is Envelope {
  if (!body || typeof body !== 'object') return false;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'number' || (typeof code === 'string' && code.trim() !== '' && Number.isFinite(Number(code)));
}

const needsDecryption = (host: HostName, config: RequestConfig) =>
  host !== 'ai' && !config.download && !(config.params !== undefined && SKIP_DECRYPTION_PARAM in config.params);

/**
 * Spec 7: decrypt main and work-chat answers; keep the raw body when that fails. Rejects only when
 * crypto-js was needed and could not be loaded.
 */
async function decodeBody(host: HostName, config: RequestConfig, raw: unknown): Promise<unknown> {
  if (!needsDecryption(host, config) || typeof raw !== 'string') return raw;
  const text = await decryptAnswer(raw, getConfig().cipherKey);
  if (text === null) return raw;
  try {
    return JSON.parse(text);
  } catch {
    return raw;
  }
}

function showExpiryToast() {
  const now = Date.now();
  if (now - shared.http.lastExpiryToastAt < EXPIRY_TOAST_THROTTLE_MS) return;
  shared.http.lastExpiryToastAt = now;
  toast.error(httpMessages.expired);
}

function transportFailure(config: RequestConfig, status: number, message = httpMessages.network): ApiError {
  if (!config.silent) toast.error(httpMessages.network);
  return new ApiError(TRANSPORT_FAILURE_CODE, message, status);
}

/** Some fetch implementations ignore the signal once the request is under way; do not wait for them. */
function abortable<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function send<T>(host: HostName, config: RequestConfig): Promise<HttpAnswer<T>> {
  const method = config.method;
  const blank = (): HttpAnswer<T> => ({ data: null as T, code: 0, msg: SUCCESS_MSG, status: 200, headers: new Headers() });
  const gate = adminGate(config.path);
  if (gate === true) return blank();

  const query = serializeParams(config.params);
  const base = joinUrl(hostBase(host), config.path);
  const url = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;

  const headers: Record<string, string> = { ...config.headers };
  const token = getToken();
  if (token) headers.token = token;
  const mac = stored.mac.read();
  if (mac) headers.mac = mac;

  const controller = new AbortController();
  const key = `${method.toUpperCase()} ${url}`;
  const inFlight = shared.http.inFlight;
  if (!config.allowDuplicate) {
    inFlight.get(key)?.abort();
    inFlight.set(key, controller);
  }
  const callerSignal = config.signal;
  const abortFromCaller = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
  let timedOut = false;
  if (needsDecryption(host, config)) prepareDecryption(getConfig().cipherKey);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);

  let response: { status: number; data: unknown; headers: Headers };
  try {
    response = await redaxios<unknown>({
      url,
      method,
      data: config.body,
      headers,
      responseType: config.download ? 'blob' : 'text',
      validateStatus: () => true,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => abortable(fetch(input, { ...init, signal: controller.signal }), controller.signal)) as typeof fetch,
    });
    // An answer that raced in after a newer identical request replaced this one is still cancelled.
    if (controller.signal.aborted && !timedOut) throw new Error('aborted');
  } catch {
    if (timedOut) throw transportFailure(config, 0, httpMessages.timeout);
    if (controller.signal.aborted) throw new ApiError(TRANSPORT_FAILURE_CODE, httpMessages.cancelled, 0, true);
    throw transportFailure(config, 0);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abortFromCaller);
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }

  // An answer that came back before the admin check waits for it; still unknown → the gate's blank.
  if (gate !== false && (await gate)) return blank();
  if (response.status !== 200) throw transportFailure(config, response.status);
  if (config.download) return { data: response.data as T, code: 0, msg: SUCCESS_MSG, status: response.status, headers: response.headers };

  let body: unknown;
  try {
    body = await decodeBody(host, config, response.data);
  } catch {
    throw transportFailure(config, response.status);
  }
  if (!isEnvelope(body)) return { data: body as T, code: 0, msg: SUCCESS_MSG, status: response.status, headers: response.headers };

  const code = Number(body.code);
  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (EXPIRED_CODES.includes(code)) {
    showExpiryToast();
    expireSession();
    throw new ApiError(code, msg || httpMessages.expired, response.status);
  }
  // No toast: every element swaps to 「请先修改密码」 and the page asks for the new one (the host
  // app's dialog, <garage-login>'s form), instead of one refusal per call.
  if (code === ONE_TIME_PASSWORD_CODE) {
    session.mustChangePassword.value = true;
    throw new ApiError(code, msg, response.status);
  }
  // Spec 7: success is code 0 AND msg 'ok'; code 0 with any other msg is a refusal worded in that msg.
  if (code !== 0 || msg !== SUCCESS_MSG) {
    const message = msg || httpMessages.failed;
    if (!config.silent) toast.error(message);
    throw new ApiError(code, message, response.status);
  }
  return { data: body.data as T, code, msg, status: response.status, headers: response.headers };
}

function createHost(host: HostName): HttpHost {
  const data = <T>(config: RequestConfig) => send<T>(host, config).then((answer) => answer.data);
  return {
    get: (path, options) => data({ ...options, method: 'get', path }),
    delete: (path, options) => data({ ...options, method: 'delete', path }),
    post: (path, body, options) => data({ ...options, method: 'post', path, body }),
    put: (path, body, options) => data({ ...options, method: 'put', path, body }),
    request: (config) => send(host, config),
  };
}

export const http: { main: HttpHost; wecom: HttpHost; ai: HttpHost } = {
  main: createHost('main'),
  wecom: createHost('wecom'),
  ai: createHost('ai'),
};
