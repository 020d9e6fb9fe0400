/**
 * 短信营销 over real HTTP against a real SMPP peer (tests/support/smsc-peer.ts on loopback): the
 * server binds, submits personalised UCS-2 texts, receives receipts and opt-out replies. Templates,
 * preview, sending with delivery states, opt-out end to end, the daily limit, credits under two
 * campaigns at once, cancel with refund, the marketing window, tenancy and malformed input.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { campaignDetail, campaignRecipients, CampaignSummary, createCampaign, optOutList, recipientsPreview, SmsTemplate, SmsSettings } from '../../../contracts/api/sms';
import { countSms, OPT_OUT_TEXT } from '../../../contracts/sms';
import { sql } from '../db/database';
import { balanceOf } from '../repositories/ledger';
import { setTestBalance } from '../../../tests/support/ledger';
import { smppSms } from '../providers/sms';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';
import { POLL_SERVER } from '../../../tests/support/waits';

const quiet = { warn: () => undefined, info: () => undefined };
const settings = (url: string) => ({ url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 20, enquireSeconds: 30, requiresApproval: false, bindTimeoutMs: 10_000 });

let smsc: SmscPeer;
let server: TestServer;
/** Same seed, marketing window enforced (the main server turns it off so tests pass at any hour). */
let windowed: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;
let windowedAdmin: string;
/** The chain-1 customers in the manager's store, with their numbers. */
let storeCustomers: { id: number; name: string; mobile: string }[];
let templates: SmsTemplate[];

const FAILING = new Set<string>();

beforeAll(async () => {
  smsc = await startSmscPeer({ fail: (phone) => (FAILING.has(phone) ? 'UNDELIV' : null), receiptDelayMs: 10 });
  process.env.SMS_MARKETING_WINDOW = 'off';
  server = await startTestServer({ providers: { sms: smppSms(settings(smsc.url), quiet) } });
  delete process.env.SMS_MARKETING_WINDOW;
  windowed = await startTestServer({ providers: { sms: smppSms(settings(smsc.url), quiet) } });
  [admin, manager, frontdesk, hxAdmin, windowedAdmin] = await Promise.all([
    server.loginToken('admin'),
    server.loginToken('manager'),
    server.loginToken('frontdesk'),
    server.loginToken('hx-admin'),
    windowed.loginToken('admin'),
  ]);
  // Store 2's customers the texts can reach: a valid mobile, not opted out by the seed.
  storeCustomers = await server.db.rows(sql`
    SELECT id, name, mobile FROM customer WHERE store_id = 2 AND mobile ~ '^1[3-9][0-9]{9}$'
       AND mobile NOT IN (SELECT mobile FROM sms_opt_out WHERE chain_id = 1) ORDER BY id`);
  expect(storeCustomers.length).toBeGreaterThan(60);
  // Several marketing texts a day per number, so the tests below do not trip over each other.
  const saved = await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车', dailyMarketingLimit: 10 } });
  expect(saved.code, saved.msg).toBe(0);
  templates = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: manager })).data;
}, 180_000);
afterAll(async () => {
  await server?.close();
  await windowed?.close();
  await smsc?.close();
});

const template = (name: string) => templates.find((item) => item.name === name)!;

async function send(token: string, body: Record<string, unknown>, on = server) {
  return on.call<AnswerOf<typeof createCampaign>>('POST', '/sms/campaign', { token, body });
}

/** Polls until no recipient is queued, submitting or waiting for its receipt (the page does the same). */
async function settled(token: string, id: number) {
  const campaign = async () => {
    const detail = await server.call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { token, query: { id } });
    expect(detail.code, detail.msg).toBe(0);
    return detail.data;
  };
  await vi.waitFor(async () => {
    expect((await campaign()).state).toBe('done');
    const open = await server.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token, query: { id, state: 'submitted' } });
    expect(open.data.total).toBe(0);
  }, POLL_SERVER);
  // Its counts read again once nothing awaits a receipt: a receipt landing between the two calls
  // above would leave counts older than the recipient list.
  return campaign();
}

const recipientsOf = async (token: string, id: number) =>
  (await server.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token, query: { id, pageSize: 100 } })).data.list;

const received = (mobile: string) => smsc.messages.filter((message) => message.phone === mobile);

describe('templates and settings', () => {
  it('lists the chain signature and templates; new ones are usable at once when the provider needs no review', async () => {
    const current = await server.call<SmsSettings>('GET', '/sms/settings', { token: manager });
    expect(current.data).toMatchObject({ signature: '【安途汽车】', dailyMarketingLimit: 10, requiresApproval: false, provider: 'smpp', demo: false });
    expect(current.data.balance).toBeGreaterThan(0);
    const made = await server.call<SmsTemplate>('POST', '/sms/template', { token: manager, body: { name: '到店有礼', category: 'marketing', body: '{称呼}，本周到{门店}保养送玻璃水一瓶' } });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ status: 'approved', statusName: '已通过', categoryName: '营销活动' });
    const again = await server.call('POST', '/sms/template', { token: manager, body: { name: '到店有礼', category: 'marketing', body: '重复' } });
    expect(again.msg).toContain('同名');
    const gone = await server.call('DELETE', '/sms/template', { token: manager, query: { id: made.data.id } });
    expect(gone.code, gone.msg).toBe(0);
  });

  it('refuses bad templates and signatures in Chinese, naming the problem, and changes nothing', async () => {
    const before = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: admin })).data.length;
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/sms/template', { name: '坏变量', category: 'marketing', body: '{名字}您好' }, '不支持的变量 {名字}'],
      ['POST', '/sms/template', { name: '带签名', category: 'marketing', body: '【别家】您好' }, '【】'],
      ['POST', '/sms/template', { name: '类型', category: 'spam', body: '您好' }, '不支持的短信类型'],
      ['POST', '/sms/template', { name: '太长', category: 'notice', body: '字'.repeat(501) }, '短信内容不能超过 500 个字'],
      ['PUT', '/sms/settings', { signature: '店', dailyMarketingLimit: 1 }, '2–16'],
      ['PUT', '/sms/settings', { signature: '【安途\u202E车汽】', dailyMarketingLimit: 1 }, '短信签名含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入'],
      ['PUT', '/sms/settings', { signature: '安途\u200B汽车', dailyMarketingLimit: 1 }, '短信签名含有看不见的特殊字符'],
      ['POST', '/sms/template', { name: '取车\u200B通知', category: 'notice', body: '您好' }, '模板名称含有看不见的特殊字符'],
      ['PUT', '/sms/settings', { signature: '安途汽车', dailyMarketingLimit: 99 }, '每日营销短信上限'],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await server.call(method, path, { token: admin, body });
      expect(answer.code, path).not.toBe(0);
      expect(answer.msg, path).toContain(message);
    }
    expect((await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: admin })).data.length).toBe(before);
    expect((await server.call<SmsSettings>('GET', '/sms/settings', { token: admin })).data.signature).toBe('【安途汽车】');
  });

  it('lets only admins change the signature', async () => {
    const answer = await server.call('PUT', '/sms/settings', { token: manager, body: { signature: '店长签名', dailyMarketingLimit: 1 } });
    expect(answer.code).not.toBe(0);
    expect((await server.call<SmsSettings>('GET', '/sms/settings', { token: admin })).data.signature).toBe('【安途汽车】');
  });
});

describe('who changes a template (issue 31)', () => {
  const listOf = async (token: string) => (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token })).data;
  const stored = (id: number) => server.db.one<{ content: string; status: string }>(sql`SELECT content, status FROM sms_template WHERE id = ${id}`);
  const templateAudits = (id: number) => server.db.rows<{ action: string; actor_name: string; detail: { before?: { body: string }; after?: { body: string; status: string } } }>(sql`
    SELECT action, actor_name, detail FROM audit_log WHERE target_type = 'sms' AND target_id = ${id} AND action LIKE 'sms.template.%' ORDER BY id`);

  it('refuses store staff who rewrite or delete the chain’s templates, in Chinese, and lets them manage their store’s own', async () => {
    const seen = await listOf(frontdesk);
    const renewal = seen.find((item) => item.name === '续保提醒')!;
    const pickUp = seen.find((item) => item.name === '取车通知')!;
    const own = seen.find((item) => item.name === '本店洗车周')!;
    expect(renewal).toMatchObject({ storeId: null, ownerName: '总部模板', canEdit: false, canReview: false });
    expect(own).toMatchObject({ storeId: 3, ownerName: '城西店', canEdit: true, status: 'approved' });
    const before = (await stored(renewal.id))!;

    const rewritten = await server.call('PUT', '/sms/template', { token: frontdesk, body: { id: renewal.id, name: '续保提醒', category: 'insurance', body: '{称呼}您好，续保请点 dwz.cn/x8Kp 领红包' } });
    expect(rewritten).toMatchObject({ code: 403, msg: '该模板是总部模板，各门店共用，只有总部人员（全部门店数据范围）可以修改或删除；如需调整，请新建本店模板' });
    const deleted = await server.call('DELETE', '/sms/template', { token: frontdesk, query: { id: pickUp.id } });
    expect(deleted.code).toBe(403);
    expect(deleted.msg).toContain('总部模板');
    expect(await stored(renewal.id)).toEqual(before);
    expect(await stored(pickUp.id)).toBeDefined();
    expect(await templateAudits(pickUp.id)).toEqual([]);

    // Their store's own: created, edited and deleted by them, and nobody else's business.
    const made = await server.call<SmsTemplate>('POST', '/sms/template', { token: frontdesk, body: { name: '西店取车', category: 'notice', body: '{称呼}您好，爱车已完工，请到{门店}取车。' } });
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ storeId: 3, ownerName: '城西店', canEdit: true, status: 'approved' });
    const edited = await server.call<SmsTemplate>('PUT', '/sms/template', { token: frontdesk, body: { id: own.id, name: '本店洗车周', category: 'marketing', body: '{门店}洗车周：普洗 12 元，详询{门店电话}。' } });
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.data.body).toBe('{门店}洗车周：普洗 12 元，详询{门店电话}。');
    expect((await listOf(manager)).some((item) => item.id === own.id || item.id === made.data.id)).toBe(false);
    const byOtherStore = await server.call('PUT', '/sms/template', { token: manager, body: { id: own.id, name: '本店洗车周', category: 'marketing', body: '改了' } });
    expect(byOtherStore.msg).toBe('短信模板不存在或已被删除');
    expect((await server.call('DELETE', '/sms/template', { token: hxAdmin, query: { id: made.data.id } })).msg).toBe('短信模板不存在或已被删除');
    // Headquarters sees every store's own templates, marked as such.
    expect((await listOf(admin)).find((item) => item.id === made.data.id)).toMatchObject({ ownerName: '城西店', canEdit: true, canReview: true });
    const gone = await server.call('DELETE', '/sms/template', { token: frontdesk, query: { id: made.data.id } });
    expect(gone.code, gone.msg).toBe(0);
    expect((await templateAudits(own.id)).map((entry) => [entry.action, entry.actor_name])).toEqual([['sms.template.update', '王小雨']]);
  });

  it('sends an approved template whose text headquarters changed back to 待审核: no campaign until an admin approves the new text', async () => {
    const renewal = (await listOf(admin)).find((item) => item.name === '续保提醒')!;
    expect(renewal.status).toBe('approved');
    const newText = '{称呼}您好，您的爱车{车牌}车险将于{保险到期日}到期，本月到{门店}续保送保养一次，详询{门店电话}。';
    const edited = await server.call<SmsTemplate>('PUT', '/sms/template', { token: admin, body: { id: renewal.id, name: '续保提醒', category: 'insurance', body: newText } });
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.data).toMatchObject({ status: 'pending', statusName: '待审核', body: newText });
    expect((await listOf(frontdesk)).find((item) => item.id === renewal.id)!.statusName).toBe('待审核');
    const audience = { kind: 'customers', customerIds: [storeCustomers[0]!.id] };
    const refused = await send(manager, { templateId: renewal.id, audience });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe('该模板待审核，审核通过后才能发送');

    // A reviewer who saw an older text approves nothing.
    const stale = await server.call('POST', '/sms/template/review', { token: admin, body: { id: renewal.id, approved: true, updatedAt: renewal.updatedAt } });
    expect(stale.msg).toContain('已被他人修改');
    expect((await stored(renewal.id))!.status).toBe('pending');
    // Renaming alone changes no words: the state stays.
    const renamed = await server.call<SmsTemplate>('PUT', '/sms/template', { token: admin, body: { id: renewal.id, name: '续保提醒（新）', category: 'insurance', body: newText } });
    expect(renamed.data.status).toBe('pending');
    const approved = await server.call<SmsTemplate>('POST', '/sms/template/review', { token: admin, body: { id: renewal.id, approved: true, updatedAt: renamed.data.updatedAt } });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data.status).toBe('approved');
    const sent = await send(manager, { templateId: renewal.id, audience, sendAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(sent.code, sent.msg).toBe(0);
    expect((await server.call('POST', '/sms/campaign/cancel', { token: manager, body: { id: sent.data.campaign.id } })).code).toBe(0);

    const audits = await templateAudits(renewal.id);
    expect(audits.map((entry) => [entry.action, entry.actor_name])).toEqual([['sms.template.update', '陈总'], ['sms.template.update', '陈总'], ['sms.template.review', '陈总']]);
    expect(audits[0]!.detail.before!.body).toContain('续保送全车精洗一次');
    expect(audits[0]!.detail.after).toMatchObject({ body: newText, status: 'pending' });
  });
});

describe('sending', () => {
  it('previews a group: count, sample text with signature and opt-out wording, segments and credits', async () => {
    const groups = (await server.call<{ id: number; name: string; memberCount: number }[]>('GET', '/client/groups', { token: manager })).data;
    const group = groups.find((item) => item.memberCount > 0)!;
    const answer = await server.call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', {
      token: manager,
      body: { audience: { kind: 'group', groupId: group.id }, templateId: template('保养到期提醒').id },
    });
    expect(answer.code, answer.msg).toBe(0);
    const preview = answer.data;
    expect(preview.count).toBeGreaterThan(0);
    expect(preview.count + preview.optedOut + preview.invalid).toBe(preview.matched);
    expect(preview.sample!.text.startsWith('【安途汽车】')).toBe(true);
    expect(preview.sample!.text.endsWith(OPT_OUT_TEXT)).toBe(true);
    expect(preview.sample!.text).not.toContain('{');
    expect({ length: preview.length, segments: preview.segments }).toEqual(countSms(preview.sample!.text));
    expect(preview.credits).toBeGreaterThanOrEqual(preview.count * 1);
    expect(preview.marketing).toBe(true);
  });

  it('sends personalised texts over SMPP and shows 已送达 / 失败 with the reason from the receipts', async () => {
    const chosen = storeCustomers.slice(0, 6);
    FAILING.add(chosen[5]!.mobile);
    const balance = await balanceOf(server.db, 1, 'sms');
    const made = await send(manager, { templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: chosen.map((customer) => customer.id) } });
    expect(made.code, made.msg).toBe(0);
    expect(made.data.windowNote).toBe('');
    const done = await settled(manager, made.data.campaign.id);
    expect(done).toMatchObject({ total: 6, submitted: 6, delivered: 5, failed: 1, state: 'done', stateName: '已完成' });
    const rows = await recipientsOf(manager, made.data.campaign.id);
    const failed = rows.find((row) => row.state === 'failed')!;
    expect(failed.customerId).toBe(chosen[5]!.id);
    expect(failed.stateName).toBe('失败');
    expect(failed.reason).toContain('无法送达');
    expect(rows.filter((row) => row.stateName === '已送达')).toHaveLength(5);
    for (const customer of chosen) {
      const texts = received(customer.mobile);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(customer.name.slice(0, 1));
      expect(texts[0]!.text.startsWith('【安途汽车】')).toBe(true);
      expect(texts[0]!.text).not.toContain(OPT_OUT_TEXT); // a notice, not marketing
    }
    // Charged one credit per segment submitted; undelivered texts are billed by the carrier too.
    const segments = rows.reduce((sum, row) => sum + row.segments, 0);
    expect(await balanceOf(server.db, 1, 'sms')).toBe(balance - segments);
  });

  it('splits a long text into UDH parts that the phone puts back together', async () => {
    const long = await server.call<SmsTemplate>('POST', '/sms/template', {
      token: manager,
      body: { name: '长短信', category: 'notice', body: `{称呼}您好，${'本店冬季保养活动火热进行中，'.repeat(8)}详询{门店电话}` },
    });
    expect(long.code, long.msg).toBe(0);
    const customer = storeCustomers[10]!;
    const made = await send(manager, { templateId: long.data.id, audience: { kind: 'customers', customerIds: [customer.id] } });
    expect(made.code, made.msg).toBe(0);
    await settled(manager, made.data.campaign.id);
    const [row] = await recipientsOf(manager, made.data.campaign.id);
    expect(row!.segments).toBeGreaterThan(1);
    expect(row!.state).toBe('delivered');
    const [text] = received(customer.mobile);
    expect(text!.messageIds).toHaveLength(row!.segments);
    expect(countSms(text!.text).segments).toBe(row!.segments);
    expect(text!.text).toContain('详询');
  });

  it('opts a number out when it replies T: never sent marketing again, and the composer says how many were removed', async () => {
    const [first, second] = [storeCustomers[20]!, storeCustomers[21]!];
    const audience = { kind: 'customers', customerIds: [first.id, second.id] };
    const made = await send(manager, { templateId: template('春季保养节').id, audience });
    expect(made.code, made.msg).toBe(0);
    await settled(manager, made.data.campaign.id);
    expect(received(first.mobile)).toHaveLength(1);
    expect(received(first.mobile)[0]!.text.endsWith(OPT_OUT_TEXT)).toBe(true);

    await smsc.sendReply(`86${first.mobile}`, 'T');
    await vi.waitFor(async () => {
      const list = await server.call<AnswerOf<typeof optOutList>>('GET', '/sms/opt-outs', { token: manager, query: { keyword: first.mobile.slice(-4) } });
      expect(list.data.list).toContainEqual(expect.objectContaining({ customerName: first.name, sourceName: '客户回复退订' }));
    }, POLL_SERVER);
    const preview = await server.call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', { token: manager, body: { audience, templateId: template('春季保养节').id } });
    expect(preview.data).toMatchObject({ matched: 2, count: 1, optedOut: 1 });
    const again = await send(manager, { templateId: template('春季保养节').id, audience });
    expect(again.code, again.msg).toBe(0);
    await settled(manager, again.data.campaign.id);
    expect(received(first.mobile)).toHaveLength(1);
    expect(received(second.mobile)).toHaveLength(2);
    const only = await send(manager, { templateId: template('春季保养节').id, audience: { kind: 'customers', customerIds: [first.id] } });
    expect(only.msg).toContain('退订');

    // Staff can record a renewed consent, after which marketing reaches the number again.
    const back = await server.call('DELETE', '/sms/opt-out', { token: manager, query: { customerId: first.id, consentSource: 'store' } });
    expect(back.code, back.msg).toBe(0);
    const consent = await server.call<{ optedOut: boolean; consentSourceName: string }>('GET', '/sms/consent', { token: manager, query: { customerId: first.id } });
    expect(consent.data).toMatchObject({ optedOut: false, consentSourceName: '到店登记' });
  });

  it('keeps to the daily marketing limit per number', async () => {
    const customer = storeCustomers[30]!;
    const audience = { kind: 'customers', customerIds: [customer.id] };
    await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车', dailyMarketingLimit: 2 } });
    try {
      // Up to the limit goes out; the next one of the day is skipped, not charged, with the limit in its reason.
      for (let sent = 1; sent <= 2; sent += 1) {
        const campaign = await send(manager, { templateId: template('春季保养节').id, audience });
        expect(await settled(manager, campaign.data.campaign.id)).toMatchObject({ submitted: 1, skipped: 0 });
        expect(received(customer.mobile)).toHaveLength(sent);
      }
      const third = await send(manager, { templateId: template('春季保养节').id, audience });
      const done = await settled(manager, third.data.campaign.id);
      expect(done).toMatchObject({ submitted: 0, skipped: 1 });
      const [row] = await recipientsOf(manager, third.data.campaign.id);
      expect(row).toMatchObject({ state: 'skipped', stateName: '未发送' });
      expect(row!.reason).toBe('该号码今日已收到 2 条营销短信（每日上限）');
      expect(received(customer.mobile)).toHaveLength(2);
      expect(done.creditsCharged).toBe(0);
    } finally {
      await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车', dailyMarketingLimit: 10 } });
    }
  });

  it('never lets two campaigns at once take more credits than there are', async () => {
    const chosen = storeCustomers.slice(40, 50).map((customer) => customer.id);
    const body = { templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: chosen } };
    const preview = await server.call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', { token: manager, body });
    const before = await balanceOf(server.db, 1, 'sms');
    // Enough for one of them, not for both.
    await setTestBalance(server.db, 1, 'sms', preview.data.credits + Math.floor(preview.data.credits / 2));
    try {
      const answers = await Promise.all([send(manager, body), send(admin, body)]);
      const made = answers.filter((answer) => answer.code === 0);
      const refused = answers.filter((answer) => answer.code !== 0);
      expect(made).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.msg).toContain('短信条数不足');
      expect(await balanceOf(server.db, 1, 'sms')).toBe(Math.floor(preview.data.credits / 2));
      const campaigns = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_campaign WHERE created_at > now() - interval '1 minute' AND total = ${chosen.length}`);
      expect(campaigns!.n).toBe(1);
      // The refused one's recipients (stored before its credits were reserved) are gone too.
      const leftover = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_pending p WHERE NOT EXISTS (SELECT 1 FROM sms_campaign c WHERE c.id = p.campaign_id)`);
      expect(leftover!.n).toBe(0);
      await settled(admin, made[0]!.data.campaign.id);
    } finally {
      await setTestBalance(server.db, 1, 'sms', before);
    }
  });
});

describe('the chain’s signature (issue 33: one home)', () => {
  it('is the same in 短信设置, the SMS mall’s sample, the preview, the campaign and the text a phone receives, and follows a change', async () => {
    const readEverywhere = async (customer: { id: number; mobile: string }) => {
      const settingsAnswer = await server.call<SmsSettings>('GET', '/sms/settings', { token: manager });
      const mallFor = async (token: string) => (await server.call<{ smsSignature: string }>('GET', '/mall/catalogue', { token })).data.smsSignature;
      const audience = { kind: 'customers', customerIds: [customer.id] };
      const preview = await server.call<AnswerOf<typeof recipientsPreview>>('POST', '/sms/recipients/preview', { token: manager, body: { audience, templateId: template('取车通知').id } });
      const made = await send(manager, { templateId: template('取车通知').id, audience });
      expect(made.code, made.msg).toBe(0);
      const done = await settled(manager, made.data.campaign.id);
      const detail = await server.call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { token: manager, query: { id: done.id } });
      const [text] = received(customer.mobile);
      const signatureOf = (full: string | undefined) => /^【[^】]+】/u.exec(full ?? '')?.[0];
      return {
        settings: settingsAnswer.data.signature,
        mallAdmin: await mallFor(admin),
        mallFrontDesk: await mallFor(frontdesk),
        preview: signatureOf(preview.data.sample?.text),
        campaign: detail.data.signature,
        campaignSample: signatureOf(detail.data.sampleText),
        sent: signatureOf(text?.text),
      };
    };
    const everywhere = (signature: string) => ({ settings: signature, mallAdmin: signature, mallFrontDesk: signature, preview: signature, campaign: signature, campaignSample: signature, sent: signature });

    expect(await readEverywhere(storeCustomers[50]!)).toEqual(everywhere('【安途汽车】'));
    const changed = await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车服务', dailyMarketingLimit: 10 } });
    expect(changed.code, changed.msg).toBe(0);
    try {
      expect(await readEverywhere(storeCustomers[51]!)).toEqual(everywhere('【安途汽车服务】'));
    } finally {
      await server.call('PUT', '/sms/settings', { token: admin, body: { signature: '安途汽车', dailyMarketingLimit: 10 } });
    }
    // The other chain's mall shows its own signature, never ours.
    expect((await server.call<{ smsSignature: string }>('GET', '/mall/catalogue', { token: hxAdmin })).data.smsSignature).toBe('【华星汽车】');
  });
});

describe('window, pause and cancel', () => {
  it('queues marketing outside 08:00–21:00 to the next 08:00 and says so; cancelling gives every credit back', async () => {
    // Tomorrow 22:30 Shanghai, whatever the time now.
    const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    const balance = await balanceOf(windowed.db, 1, 'sms');
    const made = await send(windowedAdmin, { templateId: template('春季保养节').id, audience: { kind: 'customers', customerIds: storeCustomers.slice(-6, -1).map((c) => c.id) }, sendAt: `${tomorrow}T22:30:00+08:00` }, windowed);
    expect(made.code, made.msg).toBe(0);
    expect(made.data.campaign.state).toBe('scheduled');
    expect(made.data.windowNote).toContain('08:00');
    const next = new Date(new Date(`${tomorrow}T00:00:00+08:00`).getTime() + 86_400_000);
    expect(new Date(made.data.campaign.sendAt).getTime()).toBe(next.getTime() + 8 * 3600_000);
    expect(await balanceOf(windowed.db, 1, 'sms')).toBe(balance - made.data.campaign.creditsReserved);

    const cancelled = await windowed.call<CampaignSummary>('POST', '/sms/campaign/cancel', { token: windowedAdmin, body: { id: made.data.campaign.id } });
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(cancelled.data).toMatchObject({ state: 'cancelled', stateName: '已取消', skipped: 5, creditsCharged: 0 });
    expect(await balanceOf(windowed.db, 1, 'sms')).toBe(balance);
    const twice = await windowed.call('POST', '/sms/campaign/cancel', { token: windowedAdmin, body: { id: made.data.campaign.id } });
    expect(twice.msg).toContain('无法取消');
    expect(await balanceOf(windowed.db, 1, 'sms')).toBe(balance);
  });

  it('lists the recipients of a waiting campaign as 待发送, honours an opt-out made before it sends, and cancels the rest as 已取消', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    // Customers no other test on this server texts (40–49 are the credits test's).
    const chosen = storeCustomers.slice(52, 56);
    expect(chosen).toHaveLength(4);
    const made = await send(manager, { templateId: template('春季保养节').id, audience: { kind: 'customers', customerIds: chosen.map((c) => c.id) }, sendAt: `${tomorrow}T10:00:00+08:00` });
    expect(made.code, made.msg).toBe(0);
    const id = made.data.campaign.id;
    const waiting = await recipientsOf(manager, id);
    expect(waiting.map((row) => [row.customerName, row.stateName])).toEqual(chosen.map((c) => [c.name, '待发送']));
    const detail = await server.call<AnswerOf<typeof campaignDetail>>('GET', '/sms/campaign', { token: manager, query: { id } });
    expect(detail.data.sampleText).toContain('春季保养节');
    // Page 2 of 3-per-page starts at the fourth recipient.
    const second = await server.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token: manager, query: { id, page: 2, pageSize: 3, state: 'queued' } });
    expect(second.data.total).toBe(4);
    expect(second.data.list.map((row) => row.customerName)).toEqual([chosen[3]!.name]);

    // Opted out after the campaign was made: still not sent when it runs.
    const optOut = await server.call('POST', '/sms/opt-out', { token: manager, body: { customerId: chosen[1]!.id, note: '电话要求不再发送' } });
    expect(optOut.code, optOut.msg).toBe(0);
    try {
      await server.call('POST', '/sms/campaign/pause', { token: manager, body: { id } });
      const resumed = await server.call<CampaignSummary>('POST', '/sms/campaign/resume', { token: manager, body: { id } });
      expect(resumed.code, resumed.msg).toBe(0);
      const done = await settled(manager, id);
      expect(done).toMatchObject({ submitted: 3, skipped: 1 });
      expect(received(chosen[1]!.mobile)).toHaveLength(0);
      const rows = await recipientsOf(manager, id);
      expect(rows.find((row) => row.customerName === chosen[1]!.name)).toMatchObject({ stateName: '未发送', reason: '已退订营销短信' });
      expect(done.creditsCharged).toBe(rows.filter((row) => row.state !== 'skipped').reduce((sum, row) => sum + row.segments, 0));
    } finally {
      await server.call('DELETE', '/sms/opt-out', { token: manager, query: { customerId: chosen[1]!.id, consentSource: 'store' } });
    }

    // Cancelled before it sends: every recipient 已取消, every credit back.
    const balance = await balanceOf(server.db, 1, 'sms');
    const later = await send(manager, { templateId: template('春季保养节').id, audience: { kind: 'customers', customerIds: chosen.map((c) => c.id) }, sendAt: `${tomorrow}T10:00:00+08:00` });
    expect(later.code, later.msg).toBe(0);
    const cancelled = await server.call<CampaignSummary>('POST', '/sms/campaign/cancel', { token: manager, body: { id: later.data.campaign.id } });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', processed: 4, skipped: 4, creditsCharged: 0 });
    expect(await balanceOf(server.db, 1, 'sms')).toBe(balance);
    const gone = await server.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token: manager, query: { id: later.data.campaign.id, state: 'cancelled' } });
    expect(gone.data.total).toBe(4);
    expect(gone.data.list.every((row) => row.stateName === '已取消')).toBe(true);
    const queued = await server.call<AnswerOf<typeof campaignRecipients>>('GET', '/sms/campaign/recipients', { token: manager, query: { id: later.data.campaign.id, state: 'queued' } });
    expect(queued.data.total).toBe(0);
  });

  it('pauses a scheduled campaign and resumes it to the window', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    const made = await send(windowedAdmin, { templateId: template('春季保养节').id, audience: { kind: 'customers', customerIds: [storeCustomers.at(-1)!.id] }, sendAt: `${tomorrow}T10:00:00+08:00` }, windowed);
    const paused = await windowed.call<CampaignSummary>('POST', '/sms/campaign/pause', { token: windowedAdmin, body: { id: made.data.campaign.id } });
    expect(paused.data.state).toBe('paused');
    const resumed = await windowed.call<CampaignSummary>('POST', '/sms/campaign/resume', { token: windowedAdmin, body: { id: made.data.campaign.id } });
    expect(resumed.code, resumed.msg).toBe(0);
    expect(['running', 'scheduled', 'done']).toContain(resumed.data.state);
    await windowed.call('POST', '/sms/campaign/cancel', { token: windowedAdmin, body: { id: made.data.campaign.id } });
  });
});

describe('report', () => {
  it('reports the seeded campaign: delivered, failed with reasons, opted out, visits and a daily series', async () => {
    const list = await server.call<{ list: CampaignSummary[] }>('GET', '/sms/campaigns', { token: manager, query: { pageSize: 100 } });
    const seeded = list.data.list.find((item) => item.name === '保养到期提醒·本月到期客户')!;
    expect(seeded.state).toBe('done');
    const report = await server.call<{ total: number; delivered: number; failed: number; optedOut: number; visited: number; failureReasons: { reason: string; count: number }[]; daily: { day: string; submitted: number }[] }>(
      'GET',
      '/sms/campaign/report',
      { token: manager, query: { id: seeded.id } },
    );
    expect(report.code, report.msg).toBe(0);
    expect(report.data.delivered + report.data.failed).toBe(report.data.total);
    expect(report.data.optedOut).toBe(3);
    expect(report.data.daily.length).toBeGreaterThan(10);
    expect(report.data.daily.reduce((sum, day) => sum + day.submitted, 0)).toBe(report.data.total);
    if (report.data.failed > 0) expect(report.data.failureReasons[0]!.reason).toContain('无法送达');
  });
});

describe('tenancy and malformed input', () => {
  it('keeps other chains and other stores out', async () => {
    const mine = await server.call<{ list: CampaignSummary[] }>('GET', '/sms/campaigns', { token: manager, query: { pageSize: 5 } });
    const id = mine.data.list[0]!.id;
    for (const token of [hxAdmin, frontdesk]) {
      const detail = await server.call('GET', '/sms/campaign', { token, query: { id } });
      expect(detail.code).not.toBe(0);
      expect(detail.msg).toContain('不在你的数据范围内');
      const cancel = await server.call('POST', '/sms/campaign/cancel', { token, body: { id } });
      expect(cancel.code).not.toBe(0);
      const others = await server.call<{ list: CampaignSummary[] }>('GET', '/sms/campaigns', { token, query: { pageSize: 100 } });
      expect(others.data.list.some((item) => item.id === id)).toBe(false);
    }
    // Another chain's template and group, and another store's customers, are not reachable.
    const hxTemplates = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: hxAdmin })).data;
    expect(hxTemplates.some((item) => templates.some((mineItem) => mineItem.id === item.id))).toBe(false);
    const foreign = await send(hxAdmin, { templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: [storeCustomers[0]!.id] } });
    expect(foreign.msg).toContain('模板不存在');
    const otherStore = await send(frontdesk, { templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: [storeCustomers[0]!.id] } });
    expect(otherStore.msg).toContain('没有可发送的手机号');
    const optOut = await server.call('POST', '/sms/opt-out', { token: hxAdmin, body: { customerId: storeCustomers[0]!.id, note: '电话要求' } });
    expect(optOut.msg).toContain('不在你的数据范围内');
  });

  it('answers malformed requests in Chinese, naming the problem, and sends nothing', async () => {
    const before = smsc.submits;
    const balance = await balanceOf(server.db, 1, 'sms');
    const cases: [Record<string, unknown>, string][] = [
      [{ templateId: 'abc', audience: { kind: 'customers', customerIds: [1] } }, '模板格式不正确'],
      [{ templateId: template('取车通知').id, audience: { kind: 'everyone' } }, '请选择收信人'],
      [{ templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: [] } }, '客户至少 1 项'],
      [{ templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: [1] }, sendAt: '明天早上' }, '定时发送时间格式不正确'],
      [{ templateId: template('取车通知').id, audience: { kind: 'customers', customerIds: [1] }, sendAt: '2020-01-01T10:00:00+08:00' }, '不能早于现在'],
      [{ templateId: template('生日关怀').id, audience: { kind: 'customers', customerIds: [storeCustomers[0]!.id] } }, '审核'],
      [{ templateId: 999_999, audience: { kind: 'customers', customerIds: [1] } }, '模板不存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send(manager, body);
      expect(answer.code).not.toBe(0);
      expect(answer.msg).toContain(message);
    }
    const bad = await server.call('GET', '/sms/campaign/recipients', { token: manager, query: { id: 1, state: 'lost' } });
    expect(bad.msg).toContain('不支持的状态');
    expect(smsc.submits).toBe(before);
    expect(await balanceOf(server.db, 1, 'sms')).toBe(balance);
  });
});
