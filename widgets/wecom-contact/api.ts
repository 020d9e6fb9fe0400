/**
 * Server calls of the WeCom sidebar's contact card: the contact ↔ customer binding
 * (server/src/routes/wecom.ts), the customer's card (/client/detail) and the quick text (/sms/…,
 * the 短信营销 campaign of one customer). All through the main host: the binding routes answer
 * under /api as under /wecom, and `api-base` on a partner's page configures only the main host.
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
  current: (externalUserId: string) => http.main.get<CurrentContact>('/wecom-contact/current', { params: { externalUserId }, silent: true }),
  search: (keyword: string, signal?: AbortSignal) =>
    http.main.get<{ rows: CustomerMatch[] }>('/wecom-contact/customers', { params: { keyword }, signal, silent: true }),
  // Errors of these two are shown beside the button that caused them.
  bind: (externalUserId: string, customerId: number, replace = false) =>
    http.main.post<{ customer: BoundCustomer }>('/wecom-contact/bind', { externalUserId, customerId, replace }, { silent: true }),
  create: (input: NewCustomer) => http.main.post<{ customer: BoundCustomer }>('/wecom-contact/create-customer', input, { silent: true }),
  unbind: (externalUserId: string) => http.main.post<null>('/wecom-contact/unbind', { externalUserId }, { silent: true }),
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
