export { http, HTTP_TIMEOUT_MS, EXPIRY_TOAST_THROTTLE_MS, EXPIRED_CODES, ADMIN_GATE_EXEMPT_PATHS } from './client';
export type { HttpHost, HttpAnswer, RequestOptions, RequestConfig, HttpMethod, QueryParams, HostName } from './client';
export { ApiError, isCancelled, TRANSPORT_FAILURE_CODE } from './errors';
export { httpMessages } from '../messages';
