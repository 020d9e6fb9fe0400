/**
 * Payment providers of the mall: one adapter per channel (WeChat Pay v3 Native, Alipay precreate,
 * and the development adapter's 「模拟支付成功」), gathered in a gateway the routes use.
 *
 * Which adapters run (app.ts): WeChat Pay and Alipay when their merchant settings are in the
 * environment (paymentSettingsFrom, documented in the README); outside production the
 * development adapter as well, which also stands in for an unconfigured WeChat Pay / Alipay so the
 * pages show a QR code. Production never runs the development adapter (production.ts refuses a
 * provider named development…), and without merchant settings offers no channel at all.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { PayChannel } from '../../../contracts/rules/mall';
import { wechatPay, type WechatPaySettings } from './wechat-pay';
import { alipay, type AlipaySettings } from './alipay';

/** What a provider needs to make a payment code. */
export interface PaymentOrder {
  /** out_trade_no. */
  orderNo: string;
  amountFen: number;
  /** The product, shown in the payer's app (商品描述 / subject). */
  description: string;
  /** The provider closes the code at this instant. */
  payBefore: Date;
}

/** Giving back one payment the order did not need (issue 31). */
export interface PaymentRefund {
  /** out_trade_no of the payment. */
  orderNo: string;
  /** The provider's transaction id of the payment to give back. */
  reference: string;
  amountFen: number;
  /** Our id of the refund (out_refund_no / out_request_no): a retry with it refunds once. */
  refundNo: string;
  /** Shown to the payer. */
  reason: string;
}

/** A verified "paid" notification. */
export interface PaidNotice {
  orderNo: string;
  amountFen: number;
  /** The provider's transaction id. */
  reference: string;
  paidAt: Date;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, exactly as received: signatures are over these bytes. */
  body: string;
}

export type VerifiedNotification =
  | { ok: true; eventId: string; notice: PaidNotice | null; state: string }
  | { ok: false; reason: string };

export interface PaymentAdapter {
  /** development… for the development adapter (production.ts). */
  readonly name: string;
  readonly channel: PayChannel;
  /** The QR code's content (code_url / qr_code); simulate = the page shows 「模拟支付成功」. */
  precreate(order: PaymentOrder): Promise<{ codeUrl: string | null; simulate: boolean }>;
  /**
   * Closes the order's payment code, so it can no longer be paid (another channel was chosen, or
   * the order was cancelled). Resolves once closed or when the provider holds nothing to close;
   * throws PaymentUnavailable otherwise (e.g. it was paid meanwhile).
   */
  close(orderNo: string): Promise<void>;
  /** Gives a payment back to the payer; resolves once the provider accepted the refund. */
  refund(refund: PaymentRefund): Promise<void>;
  /** Checks the notification's signature (and decrypts it); never trusts its content otherwise. */
  verifyNotification(request: NotificationRequest): VerifiedNotification;
}

export interface PaymentGateway {
  /** 'developmentPayment' when the development adapter runs, so production refuses it. */
  readonly name: string;
  /** The development adapter is present: 「模拟支付成功」 is allowed. */
  readonly development: boolean;
  readonly adapters: Partial<Record<PayChannel, PaymentAdapter>>;
}

/** A refusal of the provider, in Chinese for the buyer; the detail goes to the log. */
export class PaymentUnavailable extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
    this.name = 'PaymentUnavailable';
  }
}

/** The development adapter: no money moves; the page offers 「模拟支付成功」. */
export function developmentPayment(channel: PayChannel): PaymentAdapter {
  const links: Record<PayChannel, (orderNo: string) => string | null> = {
    wechat: (orderNo) => `weixin://wxpay/bizpayurl?pr=DEV${orderNo}`,
    alipay: (orderNo) => `https://qr.alipay.com/dev${orderNo.toLowerCase()}`,
    dev: () => null,
  };
  return {
    name: 'developmentPayment',
    channel,
    async precreate(order) {
      return { codeUrl: links[channel](order.orderNo), simulate: true };
    },
    async close() {},
    async refund() {},
    verifyNotification: () => ({ ok: false, reason: '开发用支付不接收通知' }),
  };
}

export interface PaymentSettings {
  wechat: WechatPaySettings | null;
  alipay: AlipaySettings | null;
}

export function paymentGateway(settings: PaymentSettings, { production }: { production: boolean }): PaymentGateway {
  const adapters: Partial<Record<PayChannel, PaymentAdapter>> = {};
  if (settings.wechat) adapters.wechat = wechatPay(settings.wechat);
  if (settings.alipay) adapters.alipay = alipay(settings.alipay);
  if (!production) {
    adapters.wechat ??= developmentPayment('wechat');
    adapters.alipay ??= developmentPayment('alipay');
    adapters.dev = developmentPayment('dev');
  }
  const development = !!adapters.dev;
  return { name: development ? 'developmentPayment' : Object.values(adapters).map((adapter) => adapter.name).join('+') || 'unconfiguredPayment', development, adapters };
}

/** A PEM from VAR, or from the file VAR_FILE names. */
function pem(env: NodeJS.ProcessEnv, name: string): string {
  const file = env[`${name}_FILE`];
  return (env[name] || (file ? readFileSync(file, 'utf8') : '')).replace(/\\n/g, '\n').trim();
}

/**
 * Merchant settings from the environment; a channel is configured when all its variables are set,
 * and a half-configured one stops the server (a typo must not silently fall back).
 */
export function paymentSettingsFrom(env: NodeJS.ProcessEnv): PaymentSettings {
  const notifyBase = (env.PAY_NOTIFY_BASE_URL || '').replace(/\/+$/, '');
  const wechatValues = {
    mchid: env.WECHATPAY_MCHID || '',
    appid: env.WECHATPAY_APPID || '',
    serialNo: env.WECHATPAY_SERIAL_NO || '',
    privateKey: pem(env, 'WECHATPAY_PRIVATE_KEY'),
    apiV3Key: env.WECHATPAY_APIV3_KEY || '',
    platformPublicKey: pem(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY'),
    platformSerial: env.WECHATPAY_PLATFORM_SERIAL || '',
  };
  const alipayValues = { appId: env.ALIPAY_APP_ID || '', privateKey: pem(env, 'ALIPAY_PRIVATE_KEY'), alipayPublicKey: pem(env, 'ALIPAY_PUBLIC_KEY') };
  const complete = (values: Record<string, string>, prefix: string) => {
    const missing = Object.entries(values).filter(([, value]) => !value).map(([key]) => key);
    if (missing.length === Object.keys(values).length) return false;
    if (missing.length) throw new Error(`${prefix} 配置不完整 (incomplete ${prefix} settings): missing ${missing.join(', ')}`);
    if (!notifyBase.startsWith('https://')) throw new Error('PAY_NOTIFY_BASE_URL 必须是 https:// 开头的公网地址 (PAY_NOTIFY_BASE_URL must be the public https:// origin of this server)');
    return true;
  };
  const wechat = complete(wechatValues, 'WECHATPAY')
    ? { ...wechatValues, baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com', notifyUrl: `${notifyBase}/api/mall/notify/wechat` }
    : null;
  if (wechat && Buffer.byteLength(wechat.apiV3Key) !== 32) throw new Error('WECHATPAY_APIV3_KEY 必须是 32 个字符 (the APIv3 key is 32 characters)');
  const ali = complete(alipayValues, 'ALIPAY')
    ? { ...alipayValues, gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do', notifyUrl: `${notifyBase}/api/mall/notify/alipay` }
    : null;
  return { wechat, alipay: ali };
}

export const nonce = () => randomBytes(16).toString('hex');

/** '1234' fen → '12.34' yuan, without floating point. */
export function yuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** '12.34' yuan → 1234 fen, or NaN for anything but a plain amount. */
export function fenOfYuan(text: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const headerOf = (headers: NotificationRequest['headers'], name: string): string => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};
