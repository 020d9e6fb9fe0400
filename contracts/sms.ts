/**
 * 短信营销 rules (issue 15), shared by the composer, the server and the tests. Pure, zod-free.
 *
 * The text a phone receives is `【签名】` + the personalised body + (marketing only) the opt-out
 * wording; `countSms` counts that whole text, because carriers bill each part of it.
 *
 *   const full = composeSms({ signature: '【门店管家】', body: renderTemplate(body, recipient), category: 'maintenance' });
 *   countSms(full)  // { length: 58, segments: 1 }
 */
import { hasHiddenCharacter, hiddenCharacterMessage } from './rules/text';

/** One segment holds 70 UCS-2 code units; a longer text is split into parts of 67 (the rest carries the UDH). */
export const SMS_SINGLE_LENGTH = 70;
export const SMS_PART_LENGTH = 67;
/** The longest text accepted (signature, body and opt-out wording together). */
export const SMS_MAX_LENGTH = 500;

/**
 * Length in UCS-2 code units (a Chinese character, a letter, a digit or a space is 1; an emoji is 2)
 * and the segments billed: 0 for empty, 1 up to 70, otherwise ceil(length / 67).
 */
export function countSms(text: string): { length: number; segments: number } {
  const length = text.length;
  const segments = length === 0 ? 0 : length <= SMS_SINGLE_LENGTH ? 1 : Math.ceil(length / SMS_PART_LENGTH);
  return { length, segments };
}

/** Chinese refusal of a text too long to send, or null. */
export function smsLengthProblem(text: string): string | null {
  const { length } = countSms(text);
  return length > SMS_MAX_LENGTH ? `短信内容过长：共 ${length} 字，最多 ${SMS_MAX_LENGTH} 字（含签名与退订语）` : null;
}

/** Marketing texts go out only from 08:00 (inclusive) to 21:00 (exclusive), Asia/Shanghai. */
export const MARKETING_WINDOW = { startHour: 8, endHour: 21 } as const;
export const MARKETING_WINDOW_TEXT = '08:00–21:00';
/** China has kept UTC+8 without daylight saving since 1991: the window is plain arithmetic. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `at` itself inside 08:00–21:00 Asia/Shanghai (21:00 itself is outside), otherwise the next 08:00 Asia/Shanghai. */
export function nextMarketingTime(at: Date): Date {
  const local = at.getTime() + SHANGHAI_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const sinceMidnight = local - dayStart;
  const start = MARKETING_WINDOW.startHour * 60 * 60 * 1000;
  const end = MARKETING_WINDOW.endHour * 60 * 60 * 1000;
  if (sinceMidnight >= start && sinceMidnight < end) return new Date(at.getTime());
  const nextStart = sinceMidnight < start ? dayStart + start : dayStart + DAY_MS + start;
  return new Date(nextStart - SHANGHAI_OFFSET_MS);
}

/** Template categories; all but 通知 are marketing (window, opt-out wording, opt-outs, daily limit). */
export const SMS_CATEGORIES = ['maintenance', 'insurance', 'marketing', 'notice'] as const;
export type SmsCategory = (typeof SMS_CATEGORIES)[number];
export const SMS_CATEGORY_LABELS: Record<SmsCategory, string> = { maintenance: '保养提醒', insurance: '续保提醒', marketing: '营销活动', notice: '通知' };
export const isMarketing = (category: SmsCategory): boolean => category !== 'notice';

/** Appended to every marketing text, and counted. */
export const OPT_OUT_TEXT = '回T退订';
/** Replies (MO) that opt a number out: compared after trimming, NFKC (全角 Ｔ) and upper-casing, punctuation around ignored. */
export const OPT_OUT_KEYWORDS = ['T', 'TD', '退订', 'R'] as const;

export function isOptOutReply(reply: string): boolean {
  const word = reply
    .normalize('NFKC')
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .toUpperCase();
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word);
}

/** 【签名】: 2–16 characters between the brackets, no brackets or spaces inside. */
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 16;
const SIGNATURE_PATTERN = /^【([^【】\s]+)】$/u;

/** 「门店管家」, 「【门店管家】」 or 「[门店管家]」 → 「【门店管家】」 (the check is signatureProblem). */
export function normaliseSignature(input: string): string {
  const inner = input.trim().replace(/^[【[]/u, '').replace(/[】\]]$/u, '').trim();
  return `【${inner}】`;
}

/** Chinese refusal of a signature, or null. */
export function signatureProblem(signature: string): string | null {
  if (hasHiddenCharacter(signature)) return hiddenCharacterMessage('短信签名');
  const match = SIGNATURE_PATTERN.exec(signature);
  if (!match) return '短信签名应为【签名】的形式，签名中不能有空格或括号';
  const length = [...match[1]!].length;
  if (length < SIGNATURE_MIN || length > SIGNATURE_MAX) return `短信签名应为 ${SIGNATURE_MIN}–${SIGNATURE_MAX} 个字`;
  return null;
}

/** The values a template's variables take for one recipient ('' when unknown). */
export interface SmsRecipientValues {
  name: string;
  /** 'M' | 'F' | null: 称呼 is 张先生 / 张女士, or the full name when unknown. */
  gender: 'M' | 'F' | null;
  plate: string;
  storeName: string;
  /** YYYY-MM-DD or ''. */
  maintenanceDue: string;
  insuranceDue: string;
  storePhone: string;
}

export const TEMPLATE_VARIABLES = ['姓名', '称呼', '车牌', '门店', '保养到期日', '保险到期日', '门店电话'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** 称呼: surname + 先生/女士 (a two-character compound surname is not guessed: 欧阳 reads 欧先生 rarely matters less than a wrong guess). */
export function salutation(name: string, gender: 'M' | 'F' | null): string {
  const trimmed = name.trim();
  if (!trimmed) return '您好';
  if (!gender || !/^\p{Script=Han}/u.test(trimmed)) return trimmed;
  return `${[...trimmed][0]}${gender === 'M' ? '先生' : '女士'}`;
}

/** 2026-03-07 → 2026年3月7日 (how a date reads in a text). */
function readableDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日` : day;
}

function valueOf(variable: TemplateVariable, recipient: SmsRecipientValues): string {
  switch (variable) {
    case '姓名':
      return recipient.name.trim();
    case '称呼':
      return salutation(recipient.name, recipient.gender);
    case '车牌':
      return recipient.plate;
    case '门店':
      return recipient.storeName;
    case '保养到期日':
      return readableDay(recipient.maintenanceDue);
    case '保险到期日':
      return readableDay(recipient.insuranceDue);
    case '门店电话':
      return recipient.storePhone;
  }
}

const VARIABLE_PATTERN = /\{([^{}\s]{1,10})\}/gu;

/** Replaces {姓名} {称呼} {车牌} {门店} {保养到期日} {保险到期日} {门店电话}; unknown braces stay as typed (templateProblem refuses them). */
export function renderTemplate(body: string, recipient: SmsRecipientValues): string {
  return body.replace(VARIABLE_PATTERN, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? valueOf(name as TemplateVariable, recipient) : whole,
  );
}

/** Chinese refusal of a template body (unknown variable, brackets the carrier reserves for the signature), or null. */
export function templateProblem(body: string): string | null {
  if (!body.trim()) return '请填写短信内容';
  const unknown = [...body.matchAll(VARIABLE_PATTERN)].map((match) => match[1]!).filter((name) => !(TEMPLATE_VARIABLES as readonly string[]).includes(name));
  if (unknown.length) return `不支持的变量 {${unknown[0]}}，可用：${TEMPLATE_VARIABLES.map((name) => `{${name}}`).join(' ')}`;
  if (/[【】]/u.test(body)) return '短信内容中不能有【】，签名会自动加在开头';
  if (hasHiddenCharacter(body)) return hiddenCharacterMessage('短信内容');
  return null;
}

/** The text as delivered: signature, body, and the opt-out wording for marketing. */
export function composeSms({ signature, body, category }: { signature: string; body: string; category: SmsCategory }): string {
  return `${signature}${body}${isMarketing(category) ? OPT_OUT_TEXT : ''}`;
}

/** A sample recipient for the template editor's preview before any customer is chosen. */
export const SAMPLE_RECIPIENT: SmsRecipientValues = {
  name: '张伟',
  gender: 'M',
  plate: '沪A12345',
  storeName: '示例门店',
  maintenanceDue: '2026-12-01',
  insuranceDue: '2027-01-15',
  storePhone: '021-12345678',
};

/** Approval of a template by the provider (a provider that does not review approves at once). */
export const TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = { pending: '待审核', approved: '已通过', rejected: '已驳回' };

/**
 * Who changes what (issue 31), by the settings centre's rule for chain-wide rows (roles, departments,
 * insurer rates): what every store uses is changed only by someone who sees every store.
 * - A chain's template (总部模板, storeId null) is sent by every store: only staff whose data scope
 *   is the whole chain (1) edit, delete or resubmit it; a store's own template is its stores' staff's.
 * - Reviewing needs an admin over the same owner (a chain-wide admin for a chain's template).
 * - The signature and the daily limit are the chain's: a chain-wide admin changes them.
 * An edit of an approved template's text or category makes it 待审核 again (server/src/routes/sms.ts).
 */
export interface SmsEditor {
  isAdmin: boolean;
  dataScope: 1 | 2;
  /** The stores the user may see at all. */
  storeIds: readonly number[];
}

export const SMS_RULE_MESSAGES = {
  chainTemplate: '该模板是总部模板，各门店共用，只有总部人员（全部门店数据范围）可以修改或删除；如需调整，请新建本店模板',
  otherStore: '该模板属于其他门店，不能修改或删除',
  reviewAdmin: '只有管理员可以审核短信模板',
  reviewChain: '总部模板只有总部管理员可以审核',
  settingsChain: '短信签名和发送限制对全部门店生效，只有总部管理员可以修改',
} as const;

/** Whether the user may edit, delete or resubmit this template (null: yes). */
export function templateEditProblem(editor: SmsEditor, template: { storeId: number | null }): string | null {
  if (template.storeId === null) return editor.dataScope === 1 ? null : SMS_RULE_MESSAGES.chainTemplate;
  return editor.dataScope === 1 || editor.storeIds.includes(template.storeId) ? null : SMS_RULE_MESSAGES.otherStore;
}

/** Whether the user may approve or reject this template (null: yes). */
export function templateReviewProblem(editor: SmsEditor, template: { storeId: number | null }): string | null {
  if (!editor.isAdmin) return SMS_RULE_MESSAGES.reviewAdmin;
  if (template.storeId === null && editor.dataScope !== 1) return SMS_RULE_MESSAGES.reviewChain;
  return templateEditProblem(editor, template);
}

/** Whether the user may change the chain's signature and daily limit (null: yes). */
export function smsSettingsProblem(editor: SmsEditor): string | null {
  return editor.isAdmin && editor.dataScope === 1 ? null : SMS_RULE_MESSAGES.settingsChain;
}

/**
 * Who may take a number off the opt-out list again (a customer's wish not to be texted is only
 * overridden by someone answerable for it): admins and store managers. Any 短信营销 user may add one.
 */
export const OPT_OUT_UNDO_ROLE_CODES: readonly string[] = ['garage_admin', 'admin', 'store_manager'];
export const mayUndoOptOut = (roleCodes: readonly string[]): boolean => roleCodes.some((code) => OPT_OUT_UNDO_ROLE_CODES.includes(code));
/** Where an opt-out came from: the customer's reply (T/TD/退订/R) or staff. */
export const OPT_OUT_SOURCE_LABELS = { reply: '客户回复退订', staff: '员工登记' } as const;

/**
 * One recipient of a campaign: queued → submitting → submitted (已提交) → delivered (已送达) | failed (失败);
 * skipped (未发送) when the number opted out or reached the daily limit after the campaign was made;
 * cancelled when the campaign was cancelled before its turn.
 */
export const RECIPIENT_STATES = ['queued', 'submitting', 'submitted', 'delivered', 'failed', 'skipped', 'cancelled'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  queued: '待发送',
  submitting: '发送中',
  submitted: '已提交',
  delivered: '已送达',
  failed: '失败',
  skipped: '未发送',
  cancelled: '已取消',
};

/** scheduled: waiting for its time or the marketing window; running; paused; done; cancelled. */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'paused', 'done', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = { scheduled: '等待发送', running: '发送中', paused: '已暂停', done: '已完成', cancelled: '已取消' };

/** Where a customer's consent to marketing texts came from. */
export const CONSENT_SOURCES = ['store', 'wechat', 'phone', 'import', 'unknown'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = { store: '到店登记', wechat: '微信', phone: '电话确认', import: '批量导入', unknown: '未记录' };

/** Marketing texts per number per day (Asia/Shanghai): default and range of the setting. */
export const DAILY_MARKETING_LIMIT = { default: 1, min: 1, max: 10 } as const;

/** Days after sending during which a customer's visit counts as a conversion. */
export const CONVERSION_DAYS = 30;

/** Common failure reasons of delivery receipts (stat of the receipt), in Chinese. */
export const RECEIPT_STAT_LABELS: Record<string, string> = {
  DELIVRD: '已送达',
  UNDELIV: '无法送达（空号、停机或关机过久）',
  EXPIRED: '超时未送达',
  REJECTD: '被运营商拒绝',
  DELETED: '已被运营商删除',
  UNKNOWN: '状态未知',
  ACCEPTD: '已接收',
};
