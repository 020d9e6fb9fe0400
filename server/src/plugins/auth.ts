/**
 * App layer: the token check. Every API route needs a valid token unless its config says
 * `public: true`; the request then carries `auth` (who, which garage, which stores) and `scope`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildAuthContext, hasPermission } from '../auth/context';
import { signToken, verifyToken } from '../auth/jwt';
import { ApiError, Code } from '../http/envelope';
import { loadAuthRow } from '../repositories/accounts';
import { TenantScope } from '../repositories/scope';
import { ONE_TIME_PASSWORD_CODE, ONE_TIME_PASSWORD_MESSAGE } from '../../../contracts/envelope';

export const EXPIRED_MESSAGE = '登录已过期，请重新登录';
export const INVALID_MESSAGE = '登录状态无效，请重新登录';

export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.token;
  const token = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!token) throw new ApiError(Code.invalidToken, '请先登录');
  const verified = verifyToken(app.config.jwtSecret, token);
  if (!verified.ok) {
    throw verified.reason === 'expired' ? new ApiError(Code.expired, EXPIRED_MESSAGE) : new ApiError(Code.invalidToken, INVALID_MESSAGE);
  }
  const { claims } = verified;
  const row = await loadAuthRow(app.db, claims.userId, claims.jti);
  if (!row || row.revoked || row.token_version !== claims.version) throw new ApiError(Code.invalidToken, INVALID_MESSAGE);
  request.auth = buildAuthContext(row, { jti: claims.jti, expiresAt: claims.expiresAt });
  request.scope = new TenantScope(request.auth, app.config.timeZone);
}

export function authorize(request: FastifyRequest): void {
  const config = request.routeOptions.config;
  // Whoever the admin told the one-time password (or overheard it) must not use the account until
  // its owner has set their own: every other route refuses, new ones too unless they opt in.
  if (request.auth.mustChangePassword && !config.oneTimePassword) throw new ApiError(ONE_TIME_PASSWORD_CODE, ONE_TIME_PASSWORD_MESSAGE);
  if (config.admin && !request.auth.isAdmin) throw new ApiError(Code.forbidden, '仅管理员可以执行此操作');
  if (config.permission !== undefined && !hasPermission(request.auth, config.permission)) {
    throw new ApiError(Code.forbidden, '没有权限执行此操作');
  }
}

/** Login answers carry the token in the `token` header (spec 7), exposed to browsers. */
export function issueToken(app: FastifyInstance, reply: FastifyReply, user: { id: number; token_version: number }): string {
  const { token } = signToken(app.config.jwtSecret, { userId: user.id, version: user.token_version, ttlSeconds: app.config.tokenTtlSeconds });
  reply.header('token', token);
  return token;
}
