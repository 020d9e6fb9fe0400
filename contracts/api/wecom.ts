/**
 * 企业微信 (issue 18): the login settings the login page and the sidebar need, the JS-SDK
 * signatures (wx.config / wx.agentConfig), the chat sidebar's external contact → customer binding,
 * and the sync of the chain's external contacts. Login itself is /qy/qy-login (contracts/api/account.ts):
 * the OAuth code of the sidebar and the code of the desktop QR login (wwlogin) are exchanged alike.
 *
 * The sidebar calls go through the /wecom host. The server enforces the chain (a contact belongs to
 * the signed-in chain's corp) and the data scope (only customers of the user's stores are shown,
 * bound or created). Everything but the login settings needs the 企业微信 add-on.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { flag, id, labelled, pattern, requiredText, text } from '../fields';
import { MOBILE_PATTERN } from '../rules/mobile';
import { customerDetailAnswer } from './customer';

const call = apiCalls('企业微信');

/** The chat sidebar page (聊天工具栏): WeCom's clients may frame it (server/src/plugins/security.ts). */
export const WECOM_SIDEBAR_PATH = '/sidebar';
/** Who may frame the sidebar page, besides FRAME_ANCESTORS: WeCom's desktop and web clients. */
export const WECOM_FRAME_ANCESTORS = ['https://work.weixin.qq.com', 'https://*.work.weixin.qq.com'];
/** Where the sidebar page loads WeCom's JS-SDK from (jweixin and the wecom-jssdk). */
export const WECOM_SCRIPT_SOURCES = ['https://res.wx.qq.com', 'https://open.work.weixin.qq.com', 'https://wwcdn.weixin.qq.com'];

/** WeCom's external_userid: letters, digits, - and _ (wo… for WeChat users, wm… for others). */
export const EXTERNAL_USERID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const WRONG_ID = '外部联系人编号格式不正确';
export const externalUserId = labelled(
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? '请填写外部联系人' : WRONG_ID) })
    .trim()
    .min(1, { error: '请填写外部联系人' })
    .max(64, { error: WRONG_ID })
    .regex(EXTERNAL_USERID_PATTERN, { error: WRONG_ID }),
  '外部联系人',
);

const orEmpty = <S extends z.ZodType>(schema: S) => schema.optional().or(z.literal('').transform(() => undefined));

// ── Login settings (public) ──────────────────────────────────────────────────────────────

export const loginSettings = call({
  method: 'GET',
  path: '/qy/login-settings',
  summary: '企业微信登录参数：扫码登录（wwlogin）与侧边栏静默授权（OAuth）的地址',
  input: z.object({
    /** Where WeCom sends the user back with ?code=…; must be on the app's trusted domain (可信域名). */
    redirectUri: pattern('回调地址', /^https?:\/\/[^\s#]+$/, '回调地址格式不正确', { max: 1000 }),
    /** Echoed back by WeCom as ?state=…, for the page to check (against CSRF). */
    state: orEmpty(pattern('状态码', /^[A-Za-z0-9_-]{1,128}$/, '状态码格式不正确', { max: 128 })),
  }),
  answer: z.object({
    /** false: no WeCom app is set up for this server; the page shows password login only. */
    configured: z.boolean(),
    corpId: z.string(),
    agentId: z.string(),
    /** Desktop QR login (https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=…&agentid=…&redirect_uri=…&state=…). */
    qrLoginUrl: z.string(),
    /** Silent OAuth inside WeCom's webview (https://open.weixin.qq.com/connect/oauth2/authorize?…&scope=snsapi_base#wechat_redirect). */
    oauthUrl: z.string(),
  }),
});

// ── JS-SDK signatures ────────────────────────────────────────────────────────────────────

const signed = z.object({ timestamp: z.number(), nonceStr: z.string(), signature: z.string() });

export const jssdkSignature = call({
  method: 'GET',
  path: '/wecom-sdk/signature',
  summary: 'JS-SDK 签名：wx.config（企业 jsapi_ticket）与 wx.agentConfig（应用 ticket）',
  input: z.object({
    /** The page's own URL (location.href); the part after # is dropped before signing. */
    url: pattern('页面地址', /^https?:\/\/\S+$/, '页面地址格式不正确', { max: 2000 }),
  }),
  answer: z.object({
    /** wx.config({ beta: true, appId: corpId, timestamp, nonceStr, signature, jsApiList }). */
    config: signed.extend({ appId: z.string() }),
    /** wx.agentConfig({ corpid, agentid, timestamp, nonceStr, signature, jsApiList }). */
    agentConfig: signed.extend({ corpid: z.string(), agentid: z.string() }),
    jsApiList: z.array(z.string()),
  }),
});

// ── The sidebar: external contact ↔ customer ─────────────────────────────────────────────

/** The WeCom side: what the contact calls themself and how staff noted them. */
export const externalContact = z.object({
  externalUserId: z.string(),
  /** WeChat nickname (or the remark a staff member gave, when set). */
  name: z.string(),
  /** The remark of the signed-in staff member (or the first follow user's). */
  remark: z.string(),
  /** remark_mobiles of all follow users, deduplicated; unmasked only when the user may see mobiles. */
  mobiles: z.array(z.string()),
  /** 1 WeChat user, 2 WeCom user. */
  type: z.number(),
  avatar: z.string(),
});

/** The bound customer, as much as the sidebar header needs; the card itself comes from /client/detail. */
export const boundCustomer = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  plates: z.array(z.string()),
});

export const BINDING_SOURCES = ['mobile', 'manual', 'created'] as const;

export const currentContact = call({
  method: 'GET',
  path: '/wecom-contact/current',
  summary: '侧边栏：当前聊天的外部联系人及其绑定的客户（未绑定时给出联系人的名称与手机号）',
  input: z.object({ externalUserId }),
  answer: z.object({
    contact: externalContact,
    /** null when unbound, or bound to a customer outside the user's stores (then boundElsewhere). */
    customer: boundCustomer.nullable(),
    /** mobile = linked by the remark mobile, manual = bound by hand, created = created from the contact. */
    source: z.enum(BINDING_SOURCES).nullable(),
    /** Bound, but to a customer of a store the user cannot see: the sidebar says so instead of offering to bind. */
    boundElsewhere: z.boolean(),
    /** The bound customer's card (as /client/detail answers it), so the sidebar draws it without a second call. */
    detail: customerDetailAnswer.nullable(),
  }),
});

export const searchCustomers = call({
  method: 'GET',
  path: '/wecom-contact/customers',
  summary: '侧边栏：按姓名、手机号或车牌搜索本人可见的客户，用于绑定',
  input: z.object({ keyword: requiredText('关键字', { max: 40 }) }),
  answer: z.object({ rows: z.array(boundCustomer.extend({ boundTo: z.string().nullable() })) }),
});

export const bindContact = call({
  method: 'POST',
  path: '/wecom-contact/bind',
  summary: '侧边栏：把外部联系人绑定到客户（一个联系人只绑定一个客户）',
  input: z.object({ externalUserId, customerId: id('客户'), replace: flag('替换原绑定').default(false) }),
  answer: z.object({ customer: boundCustomer }),
});

export const unbindContact = call({
  method: 'POST',
  path: '/wecom-contact/unbind',
  summary: '侧边栏：解除外部联系人与客户的绑定',
  input: z.object({ externalUserId }),
  answer: z.null(),
});

export const createCustomerFromContact = call({
  method: 'POST',
  path: '/wecom-contact/create-customer',
  summary: '侧边栏：用外部联系人新建客户并绑定',
  input: z.object({
    externalUserId,
    name: requiredText('客户姓名', { max: 32 }),
    mobile: pattern('手机号', MOBILE_PATTERN, '请输入正确的 11 位手机号', { max: 11 }),
    /** Defaults to the user's current store. */
    storeId: orEmpty(id('门店')),
    remark: orEmpty(text('备注', { max: 200 })),
  }),
  answer: z.object({ customer: boundCustomer }),
});

// ── Sync (admin: 设置中心) ────────────────────────────────────────────────────────────────

export const SYNC_STATES = ['idle', 'running', 'done', 'failed'] as const;

export const syncStatus = z.object({
  state: z.enum(SYNC_STATES),
  /** Staff members (follow users) gone through / in all. */
  usersDone: z.number(),
  usersTotal: z.number(),
  contactsSeen: z.number(),
  /** Newly linked by mobile, newly made potential customers, in the last or current run. */
  linked: z.number(),
  newLeads: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The Chinese message of a failed run. */
  error: z.string(),
});

export const startSync = call({
  method: 'POST',
  path: '/wecom-contact/sync',
  summary: '同步企业微信外部联系人（后台任务；只取新联系人，full=true 时全部重取）',
  input: z.object({ full: flag('全部重新同步').default(false) }),
  answer: syncStatus,
});

export const getSync = call({ method: 'GET', path: '/wecom-contact/sync', summary: '外部联系人同步进度', answer: syncStatus });

// ── Overview (系统设置 › 企业微信) ──────────────────────────────────────────────────────────

export const overview = call({
  method: 'GET',
  path: '/wecom-contact/overview',
  summary: '系统设置 › 企业微信：本连锁的企业微信配置、增值功能状态、已绑定联系人数与上次同步',
  answer: z.object({
    /** The 企业微信 add-on: active, or what stops it (none = not bought, grace/locked = expired). */
    addOn: z.enum(['active', 'grace', 'locked', 'none']),
    /** true when nothing is missing: the sidebar, the login and the sync can reach WeCom. */
    configured: z.boolean(),
    /** The chain's corp (企业ID) as stored; '' when not entered. */
    corpId: z.string(),
    agentId: z.string(),
    /** What to paste into WeCom's 聊天工具栏: PUBLIC_URL + /sidebar; '' while the server has no PUBLIC_URL. */
    sidebarUrl: z.string(),
    /** What is missing, in Chinese, one line each (empty when configured). */
    missing: z.array(z.string()),
    /** External contacts stored for the chain, and how many of them are bound to a customer. */
    contacts: z.number(),
    bound: z.number(),
    sync: syncStatus,
  }),
});
