/**
 * WeCom (企业微信): login (OAuth code of the sidebar, code of the desktop QR login — both go
 * through auth/getuserinfo), the chain's external contacts, and the JS-SDK tickets.
 *
 * - wecomApi: the real HTTP adapter. The access token (gettoken) is cached and refreshed a few
 *   minutes before its expires_in (7,200 s); concurrent callers share one refresh. A call answered
 *   42001 (expired) or 40014 (invalid) drops the token, refreshes and is retried once. The two
 *   JS-SDK tickets are cached the same way (WeCom limits their fetching to a few hundred an hour).
 *   Every errcode becomes an ApiError with the Chinese text of WECOM_ERRORS.
 * - developmentWecom: codes of the form `dev:<corpId>:<userid>` and a few demo contacts, so the
 *   login and the sidebar can be tried without WeCom. Production refuses it (server/src/production.ts).
 * - unconfiguredWecom: production without WECOM_CORP_ID / WECOM_SECRET.
 */
import { createHash } from 'node:crypto';
import { ApiError, Code } from '../http/envelope';

export interface WecomIdentity {
  corpId: string;
  wechatUserId: string;
}

/** One staff member who added the contact (externalcontact/get → follow_user). */
export interface FollowUser {
  userid: string;
  remark: string;
  remarkMobiles: string[];
  /** Seconds since 1970, when the staff member added the contact. */
  createtime: number;
}

export interface ExternalContactDetail {
  externalUserId: string;
  name: string;
  /** 1 WeChat user, 2 WeCom user. */
  type: number;
  /** 0 unknown, 1 male, 2 female. */
  gender: number;
  avatar: string;
  unionid: string;
  followUsers: FollowUser[];
}

export interface WecomProvider {
  readonly name: string;
  /** The corp whose app this is; '' = any corp (development). */
  readonly corpId: string;
  readonly agentId: string;
  /** Answers null when WeCom does not know the code (expired, used, forged). */
  identify(code: string): Promise<WecomIdentity | null>;
  /** Staff members with 客户联系 (externalcontact/get_follow_user_list). */
  followUsers(corpId: string): Promise<string[]>;
  /** The external contacts one staff member has added (externalcontact/list). */
  externalContactIds(corpId: string, userid: string): Promise<string[]>;
  /** One contact with its follow users (externalcontact/get); null when it no longer exists. */
  externalContact(corpId: string, externalUserId: string): Promise<ExternalContactDetail | null>;
  /** The corp's jsapi_ticket (wx.config). */
  jsapiTicket(corpId: string): Promise<string>;
  /** The app's ticket (wx.agentConfig). */
  agentTicket(corpId: string): Promise<string>;
}

/**
 * WeCom's errcodes as staff and admins should read them. One table: the login, the sync and the
 * sidebar all answer from it. Codes not listed read 「企业微信接口返回错误（errcode N）」.
 */
export const WECOM_ERRORS: Record<number, string> = {
  [-1]: '企业微信系统繁忙，请稍后再试',
  40001: '企业微信应用的 Secret 不正确，请管理员在设置中核对',
  40003: '企业微信成员不存在',
  40013: '企业 ID（CorpID）不正确，请管理员在设置中核对',
  40014: '企业微信访问凭证无效，请稍后再试',
  40029: '企业微信授权码无效或已使用，请重新进入',
  40056: '企业微信应用的 AgentId 不正确，请管理员在设置中核对',
  40091: '企业微信应用的 Secret 格式不正确，请管理员在设置中核对',
  40096: '外部联系人不存在或已被删除',
  40125: '企业微信授权码已过期，请重新进入',
  41001: '缺少企业微信访问凭证',
  41004: '缺少企业微信应用的 Secret，请管理员在设置中填写',
  41008: '缺少企业微信授权码，请重新进入',
  42001: '企业微信访问凭证已过期，请稍后再试',
  42012: '企业微信 JS-SDK 票据不可用，请刷新页面',
  45009: '调用企业微信接口过于频繁，请稍后再试',
  45011: '调用企业微信接口过于频繁，请稍后再试',
  45033: '企业微信接口并发调用过多，请稍后再试',
  48002: '企业微信应用没有调用该接口的权限，请管理员在企业微信后台「客户联系」中把本应用设为可调用应用',
  50001: '回调地址不在企业微信应用的可信域名内，请管理员在应用设置中填写可信域名',
  60011: '该成员不在企业微信应用的可见范围内，请管理员调整应用的可见范围',
  60020: '本服务器的 IP 不在企业微信应用的企业可信 IP 中，请管理员添加',
  60111: '企业微信成员不存在',
  84061: '该客户不是您的外部联系人',
  301002: '企业微信应用无权操作该数据',
};

export const wecomMessage = (errcode: number): string => WECOM_ERRORS[errcode] ?? `企业微信接口返回错误（errcode ${errcode}）`;

/** A refusal carrying WeCom's errcode; invalid codes are the user's matter (401), the rest the service's (503). */
export class WecomError extends ApiError {
  constructor(readonly errcode: number) {
    super(errcode === 40029 || errcode === 40125 || errcode === 41008 ? Code.wrongCredentials : errcode === 45009 || errcode === 45011 || errcode === 45033 ? Code.tooMany : Code.unavailable, wecomMessage(errcode), { errcode });
    this.name = 'WecomError';
  }
}

const wrongCorp = () => new ApiError(Code.unavailable, '本连锁尚未配置企业微信应用，请管理员配置后再试');

/** Production without WECOM_CORP_ID / WECOM_SECRET: work-chat login says so instead of guessing. */
export function unconfiguredWecom(): WecomProvider {
  const refuse = async (): Promise<never> => {
    throw new ApiError(Code.unavailable, '企业微信登录尚未配置，请使用账号密码登录');
  };
  return {
    name: 'unconfigured',
    corpId: '',
    agentId: '',
    identify: refuse,
    followUsers: refuse,
    externalContactIds: refuse,
    externalContact: refuse,
    jsapiTicket: refuse,
    agentTicket: refuse,
  };
}

/** The demo contacts of the development adapter: who added whom, and the remark mobiles. */
export const DEVELOPMENT_CONTACTS: ExternalContactDetail[] = [
  { externalUserId: 'wmDemoContact001', name: '张先生', type: 1, gender: 1, avatar: '', unionid: '', followUsers: [{ userid: 'AnTuLi', remark: '张先生 奥迪A4L', remarkMobiles: [], createtime: 1_760_000_000 }] },
  { externalUserId: 'wmDemoContact002', name: '林女士', type: 1, gender: 2, avatar: '', unionid: '', followUsers: [{ userid: 'AnTuLi', remark: '', remarkMobiles: ['13700001234'], createtime: 1_760_100_000 }] },
  { externalUserId: 'wmDemoContact003', name: '小马哥', type: 1, gender: 1, avatar: '', unionid: '', followUsers: [{ userid: 'AnTuWang', remark: '马师傅介绍', remarkMobiles: [], createtime: 1_760_200_000 }] },
];

export function developmentWecom(contacts: ExternalContactDetail[] = DEVELOPMENT_CONTACTS): WecomProvider {
  return {
    name: 'development',
    corpId: '',
    agentId: '1000002',
    async identify(code) {
      const match = /^dev:([\w-]+):([\w.@-]+)$/.exec(code);
      return match ? { corpId: match[1], wechatUserId: match[2] } : null;
    },
    async followUsers() {
      return [...new Set(contacts.flatMap((contact) => contact.followUsers.map((user) => user.userid)))];
    },
    async externalContactIds(_corpId, userid) {
      return contacts.filter((contact) => contact.followUsers.some((user) => user.userid === userid)).map((contact) => contact.externalUserId);
    },
    async externalContact(_corpId, externalUserId) {
      const known = contacts.find((contact) => contact.externalUserId === externalUserId);
      // Any other id is a contact somebody just added: the sidebar can be tried with any id.
      return known ?? { externalUserId, name: `微信用户${externalUserId.slice(-4)}`, type: 1, gender: 0, avatar: '', unionid: '', followUsers: [] };
    },
    async jsapiTicket() {
      return 'development-jsapi-ticket';
    },
    async agentTicket() {
      return 'development-agent-ticket';
    },
  };
}

export const WECOM_API_BASE = 'https://qyapi.weixin.qq.com/cgi-bin';

export interface WecomApiSettings {
  corpId: string;
  /** The self-built app's AgentId (wx.agentConfig, the QR login). */
  agentId: string;
  /** The app's Secret: login, tickets, and external contacts when the app may call 客户联系. */
  secret: string;
  /** The 客户联系 Secret, when the chain uses it instead of the app's for external contacts. */
  contactSecret?: string;
  /** Default https://qyapi.weixin.qq.com/cgi-bin; tests point it at a local peer. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Milliseconds per HTTP call before giving up (default 10 s). */
  timeoutMs?: number;
  now?: () => number;
}

/** Refresh this long before WeCom's expires_in, so a token never expires between check and use. */
const EARLY_SECONDS = 300;
const RETRY_ON = new Set([42001, 40014]);

interface Answer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

/** A value fetched from WeCom, kept until shortly before it expires; concurrent callers share one fetch. */
class Cached {
  private value: { text: string; until: number } | undefined;
  private inFlight: Promise<string> | undefined;
  constructor(
    private readonly load: () => Promise<{ text: string; expiresIn: number }>,
    private readonly now: () => number,
  ) {}
  get(): Promise<string> {
    if (this.value && this.value.until > this.now()) return Promise.resolve(this.value.text);
    this.inFlight ??= this.load()
      .then(({ text, expiresIn }) => {
        this.value = { text, until: this.now() + Math.max(expiresIn - EARLY_SECONDS, 60) * 1000 };
        return text;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
  drop(stale: string): void {
    if (this.value?.text === stale) this.value = undefined;
  }
}

/** WeCom's documented HTTP API for one corp's self-built app. */
export function wecomApi(settings: WecomApiSettings): WecomProvider {
  const base = (settings.baseUrl || WECOM_API_BASE).replace(/\/+$/, '');
  const fetchImpl = settings.fetch ?? fetch;
  const now = settings.now ?? Date.now;
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function get(path: string, query: Record<string, string>): Promise<Answer> {
    const url = `${base}/${path}?${new URLSearchParams(query)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new ApiError(Code.unavailable, '无法连接企业微信，请稍后再试');
    }
    if (!response.ok) throw new ApiError(Code.unavailable, `企业微信暂时无法访问（HTTP ${response.status}），请稍后再试`);
    try {
      return (await response.json()) as Answer;
    } catch {
      throw new ApiError(Code.unavailable, '企业微信的应答无法识别，请稍后再试');
    }
  }

  const tokenFor = (secret: string) =>
    new Cached(async () => {
      const answer = await get('gettoken', { corpid: settings.corpId, corpsecret: secret });
      if (answer.errcode || typeof answer.access_token !== 'string') throw new WecomError(answer.errcode || -1);
      return { text: answer.access_token, expiresIn: Number(answer.expires_in) || 7200 };
    }, now);
  const appToken = tokenFor(settings.secret);
  const contactToken = settings.contactSecret ? tokenFor(settings.contactSecret) : appToken;

  /** A call with the access token; an expired or invalid token is refreshed and the call made once more. */
  async function call(token: Cached, path: string, query: Record<string, string> = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const accessToken = await token.get();
      const answer = await get(path, { access_token: accessToken, ...query });
      const errcode = answer.errcode ?? 0;
      if (errcode === 0) return answer;
      if (RETRY_ON.has(errcode) && attempt === 0) {
        token.drop(accessToken);
        continue;
      }
      throw new WecomError(errcode);
    }
  }

  const ticket = (path: string, query: Record<string, string> = {}) =>
    new Cached(async () => {
      const answer = await call(appToken, path, query);
      if (typeof answer.ticket !== 'string') throw new WecomError(-1);
      return { text: answer.ticket, expiresIn: Number(answer.expires_in) || 7200 };
    }, now);
  const jsapi = ticket('get_jsapi_ticket');
  const agent = ticket('ticket/get', { type: 'agent_config' });

  const ours = (corpId: string) => {
    if (corpId !== settings.corpId) throw wrongCorp();
  };

  return {
    name: 'wecom-api',
    corpId: settings.corpId,
    agentId: settings.agentId,
    async identify(code) {
      try {
        const answer = await call(appToken, 'auth/getuserinfo', { code });
        // A non-member (openid, no userid) cannot be one of our staff.
        return typeof answer.userid === 'string' && answer.userid ? { corpId: settings.corpId, wechatUserId: answer.userid } : null;
      } catch (error) {
        if (error instanceof WecomError && (error.errcode === 40029 || error.errcode === 40125)) return null;
        throw error;
      }
    },
    async followUsers(corpId) {
      ours(corpId);
      const answer = await call(contactToken, 'externalcontact/get_follow_user_list');
      return Array.isArray(answer.follow_user) ? answer.follow_user.filter((id): id is string => typeof id === 'string') : [];
    },
    async externalContactIds(corpId, userid) {
      ours(corpId);
      try {
        const answer = await call(contactToken, 'externalcontact/list', { userid });
        return Array.isArray(answer.external_userid) ? answer.external_userid.filter((id): id is string => typeof id === 'string') : [];
      } catch (error) {
        // 84061: this member has no external contacts.
        if (error instanceof WecomError && error.errcode === 84061) return [];
        throw error;
      }
    },
    async externalContact(corpId, externalUserId) {
      ours(corpId);
      let answer: Answer;
      try {
        answer = await call(contactToken, 'externalcontact/get', { external_userid: externalUserId });
      } catch (error) {
        if (error instanceof WecomError && (error.errcode === 40096 || error.errcode === 84061)) return null;
        throw error;
      }
      return readContact(answer);
    },
    async jsapiTicket(corpId) {
      ours(corpId);
      return jsapi.get();
    },
    async agentTicket(corpId) {
      ours(corpId);
      return agent.get();
    },
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** externalcontact/get's answer, read defensively: a missing field is empty, never a crash. */
export function readContact(answer: Answer): ExternalContactDetail | null {
  const contact = (answer.external_contact ?? {}) as Record<string, unknown>;
  const externalUserId = str(contact.external_userid);
  if (!externalUserId) return null;
  const follow = Array.isArray(answer.follow_user) ? (answer.follow_user as Record<string, unknown>[]) : [];
  return {
    externalUserId,
    name: str(contact.name),
    type: num(contact.type),
    gender: num(contact.gender),
    avatar: str(contact.avatar),
    unionid: str(contact.unionid),
    followUsers: follow
      .filter((user) => user && typeof user === 'object' && str(user.userid))
      .map((user) => ({
        userid: str(user.userid),
        remark: str(user.remark),
        remarkMobiles: Array.isArray(user.remark_mobiles) ? user.remark_mobiles.map(str).map((mobile) => mobile.replace(/[\s-]/g, '')).filter(Boolean) : [],
        createtime: num(user.createtime),
      })),
  };
}

/**
 * The JS-SDK signature (wx.config and wx.agentConfig alike): SHA-1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in that order, values as they are (no URL
 * encoding), the url without its #fragment.
 */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const page = url.split('#')[0];
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex');
}
