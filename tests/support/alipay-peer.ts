/**
 * A local Alipay gateway for tests: verifies our RSA2-signed alipay.trade.precreate (and
 * alipay.trade.close) requests with the app public key, answers a qr_code signed with its own
 * Alipay key, and posts signed asynchronous notifications (form fields) to our server, honest or
 * forged as the test asks.
 *
 *   const peer = await startAlipayPeer();
 *   peer.deliverTo = server.url;
 *   await peer.notify(orderNo, { tradeStatus: 'TRADE_SUCCESS' });   // → { status, body: 'success' | 'failure' }
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, type AlipaySettings } from '../../server/src/providers/alipay';
import { yuanText } from '../../server/src/providers/payment';

export interface AlipayOrder {
  outTradeNo: string;
  totalAmount: string;
  notifyUrl: string;
  closed: boolean;
}

export interface AlipayNotifyOptions {
  tradeStatus?: string;
  /** total_amount as Alipay writes it (yuan), default the order's. */
  totalAmount?: string;
  forgeSignature?: boolean;
  appId?: string;
  notifyId?: string;
}

export interface AlipayPeer {
  url: string;
  settings: AlipaySettings;
  deliverTo: string;
  orders: Map<string, AlipayOrder>;
  refusedRequests: number;
  notify(outTradeNo: string, options?: AlipayNotifyOptions): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const garageTime = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipayPeer(): Promise<AlipayPeer> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const settings: AlipaySettings = {
    appId: '2021000000000001',
    privateKey: pem(app.privateKey, 'pkcs8'),
    alipayPublicKey: pem(alipay.publicKey, 'spki'),
    gateway: '',
    notifyUrl: 'https://garage.example.com/api/mall/notify/alipay',
  };
  const appPublic = createPublicKey(app.privateKey);
  const orders = new Map<string, AlipayOrder>();
  let refusedRequests = 0;
  const signText = (text: string, key: KeyObject = alipay.privateKey) => sign('RSA-SHA256', Buffer.from(text, 'utf8'), key).toString('base64');

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const method = params.method ?? '';
      const node = `${method.replace(/\./g, '_')}_response`;
      const reply = (payload: object, signed: boolean) => {
        const text = JSON.stringify(payload);
        response.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' });
        response.end(signed ? `{"${node}":${text},"sign":"${signText(text)}"}` : `{"${node}":${text}}`);
      };
      const good =
        params.app_id === settings.appId &&
        params.sign_type === 'RSA2' &&
        verify('RSA-SHA256', Buffer.from(alipaySignContent(params), 'utf8'), appPublic, Buffer.from(params.sign ?? '', 'base64'));
      if (!good) {
        refusedRequests++;
        reply({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }, false);
        return;
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no: string; total_amount: string; subject: string };
      if (method === 'alipay.trade.precreate') {
        if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? '')) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '金额格式不正确' }, true);
          return;
        }
        orders.set(biz.out_trade_no, { outTradeNo: biz.out_trade_no, totalAmount: biz.total_amount, notifyUrl: params.notify_url ?? '', closed: false });
        reply({ code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${randomBytes(6).toString('hex')}` }, true);
        return;
      }
      if (method === 'alipay.trade.close') {
        const order = orders.get(biz.out_trade_no);
        if (order) order.closed = true;
        reply({ code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no }, true);
        return;
      }
      reply({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不支持的接口' }, true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings.gateway = `${url}/gateway.do`;

  const peer: AlipayPeer = {
    url,
    settings,
    deliverTo: '',
    orders,
    get refusedRequests() {
      return refusedRequests;
    },
    async notify(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      const target = new URL(order?.notifyUrl || settings.notifyUrl);
      const now = garageTime();
      const fields: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: options.notifyId ?? `ac05${randomBytes(10).toString('hex')}`,
        app_id: options.appId ?? settings.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: `2026${randomBytes(8).toString('hex')}`,
        out_trade_no: outTradeNo,
        trade_status: options.tradeStatus ?? 'TRADE_SUCCESS',
        total_amount: options.totalAmount ?? order?.totalAmount ?? yuanText(1),
        receipt_amount: options.totalAmount ?? order?.totalAmount ?? yuanText(1),
        subject: '门店管家',
        gmt_create: now,
        gmt_payment: now,
      };
      fields.sign = signText(alipaySignContent(fields, ['sign', 'sign_type']), options.forgeSignature ? stranger.privateKey : alipay.privateKey);
      const response = await fetch(`${peer.deliverTo}${target.pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
