/**
 * HS256 JWTs with node:crypto. The spec's clients read `sub` as the JSON text {"id": userId};
 * `ver` is the user's token version (bumped on password change) and `jti` names one token
 * (revoked one by one on logout).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  userId: number;
  jti: string;
  version: number;
  issuedAt: number;
  expiresAt: number;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = encode({ alg: 'HS256', typ: 'JWT' });

function signature(secret: string, content: string): Buffer {
  return createHmac('sha256', secret).update(content).digest();
}

export function signToken(
  secret: string,
  input: { userId: number; version: number; ttlSeconds: number; now?: number; jti?: string },
): { token: string; claims: TokenClaims } {
  const issuedAt = Math.floor((input.now ?? Date.now()) / 1000);
  const claims: TokenClaims = {
    userId: input.userId,
    jti: input.jti ?? randomUUID(),
    version: input.version,
    issuedAt,
    expiresAt: issuedAt + input.ttlSeconds,
  };
  const payload = encode({
    sub: JSON.stringify({ id: input.userId }),
    jti: claims.jti,
    ver: claims.version,
    iat: claims.issuedAt,
    exp: claims.expiresAt,
  });
  const content = `${HEADER}.${payload}`;
  return { token: `${content}.${signature(secret, content).toString('base64url')}`, claims };
}

export function verifyToken(secret: string, token: string, now = Date.now()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [header, payload, given] = parts;
  const expected = signature(secret, `${header}.${payload}`);
  const givenBytes = Buffer.from(given, 'base64url');
  if (givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected)) return { ok: false, reason: 'invalid' };
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (head.alg !== 'HS256') return { ok: false, reason: 'invalid' };
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const sub = JSON.parse(body.sub);
    const userId = Number(sub?.id);
    if (!Number.isInteger(userId) || userId <= 0 || typeof body.exp !== 'number' || typeof body.jti !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    if (body.exp * 1000 <= now) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      claims: { userId, jti: body.jti, version: Number(body.ver ?? 0), issuedAt: Number(body.iat ?? 0), expiresAt: body.exp },
    };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
