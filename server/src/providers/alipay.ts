/**
 * Alipay 当面付 precreate (alipay.trade.precreate answers a qr_code; alipay.trade.close and
 * alipay.trade.refund close a code and give a payment back), with node:crypto only.
 * Requests are signed RSA2: RSA-SHA256 with the app private key over the parameters other than
 * `sign`, sorted by name and joined as `k=v&k=v` (empty values left out). The answer is signed by
 * Alipay over the JSON text of `alipay_trade_precreate_response`; an asynchronous notification
 * (form fields) over its fields other than `sign` and `sign_type`, sorted the same way. Both are
 * verified with Alipay's public key. Only TRADE_SUCCESS and TRADE_FINISHED mean paid; Alipay
 * repeats a notification until it reads `success`.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { inGarageZone } from '../../../contracts/dates';
import { fenOfYuan, PaymentUnavailable, yuanText, type PaymentAdapter, type VerifiedNotification } from './payment';

export interface AlipaySettings {
  appId: string;
  /** The app's private key (应用私钥), PEM (PKCS#1 or PKCS#8). */
  privateKey: string;
  /** Alipay's public key (支付宝公钥), PEM. */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do (a local peer in tests). */
  gateway: string;
  notifyUrl: string;
}

/** `k=v&k=v` of the parameters, sorted by name, without sign (and sign_type for notifications) and empty values. */
export function alipaySignContent(params: Record<string, string>, omit: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The JSON text of `<name>` in an Alipay answer, exactly as signed. */
export function alipayResponseNode(text: string, name: string): string | null {
  const start = text.indexOf(`"${name}"`);
  if (start < 0) return null;
  const colon = text.indexOf(':', start + name.length + 2);
  const open = text.indexOf('{', colon);
  let depth = 0;
  let inString = false;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(open, index + 1);
  }
  return null;
}

const garageTime = (at: Date | number) => inGarageZone(at).format('YYYY-MM-DD HH:mm:ss');

export function alipay(settings: AlipaySettings, clock: () => number = Date.now): PaymentAdapter {
  const privateKey = createPrivateKey(settings.privateKey);
  const alipayKey = createPublicKey(settings.alipayPublicKey);
  const signedByAlipay = (content: string, signature: string) => {
    try {
      return verify('RSA-SHA256', Buffer.from(content, 'utf8'), alipayKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  };

  async function call(method: string, bizContent: object, extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const params: Record<string, string> = {
      app_id: settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: garageTime(clock()),
      version: '1.0',
      biz_content: JSON.stringify(bizContent),
      ...extra,
    };
    params.sign = sign('RSA-SHA256', Buffer.from(alipaySignContent(params), 'utf8'), privateKey).toString('base64');
    let text: string;
    try {
      const response = await fetch(settings.gateway, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      text = await response.text();
    } catch (error) {
      throw new PaymentUnavailable('支付宝暂时无法连接，请稍后再试', String(error));
    }
    const nodeName = `${method.replace(/\./g, '_')}_response`;
    const node = alipayResponseNode(text, nodeName);
    let parsed: { sign?: unknown } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new PaymentUnavailable('支付宝应答格式不正确', text.slice(0, 200));
    }
    const answer = (parsed[nodeName] ?? parsed.error_response) as Record<string, unknown> | undefined;
    if (!node || !answer) throw new PaymentUnavailable('支付宝应答格式不正确', text.slice(0, 200));
    // Error answers may be unsigned (e.g. a wrong app id); a success must be signed by Alipay.
    if (answer.code === '10000' && !(typeof parsed.sign === 'string' && signedByAlipay(node, parsed.sign))) {
      throw new PaymentUnavailable('支付宝应答签名验证失败，请稍后再试', node.slice(0, 200));
    }
    return answer;
  }

  return {
    name: 'alipay',
    channel: 'alipay',
    async precreate(order) {
      const answer = await call(
        'alipay.trade.precreate',
        { out_trade_no: order.orderNo, total_amount: yuanText(order.amountFen), subject: order.description.slice(0, 256), time_expire: garageTime(order.payBefore) },
        { notify_url: settings.notifyUrl },
      );
      if (answer.code !== '10000' || typeof answer.qr_code !== 'string') {
        throw new PaymentUnavailable(`支付宝下单失败：${String(answer.sub_msg ?? answer.msg ?? '未知错误')}`, JSON.stringify(answer));
      }
      return { codeUrl: answer.qr_code, simulate: false };
    },
    async close(orderNo) {
      const answer = await call('alipay.trade.close', { out_trade_no: orderNo });
      // Before the buyer scans, Alipay holds no trade yet (ACQ.TRADE_NOT_EXIST) and the code no
      // longer pays; a paid trade answers ACQ.TRADE_STATUS_ERROR.
      if (answer.code === '10000' || answer.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw new PaymentUnavailable(answer.sub_code === 'ACQ.TRADE_STATUS_ERROR' ? '该订单已用支付宝付款，请稍后刷新订单状态' : '支付宝二维码暂时无法关闭，请稍后再试', JSON.stringify(answer));
    },
    async refund(refund) {
      // fund_change is 'N' when this out_request_no was refunded before: still done.
      const answer = await call('alipay.trade.refund', {
        out_trade_no: refund.orderNo,
        trade_no: refund.reference,
        refund_amount: yuanText(refund.amountFen),
        out_request_no: refund.refundNo,
        refund_reason: refund.reason.slice(0, 256),
      });
      if (answer.code !== '10000') throw new PaymentUnavailable(`支付宝退款失败：${String(answer.sub_msg ?? answer.msg ?? '未知错误')}`, JSON.stringify(answer));
    },
    verifyNotification({ body }): VerifiedNotification {
      const fields = Object.fromEntries(new URLSearchParams(body));
      if (!fields.sign) return { ok: false, reason: '缺少签名' };
      if (fields.sign_type && fields.sign_type !== 'RSA2') return { ok: false, reason: `不支持的签名类型 ${fields.sign_type.slice(0, 16)}` };
      if (!signedByAlipay(alipaySignContent(fields, ['sign', 'sign_type']), fields.sign)) return { ok: false, reason: '签名验证失败' };
      if (fields.app_id !== settings.appId) return { ok: false, reason: '应用号不符' };
      const state = fields.trade_status ?? '';
      const eventId = fields.notify_id ?? '';
      if (state !== 'TRADE_SUCCESS' && state !== 'TRADE_FINISHED') return { ok: true, eventId, notice: null, state };
      return {
        ok: true,
        eventId,
        state,
        notice: {
          orderNo: fields.out_trade_no ?? '',
          amountFen: fenOfYuan(fields.total_amount ?? ''),
          reference: fields.trade_no ?? '',
          paidAt: new Date(`${(fields.gmt_payment || fields.notify_time || '').replace(' ', 'T')}+08:00`),
        },
      };
    },
  };
}
