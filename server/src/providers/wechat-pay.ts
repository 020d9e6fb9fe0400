/**
 * WeChat Pay API v3, Native payment (扫码支付: native order, close, refund), with node:crypto only:
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",
 *   timestamp="…",serial_no="…"`, the signature being RSA-SHA256 with the merchant's private key
 *   over `METHOD\nURL-path-and-query\ntimestamp\nnonce\nbody\n`;
 * - answers and notifications are signed by WeChat Pay (Wechatpay-Timestamp/-Nonce/-Signature/
 *   -Serial headers) over `timestamp\nnonce\nbody\n`, verified with the platform public key;
 * - a notification's `resource` is AEAD_AES_256_GCM with the APIv3 key, its nonce and
 *   associated_data (the last 16 bytes of the ciphertext are the tag).
 * A notification older or newer than five minutes is refused, so a captured one cannot be replayed
 * later; one replayed within the window finds its order paid and changes nothing.
 */
import { createDecipheriv, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { headerOf, nonce, PaymentUnavailable, type NotificationRequest, type PaymentAdapter, type VerifiedNotification } from './payment';

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate (商户API证书序列号). */
  serialNo: string;
  /** The merchant API private key (apiclient_key.pem). */
  privateKey: string;
  /** APIv3 key, 32 characters. */
  apiV3Key: string;
  /** WeChat Pay's public key (微信支付公钥) or the platform certificate's public key, PEM. */
  platformPublicKey: string;
  /** Its id: PUB_KEY_ID_… or the platform certificate's serial; notifications must name it. */
  platformSerial: string;
  /** https://api.mch.weixin.qq.com (a local peer in tests). */
  baseUrl: string;
  notifyUrl: string;
}

export const WECHAT_REPLAY_WINDOW_SECONDS = 300;

/** The signed message of a request: METHOD\nURL\ntimestamp\nnonce\nbody\n. */
export const wechatRequestMessage = (method: string, url: string, timestamp: string, nonceStr: string, body: string) => `${method}\n${url}\n${timestamp}\n${nonceStr}\n${body}\n`;
/** The signed message of an answer or notification: timestamp\nnonce\nbody\n. */
export const wechatResponseMessage = (timestamp: string, nonceStr: string, body: string) => `${timestamp}\n${nonceStr}\n${body}\n`;

export function wechatAuthorization(settings: Pick<WechatPaySettings, 'mchid' | 'serialNo'>, key: KeyObject, method: string, url: string, body: string, now = Date.now()): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonceStr = nonce();
  const signature = sign('RSA-SHA256', Buffer.from(wechatRequestMessage(method, url, timestamp, nonceStr, body)), key).toString('base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchid}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.serialNo}"`;
}

/** AEAD_AES_256_GCM of a notification's resource. */
export function decryptWechatResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function wechatPay(settings: WechatPaySettings, clock: () => number = Date.now): PaymentAdapter {
  const privateKey = createPrivateKey(settings.privateKey);
  const platformKey = createPublicKey(settings.platformPublicKey);

  /** WeChat Pay's signature over an answer or notification, with the serial it must name. */
  function signedByWechat(headers: NotificationRequest['headers'], body: string, checkWindow: boolean): string | null {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonceStr = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    if (!timestamp || !nonceStr || !signature) return '缺少签名';
    if (serial !== settings.platformSerial) return `未知的平台证书序列号 ${serial.slice(0, 64)}`;
    if (!/^\d{1,12}$/.test(timestamp)) return '时间戳格式不正确';
    if (checkWindow && Math.abs(clock() / 1000 - Number(timestamp)) > WECHAT_REPLAY_WINDOW_SECONDS) return '通知时间超出 5 分钟窗口（疑似重放）';
    let good = false;
    try {
      good = verify('RSA-SHA256', Buffer.from(wechatResponseMessage(timestamp, nonceStr, body)), platformKey, Buffer.from(signature, 'base64'));
    } catch {
      good = false;
    }
    return good ? null : '签名验证失败';
  }

  async function request(method: 'GET' | 'POST', url: string, payload?: object): Promise<{ status: number; json: Record<string, unknown> }> {
    const body = payload ? JSON.stringify(payload) : '';
    let response: Response;
    try {
      response = await fetch(settings.baseUrl + url, {
        method,
        headers: {
          Authorization: wechatAuthorization(settings, privateKey, method, url, body, clock()),
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'garage-suite',
        },
        body: payload ? body : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PaymentUnavailable('微信支付暂时无法连接，请稍后再试', String(error));
    }
    const text = await response.text();
    // Every answer with a body is signed; an unsigned or forged one is not from WeChat Pay.
    if (text) {
      const problem = signedByWechat(Object.fromEntries(response.headers), text, false);
      if (problem) throw new PaymentUnavailable('微信支付应答签名验证失败，请稍后再试', problem);
    }
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new PaymentUnavailable('微信支付应答格式不正确', text.slice(0, 200));
    }
    return { status: response.status, json };
  }

  return {
    name: 'wechatPay',
    channel: 'wechat',
    async precreate(order) {
      const { status, json } = await request('POST', '/v3/pay/transactions/native', {
        appid: settings.appid,
        mchid: settings.mchid,
        description: order.description.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: order.payBefore.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        notify_url: settings.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      if (status !== 200 || typeof json.code_url !== 'string') {
        throw new PaymentUnavailable(`微信支付下单失败：${typeof json.message === 'string' ? json.message : `HTTP ${status}`}`, JSON.stringify(json));
      }
      return { codeUrl: json.code_url, simulate: false };
    },
    async close(orderNo) {
      // 204 No Content, also for a code closed before; a paid one answers ORDERPAID.
      const { status, json } = await request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, { mchid: settings.mchid });
      if (status !== 204) throw new PaymentUnavailable(json.code === 'ORDERPAID' ? '该订单已用微信支付付款，请稍后刷新订单状态' : '微信支付二维码暂时无法关闭，请稍后再试', JSON.stringify(json));
    },
    async refund(refund) {
      // 申请退款: accepted answers PROCESSING (or SUCCESS); the same out_refund_no refunds once.
      const { status, json } = await request('POST', '/v3/refund/domestic/refunds', {
        transaction_id: refund.reference,
        out_refund_no: refund.refundNo,
        reason: refund.reason.slice(0, 80),
        amount: { refund: refund.amountFen, total: refund.amountFen, currency: 'CNY' },
      });
      if (status !== 200 || (json.status !== 'PROCESSING' && json.status !== 'SUCCESS')) {
        throw new PaymentUnavailable(`微信支付退款失败：${typeof json.message === 'string' ? json.message : `HTTP ${status}`}`, JSON.stringify(json));
      }
    },
    verifyNotification({ headers, body }): VerifiedNotification {
      const problem = signedByWechat(headers, body, true);
      if (problem) return { ok: false, reason: problem };
      let event: { id?: unknown; event_type?: unknown; resource?: { ciphertext: string; nonce: string; associated_data?: string } };
      let transaction: Record<string, unknown>;
      try {
        event = JSON.parse(body);
        if (!event.resource || typeof event.resource.ciphertext !== 'string' || typeof event.resource.nonce !== 'string') return { ok: false, reason: '通知缺少 resource' };
        transaction = JSON.parse(decryptWechatResource(settings.apiV3Key, event.resource));
      } catch {
        return { ok: false, reason: '通知无法解密' };
      }
      const eventId = typeof event.id === 'string' ? event.id : '';
      if (transaction.mchid !== settings.mchid || transaction.appid !== settings.appid) return { ok: false, reason: '商户号或应用号不符' };
      const state = String(transaction.trade_state ?? event.event_type ?? '');
      if (event.event_type !== 'TRANSACTION.SUCCESS' || state !== 'SUCCESS') return { ok: true, eventId, notice: null, state };
      const amount = transaction.amount as { total?: unknown } | undefined;
      return {
        ok: true,
        eventId,
        state,
        notice: {
          orderNo: String(transaction.out_trade_no ?? ''),
          amountFen: typeof amount?.total === 'number' ? amount.total : Number.NaN,
          reference: String(transaction.transaction_id ?? ''),
          paidAt: new Date(String(transaction.success_time ?? '')),
        },
      };
    },
  };
}
