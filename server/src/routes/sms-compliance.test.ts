/**
 * 退订名单, 授权来源 and 提交审核 (issue 15 leftovers) over real HTTP, with a provider that requires
 * template review: staff add numbers with a reason, only 店长/admins take them off again (with a
 * consent source, audited), the list is scoped to the caller's stores and chain, the consent list
 * and its edit, and the review flow 待审核 → 已通过 / 已驳回（原因）→ 提交审核, raced by two admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { optOutList, smsConsents, SmsTemplate } from '../../../contracts/api/sms';
import { sql } from '../db/database';
import { smppSms } from '../providers/sms';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startSmscPeer, type SmscPeer } from '../../../tests/support/smsc-peer';

const quiet = { warn: () => undefined, info: () => undefined };

let smsc: SmscPeer;
let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;
let hxManager: string;
/** Customers of 城东店 (the manager's store) and 城西店 (the front desk's). */
let east: { id: number; name: string; mobile: string }[];
let west: { id: number; name: string; mobile: string }[];

beforeAll(async () => {
  smsc = await startSmscPeer({ receiptDelayMs: 10 });
  const settings = { url: smsc.url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 20, enquireSeconds: 30, requiresApproval: true, bindTimeoutMs: 10_000 };
  server = await startTestServer({ providers: { sms: smppSms(settings, quiet) } });
  [admin, manager, frontdesk, hxAdmin, hxManager] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin', 'hx-manager'].map((name) => server.loginToken(name)));
  const customersOf = (store: number) =>
    server.db.rows<{ id: number; name: string; mobile: string }>(sql`
      SELECT c.id, c.name, c.mobile FROM customer c WHERE store_id = ${store} AND mobile ~ '^1[3-9][0-9]{9}$' AND name <> ''
         AND NOT EXISTS (SELECT 1 FROM sms_opt_out o WHERE o.mobile = c.mobile) ORDER BY id DESC LIMIT 20`);
  [east, west] = await Promise.all([customersOf(2), customersOf(3)]);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await smsc?.close();
});

const optOuts = (token: string, query: Record<string, unknown> = {}) => server.call<AnswerOf<typeof optOutList>>('GET', '/sms/opt-outs', { token, query: { pageSize: 100, ...query } });
const optedOutNumbers = async () => (await server.db.rows<{ mobile: string }>(sql`SELECT mobile FROM sms_opt_out ORDER BY mobile`)).map((row) => row.mobile);
const auditsOf = (action: string) => server.db.rows<{ detail: Record<string, unknown>; actor_name: string }>(sql`SELECT * FROM audit_log WHERE action = ${action} ORDER BY id`);

describe('退订名单', () => {
  it('lets staff add a customer or a bare number with a reason, shows who and why, and refuses a second entry', async () => {
    const customer = west[0]!;
    const marked = await server.call('POST', '/sms/opt-out', { token: frontdesk, body: { customerId: customer.id, note: '到店要求不再接收活动短信' } });
    expect(marked.code, marked.msg).toBe(0);
    const byNumber = await server.call('POST', '/sms/opt-out', { token: frontdesk, body: { mobile: '13912345670', note: '来电要求' } });
    expect(byNumber.code, byNumber.msg).toBe(0);
    const twice = await server.call('POST', '/sms/opt-out', { token: frontdesk, body: { mobile: customer.mobile, note: '再登记' } });
    expect(twice.msg).toContain('已在退订名单中');

    const list = await optOuts(frontdesk, { keyword: customer.name });
    const row = list.data.list.find((item) => item.customerName === customer.name)!;
    expect(row).toMatchObject({ source: 'staff', sourceName: '员工登记', note: '到店要求不再接收活动短信', createdBy: '王小雨' });
    expect(list.data.canUndo).toBe(false);
    // The number nobody has as a customer is seen by whoever recorded it.
    expect((await optOuts(frontdesk, { keyword: '5670' })).data.list.map((item) => item.note)).toEqual(['来电要求']);
    expect((await optOuts(frontdesk, { source: 'reply' })).data.list.every((item) => item.sourceName === '客户回复退订')).toBe(true);
    expect((await auditsOf('sms.optout.mark')).at(-1)!.detail).toMatchObject({ note: '来电要求' });
  });

  it('lets only a store manager or an admin take a number off, with a consent source, audited; staff are refused and nothing changes', async () => {
    const customer = east[0]!;
    await server.call('POST', '/sms/opt-out', { token: manager, body: { customerId: customer.id, note: '电话要求' } });
    const row = (await optOuts(manager, { keyword: customer.mobile.slice(-4) })).data.list.find((item) => item.customerName === customer.name)!;
    const before = await optedOutNumbers();

    const refused = await server.call('DELETE', '/sms/opt-out', { token: frontdesk, query: { id: row.id, consentSource: 'store' } });
    expect(refused.msg).toBe('只有店长或管理员可以取消退订');
    const noSource = await server.call('DELETE', '/sms/opt-out', { token: manager, query: { id: row.id } });
    expect(noSource.status).toBeLessThan(500);
    expect(noSource.msg).toContain('同意来源');
    expect(await optedOutNumbers()).toEqual(before);

    const undone = await server.call('DELETE', '/sms/opt-out', { token: manager, query: { id: row.id, consentSource: 'phone', note: '客户来电重新同意' } });
    expect(undone.code, undone.msg).toBe(0);
    expect(await optedOutNumbers()).not.toContain(customer.mobile);
    const consent = await server.call<{ optedOut: boolean; consentSourceName: string }>('GET', '/sms/consent', { token: manager, query: { customerId: customer.id } });
    expect(consent.data).toMatchObject({ optedOut: false, consentSourceName: '电话确认' });
    const audit = (await auditsOf('sms.optout.unmark')).at(-1)!;
    expect(audit.detail).toMatchObject({ consentSource: 'phone', note: '客户来电重新同意', was: { source: 'staff', note: '电话要求' } });
    const again = await server.call('DELETE', '/sms/opt-out', { token: manager, query: { id: row.id, consentSource: 'phone' } });
    expect(again.msg).toContain('已被他人取消');
  });

  it('takes a number off once when two managers undo it at the same moment', async () => {
    const customer = east[1]!;
    await server.call('POST', '/sms/opt-out', { token: manager, body: { customerId: customer.id, note: '电话要求' } });
    const row = (await optOuts(admin, { keyword: customer.mobile })).data.list[0]!;
    const answers = await Promise.all([admin, manager].map((token) => server.call('DELETE', '/sms/opt-out', { token, query: { id: row.id, consentSource: 'store' } })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)!.msg).toContain('已被他人取消');
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const audits = (await auditsOf('sms.optout.unmark')).filter((audit) => audit.detail.mobile === `${customer.mobile.slice(0, 3)}****${customer.mobile.slice(7)}`);
    expect(audits).toHaveLength(1);
  });

  it('keeps other chains and other stores out of the list and its changes', async () => {
    const customer = east[2]!;
    await server.call('POST', '/sms/opt-out', { token: manager, body: { customerId: customer.id, note: '到店要求' } });
    const row = (await optOuts(manager, { keyword: customer.name })).data.list.find((item) => item.customerName === customer.name)!;
    // Another chain: not listed, cannot be undone, the customer cannot be marked.
    expect((await optOuts(hxAdmin, { keyword: customer.mobile })).data.total).toBe(0);
    const foreign = await server.call('DELETE', '/sms/opt-out', { token: hxManager, query: { id: row.id, consentSource: 'store' } });
    expect(foreign.msg).toContain('不存在');
    const foreignMark = await server.call('POST', '/sms/opt-out', { token: hxAdmin, body: { customerId: east[3]!.id, note: '试试' } });
    expect(foreignMark.msg).toContain('不在你的数据范围内');
    // Another store of the same chain: the front desk of 城西店 does not see 城东店's customer.
    expect((await optOuts(frontdesk, { keyword: customer.mobile })).data.total).toBe(0);
    expect(await optedOutNumbers()).toContain(customer.mobile);
    expect(await optedOutNumbers()).not.toContain(east[3]!.mobile);
  });

  it('answers malformed input in Chinese, naming the field, and adds nothing', async () => {
    const before = await optedOutNumbers();
    const cases: [string, Record<string, unknown>, string][] = [
      ['POST', { mobile: '12345', note: '电话要求' }, '请输入正确的 11 位手机号'],
      ['POST', { mobile: '13912345671' }, '退订原因'],
      ['POST', { mobile: '13912345671', note: '' }, '退订原因'],
      ['POST', { note: '电话要求' }, '请填写要退订的手机号'],
      ['POST', { customerId: 'abc', note: '电话要求' }, '客户'],
      ['DELETE', { consentSource: 'store' }, '请选择要取消退订的号码'],
      ['DELETE', { id: 1, consentSource: 'sms' }, '同意来源'],
    ];
    for (const [method, body, message] of cases) {
      const answer = method === 'POST' ? await server.call('POST', '/sms/opt-out', { token: manager, body }) : await server.call('DELETE', '/sms/opt-out', { token: manager, query: body as Record<string, string | number> });
      expect(answer.code, JSON.stringify(body)).not.toBe(0);
      expect(answer.msg, JSON.stringify(body)).toContain(message);
    }
    const badList = await optOuts(manager, { source: 'wechat' });
    expect(badList.msg).toContain('退订来源');
    expect(await optedOutNumbers()).toEqual(before);
  });
});

describe('授权来源', () => {
  it('lists customers of the caller’s stores with their consent source, and records a new one', async () => {
    const customer = west[5]!;
    const list = await server.call<AnswerOf<typeof smsConsents>>('GET', '/sms/consents', { token: frontdesk, query: { keyword: customer.mobile } });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.list.map((row) => row.customerId)).toContain(customer.id);
    const saved = await server.call('PUT', '/sms/consent', { token: frontdesk, body: { customerId: customer.id, consentSource: 'wechat' } });
    expect(saved.code, saved.msg).toBe(0);
    const after = await server.call<AnswerOf<typeof smsConsents>>('GET', '/sms/consents', { token: frontdesk, query: { keyword: customer.mobile, consentSource: 'wechat' } });
    expect(after.data.list.find((row) => row.customerId === customer.id)).toMatchObject({ consentSourceName: '微信', recordedBy: '王小雨', storeName: '城西店' });

    // Another store and another chain: neither listed nor editable.
    expect((await server.call<AnswerOf<typeof smsConsents>>('GET', '/sms/consents', { token: manager, query: { keyword: customer.mobile } })).data.total).toBe(0);
    expect((await server.call<AnswerOf<typeof smsConsents>>('GET', '/sms/consents', { token: hxAdmin, query: { keyword: customer.mobile } })).data.total).toBe(0);
    const foreign = await server.call('PUT', '/sms/consent', { token: hxAdmin, body: { customerId: customer.id, consentSource: 'phone' } });
    expect(foreign.msg).toContain('不在你的数据范围内');
    const bad = await server.call('PUT', '/sms/consent', { token: frontdesk, body: { customerId: customer.id, consentSource: '口头' } });
    expect(bad.status).toBeLessThan(500);
    expect(bad.msg).toContain('同意来源');
    const stored = await server.db.one<{ source: string }>(sql`SELECT source FROM sms_consent WHERE customer_id = ${customer.id}`);
    expect(stored!.source).toBe('wechat');
  });
});

describe('提交审核', () => {
  const templateNamed = async (name: string) => (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: manager })).data.find((item) => item.name === name)!;

  it('keeps a new template 待审核 until an admin approves it; a rejection needs a reason, is shown, and can be submitted again', async () => {
    const made = await server.call<SmsTemplate>('POST', '/sms/template', { token: manager, body: { name: '秋季养护', category: 'marketing', body: '{门店}秋季养护套餐 199 元起，详询{门店电话}。' } });
    expect(made.data).toMatchObject({ status: 'pending', statusName: '待审核' });
    const customers = { kind: 'customers', customerIds: [east[10]!.id] };
    const blocked = await server.call('POST', '/sms/campaign', { token: manager, body: { templateId: made.data.id, audience: customers } });
    expect(blocked.msg).toContain('待审核');

    const byManager = await server.call('POST', '/sms/template/review', { token: manager, body: { id: made.data.id, approved: true } });
    expect(byManager.code).not.toBe(0);
    const noReason = await server.call('POST', '/sms/template/review', { token: admin, body: { id: made.data.id, approved: false, note: '  ' } });
    expect(noReason.msg).toBe('驳回时请填写驳回原因');
    expect((await templateNamed('秋季养护')).status).toBe('pending');

    const rejected = await server.call<SmsTemplate>('POST', '/sms/template/review', { token: admin, body: { id: made.data.id, approved: false, note: '缺少活动时间' } });
    expect(rejected.data).toMatchObject({ status: 'rejected', statusName: '已驳回', reviewNote: '缺少活动时间' });
    const stillBlocked = await server.call('POST', '/sms/campaign', { token: manager, body: { templateId: made.data.id, audience: customers } });
    expect(stillBlocked.msg).toContain('已被驳回（缺少活动时间）');

    const submitted = await server.call<SmsTemplate>('POST', '/sms/template/submit', { token: manager, body: { id: made.data.id } });
    expect(submitted.data).toMatchObject({ status: 'pending', statusName: '待审核' });
    const twice = await server.call('POST', '/sms/template/submit', { token: manager, body: { id: made.data.id } });
    expect(twice.msg).toContain('待审核，无需提交审核');
    const approved = await server.call<SmsTemplate>('POST', '/sms/template/review', { token: admin, body: { id: made.data.id, approved: true } });
    expect(approved.data).toMatchObject({ status: 'approved', reviewNote: '' });
    const sent = await server.call('POST', '/sms/campaign', { token: manager, body: { templateId: made.data.id, audience: customers, sendAt: new Date(Date.now() + 3 * 86_400_000).toISOString() } });
    expect(sent.code, sent.msg).toBe(0);
    const actions = (await server.db.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE target_type = 'sms' AND target_id = ${made.data.id} AND action LIKE 'sms.template.%' ORDER BY id`)).map((row) => row.action);
    expect(actions).toEqual(['sms.template.create', 'sms.template.review', 'sms.template.submit', 'sms.template.review']);
  });

  it('lets a store admin review their store’s templates but not the chain’s, nor change the chain’s signature', async () => {
    const roles = (await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: admin })).data.roles;
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin,
      body: { username: 'east-admin', nickName: '东店管理员', roleIds: [roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const storeAdmin = await server.firstLogin('east-admin', made.data.oneTimePassword);

    const own = await server.call<SmsTemplate>('POST', '/sms/template', { token: manager, body: { name: '东店夏季空调', category: 'marketing', body: '{门店}空调清洗 88 元，详询{门店电话}。' } });
    expect(own.data).toMatchObject({ storeId: 2, status: 'pending' });
    const chain = await server.call<SmsTemplate>('POST', '/sms/template', { token: admin, body: { name: '总部国庆活动', category: 'marketing', body: '国庆到{门店}保养享 8 折。' } });
    expect(chain.data).toMatchObject({ storeId: null, ownerName: '总部模板', status: 'pending' });

    const seen = (await server.call<SmsTemplate[]>('GET', '/sms/templates', { token: storeAdmin })).data;
    expect(seen.find((item) => item.id === own.data.id)).toMatchObject({ canEdit: true, canReview: true });
    expect(seen.find((item) => item.id === chain.data.id)).toMatchObject({ canEdit: false, canReview: false });
    const chainReview = await server.call('POST', '/sms/template/review', { token: storeAdmin, body: { id: chain.data.id, approved: true } });
    expect(chainReview).toMatchObject({ code: 403, msg: '总部模板只有总部管理员可以审核' });
    const ownReview = await server.call<SmsTemplate>('POST', '/sms/template/review', { token: storeAdmin, body: { id: own.data.id, approved: true, updatedAt: own.data.updatedAt } });
    expect(ownReview.data.status).toBe('approved');

    const settings = await server.call<{ canEdit: boolean; signature: string }>('GET', '/sms/settings', { token: storeAdmin });
    expect(settings.data.canEdit).toBe(false);
    const signature = await server.call('PUT', '/sms/settings', { token: storeAdmin, body: { signature: '东店专用', dailyMarketingLimit: 1 } });
    expect(signature).toMatchObject({ code: 403, msg: '短信签名和发送限制对全部门店生效，只有总部管理员可以修改' });
    expect((await server.call<{ signature: string }>('GET', '/sms/settings', { token: admin })).data.signature).toBe(settings.data.signature);
  });

  it('lets one of two admins reviewing at once win; the other is told 已被他人修改', async () => {
    const made = await server.call<SmsTemplate>('POST', '/sms/template', { token: manager, body: { name: '冬季检测', category: 'maintenance', body: '{称呼}，冬季免费检测电瓶和防冻液，详询{门店电话}。' } });
    const secondAdmin = await server.loginToken('admin');
    const answers = await Promise.all([
      server.call('POST', '/sms/template/review', { token: admin, body: { id: made.data.id, approved: true } }),
      server.call('POST', '/sms/template/review', { token: secondAdmin, body: { id: made.data.id, approved: false, note: '签名未报备' } }),
    ]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)!.msg).toContain('已被他人修改');
    const final = await templateNamed('冬季检测');
    expect(final.status).toBe(answers[0]!.code === 0 ? 'approved' : 'rejected');
    // Another chain cannot review or submit it.
    expect((await server.call('POST', '/sms/template/review', { token: hxAdmin, body: { id: made.data.id, approved: true } })).msg).toContain('不存在');
    expect((await server.call('POST', '/sms/template/submit', { token: hxAdmin, body: { id: made.data.id } })).msg).toContain('不存在');
  });
});
