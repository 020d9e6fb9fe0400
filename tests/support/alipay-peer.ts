/**
 * A local Alipay gateway for tests: verifies our RSA2-signed requests with the app public key and
 * answers them signed with its own Alipay key — alipay.trade.precreate (a qr_code),
 * alipay.trade.close (ACQ.TRADE_NOT_EXIST before the buyer scanned, which still stops the code;
 * ACQ.TRADE_STATUS_ERROR once paid) and alipay.trade.refund (once per out_request_no: fund_change
 * 'N' for a repeat) — and posts signed asynchronous notifications (form fields) to our server,
 * honest or forged as the test asks. A notification means the buyer scanned (WAIT_BUYER_PAY) or
 * paid (TRADE_SUCCESS); the trade keeps one trade_no, as Alipay's repeated notifications do.
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
  /** The buyer scanned the code: Alipay holds a trade (trade_no) from then on. */
  tradeNo?: string;
  paid: boolean;
}

/** A refund the peer accepted, by out_request_no. */
export interface AlipayRefund {
  tradeNo: string;
  outTradeNo: string;
  refundAmount: string;
}

export interface AlipayNotifyOptions {
  tradeStatus?: string;
  /** total_amount as Alipay writes it (yuan), default the order's. */
  totalAmount?: string;
  forgeSignature?: boolean;
  appId?: string;
  notifyId?: string;
  /** gmt_payment (default now). */
  paidAt?: Date;
}

export interface AlipayPeer {
  url: string;
  settings: AlipaySettings;
  deliverTo: string;
  orders: Map<string, AlipayOrder>;
  refunds: Map<string, AlipayRefund>;
  refusedRequests: number;
  notify(outTradeNo: string, options?: AlipayNotifyOptions): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const garageTime = (at = new Date()) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

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
  const refunds = new Map<string, AlipayRefund>();
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
      const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no: string; trade_no?: string; total_amount: string; subject: string; refund_amount?: string; out_request_no?: string };
      if (method === 'alipay.trade.precreate') {
        if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? '')) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '金额格式不正确' }, true);
          return;
        }
        orders.set(biz.out_trade_no, { outTradeNo: biz.out_trade_no, totalAmount: biz.total_amount, notifyUrl: params.notify_url ?? '', closed: false, paid: false });
        reply({ code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${randomBytes(6).toString('hex')}` }, true);
        return;
      }
      if (method === 'alipay.trade.close') {
        const order = orders.get(biz.out_trade_no);
        if (order?.paid) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' }, true);
          return;
        }
        if (order) order.closed = true;
        if (!order?.tradeNo) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }, true);
          return;
        }
        reply({ code: '10000', msg: 'Success', trade_no: order.tradeNo, out_trade_no: biz.out_trade_no }, true);
        return;
      }
      if (method === 'alipay.trade.refund') {
        const order = orders.get(biz.out_trade_no);
        if (!order?.paid || (biz.trade_no && biz.trade_no !== order.tradeNo)) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }, true);
          return;
        }
        if (!biz.out_request_no || !/^\d+\.\d{2}$/.test(biz.refund_amount ?? '') || Number(biz.refund_amount) > Number(order.totalAmount)) {
          reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' }, true);
          return;
        }
        const again = refunds.has(biz.out_request_no);
        if (!again) refunds.set(biz.out_request_no, { tradeNo: order.tradeNo!, outTradeNo: order.outTradeNo, refundAmount: biz.refund_amount! });
        reply({ code: '10000', msg: 'Success', trade_no: order.tradeNo, out_trade_no: order.outTradeNo, fund_change: again ? 'N' : 'Y', refund_fee: biz.refund_amount }, true);
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
    refunds,
    get refusedRequests() {
      return refusedRequests;
    },
    async notify(outTradeNo, options = {}) {
      const order = orders.get(outTradeNo);
      const target = new URL(order?.notifyUrl || settings.notifyUrl);
      const now = garageTime();
      const tradeStatus = options.tradeStatus ?? 'TRADE_SUCCESS';
      const tradeNo = order?.tradeNo ?? `2026${randomBytes(8).toString('hex')}`;
      if (order) {
        order.tradeNo = tradeNo;
        if (tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED') order.paid = true;
      }
      const fields: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: options.notifyId ?? `ac05${randomBytes(10).toString('hex')}`,
        app_id: options.appId ?? settings.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: tradeNo,
        out_trade_no: outTradeNo,
        trade_status: tradeStatus,
        total_amount: options.totalAmount ?? order?.totalAmount ?? yuanText(1),
        receipt_amount: options.totalAmount ?? order?.totalAmount ?? yuanText(1),
        subject: '门店管家',
        gmt_create: now,
        gmt_payment: options.paidAt ? garageTime(options.paidAt) : now,
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
