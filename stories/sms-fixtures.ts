/**
 * Recorded-style answers of 短信营销 and 短信购买 (shape of server/src/routes/sms.ts and the mall's
 * ledger), on top of the mall fixture (catalogue, checkout) and the customer fixture (session,
 * groups, saved conditions), so the stories run without a server. The preview personalises with
 * the shared rules; a campaign sent in the story is added to 发送记录 as finished.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { Campaign, CampaignDetail, Recipient, Report, Settings, Template } from '../widgets/sms-marketing/api';
import type { LedgerEntry } from '../widgets/sms-buy/api';
import { composeSms, countSms, isMarketing, renderTemplate, SAMPLE_RECIPIENT, SMS_CATEGORY_LABELS, TEMPLATE_STATUS_LABELS, type SmsCategory } from '../contracts/sms';
import { installMallFixture } from './mall-fixtures';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const SETTINGS: Settings = { signature: '【安途汽车】', dailyMarketingLimit: 1, requiresApproval: true, balance: 3_260, provider: 'smpp', demo: false, canEdit: true };

/** The chain's templates (总部模板) unless a store is named; the story's user is the headquarters admin. */
const template = (id: number, name: string, category: SmsCategory, body: string, status: Template['status'] = 'approved', reviewNote = '', store?: { id: number; name: string }): Template => ({
  id, name, category, categoryName: SMS_CATEGORY_LABELS[category], body, status, statusName: TEMPLATE_STATUS_LABELS[status], reviewNote, updatedAt: hoursAgo(24 * id),
  storeId: store?.id ?? null, ownerName: store?.name ?? '总部模板', canEdit: true, canReview: true,
});
const TEMPLATES: Template[] = [
  template(1, '保养到期提醒', 'maintenance', '{称呼}您好，您的爱车{车牌}保养将于{保养到期日}到期，近期到{门店}保养可享工时 9 折，预约电话{门店电话}。'),
  template(2, '续保提醒', 'insurance', '{称呼}您好，您的爱车{车牌}车险将于{保险到期日}到期，到{门店}续保送全车精洗一次，详询{门店电话}。'),
  template(3, '春季保养节', 'marketing', '{门店}春季保养节：小保养套餐 299 元起，空调清洗免费检测，活动至本月底，详询{门店电话}。'),
  template(4, '生日关怀', 'marketing', '{称呼}，祝您生日快乐！生日当月到{门店}可免费领取精洗一次，期待您的光临。', 'pending'),
  template(5, '双十一秒杀', 'marketing', '{门店}双十一：机油买一送一，仅限今日！', 'rejected', '营销内容须标明活动规则与有效期'),
  template(6, '取车通知', 'notice', '{称呼}您好，您的爱车{车牌}已完工，请凭此短信到{门店}取车，如有疑问请致电{门店电话}。'),
  template(7, '本店洗车周', 'marketing', '{门店}洗车周：普洗 15 元，精洗 68 元，本周末截止，详询{门店电话}。', 'approved', '', { id: 3, name: '城西店' }),
];

const campaign = (id: number, fields: Partial<Campaign> & Pick<Campaign, 'name' | 'state' | 'total' | 'processed' | 'delivered' | 'failed'>): Campaign => ({
  id, templateName: '保养到期提醒', category: 'maintenance', categoryName: '保养提醒', stateName: { scheduled: '等待发送', running: '发送中', paused: '已暂停', done: '已完成', cancelled: '已取消' }[fields.state],
  sendAt: hoursAgo(2), submitted: fields.processed, skipped: 0, creditsReserved: fields.total * 2, creditsCharged: fields.processed * 2, createdBy: '陈总', storeName: '城东店',
  createdAt: hoursAgo(2), finishedAt: fields.state === 'done' ? hoursAgo(1) : null, ...fields,
});
const CAMPAIGNS: Campaign[] = [
  campaign(4, { name: '11 月保养提醒', state: 'running', total: 120, processed: 74, delivered: 61, failed: 3 }),
  campaign(3, { name: '周末续保活动', state: 'scheduled', total: 86, processed: 0, delivered: 0, failed: 0, templateName: '续保提醒', category: 'insurance', categoryName: '续保提醒', sendAt: new Date(Date.now() + 20 * 3_600_000).toISOString() }),
  campaign(2, { name: '春季保养节', state: 'done', total: 60, processed: 60, delivered: 57, failed: 3, templateName: '春季保养节', category: 'marketing', categoryName: '营销活动', sendAt: hoursAgo(24 * 12) }),
  campaign(1, { name: '取车通知', state: 'cancelled', total: 30, processed: 12, delivered: 12, failed: 0, templateName: '取车通知', category: 'notice', categoryName: '通知', sendAt: hoursAgo(24 * 20) }),
];

const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄勇', '周杰', '吴霞', '徐涛', '孙丽'];
const RECIPIENTS: Recipient[] = NAMES.map((name, index) => {
  const state = index === 3 || index === 8 ? 'failed' : index > 9 ? 'submitted' : 'delivered';
  return {
    id: index + 1, customerId: 100 + index, customerName: name, mobile: `139****${String(1000 + index * 37).slice(-4)}`, state, stateName: { failed: '失败', submitted: '已提交', delivered: '已送达' }[state],
    reason: state === 'failed' ? '无法送达（空号、停机或关机过久）' : '', segments: 2, submittedAt: hoursAgo(1.5), doneAt: state === 'submitted' ? null : hoursAgo(1.4),
  };
});

function report(): Report {
  const daily = Array.from({ length: 31 }, (_, day) => ({ day: new Date(Date.now() - (12 - day) * 86_400_000).toISOString().slice(0, 10), submitted: day === 0 ? 60 : 0, delivered: day === 0 ? 57 : 0, failed: day === 0 ? 3 : 0, visited: [0, 0, 1, 0, 2, 0, 0, 1, 0, 0, 0, 1, 0][day] ?? 0 }));
  return { total: 60, submitted: 60, delivered: 57, failed: 3, optedOut: 2, visited: 5, conversionRate: 5 / 57, failureReasons: [{ reason: '无法送达（空号、停机或关机过久）', count: 3 }], daily };
}

const LEDGER: LedgerEntry[] = [
  { id: 4, change: -240, balanceAfter: 3_260, reason: 'use', reasonName: '使用', ref: 'sms:campaign:4', refName: '短信群发「双十一保养提醒」', note: '发送预扣', createdAt: hoursAgo(2) },
  { id: 3, change: 6, balanceAfter: 3_500, reason: 'refund', reasonName: '退回', ref: 'sms:campaign:2#unused', refName: '短信群发「冬季轮胎检查」', note: '退回', createdAt: hoursAgo(24 * 12) },
  { id: 2, change: -1_240, balanceAfter: 3_494, reason: 'use', reasonName: '使用', ref: 'sms:campaign:2', refName: '短信群发「冬季轮胎检查」', note: '发送预扣', createdAt: hoursAgo(24 * 12) },
  { id: 1, change: 5_000, balanceAfter: 4_734, reason: 'purchase', reasonName: '购买', ref: 'order:M2026081410020000002', refName: '订单 M2026081410020000002', note: '短信包 5,000 条', createdAt: hoursAgo(24 * 95) },
];

function answer(method: string, path: string, search: URLSearchParams, body: Record<string, unknown>): unknown {
  const id = Number(search.get('id') ?? body.id ?? 0);
  switch (path) {
    case '/sms/settings':
      return method === 'PUT' ? { ...SETTINGS, signature: String(body.signature ?? SETTINGS.signature) } : SETTINGS;
    case '/sms/templates':
      return TEMPLATES;
    case '/sms/template':
      return method === 'DELETE' ? { deleted: true } : template(99, String(body.name), body.category as SmsCategory, String(body.body), 'pending');
    case '/sms/recipients/preview': {
      const category = (body.category ?? 'maintenance') as SmsCategory;
      const text = composeSms({ signature: SETTINGS.signature, body: renderTemplate(String(body.body ?? ''), { ...SAMPLE_RECIPIENT, name: '王芳', gender: 'F', plate: '浙A39A14', storeName: '城东店' }), category });
      const { length, segments } = countSms(text);
      const count = 38;
      return { matched: 40, count, optedOut: isMarketing(category) ? 2 : 0, invalid: 0, sample: { customerName: '王芳', mobile: '139****1037', text }, length, segments, credits: count * segments, balance: SETTINGS.balance, marketing: isMarketing(category), sendAt: new Date().toISOString(), windowNote: '' };
    }
    case '/sms/campaigns':
      return { total: CAMPAIGNS.length, list: CAMPAIGNS };
    case '/sms/campaign': {
      if (method === 'POST') return { campaign: campaign(9, { name: String(body.name || '新的群发'), state: 'done', total: 38, processed: 38, delivered: 36, failed: 2 }), windowNote: '' };
      const found = CAMPAIGNS.find((each) => each.id === id) ?? CAMPAIGNS[0]!;
      const detail: CampaignDetail = { ...found, body: TEMPLATES[0]!.body, signature: SETTINGS.signature, sampleText: composeSms({ signature: SETTINGS.signature, body: renderTemplate(TEMPLATES[0]!.body, SAMPLE_RECIPIENT), category: 'maintenance' }) };
      return detail;
    }
    case '/sms/campaign/recipients': {
      const state = search.get('state');
      const list = RECIPIENTS.filter((each) => !state || each.state === state);
      return { total: list.length, list };
    }
    case '/sms/campaign/report':
      return report();
    case '/sms/campaign/pause':
    case '/sms/campaign/resume':
    case '/sms/campaign/cancel': {
      const found = CAMPAIGNS.find((each) => each.id === id)!;
      const state = path.endsWith('pause') ? 'paused' : path.endsWith('resume') ? 'running' : 'cancelled';
      return { ...found, state, stateName: { paused: '已暂停', running: '发送中', cancelled: '已取消' }[state] };
    }
    case '/mall/ledger':
      return { balance: { kind: 'sms', name: '短信条数', unit: '条', balance: SETTINGS.balance }, list: LEDGER, total: LEDGER.length };
    default:
      return null;
  }
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installSmsFixture() {
  const removeMall = installMallFixture();
  const mallFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/sms/') && url.pathname !== '/api/mall/ledger') return mallFetch(input, init);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    } catch {
      /* no body */
    }
    const data = answer((init?.method ?? 'GET').toUpperCase(), url.pathname.slice(4), url.searchParams, body);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = mallFetch;
    removeMall();
  };
}
