/**
 * Logins: username + password, phone + SMS code, WeCom OAuth code. Each answers the token in the
 * `token` header and { userId, nickName, garageId, garageName } as data. Attempts are throttled
 * per account and per address (auth/throttle.ts), code requests per address and per number.
 */
import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueToken } from '../plugins/auth';
import { verifyPassword } from '../auth/passwords';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/account';
import { findUserByPhone, findUserByUsername, findUserByWechat, revokeToken, type LoginUser } from '../repositories/accounts';
import { countWrongCode, latestLoginCode, rememberAddress, saveLoginCode, useLoginCode } from '../repositories/login';
import { addressKey, attemptLimits, countAttempts, throttled } from '../auth/throttle';
import { sql } from '../db/database';

export const CODE_VALID_MINUTES = 5;
export const CODE_COOLDOWN_SECONDS = 60;

/** Wrong tries of one code, from anywhere, before it is burned and a new one must be requested. */
export const CODE_MAX_WRONG_TRIES = 5;

/**
 * Texts cost money and reach a stranger's phone, and the route needs no login: requests are
 * counted (atomically, before anything is sent) per address and per number, known or not.
 */
export const CODE_SEND_LIMITS = { perAddress: 30, perAddressSeconds: 600, perNumberPerDay: 10 } as const;

const loginLocked = (wait: string) => `登录失败次数过多，请 ${wait}后再试`;
const codeTooOften = (wait: string) => `验证码发送过于频繁，请 ${wait}后再试`;

function codeHash(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export default async function loginRoutes(app: FastifyInstance) {
  const open = { config: { public: true } };

  /** Issues the token, remembers the address for the throttle, answers the user. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, user: LoginUser) {
    await rememberAddress(app.db, user.id, addressKey(request.ip));
    issueToken(app, reply, user);
    const garage = await app.db.one<{ name: string }>(sql`SELECT name FROM garage WHERE id = ${user.current_garage_id}`);
    return ok({ userId: user.id, nickName: user.nick_name, garageId: user.current_garage_id, garageName: garage?.name ?? '' });
  }

  serve(app, calls.usernameLogin, open, async (input, request, reply) => {
    const address = addressKey(request.ip);
    const found = await findUserByUsername(app.db, input.username, address);
    const limits = attemptLimits('password', input.username.toLowerCase(), address, Boolean(found?.remembered));
    const user = await throttled(app.db, limits, loginLocked, async () => {
      const matches = await verifyPassword(found?.password_hash, input.password);
      if (!found || !matches) throw new ApiError(Code.wrongCredentials, '用户名或密码错误');
      return found;
    });
    return signIn(request, reply, user);
  });

  // Requesting a login code (our choice of route; the spec shows only the login call itself).
  serve(app, calls.phoneCode, open, async ({ phone }, request) => {
    await countAttempts(app.db, [
      { key: `sms-code:address:${addressKey(request.ip)}`, max: CODE_SEND_LIMITS.perAddress, windowSeconds: CODE_SEND_LIMITS.perAddressSeconds },
      { key: `sms-code:${phone}`, max: 1, windowSeconds: CODE_COOLDOWN_SECONDS },
      { key: `sms-code:day:${phone}`, max: CODE_SEND_LIMITS.perNumberPerDay, windowSeconds: 24 * 3600 },
    ], codeTooOften);
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

  serve(app, calls.phoneLogin, open, async (input, request, reply) => {
    const address = addressKey(request.ip);
    const found = await findUserByPhone(app.db, input.phone, address);
    const limits = attemptLimits('code', input.phone, address, Boolean(found?.remembered));
    const user = await throttled(app.db, limits, loginLocked, async () => {
      const latest = await latestLoginCode(app.db, input.phone);
      if (!latest || latest.used || latest.expired || latest.wrong_tries >= CODE_MAX_WRONG_TRIES) {
        throw new ApiError(Code.wrongCredentials, '验证码已失效，请重新获取');
      }
      if (!found || latest.code_hash !== codeHash(app.config.jwtSecret, input.phone, input.code)) {
        const wrong = await countWrongCode(app.db, latest.id);
        throw new ApiError(Code.wrongCredentials, wrong >= CODE_MAX_WRONG_TRIES ? '验证码错误次数过多，请重新获取' : '验证码错误');
      }
      if (!(await useLoginCode(app.db, latest.id))) throw new ApiError(Code.wrongCredentials, '验证码已失效，请重新获取');
      return found;
    });
    return signIn(request, reply, user);
  });

  const wecomLogin = async ({ code }: { code: string }, request: FastifyRequest, reply: FastifyReply) => {
    const user = await throttled(app.db, [{ key: `wecom|${addressKey(request.ip)}`, max: 30 }], loginLocked, async () => {
      const identity = await app.providers.wecom.identify(code);
      if (!identity) throw new ApiError(Code.wrongCredentials, '企业微信授权已失效，请重新进入');
      const found = await findUserByWechat(app.db, identity.corpId, identity.wechatUserId);
      if (!found) throw new ApiError(Code.wrongCredentials, '该企业微信账号尚未绑定门店管家账号，请联系管理员');
      return found;
    });
    return signIn(request, reply, user);
  };
  serve(app, calls.wecomLogin, open, wecomLogin);
  serve(app, calls.wecomLoginPost, open, wecomLogin);

  /** Ends this token only (other devices stay logged in; a password change ends all). */
  serve(app, calls.logout, { config: { oneTimePassword: true } }, async (_input, request) => {
    await revokeToken(app.db, request.auth.tokenId, request.auth.tokenExpiresAt);
    return ok(null);
  });
}
