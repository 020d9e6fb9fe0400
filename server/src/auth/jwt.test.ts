import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './jwt';

describe('login tokens', () => {
  it('carries the user id as the JSON text {"id": n} in sub, as the spec clients read it', () => {
    const { token } = signToken('secret', { userId: 42, version: 3, ttlSeconds: 60 });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(JSON.parse(payload.sub)).toEqual({ id: 42 });
    expect(verifyToken('secret', token)).toMatchObject({ ok: true, claims: { userId: 42, version: 3 } });
  });

  it('tells an expired token from a forged one', () => {
    const { token } = signToken('secret', { userId: 1, version: 1, ttlSeconds: 60, now: Date.now() - 120_000 });
    expect(verifyToken('secret', token)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyToken('other-secret', token)).toEqual({ ok: false, reason: 'invalid' });
    const [header, , signature] = signToken('secret', { userId: 1, version: 1, ttlSeconds: 60 }).token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '{"id":2}', jti: 'x', exp: 9_999_999_999 })).toString('base64url');
    expect(verifyToken('secret', `${header}.${forgedPayload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyToken('secret', 'not-a-token')).toEqual({ ok: false, reason: 'invalid' });
  });
});
