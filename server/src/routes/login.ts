/**
 * Logins: username + password, phone + SMS code, WeCom OAuth code. Each answers the token in the
 * `token` header and { userId, nickName, garageId, garageName } as data. Failures are throttled
 * per account and per address (repositories/login.ts).
 */
import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueToken } from '../plugins/auth';
import { verifyPassword } from '../auth/passwords';
import { ApiError, Code, ok } from '../http/envelope';
import { readInput, z } from '../http/input';
import { findUserByPhone, findUserByUsername, findUserByWechat, revokeToken, type LoginUser } from '../repositories/accounts';
import {
  clearFailures,
  latestLoginCode,
  lockedForSeconds,
  recordFailure,
  saveLoginCode,
  useLoginCode,
} from '../repositories/login';
import { sql } from '../db/database';

export const CODE_VALID_MINUTES = 5;
export const CODE_COOLDOWN_SECONDS = 60;

const phoneSchema = z.string({ error: '请输入正确的 11 位手机号' }).trim().regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号');

function lockedError(seconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError(Code.tooMany, `登录失败次数过多，请 ${minutes} 分钟后再试`, { retryAfterSeconds: seconds });
}

/** Refuses while any key is locked; after a failure, reports the lock if this failure caused it. */
async function throttled<T>(app: FastifyInstance, keys: string[], attempt: () => Promise<T | { failure: ApiError }>): Promise<T> {
  const wait = await lockedForSeconds(app.db, keys);
  if (wait > 0) throw lockedError(wait);
  const result = await attempt();
  if (result && typeof result === 'object' && 'failure' in result) {
    await recordFailure(app.db, keys);
    const nowLocked = await lockedForSeconds(app.db, keys);
    throw nowLocked > 0 ? lockedError(nowLocked) : result.failure;
  }
  return result as T;
}

const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;

async function loginAnswer(app: FastifyInstance, user: LoginUser) {
  const garage = await app.db.one<{ name: string }>(sql`SELECT name FROM garage WHERE id = ${user.current_garage_id}`);
  return ok({ userId: user.id, nickName: user.nick_name, garageId: user.current_garage_id, garageName: garage?.name ?? '' });
}

function codeHash(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export default async function loginRoutes(app: FastifyInstance) {
  const open = { config: { public: true } };

  app.post('/user/username-token', open, async (request, reply) => {
    const input = readInput(
      request,
      z.object({ username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名太长'), password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码太长') }),
    );
    const accountKey = `user:${input.username.toLowerCase()}`;
    const user = await throttled(app, [accountKey, addressKey(request)], async () => {
      const found = await findUserByUsername(app.db, input.username);
      const matches = await verifyPassword(found?.password_hash, input.password);
      return found && matches ? found : { failure: new ApiError(Code.wrongCredentials, '用户名或密码错误') };
    });
    await clearFailures(app.db, accountKey);
    issueToken(app, reply, user);
    return loginAnswer(app, user);
  });

  // Requesting a login code (our choice of route; the spec shows only the login call itself).
  app.post('/user/phone-code', open, async (request) => {
    const { phone } = readInput(request, z.object({ phone: phoneSchema }), { phone: '手机号' });
    const latest = await latestLoginCode(app.db, phone);
    if (latest && latest.age_seconds < CODE_COOLDOWN_SECONDS) {
      const wait = Math.ceil(CODE_COOLDOWN_SECONDS - latest.age_seconds);
      throw new ApiError(Code.tooMany, `验证码发送过于频繁，请 ${wait} 秒后再试`, { retryAfterSeconds: wait });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await saveLoginCode(app.db, phone, codeHash(app.config.jwtSecret, phone, code), CODE_VALID_MINUTES);
    // Unknown numbers get the same answer but no text: nobody learns which numbers have accounts,
    // and nobody can make us send texts to strangers.
    const user = await findUserByPhone(app.db, phone);
    if (user) {
      await app.providers.sms.send({
        phone,
        purpose: 'login-code',
        content: `【门店管家】您的登录验证码为 ${code}，${CODE_VALID_MINUTES} 分钟内有效。如非本人操作，请忽略本短信。`,
      });
    }
    return ok({ cooldownSeconds: CODE_COOLDOWN_SECONDS, validMinutes: CODE_VALID_MINUTES });
  });

  app.post('/user/phone-token', open, async (request, reply) => {
    const input = readInput(request, z.object({ phone: phoneSchema, code: z.string({ error: '请输入 6 位数字验证码' }).trim().regex(/^\d{6}$/, '请输入 6 位数字验证码') }));
    const accountKey = `phone:${input.phone}`;
    const user = await throttled(app, [accountKey, addressKey(request)], async () => {
      const latest = await latestLoginCode(app.db, input.phone);
      if (!latest || latest.used || latest.expired) {
        return { failure: new ApiError(Code.wrongCredentials, '验证码已失效，请重新获取') };
      }
      const found = await findUserByPhone(app.db, input.phone);
      if (!found || latest.code_hash !== codeHash(app.config.jwtSecret, input.phone, input.code)) {
        return { failure: new ApiError(Code.wrongCredentials, '验证码错误') };
      }
      if (!(await useLoginCode(app.db, latest.id))) return { failure: new ApiError(Code.wrongCredentials, '验证码已失效，请重新获取') };
      return found;
    });
    await clearFailures(app.db, accountKey);
    issueToken(app, reply, user);
    return loginAnswer(app, user);
  });

  const wecomLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const { code } = readInput(request, z.object({ code: z.string({ error: '缺少企业微信授权码' }).trim().min(1, '缺少企业微信授权码').max(512, '企业微信授权码格式不正确') }));
    const user = await throttled(app, [addressKey(request)], async () => {
      const identity = await app.providers.wecom.identify(code);
      if (!identity) return { failure: new ApiError(Code.wrongCredentials, '企业微信授权已失效，请重新进入') };
      const found = await findUserByWechat(app.db, identity.corpId, identity.wechatUserId);
      return found ?? { failure: new ApiError(Code.wrongCredentials, '该企业微信账号尚未绑定门店管家账号，请联系管理员') };
    });
    issueToken(app, reply, user);
    return loginAnswer(app, user);
  };
  app.get('/qy/qy-login', open, wecomLogin);
  app.post('/qy/qy-login', open, wecomLogin);

  /** Ends this token only (other devices stay logged in; a password change ends all). */
  app.post('/user/logout', async (request) => {
    await revokeToken(app.db, request.auth.tokenId, request.auth.tokenExpiresAt);
    return ok(null);
  });
}
