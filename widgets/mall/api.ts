/** Server calls of 商城 (server/src/routes/mall.ts); answers typed by contracts/api/mall.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/mall';
import type { AnswerOf, InputOf } from '../../contracts/api/route';
import type { PayChannel } from '../../contracts/rules/mall';

export type Catalogue = AnswerOf<typeof calls.catalogue>;
export type Holding = Catalogue['current'];
export type Quote = AnswerOf<typeof calls.quote>;
export type Order = AnswerOf<typeof calls.orderDetail>['order'];
export type OrderStatusAnswer = AnswerOf<typeof calls.orderStatus>;
export type Payment = AnswerOf<typeof calls.payOrder>;
export type OrderPage = AnswerOf<typeof calls.orderHistory>;
export type InvoiceInput = InputOf<typeof calls.requestInvoice>;
export type Invoice = AnswerOf<typeof calls.requestInvoice>['invoice'];

/** What the page asks the checkout to sell: a product code with years (editions, add-ons) or a quantity (packages). */
export interface Purchase {
  productCode: string;
  years?: number;
  quantity?: number;
}

/** The kinds of <garage-mall kind="…"> that are 项目商城 product pages. */
export const PRODUCT_KINDS = ['sms', 'web-phone', 'enterprise-wechat', 'insurance-analysis', 'customer-analysis'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export type MallKind = 'pricing' | 'package' | ProductKind;

export const mallApi = {
  catalogue: () => http.main.get<Catalogue>('/mall/catalogue', { silent: true }),
  quote: (purchase: Purchase) => http.main.get<Quote>('/mall/quote', { params: { ...purchase }, silent: true }),
  /** The same key answers the same order: a repeated click or a retried request never makes a second one. */
  createOrder: (purchase: Purchase, idempotencyKey: string) =>
    http.main.post<{ order: Order }>('/mall/order', { ...purchase, idempotencyKey }, { allowDuplicate: true }),
  order: (id: number) => http.main.get<{ order: Order }>('/mall/order', { params: { id }, silent: true }),
  status: (id: number) => http.main.get<OrderStatusAnswer>('/mall/order/status', { params: { id }, silent: true }),
  pay: (id: number, channel: PayChannel) => http.main.post<Payment>('/mall/order/pay', { id, channel }),
  simulatePaid: (id: number) => http.main.post<{ order: Order }>('/mall/order/simulate-paid', { id }),
  cancel: (id: number) => http.main.post<{ order: Order }>('/mall/order/cancel', { id }),
  orders: (page: number, pageSize = 10) => http.main.get<OrderPage>('/mall/orders', { params: { page, pageSize }, silent: true }),
  requestInvoice: (input: InvoiceInput) => http.main.post<{ invoice: Invoice }>('/mall/invoice', input, { silent: true }),
};

/** One key per checkout (letters and digits): crypto.getRandomValues also works on plain-http pages, randomUUID does not. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
