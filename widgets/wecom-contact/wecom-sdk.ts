/**
 * WeCom's JS-SDK as the sidebar uses it: load WeCom's scripts (unless the page already has `wx`,
 * as tests and the development client /sidebar/dev inject it), wx.config with the corp signature,
 * then wx.agentConfig with the app signature (both signed by our server over this page's URL),
 * then getContext (where the page was opened from) and getCurExternalContact.
 * Signatures: GET /wecom/wecom-sdk/signature (server/src/routes/wecom.ts).
 */
import { http } from '../core';
import { messages } from './messages';

/** WeCom's documented script addresses: jweixin for wx.config, jwxwork for wx.agentConfig. */
export const WECOM_SCRIPTS = ['https://res.wx.qq.com/open/js/jweixin-1.2.0.js', 'https://open.work.weixin.qq.com/wwopen/js/jwxwork-1.0.0.js'];

interface Signed {
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface JsSdkSignature {
  config: Signed & { appId: string };
  agentConfig: Signed & { corpid: string; agentid: string };
  jsApiList: string[];
}

interface WxResult {
  err_msg?: string;
  errMsg?: string;
  userId?: string;
  /** getContext: where the page was opened from. */
  entry?: string;
}

/** The part of WeCom's `wx` object the sidebar calls. */
export interface Wx {
  config(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (result: WxResult) => void): void;
  agentConfig(options: Record<string, unknown> & { success(result: WxResult): void; fail(result: WxResult): void }): void;
  invoke(name: string, parameters: Record<string, unknown>, callback: (result: WxResult) => void): void;
}

declare global {
  interface Window {
    wx?: Wx;
  }
}

/** Why the sidebar cannot go on: not inside WeCom, the signature refused, or no external contact in this chat. */
export class WecomSdkError extends Error {
  constructor(
    readonly kind: 'not-in-wecom' | 'refused' | 'no-contact',
    readonly reason = '',
  ) {
    super(reason || kind);
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.referrerPolicy = 'origin';
    // Fetched in parallel, run in the order added (jwxwork extends jweixin's wx).
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(src));
    document.head.append(script);
  });
}

async function wecomWx(): Promise<Wx> {
  if (!window.wx) {
    try {
      await Promise.all(WECOM_SCRIPTS.map(loadScript));
    } catch {
      throw new WecomSdkError('not-in-wecom');
    }
  }
  // Outside WeCom's webview the scripts may load, but agentConfig then fails: reported as refused.
  if (!window.wx) throw new WecomSdkError('not-in-wecom');
  return window.wx;
}

const reasonOf = (result: WxResult) => result.errMsg || result.err_msg || '';

/**
 * How long WeCom may take to answer one step. Inside WeCom it answers at once; in a plain browser
 * that could load WeCom's scripts nothing ever answers, and the page would wait for ever.
 */
export const WECOM_ANSWER_LIMIT_MS = 10_000;

/** One step of the JS-SDK, given up after WECOM_ANSWER_LIMIT_MS: outside WeCom's clients (no `wxwork` in the user agent) that means "not in WeCom". */
function wecomStep<T>(step: (resolve: (value: T) => void, reject: (error: WecomSdkError) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(/wxwork/i.test(navigator.userAgent) ? new WecomSdkError('refused', messages.page.noAnswer) : new WecomSdkError('not-in-wecom'));
    }, WECOM_ANSWER_LIMIT_MS);
    step(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Where getCurExternalContact has a contact: a customer chat's toolbar, or the customer's profile. */
const CUSTOMER_ENTRIES = ['single_chat_tools', 'contact_profile'];

/** The chat's external contact (external_userid), after signing the page for WeCom. */
export async function currentExternalContact(): Promise<string> {
  const wx = await wecomWx();
  // The URL WeCom checks is the page's, without its fragment (WeCom's signing rule).
  const url = location.href.split('#')[0];
  const signed = await http.wecom.get<JsSdkSignature>('/wecom-sdk/signature', { params: { url }, silent: true }).catch((error: { msg?: string }) => {
    throw new WecomSdkError('refused', error.msg || '');
  });
  await wecomStep<void>((resolve, reject) => {
    wx.ready(() => resolve());
    wx.error((result) => reject(new WecomSdkError('refused', reasonOf(result))));
    wx.config({ beta: true, debug: false, ...signed.config, jsApiList: signed.jsApiList });
  });
  await wecomStep<void>((resolve, reject) =>
    wx.agentConfig({
      ...signed.agentConfig,
      jsApiList: signed.jsApiList,
      success: () => resolve(),
      fail: (result) => reject(new WecomSdkError('refused', reasonOf(result))),
    }),
  );
  // A group chat's toolbar has no single contact: said at once, without asking for one.
  const { entry } = await wecomStep<WxResult>((resolve) => wx.invoke('getContext', {}, resolve));
  if (entry && !CUSTOMER_ENTRIES.includes(entry)) throw new WecomSdkError('no-contact', entry);
  return wecomStep<string>((resolve, reject) =>
    wx.invoke('getCurExternalContact', {}, (result) => {
      if (reasonOf(result) === 'getCurExternalContact:ok' && result.userId) resolve(result.userId);
      else reject(new WecomSdkError('no-contact', reasonOf(result)));
    }),
  );
}
