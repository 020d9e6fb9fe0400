/**
 * WeCom (企业微信) OAuth: the sidebar or login page receives a one-time `code`; the provider turns
 * it into the corp and the member's userid. The real adapter calls WeCom's API with the corp's
 * secret; the development adapter accepts codes of the form `dev:<corpId>:<userid>` so the login
 * flow can be tried and tested without WeCom. Production refuses it (server/src/production.ts).
 */
import { ApiError, Code } from '../http/envelope';
export interface WecomIdentity {
  corpId: string;
  wechatUserId: string;
}

export interface WecomProvider {
  readonly name: string;
  /** Answers null when WeCom does not know the code (expired, used, forged). */
  identify(code: string): Promise<WecomIdentity | null>;
}

/** Production without WECOM_CORP_ID / WECOM_SECRET: work-chat login says so instead of guessing. */
export function unconfiguredWecom(): WecomProvider {
  return {
    name: 'unconfigured',
    async identify() {
      throw new ApiError(Code.unavailable, '企业微信登录尚未配置，请使用账号密码登录');
    },
  };
}

export function developmentWecom(): WecomProvider {
  return {
    name: 'development',
    async identify(code) {
      const match = /^dev:([\w-]+):([\w.@-]+)$/.exec(code);
      return match ? { corpId: match[1], wechatUserId: match[2] } : null;
    },
  };
}

const API = 'https://qyapi.weixin.qq.com/cgi-bin';

/** WeCom's documented flow: gettoken (cached ~2 h) → auth/getuserinfo?code → userid. */
export function wecomApi(corpId: string, secret: string, fetchImpl: typeof fetch = fetch): WecomProvider {
  let cached: { token: string; until: number } | undefined;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const answer = (await (await fetchImpl(`${API}/gettoken?corpid=${encodeURIComponent(corpId)}&corpsecret=${encodeURIComponent(secret)}`)).json()) as {
      errcode: number;
      access_token?: string;
      expires_in?: number;
    };
    if (answer.errcode !== 0 || !answer.access_token) throw new Error(`WeCom gettoken failed: ${answer.errcode}`);
    cached = { token: answer.access_token, until: Date.now() + ((answer.expires_in ?? 7200) - 300) * 1000 };
    return cached.token;
  }
  return {
    name: 'wecom-api',
    async identify(code) {
      const token = await accessToken();
      const answer = (await (await fetchImpl(`${API}/auth/getuserinfo?access_token=${token}&code=${encodeURIComponent(code)}`)).json()) as {
        errcode: number;
        userid?: string;
      };
      if (answer.errcode !== 0 || !answer.userid) return null;
      return { corpId, wechatUserId: answer.userid };
    },
  };
}
