/**
 * A local WeChat Pay v3 for tests: a small HTTP server that speaks the Native payment API with
 * its own generated RSA keys. It verifies our requests' Authorization signature with the merchant
 * public key, answers code_url signed with its platform key, closes codes (POST
 * /v3/pay/transactions/out-trade-no/{out_trade_no}/close: 204, also when closed before; a paid one
 * answers 400 ORDERPAID), takes refunds (POST /v3/refund/domestic/refunds, once per out_refund_no),
 * and sends signed, AES-256-GCM encrypted payment notifications to our server, honest or forged as
 * the test asks. A success notice pays the order: its transaction_id stays the order's, as WeChat
 * Pay repeats a notification of one payment.
 *
 *   const peer = await startWechatPayPeer();
 *   const gateway = paymentGateway({ wechat: peer.settings, alipay: null }, { production: false });
 *   peer.deliverTo = server.url;            // notifications go to <server>/api/mall/notify/wechat
 *   await peer.notify(orderNo);             // → { status, body }
 */
import { createCipheriv, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wechatRequestMessage, wechatResponseMessage, type WechatPaySettings } from '../../server/src/providers/wechat-pay';

export interface WechatOrder {
  outTradeNo: string;
  amountFen: number;
  notifyUrl: string;
  description: string;
  closed: boolean;
  /** The transaction_id of its payment, once a success notice was sent. */
  transactionId?: string;
}

/** A refund the peer accepted, by out_refund_no. */
export interface WechatRefund {
  transactionId: string;
  outTradeNo: string;
  amountFen: number;
}

export interface NotifyOptions {
  /** Amount claimed paid (default the order's). */
  amountFen?: number;
  /** Seconds added to now in Wechatpay-Timestamp (a replay: -3600). */
  timestampOffset?: number;
  /** Sign with a key that is not WeChat Pay's. */
  forgeSignature?: boolean;
  /** Change the body after signing. */
  tamperBody?: boolean;
  /** Encrypt with a wrong APIv3 key. */
  wrongApiV3Key?: boolean;
  serial?: string;
  eventType?: string;
  tradeState?: string;
  /** Reuse a notification id (a repeated delivery). */
  id?: string;
  /** success_time (default now). */
  successTime?: Date;
  /** Send exactly this earlier notification again (headers and body as they were). */
  replay?: SentNotification;
}

export interface SentNotification {
  headers: Record<string, string>;
  body: string;
}

export interface WechatPayPeer {
  url: string;
  settings: WechatPaySettings;
  /** Origin our server listens on; notify_url's origin is replaced by it. */
  deliverTo: string;
  orders: Map<string, WechatOrder>;
  refunds: Map<string, WechatRefund>;
  /** Requests whose signature did not verify. */
  refusedRequests: number;
  notify(outTradeNo: string, options?: NotifyOptions): Promise<{ status: number; body: string; sent: SentNotification }>;
  /** A notification made and signed now, to send later (benches time the sending alone). */
  build(outTradeNo: string, options?: NotifyOptions): SentNotification;
  /** Delivers a notification to our server. */
  send(sent: SentNotification): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

export async function startWechatPayPeer(): Promise<WechatPayPeer> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const settings: WechatPaySettings = {
    mchid: '1900009191',
    appid: 'wxd678efh567hg6787',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: pem(merchant.privateKey, 'pkcs8'),
    apiV3Key: randomBytes(16).toString('hex'),
    platformPublicKey: pem(platform.publicKey, 'spki'),
    platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
    baseUrl: '',
    notifyUrl: 'https://garage.example.com/api/mall/notify/wechat',
  };
  const merchantPublic = createPublicKey(merchant.privateKey);
  const orders = new Map<string, WechatOrder>();
  const refunds = new Map<string, WechatRefund>();
  let refusedRequests = 0;

  const signedHeaders = (body: string, key: KeyObject = platform.privateKey, offset = 0, serial = settings.platformSerial) => {
    const timestamp = String(Math.floor(Date.now() / 1000) + offset);
    const nonceStr = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonceStr,
      'Wechatpay-Signature': sign('RSA-SHA256', Buffer.from(wechatResponseMessage(timestamp, nonceStr, body)), key).toString('base64'),
      'Wechatpay-Serial': serial,
    };
  };

  const answer = (response: ServerResponse, status: number, payload?: object) => {
    const body = payload ? JSON.stringify(payload) : '';
    response.writeHead(status, { 'Content-Type': 'application/json', ...(body ? signedHeaders(body) : {}) });
    response.end(body);
  };

  /** Our Authorization header, checked as WeChat Pay does. */
  const authorized = (request: IncomingMessage, body: string): boolean => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    if (fields.mchid !== settings.mchid || fields.serial_no !== settings.serialNo) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = wechatRequestMessage(request.method ?? '', request.url ?? '', fields.timestamp ?? '', fields.nonce_str ?? '', body);
    return verify('RSA-SHA256', Buffer.from(message), merchantPublic, Buffer.from(fields.signature ?? '', 'base64'));
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!authorized(request, body)) {
        refusedRequests++;
        answer(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
        return;
      }
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/v3/pay/transactions/native') {
        const order = JSON.parse(body) as { appid: string; mchid: string; out_trade_no: string; description: string; notify_url: string; amount: { total: number; currency: string } };
        if (order.mchid !== settings.mchid || order.appid !== settings.appid || !Number.isInteger(order.amount?.total) || order.amount.currency !== 'CNY') {
          answer(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
          return;
        }
        const known = orders.get(order.out_trade_no);
        if (known && known.amountFen !== order.amount.total) {
          answer(response, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
          return;
        }
        orders.set(order.out_trade_no, { outTradeNo: order.out_trade_no, amountFen: order.amount.total, notifyUrl: order.notify_url, description: order.description, closed: false });
        answer(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}` });
        return;
      }
      const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url);
      if (request.method === 'POST' && close) {
        const order = orders.get(decodeURIComponent(close[1]!));
        if (order?.transactionId) {
          answer(response, 400, { code: 'ORDERPAID', message: '该订单已支付' });
          return;
        }
        if (order) order.closed = true;
        answer(response, 204);
        return;
      }
      if (request.method === 'POST' && url === '/v3/refund/domestic/refunds') {
        const asked = JSON.parse(body) as { transaction_id?: string; out_trade_no?: string; out_refund_no?: string; amount?: { refund?: number; total?: number; currency?: string } };
        const order = [...orders.values()].find((each) => each.transactionId && (each.transactionId === asked.transaction_id || each.outTradeNo === asked.out_trade_no));
        if (!order) {
          answer(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
          return;
        }
        const amount = asked.amount;
        if (!asked.out_refund_no || !amount || amount.total !== order.amountFen || !Number.isInteger(amount.refund) || amount.refund! < 1 || amount.refund! > order.amountFen || amount.currency !== 'CNY') {
          answer(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
          return;
        }
        const refund = refunds.get(asked.out_refund_no) ?? { transactionId: order.transactionId!, outTradeNo: order.outTradeNo, amountFen: amount.refund! };
        refunds.set(asked.out_refund_no, refund);
        answer(response, 200, {
          refund_id: `50300${randomBytes(8).toString('hex')}`,
          out_refund_no: asked.out_refund_no,
          transaction_id: refund.transactionId,
          out_trade_no: refund.outTradeNo,
          channel: 'ORIGINAL',
          user_received_account: '支付用户零钱',
          create_time: new Date().toISOString(),
          status: 'PROCESSING',
          amount: { total: order.amountFen, refund: refund.amountFen, payer_total: order.amountFen, payer_refund: refund.amountFen, currency: 'CNY' },
        });
        return;
      }
      answer(response, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings.baseUrl = url;

  const peer: WechatPayPeer = {
    url,
    settings,
    deliverTo: '',
    orders,
    refunds,
    get refusedRequests() {
      return refusedRequests;
    },
    build(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      const paid = (options.tradeState ?? 'SUCCESS') === 'SUCCESS' && (options.eventType ?? 'TRANSACTION.SUCCESS') === 'TRANSACTION.SUCCESS';
      const transactionId = order?.transactionId ?? `4200${randomBytes(8).toString('hex')}`;
      if (order && paid) order.transactionId = transactionId;
      const transaction = {
        mchid: settings.mchid,
        appid: settings.appid,
        out_trade_no: outTradeNo,
        transaction_id: transactionId,
        trade_type: 'NATIVE',
        trade_state: options.tradeState ?? 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: (options.successTime ?? new Date()).toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: options.amountFen ?? order?.amountFen ?? 1, payer_total: options.amountFen ?? order?.amountFen ?? 1, currency: 'CNY', payer_currency: 'CNY' },
      };
      const nonceStr = randomBytes(6).toString('hex');
      const key = options.wrongApiV3Key ? randomBytes(32) : Buffer.from(settings.apiV3Key, 'utf8');
      const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(nonceStr, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const body = JSON.stringify({
        id: options.id ?? randomBytes(16).toString('hex'),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce: nonceStr },
      });
      const headers = signedHeaders(body, options.forgeSignature ? stranger.privateKey : platform.privateKey, options.timestampOffset ?? 0, options.serial);
      return { headers, body: options.tamperBody ? body.replace('"支付成功"', '"支付成功 "') : body };
    },
    async send(sent) {
      // Where WeChat Pay would post: the notify_url's path, on the server under test.
      const response = await fetch(`${peer.deliverTo}${new URL(settings.notifyUrl).pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...sent.headers },
        body: sent.body,
      });
      return { status: response.status, body: await response.text() };
    },
    async notify(outTradeNo, options = {}) {
      const sent = options.replay ?? peer.build(outTradeNo, options);
      return { ...(await peer.send(sent)), sent };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
