/**
 * Server calls of the WeCom sidebar's contact card: the contact ↔ customer binding through the
 * work-chat host (/wecom, server/src/routes/wecom.ts), the customer's card through the main host
 * (/client/detail), and the quick text (/sms/…, the 短信营销 campaign of one customer).
 */
import { http } from '../core';
import type { customerDetail } from '../../contracts/api/customer';
import type { recipientsPreview, createCampaign, SmsTemplate } from '../../contracts/api/sms';
import type { currentContact, searchCustomers, createCustomerFromContact } from '../../contracts/api/wecom';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type CustomerDetail = AnswerOf<typeof customerDetail>;
export type SmsPreview = AnswerOf<typeof recipientsPreview>;
export type SentCampaign = AnswerOf<typeof createCampaign>;
export type { SmsTemplate };

export type CurrentContact = AnswerOf<typeof currentContact>;
export type ExternalContact = CurrentContact['contact'];
export type BoundCustomer = NonNullable<CurrentContact['customer']>;
export type CustomerMatch = AnswerOf<typeof searchCustomers>['rows'][number];
export type NewCustomer = InputOf<typeof createCustomerFromContact>;

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
