/** Server calls of 短信营销 (server/src/routes/sms.ts); answers typed by contracts/api/sms.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/sms';
import type { AnswerOf, InputOf } from '../../contracts/api/route';
import type { conditionOptions } from '../../contracts/api/customer';
import type { ConsentSource, RecipientState, SmsCategory } from '../../contracts/sms';

export type Settings = AnswerOf<typeof calls.getSmsSettings>;
export type Template = AnswerOf<typeof calls.smsTemplates>[number];
export type TemplateInput = InputOf<typeof calls.createSmsTemplate>;
export type Audience = calls.SmsAudience;
export type Preview = AnswerOf<typeof calls.recipientsPreview>;
export type Campaign = AnswerOf<typeof calls.campaignList>['list'][number];
export type CampaignDetail = AnswerOf<typeof calls.campaignDetail>;
export type CampaignPage = AnswerOf<typeof calls.campaignList>;
export type RecipientPage = AnswerOf<typeof calls.campaignRecipients>;
export type Recipient = RecipientPage['list'][number];
export type Report = AnswerOf<typeof calls.campaignReport>;
/** The groups and saved conditions a campaign can go to (the customer list's condition options). */
export type Audiences = Pick<AnswerOf<typeof conditionOptions>, 'groups' | 'savedConditions'>;

export const smsApi = {
  settings: () => http.main.get<Settings>('/sms/settings', { silent: true }),
  saveSettings: (settings: InputOf<typeof calls.saveSmsSettings>) => http.main.put<Settings>('/sms/settings', settings),
  audiences: () => http.main.post<Audiences>('/client/condition', {}, { silent: true }),
  templates: () => http.main.get<Template[]>('/sms/templates', { silent: true }),
  createTemplate: (template: TemplateInput) => http.main.post<Template>('/sms/template', template),
  updateTemplate: (id: number, template: TemplateInput) => http.main.put<Template>('/sms/template', { id, ...template }),
  deleteTemplate: (id: number) => http.main.delete<{ deleted: boolean }>('/sms/template', { params: { id } }),
  /** Silent: it runs as the user types; the composer shows the refusal next to the editor. */
  preview: (audience: Audience, body: string, category: SmsCategory) =>
    http.main.post<Preview>('/sms/recipients/preview', { audience, body, category }, { silent: true }),
  send: (campaign: InputOf<typeof calls.createCampaign>) => http.main.post<AnswerOf<typeof calls.createCampaign>>('/sms/campaign', campaign),
  campaigns: (page: number, pageSize = 20) => http.main.get<CampaignPage>('/sms/campaigns', { params: { page, pageSize }, silent: true }),
  campaign: (id: number) => http.main.get<CampaignDetail>('/sms/campaign', { params: { id }, silent: true }),
  recipients: (id: number, page: number, state?: RecipientState) =>
    http.main.get<RecipientPage>('/sms/campaign/recipients', { params: { id, page, pageSize: 50, ...(state ? { state } : {}) }, silent: true }),
  pause: (id: number) => http.main.post<Campaign>('/sms/campaign/pause', { id }),
  resume: (id: number) => http.main.post<Campaign>('/sms/campaign/resume', { id }),
  cancel: (id: number) => http.main.post<Campaign>('/sms/campaign/cancel', { id }),
  report: (id: number) => http.main.get<Report>('/sms/campaign/report', { params: { id }, silent: true }),
};

export type OptOutPage = AnswerOf<typeof calls.optOutList>;
export type OptOut = OptOutPage['list'][number];
export type ConsentPage = AnswerOf<typeof calls.smsConsents>;
export type ConsentRow = ConsentPage['list'][number];

/** 退订名单, 授权来源 and 提交审核 (server/src/routes/sms.ts). */
export const complianceApi = {
  optOuts: (query: { keyword: string; source?: 'reply' | 'staff'; page: number }) =>
    http.main.get<OptOutPage>('/sms/opt-outs', { params: { ...query, pageSize: 20 }, silent: true }),
  markOptOut: (mobile: string, note: string) => http.main.post<{ optedOut: boolean }>('/sms/opt-out', { mobile, note }),
  undoOptOut: (id: number, consentSource: ConsentSource, note: string) => http.main.delete<{ optedOut: boolean }>('/sms/opt-out', { params: { id, consentSource, note } }),
  consents: (query: { keyword: string; consentSource?: ConsentSource; page: number }) =>
    http.main.get<ConsentPage>('/sms/consents', { params: { ...query, pageSize: 20 }, silent: true }),
  saveConsent: (customerId: number, consentSource: ConsentSource) => http.main.put<AnswerOf<typeof calls.saveSmsConsent>>('/sms/consent', { customerId, consentSource }),
  /** With the updatedAt the reviewer saw: a text changed meanwhile is refused, not approved unseen. */
  review: (template: Template, approved: boolean, note: string) =>
    http.main.post<Template>('/sms/template/review', { id: template.id, approved, note, updatedAt: template.updatedAt }),
  submit: (id: number) => http.main.post<Template>('/sms/template/submit', { id }),
};
