/**
 * 短信营销 and 短信购买 (issue 15): templates with their approval, the chain's signature and daily
 * limit, the composer's recipients preview, campaigns (send now or at a time, progress, pause,
 * cancel, per-recipient delivery states, report), opt-outs and consent. Credits are the mall's
 * ledger (GET /mall/ledger lists every change; buying goes through /mall/order).
 * The rules of the text itself (segments, window, variables, signature) are in contracts/sms.ts.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { flag, id, instant, integer, list, mobile, oneOf, requiredText, section, text } from '../fields';
import {
  CAMPAIGN_STATES,
  CONSENT_SOURCES,
  DAILY_MARKETING_LIMIT,
  RECIPIENT_STATES,
  SMS_CATEGORIES,
  SMS_MAX_LENGTH,
  TEMPLATE_STATUSES,
  signatureProblem,
  normaliseSignature,
  templateProblem,
} from '../sms';

const call = apiCalls('短信');

/** Recipients chosen at once: the customer list's bulk action sends at most this many ids. */
export const SMS_SELECTED_LIMIT = 5000;

const category = oneOf('短信类型', SMS_CATEGORIES);
const templateBody = text('短信内容', { max: SMS_MAX_LENGTH, multiline: true }).superRefine((body, context) => {
  const problem = templateProblem(body);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
const signature = text('短信签名', { max: 20 })
  .transform(normaliseSignature)
  .superRefine((value, context) => {
    const problem = signatureProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const page = integer('页码', { min: 1, max: 100_000 }).default(1);
const pageSize = integer('每页条数', { min: 1, max: 100 }).default(20);

export const smsTemplate = z.object({
  id: z.number(),
  name: z.string(),
  category: z.enum(SMS_CATEGORIES),
  categoryName: z.string(),
  body: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  statusName: z.string(),
  /** Why the provider rejected it; '' otherwise. */
  reviewNote: z.string(),
  updatedAt: z.string(),
  /** null: the chain's (总部模板, every store sends it); else the store whose own template it is. */
  storeId: z.number().nullable(),
  /** 总部模板 or the store's name. */
  ownerName: z.string(),
  /** Whether the caller may edit, delete or resubmit it (contracts/sms.ts templateEditProblem). */
  canEdit: z.boolean(),
  /** Whether the caller may approve or reject it while 待审核 (templateReviewProblem). */
  canReview: z.boolean(),
});
export type SmsTemplate = z.infer<typeof smsTemplate>;

export const smsTemplates = call({
  method: 'GET',
  path: '/sms/templates',
  summary: '短信模板列表（含审核状态）：总部模板和所在门店自己的模板',
  input: z.object({ category: category.optional() }),
  answer: z.array(smsTemplate),
});

const templateFields = { name: requiredText('模板名称', { max: 30 }), category, body: templateBody };

export const createSmsTemplate = call({
  method: 'POST',
  path: '/sms/template',
  summary: '新建短信模板：在总部由全部门店数据范围的人员新建为总部模板，否则为当前门店自己的模板；通道要求审核时为「待审核」，否则立即可用',
  input: z.object(templateFields),
  answer: smsTemplate,
});

export const updateSmsTemplate = call({
  method: 'PUT',
  path: '/sms/template',
  summary: '修改短信模板：总部模板只有全部门店数据范围的人员可以修改；改了内容或类型的模板变为「待审核」，审核通过前不能群发',
  input: z.object({ id: id('模板'), ...templateFields }),
  answer: smsTemplate,
});

export const deleteSmsTemplate = call({
  method: 'DELETE',
  path: '/sms/template',
  summary: '删除短信模板（与修改的权限相同；已发送的活动保留当时的内容）',
  input: z.object({ id: id('模板') }),
  answer: z.object({ deleted: z.boolean() }),
});

export const reviewSmsTemplate = call({
  method: 'POST',
  path: '/sms/template/review',
  summary: '审核模板（或登记运营商的审核结果）：通过或驳回（驳回须写原因；门店模板由管理该门店的管理员、总部模板由总部管理员审核；只处理「待审核」的模板）',
  input: z.object({
    id: id('模板'),
    approved: flag('是否通过'),
    note: text('驳回原因', { max: 100 }).default(''),
    /** The template's updatedAt as the reviewer saw it: a text changed since is not approved unseen. */
    updatedAt: instant('模板修改时间').optional(),
  }),
  answer: smsTemplate,
});

export const submitSmsTemplate = call({
  method: 'POST',
  path: '/sms/template/submit',
  summary: '提交审核：把「已驳回」的模板重新提交审核（状态变为「待审核」；与修改的权限相同）',
  input: z.object({ id: id('模板') }),
  answer: smsTemplate,
});

export const smsSettings = z.object({
  /** 【签名】 as delivered. */
  signature: z.string(),
  dailyMarketingLimit: z.number(),
  /** Whether new templates wait for the carrier's review. */
  requiresApproval: z.boolean(),
  /** SMS credits left (ledger 'sms'). */
  balance: z.number(),
  /** 'smpp' | 'development-outbox' | 'development-smsc' | …: where texts leave. */
  provider: z.string(),
  /** A development channel (the outbox, npm start's local SMSC): texts reach no phone, the page says 演示. Never in production. */
  demo: z.boolean(),
  /** Whether the caller may change the signature and the daily limit (a chain-wide admin). */
  canEdit: z.boolean(),
});
export type SmsSettings = z.infer<typeof smsSettings>;

export const getSmsSettings = call({ method: 'GET', path: '/sms/settings', summary: '短信签名、每日营销条数上限、余额与通道', answer: smsSettings });

export const saveSmsSettings = call({
  method: 'PUT',
  path: '/sms/settings',
  summary: '修改短信签名与每个号码每天最多收到的营销短信条数（仅总部管理员）',
  input: z.object({
    signature,
    dailyMarketingLimit: integer('每日营销短信上限', { min: DAILY_MARKETING_LIMIT.min, max: DAILY_MARKETING_LIMIT.max, unit: ' 条' }),
  }),
  answer: smsSettings,
});

/** Who receives: a customer group (spec clientGroup), a saved condition, or customers picked in the list. */
export const smsAudience = z.discriminatedUnion(
  'kind',
  [
    section('客户分组', { kind: z.literal('group'), groupId: id('客户分组') }),
    section('保存的筛选条件', { kind: z.literal('condition'), conditionId: id('筛选条件') }),
    section('所选客户', { kind: z.literal('customers'), customerIds: list('客户', id('客户'), { min: 1, max: SMS_SELECTED_LIMIT }) }),
  ],
  { error: '请选择收信人：客户分组、保存的筛选条件或所选客户' },
);
export type SmsAudience = z.input<typeof smsAudience>;

/** The text: a saved template, or (preview only) a body being typed. */
const messageSource = {
  templateId: id('模板').optional(),
  body: templateBody.optional(),
  category: category.optional(),
};

export const recipientsPreview = call({
  method: 'POST',
  path: '/sms/recipients/preview',
  summary: '发送前预览：收信人数、已退订被排除的人数、示例短信、字数、条数与所需短信条数（余额）',
  heavy: true,
  input: z.object({ audience: smsAudience, ...messageSource }),
  answer: z.object({
    /** Customers the audience matched (in the caller's stores). */
    matched: z.number(),
    /** Who will receive it. */
    count: z.number(),
    /** Removed because they opted out (marketing only). */
    optedOut: z.number(),
    /** Removed for a missing or malformed mobile, or a number appearing twice. */
    invalid: z.number(),
    sample: z.object({ customerName: z.string(), mobile: z.string(), text: z.string() }).nullable(),
    /** Of the sample's full text (signature + body + opt-out wording). */
    length: z.number(),
    segments: z.number(),
    /** Credits needed: each recipient's own segments summed (personalised texts differ). */
    credits: z.number(),
    balance: z.number(),
    marketing: z.boolean(),
    /** When it would go out if sent now: now, or the next 08:00 for marketing outside the window. */
    sendAt: z.string(),
    /** 「当前不在营销短信发送时段（08:00–21:00），将于 11月24日 08:00 发送」 or ''. */
    windowNote: z.string(),
  }),
});

export const campaignSummary = z.object({
  id: z.number(),
  name: z.string(),
  templateName: z.string(),
  category: z.enum(SMS_CATEGORIES),
  categoryName: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  stateName: z.string(),
  /** When it (re)starts sending: the chosen time moved into the marketing window. */
  sendAt: z.string(),
  total: z.number(),
  /** Recipients handled so far (submitted, failed, skipped). */
  processed: z.number(),
  submitted: z.number(),
  delivered: z.number(),
  failed: z.number(),
  skipped: z.number(),
  creditsReserved: z.number(),
  creditsCharged: z.number(),
  createdBy: z.string(),
  storeName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

export const createCampaign = call({
  method: 'POST',
  path: '/sms/campaign',
  summary: '发送短信：立即或定时；营销短信不在 08:00–21:00 时顺延到下一个时段（应答说明何时发送）；按条数预扣短信余额',
  heavy: true,
  input: z.object({
    name: text('活动名称', { max: 30 }).default(''),
    templateId: id('模板'),
    audience: smsAudience,
    /** Absent: now. */
    sendAt: instant('定时发送时间').optional(),
  }),
  answer: z.object({ campaign: campaignSummary, windowNote: z.string() }),
});

export const campaignList = call({
  method: 'GET',
  path: '/sms/campaigns',
  summary: '短信发送记录（当前门店范围，新的在前）',
  input: z.object({ page, pageSize }),
  answer: z.object({ total: z.number(), list: z.array(campaignSummary) }),
});

export const campaignDetail = call({
  method: 'GET',
  path: '/sms/campaign',
  summary: '发送详情：进度与短信内容',
  input: z.object({ id: id('发送记录') }),
  answer: campaignSummary.extend({ body: z.string(), signature: z.string(), sampleText: z.string() }),
});

export const campaignRecipient = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked as the store's setting says. */
  mobile: z.string(),
  state: z.enum(RECIPIENT_STATES),
  stateName: z.string(),
  /** Why it failed or was not sent (Chinese), '' otherwise. */
  reason: z.string(),
  segments: z.number(),
  submittedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
});

export const campaignRecipients = call({
  method: 'GET',
  path: '/sms/campaign/recipients',
  summary: '每个收信人的发送状态（已提交 / 已送达 / 失败及原因）',
  input: z.object({ id: id('发送记录'), state: oneOf('状态', RECIPIENT_STATES).optional(), page, pageSize }),
  answer: z.object({ total: z.number(), list: z.array(campaignRecipient) }),
});

const campaignAction = (path: string, summary: string) =>
  call({ method: 'POST', path, summary, input: z.object({ id: id('发送记录') }), answer: campaignSummary });

export const pauseCampaign = campaignAction('/sms/campaign/pause', '暂停发送（已提交的不受影响）');
export const resumeCampaign = campaignAction('/sms/campaign/resume', '继续发送');
export const cancelCampaign = campaignAction('/sms/campaign/cancel', '取消发送：未发出的不再发送，预扣的短信条数退回');

export const campaignReport = call({
  method: 'GET',
  path: '/sms/campaign/report',
  summary: '发送报表：发送、送达、失败、退订，发送后 30 天内到店（转化）及每日曲线',
  heavy: true,
  input: z.object({ id: id('发送记录') }),
  answer: z.object({
    total: z.number(),
    submitted: z.number(),
    delivered: z.number(),
    failed: z.number(),
    /** Recipients who opted out after this campaign was sent to them. */
    optedOut: z.number(),
    /** Recipients who visited within CONVERSION_DAYS after their text was submitted. */
    visited: z.number(),
    /** visited / delivered, 0–1 (0 when none delivered). */
    conversionRate: z.number(),
    failureReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    /** One row per day (Asia/Shanghai) from the first submission to the 30th day after. */
    daily: z.array(z.object({ day: z.string(), submitted: z.number(), delivered: z.number(), failed: z.number(), visited: z.number() })),
  }),
});

export const optOutRow = z.object({
  id: z.number(),
  /** Masked as the store's setting says. */
  mobile: z.string(),
  /** A customer of the caller's stores with this number, '' when none. */
  customerName: z.string(),
  /** 'reply' (T/TD/退订/R), 'staff'. */
  source: z.enum(['reply', 'staff']),
  sourceName: z.string(),
  /** The reply text or the staff member's reason. */
  note: z.string(),
  /** Who recorded it (staff), '' for a reply. */
  createdBy: z.string(),
  createdAt: z.string(),
});

export const optOutList = call({
  method: 'GET',
  path: '/sms/opt-outs',
  summary: '退订名单：已退订营销短信的号码（客户回复或员工登记），可按手机号或姓名搜索',
  input: z.object({
    keyword: text('关键词', { max: 20 }).default(''),
    source: oneOf('退订来源', ['reply', 'staff'] as const).optional(),
    page,
    pageSize,
  }),
  answer: z.object({
    total: z.number(),
    list: z.array(optOutRow),
    /** Whether the caller may take numbers off the list (店长 and admins). */
    canUndo: z.boolean(),
  }),
});

export const markOptOut = call({
  method: 'POST',
  path: '/sms/opt-out',
  summary: '员工登记退订（客户电话或到店要求不再接收营销短信）：按客户或直接按手机号，须写原因',
  input: z
    .object({
      customerId: id('客户').optional(),
      mobile: mobile('手机号').optional(),
      note: requiredText('退订原因', { max: 100 }),
    })
    .refine((value) => value.customerId !== undefined || value.mobile !== undefined, { message: '请填写要退订的手机号', path: ['mobile'] }),
  answer: z.object({ optedOut: z.boolean() }),
});

export const unmarkOptOut = call({
  method: 'DELETE',
  path: '/sms/opt-out',
  summary: '取消退订（仅店长和管理员；客户重新同意接收，须登记同意来源；写入操作日志）',
  input: z
    .object({
      /** The row of the 退订名单. */
      id: id('退订记录').optional(),
      customerId: id('客户').optional(),
      consentSource: oneOf('同意来源', CONSENT_SOURCES),
      note: text('说明', { max: 100 }).default(''),
    })
    .refine((value) => value.id !== undefined || value.customerId !== undefined, { message: '请选择要取消退订的号码', path: ['id'] }),
  answer: z.object({ optedOut: z.boolean() }),
});

export const customerSmsStatus = z.object({
  customerId: z.number(),
  optedOut: z.boolean(),
  consentSource: z.enum(CONSENT_SOURCES),
  consentSourceName: z.string(),
  consentAt: z.string().nullable(),
  /** Marketing texts this number got today (Asia/Shanghai) and the limit. */
  marketingToday: z.number(),
  dailyLimit: z.number(),
});

export const smsConsent = call({
  method: 'GET',
  path: '/sms/consent',
  summary: '客户的营销短信同意来源与退订状态',
  input: z.object({ customerId: id('客户') }),
  answer: customerSmsStatus,
});

export const saveSmsConsent = call({
  method: 'PUT',
  path: '/sms/consent',
  summary: '登记客户同意接收营销短信的来源',
  input: z.object({ customerId: id('客户'), consentSource: oneOf('同意来源', CONSENT_SOURCES) }),
  answer: customerSmsStatus,
});

export const consentRow = z.object({
  customerId: z.number(),
  customerName: z.string(),
  /** Masked as the store's setting says. */
  mobile: z.string(),
  storeName: z.string(),
  consentSource: z.enum(CONSENT_SOURCES),
  consentSourceName: z.string(),
  consentAt: z.string().nullable(),
  /** Who recorded the source, '' when never recorded. */
  recordedBy: z.string(),
  optedOut: z.boolean(),
});

export const smsConsents = call({
  method: 'GET',
  path: '/sms/consents',
  summary: '授权来源：每位客户同意接收营销短信的来源（到店登记 / 微信 / 电话确认 / 批量导入 / 未记录）与退订状态',
  heavy: true,
  input: z.object({
    keyword: text('关键词', { max: 20 }).default(''),
    consentSource: oneOf('同意来源', CONSENT_SOURCES).optional(),
    page,
    pageSize,
  }),
  answer: z.object({ total: z.number(), list: z.array(consentRow) }),
});

/** Used by the widget to label what /sms/settings answers without importing zod. */
export const SMS_PROVIDER_LABELS: Record<string, string> = { smpp: 'SMPP 短信通道', 'development-outbox': '开发环境（不真实发送）', 'development-smsc': '开发环境本地短信中心（不真实发送）', unconfigured: '未配置' };
