/**
 * Server calls of the WeCom sidebar's contact card: the contact ↔ customer binding through the
 * work-chat host (/wecom, server/src/routes/wecom.ts), the customer's card through the main host
 * (/client/detail), and the quick text (/sms/…, the 短信营销 campaign of one customer).
 */
import { http } from '../core';
import type { customerDetail } from '../../contracts/api/customer';
import type { recipientsPreview, createCampaign, SmsTemplate } from '../../contracts/api/sms';
import type { AnswerOf } from '../../contracts/api/route';

export type CustomerDetail = AnswerOf<typeof customerDetail>;
export type SmsPreview = AnswerOf<typeof recipientsPreview>;
export type SentCampaign = AnswerOf<typeof createCampaign>;
export type { SmsTemplate };

/** The WeCom side: what the contact calls themself and how staff noted them. */
export interface ExternalContact {
  externalUserId: string;
  name: string;
  remark: string;
  mobiles: string[];
  type: number;
  avatar: string;
}

export interface BoundCustomer {
  id: number;
  name: string;
  mobile: string;
  storeId: number;
  storeName: string;
  plates: string[];
}

export interface CurrentContact {
  contact: ExternalContact;
  customer: BoundCustomer | null;
  source: 'mobile' | 'manual' | 'created' | null;
  boundElsewhere: boolean;
}

export type CustomerMatch = BoundCustomer & { boundTo: string | null };

export interface NewCustomer {
  externalUserId: string;
  name: string;
  mobile: string;
  remark?: string;
}

export const contactApi = {
  current: (externalUserId: string) => http.wecom.get<CurrentContact>('/wecom-contact/current', { params: { externalUserId }, silent: true }),
  search: (keyword: string, signal?: AbortSignal) =>
    http.wecom.get<{ rows: CustomerMatch[] }>('/wecom-contact/customers', { params: { keyword }, signal, silent: true }),
  // Errors of these two are shown beside the button that caused them.
  bind: (externalUserId: string, customerId: number, replace = false) =>
    http.wecom.post<{ customer: BoundCustomer }>('/wecom-contact/bind', { externalUserId, customerId, replace }, { silent: true }),
  create: (input: NewCustomer) => http.wecom.post<{ customer: BoundCustomer }>('/wecom-contact/create-customer', input, { silent: true }),
  unbind: (externalUserId: string) => http.wecom.post<null>('/wecom-contact/unbind', { externalUserId }, { silent: true }),
  customer: (customerId: number) => http.main.get<CustomerDetail>('/client/detail', { params: { customerId }, silent: true }),
};

const oneCustomer = (customerId: number) => ({ kind: 'customers' as const, customerIds: [customerId] });

export const quickSmsApi = {
  templates: () => http.main.get<SmsTemplate[]>('/sms/templates', { silent: true }),
  preview: (customerId: number, templateId: number) =>
    http.main.post<SmsPreview>('/sms/recipients/preview', { audience: oneCustomer(customerId), templateId }, { silent: true }),
  send: (customerId: number, templateId: number, name: string) =>
    http.main.post<SentCampaign>('/sms/campaign', { name, templateId, audience: oneCustomer(customerId) }, { silent: true }),
};
