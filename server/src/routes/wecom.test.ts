/**
 * 企业微信 over real HTTP, the real WeCom adapter talking to a local WeCom peer: login with an
 * OAuth / QR code, the login settings, JS-SDK signatures, the contact sync (linked by remark
 * mobile, unmatched contacts made potential customers, incremental), and the sidebar's binding
 * rules — data scope, the other chain, duplicate and concurrent bindings, failed requests that
 * change nothing, malformed input answered in Chinese.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { currentContact, getSync, jssdkSignature, loginSettings, overview, searchCustomers } from '../../../contracts/api/wecom';
import { sql } from '../db/database';
import { wecomApi } from '../providers/wecom';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { startWecomPeer, type WecomPeer } from '../../../tests/support/wecom-peer';
import { POLL_SERVER } from '../../../tests/support/waits';

const CORP = 'wwantu0000demo01';
const PUBLIC_URL = 'https://garage.example.cn';
type Current = AnswerOf<typeof currentContact>;

let peer: WecomPeer;
let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;
/** Customers of the demo chain: two of 城东店 (store 2, the manager's), one of 城西店 (store 3). */
let east: { id: number; name: string; mobile: string }[];
let west: { id: number; name: string; mobile: string };

beforeAll(async () => {
  peer = await startWecomPeer({ corpId: CORP, secret: 'app-secret' });
  server = await startTestServer({
    providers: { wecom: wecomApi({ corpId: CORP, agentId: '1000002', secret: 'app-secret', baseUrl: peer.url }) },
    config: { publicUrl: PUBLIC_URL },
  });
  [admin, manager, frontdesk, hxAdmin] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
  // Customers no demo contact is bound to (the seed binds one for the development sidebar).
  const free = sql`NOT EXISTS (SELECT 1 FROM wecom_contact w WHERE w.customer_id = c.id)`;
  east = await server.db.rows(sql`SELECT id, name, mobile FROM customer c WHERE chain_id = 1 AND store_id = 2 AND ${free} ORDER BY id LIMIT 6`);
  west = (await server.db.one(sql`SELECT id, name, mobile FROM customer c WHERE chain_id = 1 AND store_id = 3 AND ${free} ORDER BY id LIMIT 1`))!;
  peer.contacts.push(
    // Linked by its remark mobile to a 城东店 customer.
    { external_userid: 'wmEast0', name: '老客户', follow_user: [{ userid: 'AnTuLi', remark: '老客户', remark_mobiles: [east[0].mobile] }] },
    // Linked to a 城西店 customer: the 城东店 manager must not see who.
    { external_userid: 'wmWest0', name: '西边客户', follow_user: [{ userid: 'AnTuWang', remark_mobiles: [west.mobile] }] },
    // Nobody: become potential customers of the store of the staff member who added them.
    { external_userid: 'wmNew01', name: '新朋友', follow_user: [{ userid: 'AnTuLi', remark: '想做保养' }] },
    { external_userid: 'wmNew02', name: '新朋友二', follow_user: [{ userid: 'AnTuLi', remark_mobiles: ['19900007001'] }] },
    { external_userid: 'wmNew03', name: '新朋友三', follow_user: [{ userid: 'AnTuLi' }] },
    { external_userid: 'wmNew04', name: '新朋友四', follow_user: [{ userid: 'AnTuLi' }] },
    // Same remark mobile as wmNew02: one person, one lead.
    { external_userid: 'wmNew02b', name: '新朋友二的小号', follow_user: [{ userid: 'AnTuWang', remark_mobiles: ['19900007001'] }] },
  );
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const current = (token: string, externalUserId: string, host: '/api' | '/wecom' = '/wecom') =>
  server.call<Current>('GET', '/wecom-contact/current', { token, query: { externalUserId }, host });
const bind = (token: string, body: Record<string, unknown>) => server.call<{ customer: { id: number } }>('POST', '/wecom-contact/bind', { token, body, host: '/wecom' });
const binding = (externalUserId: string) =>
  server.db.one<{ customerId: number | null; boundBy: string | null; potentialId: number | null }>(
    sql`SELECT customer_id AS "customerId", bound_by AS "boundBy", potential_id AS "potentialId" FROM wecom_contact WHERE chain_id = 1 AND external_userid = ${externalUserId}`,
  );

async function syncToEnd(token: string, full = false) {
  const started = await server.call<AnswerOf<typeof getSync>>('POST', '/wecom-contact/sync', { token, body: { full } });
  expect(started.code, started.msg).toBe(0);
  return vi.waitFor(async () => {
    const status = await server.call<AnswerOf<typeof getSync>>('GET', '/wecom-contact/sync', { token });
    expect(status.data.state).not.toBe('running');
    return status.data;
  }, POLL_SERVER);
}

describe('login', () => {
  it('an OAuth or QR-login code signs the bound staff member in, on both hosts', async () => {
    const answer = await server.call<{ nickName: string }>('GET', '/qy/qy-login', { query: { code: peer.issueCode('AnTuLi') } });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.nickName).toBe('李店长');
    expect(answer.headers.get('token')).toBeTruthy();
    const viaSidebar = await server.call<{ nickName: string }>('POST', '/qy/qy-login', { body: { code: peer.issueCode('AnTuWang') }, host: '/wecom' });
    expect(viaSidebar.data.nickName).toBe('王小雨');
  });

  it('a used, invalid or unbound code is refused in Chinese without a token', async () => {
    const code = peer.issueCode('AnTuLi');
    await server.call('GET', '/qy/qy-login', { query: { code } });
    const again = await server.call('GET', '/qy/qy-login', { query: { code } });
    expect(again).toMatchObject({ code: 401, msg: '企业微信授权已失效，请重新进入' });
    expect(again.headers.get('token')).toBeNull();
    const stranger = await server.call('GET', '/qy/qy-login', { query: { code: peer.issueCode('SomebodyElse') } });
    expect(stranger.msg).toBe('该企业微信账号尚未绑定门店管家账号，请联系管理员');
    const empty = await server.call('GET', '/qy/qy-login', { query: { code: '' } });
    expect(empty.msg).toBe('请填写企业微信授权码');
  });

  it('an expired access token is renewed on the way (42001)', async () => {
    peer.expireTokens();
    const answer = await server.call('GET', '/qy/qy-login', { query: { code: peer.issueCode('AnTuLi') } });
    expect(answer.code, answer.msg).toBe(0);
  });

  it('login settings give the QR-login and OAuth addresses for the page', async () => {
    const answer = await server.call<AnswerOf<typeof loginSettings>>('GET', '/qy/login-settings', { query: { redirectUri: 'https://garage.example.com/sidebar?x=1', state: 'abc' } });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ configured: true, corpId: CORP, agentId: '1000002' });
    const qr = new URL(answer.data.qrLoginUrl);
    expect(qr.origin + qr.pathname).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
    expect(Object.fromEntries(qr.searchParams)).toEqual({ login_type: 'CorpApp', appid: CORP, agentid: '1000002', redirect_uri: 'https://garage.example.com/sidebar?x=1', state: 'abc' });
    const oauth = new URL(answer.data.oauthUrl);
    expect(oauth.searchParams.get('scope')).toBe('snsapi_base');
    expect(oauth.hash).toBe('#wechat_redirect');
    const bad = await server.call('GET', '/qy/login-settings', { query: { redirectUri: 'javascript:alert(1)' } });
    expect(bad).toMatchObject({ code: 400, msg: '回调地址格式不正确' });
  });
});

describe('JS-SDK signatures', () => {
  it('sign the page (without its #fragment) with the corp ticket and the app ticket', async () => {
    const url = 'https://garage.example.com/sidebar?entry=single_chat_tools';
    const answer = await server.call<AnswerOf<typeof jssdkSignature>>('GET', '/wecom-sdk/signature', { token: manager, query: { url: `${url}#/card` }, host: '/wecom' });
    expect(answer.code, answer.msg).toBe(0);
    const { config, agentConfig } = answer.data;
    const sha1 = (ticket: string, nonce: string, timestamp: number) => createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${url}`).digest('hex');
    expect(config.appId).toBe(CORP);
    expect(config.signature).toBe(sha1(peer.tickets.corp, config.nonceStr, config.timestamp));
    expect(agentConfig).toMatchObject({ corpid: CORP, agentid: '1000002' });
    expect(agentConfig.signature).toBe(sha1(peer.tickets.agent, agentConfig.nonceStr, agentConfig.timestamp));
    expect(answer.data.jsApiList).toContain('getCurExternalContact');

    const before = { corp: peer.hits['get_jsapi_ticket'], agent: peer.hits['ticket/get'] };
    await server.call('GET', '/wecom-sdk/signature', { token: frontdesk, query: { url }, host: '/wecom' });
    expect(peer.hits['get_jsapi_ticket']).toBe(before.corp); // cached
    expect(peer.hits['ticket/get']).toBe(before.agent);
  });

  it('need a login, a well-formed url, and the 企业微信 add-on', async () => {
    expect((await server.call('GET', '/wecom-sdk/signature', { query: { url: 'https://a.example/' } })).code).toBe(-2);
    expect(await server.call('GET', '/wecom-sdk/signature', { token: manager, query: { url: 'not a url' } })).toMatchObject({ code: 400, msg: '页面地址格式不正确' });
    await server.db.run(sql`UPDATE garage_module SET enabled = false WHERE chain_id = 1 AND code = 'wecom'`);
    try {
      const refused = await server.call('GET', '/wecom-sdk/signature', { token: manager, query: { url: 'https://a.example/' } });
      expect(refused.code).toBe(403);
      expect(refused.msg).toContain('企业微信');
    } finally {
      await server.db.run(sql`UPDATE garage_module SET enabled = true WHERE chain_id = 1 AND code = 'wecom'`);
    }
  });
});

describe('sync', () => {
  it('links contacts by remark mobile and makes the others potential customers, once per person', async () => {
    const status = await syncToEnd(admin);
    expect(status).toMatchObject({ state: 'done', usersDone: 2, usersTotal: 2, contactsSeen: 7, linked: 2, newLeads: 4, error: '' });
    expect(await binding('wmEast0')).toMatchObject({ customerId: east[0].id, boundBy: 'mobile' });
    expect(await binding('wmWest0')).toMatchObject({ customerId: west.id, boundBy: 'mobile' });
    const lead = await binding('wmNew02');
    expect(await binding('wmNew02b')).toMatchObject({ customerId: null, potentialId: lead!.potentialId });
    const leads = await server.db.rows<{ name: string; storeId: number; ownerName: string; remark: string }>(sql`
      SELECT p.name, p.store_id AS "storeId", u.nick_name AS "ownerName", p.remark FROM potential_customer p JOIN app_user u ON u.id = p.owner_id
       WHERE p.chain_id = 1 AND p.source = '企业微信' ORDER BY p.id`);
    expect(leads.map((row) => row.name)).toEqual(['新朋友', '新朋友二', '新朋友三', '新朋友四']);
    expect(leads.every((row) => row.storeId === 2 && row.ownerName === '李店长')).toBe(true);
    expect(leads[0].remark).toBe('企业微信备注：想做保养');
  });

  it('is incremental: a second run fetches only new contacts; a full run re-reads all without duplicates', async () => {
    const gets = () => peer.hits['externalcontact/get'] ?? 0;
    const before = gets();
    peer.contacts.push({ external_userid: 'wmLate01', name: '后来的', follow_user: [{ userid: 'AnTuWang' }] });
    const second = await syncToEnd(admin);
    expect(second).toMatchObject({ state: 'done', contactsSeen: 1, newLeads: 1 });
    expect(gets() - before).toBe(1);
    const full = await syncToEnd(admin, true);
    expect(full).toMatchObject({ state: 'done', contactsSeen: 8, linked: 0, newLeads: 0 });
    expect((await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM potential_customer WHERE chain_id = 1 AND source = '企业微信'`))!.n).toBe(5);
  });

  it('reports a WeCom failure in Chinese; only admins (设置中心) start it', async () => {
    peer.failNext(48002, 1);
    const failed = await syncToEnd(admin);
    expect(failed).toMatchObject({ state: 'failed', error: '企业微信应用没有调用该接口的权限，请管理员在企业微信后台「客户联系」中把本应用设为可调用应用' });
    expect((await server.call('POST', '/wecom-contact/sync', { token: frontdesk, body: {} })).code).toBe(403);
    // 华星 has no WeCom app on this server: said so, nothing started.
    expect(await server.call('POST', '/wecom-contact/sync', { token: hxAdmin, body: {} })).toMatchObject({ code: 503 });
  });

  it('overview (系统设置): configuration, what is missing, bound contacts and the last run; readable without the add-on', async () => {
    type Overview = AnswerOf<typeof overview>;
    const seen = await server.call<Overview>('GET', '/wecom-contact/overview', { token: admin });
    expect(seen.data).toMatchObject({ addOn: 'active', configured: true, corpId: CORP, agentId: '1000002', missing: [], sync: { state: 'failed' } });
    // From PUBLIC_URL: a forged Host header is not echoed into what the admin pastes into WeCom.
    expect(seen.data.sidebarUrl).toBe(`${PUBLIC_URL}/sidebar`);
    const forged = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(server.url);
      http
        .get({ host: '127.0.0.1', port, path: '/api/wecom-contact/overview?yj-test=1', headers: { token: admin, host: 'attacker.example' } }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(forged).data.sidebarUrl).toBe(`${PUBLIC_URL}/sidebar`);
    const stored = (await server.db.one<{ contacts: number; bound: number }>(sql`
      SELECT count(*)::int AS contacts, count(customer_id)::int AS bound FROM wecom_contact WHERE chain_id = 1`))!;
    expect(stored.bound).toBeGreaterThan(0);
    expect(seen.data).toMatchObject(stored);
    // Front-desk staff read it too (the page shows them no buttons); 华星's corp is not this server's app.
    expect((await server.call<Overview>('GET', '/wecom-contact/overview', { token: frontdesk })).data.configured).toBe(true);
    const huaxing = await server.call<Overview>('GET', '/wecom-contact/overview', { token: hxAdmin });
    expect(huaxing.data).toMatchObject({ configured: false, contacts: 0, sync: { state: 'idle' } });
    expect(huaxing.data.missing).toEqual([`服务器配置的企业ID（${CORP}）与本连锁的企业ID不一致`]);
    expect((await server.call('GET', '/wecom-contact/overview')).code).toBe(-2); // not signed in
    await server.db.run(sql`UPDATE garage_module SET enabled = false WHERE chain_id = 1 AND code = 'wecom'`);
    try {
      expect((await server.call<Overview>('GET', '/wecom-contact/overview', { token: admin })).data.addOn).toBe('none');
    } finally {
      await server.db.run(sql`UPDATE garage_module SET enabled = true WHERE chain_id = 1 AND code = 'wecom'`);
    }
  });
});

describe('the sidebar', () => {
  it('shows the bound customer in the scope, or says the contact is bound elsewhere', async () => {
    const mine = await current(manager, 'wmEast0');
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.contact).toMatchObject({ externalUserId: 'wmEast0', name: '老客户', remark: '老客户', mobiles: [east[0].mobile] });
    expect(mine.data.customer).toMatchObject({ id: east[0].id, name: east[0].name, storeName: '城东店' });
    expect(mine.data.source).toBe('mobile');
    // The card comes in the same answer, exactly as /client/detail gives it to this user.
    const card = await server.call('GET', '/client/detail', { token: manager, query: { customerId: east[0].id } });
    expect(mine.data.detail).toEqual(card.data);
    const theirs = await current(manager, 'wmWest0');
    expect(theirs.data).toMatchObject({ customer: null, source: null, boundElsewhere: true, detail: null });
    const unbound = await current(manager, 'wmNew01', '/api');
    expect(unbound.data).toMatchObject({ customer: null, boundElsewhere: false, detail: null, contact: { name: '新朋友', remark: '想做保养' } });
  });

  it('a contact added after the sync is read from WeCom and made a lead at once', async () => {
    peer.contacts.push({ external_userid: 'wmFresh1', name: '刚加的', follow_user: [{ userid: 'AnTuLi', remark_mobiles: ['19900007009'] }] });
    const answer = await current(manager, 'wmFresh1');
    expect(answer.data.contact.mobiles).toEqual(['19900007009']);
    expect((await binding('wmFresh1'))!.potentialId).not.toBeNull();
  });

  it('refuses unknown contacts, malformed ids, and other chains', async () => {
    expect(await current(manager, 'wmNobody')).toMatchObject({ code: 404, msg: '该外部联系人不存在或已被删除' });
    expect(await current(manager, 'wm bad id')).toMatchObject({ code: 400, msg: '外部联系人编号格式不正确' });
    expect(await current(manager, '')).toMatchObject({ code: 400, msg: '请填写外部联系人' });
    // 华星's corp is not this app's: WeCom is not asked, nothing of 安途 is shown.
    const other = await current(hxAdmin, 'wmEast0');
    expect(other.code).toBe(503);
    expect(JSON.stringify(other.data ?? '')).not.toContain(east[0].name);
    expect((await bind(hxAdmin, { externalUserId: 'wmEast0', customerId: east[0].id })).code).toBe(503);
    expect(await binding('wmEast0')).toMatchObject({ customerId: east[0].id });
  });

  it('search finds customers of the caller’s stores only, with whom they are bound to', async () => {
    const found = await server.call<AnswerOf<typeof searchCustomers>>('GET', '/wecom-contact/customers', { token: manager, query: { keyword: east[0].mobile }, host: '/wecom' });
    expect(found.code, found.msg).toBe(0);
    expect(found.data.rows[0]).toMatchObject({ id: east[0].id, boundTo: '老客户' });
    const westSearch = await server.call<AnswerOf<typeof searchCustomers>>('GET', '/wecom-contact/customers', { token: manager, query: { keyword: west.mobile } });
    expect(westSearch.data.rows).toEqual([]);
    expect(await server.call('GET', '/wecom-contact/customers', { token: manager, query: { keyword: '' } })).toMatchObject({ code: 400, msg: '请填写关键字' });
  });

  it('binds by hand; a second binding needs 替换; a customer has one contact', async () => {
    const first = await bind(manager, { externalUserId: 'wmNew01', customerId: east[1].id });
    expect(first.code, first.msg).toBe(0);
    expect(await binding('wmNew01')).toMatchObject({ customerId: east[1].id, boundBy: 'manual' });
    expect(await bind(manager, { externalUserId: 'wmNew01', customerId: east[2].id })).toMatchObject({ code: 409, msg: '该联系人已绑定客户，如需更换请先解除绑定' });
    expect(await binding('wmNew01')).toMatchObject({ customerId: east[1].id });
    expect((await bind(manager, { externalUserId: 'wmNew01', customerId: east[2].id, replace: true })).code).toBe(0);
    expect(await binding('wmNew01')).toMatchObject({ customerId: east[2].id });
    expect(await bind(manager, { externalUserId: 'wmNew03', customerId: east[2].id })).toMatchObject({ code: 409, msg: '该客户已绑定企业微信联系人「新朋友」，请先解除其绑定' });
    expect(await binding('wmNew03')).toMatchObject({ customerId: null });
    const audit = await server.db.one<{ action: string }>(sql`SELECT action FROM audit_log WHERE chain_id = 1 AND target_type = 'wecom' ORDER BY id DESC LIMIT 1`);
    expect(audit?.action).toBe('wecom.bind');
  });

  it('keeps to the data scope: no binding to another store’s customer, no unbinding of one', async () => {
    expect(await bind(manager, { externalUserId: 'wmNew03', customerId: west.id })).toMatchObject({ code: 404, msg: '客户不存在或已被删除' });
    expect(await bind(manager, { externalUserId: 'wmWest0', customerId: east[3].id, replace: true })).toMatchObject({ code: 403, msg: '该联系人已绑定其他门店的客户，您无权更改' });
    const unbind = await server.call('POST', '/wecom-contact/unbind', { token: manager, body: { externalUserId: 'wmWest0' }, host: '/wecom' });
    expect(unbind).toMatchObject({ code: 403, msg: '该联系人已绑定其他门店的客户，您无权更改' });
    expect(await binding('wmWest0')).toMatchObject({ customerId: west.id });
    expect(await bind(manager, { externalUserId: 'wmNew03', customerId: 'abc' })).toMatchObject({ code: 400, msg: '客户格式不正确' });
  });

  it('concurrent bindings: one contact to two customers, or two contacts to one customer — exactly one wins', async () => {
    const [a, b] = await Promise.all([bind(manager, { externalUserId: 'wmNew03', customerId: east[3].id }), bind(manager, { externalUserId: 'wmNew03', customerId: east[4].id })]);
    expect([a.code, b.code].sort()).toEqual([0, 409]);
    const won = (await binding('wmNew03'))!.customerId;
    expect([east[3].id, east[4].id]).toContain(won);

    const target = won === east[3].id ? east[4].id : east[3].id;
    const [c, d] = await Promise.all([bind(manager, { externalUserId: 'wmNew04', customerId: target }), bind(manager, { externalUserId: 'wmFresh1', customerId: target })]);
    expect([c.code, d.code].sort()).toEqual([0, 409]);
    expect([c, d].find((answer) => answer.code === 409)!.msg).toMatch(/^该客户已绑定企业微信联系人「/);
    const bound = await server.db.rows(sql`SELECT external_userid FROM wecom_contact WHERE chain_id = 1 AND customer_id = ${target}`);
    expect(bound).toHaveLength(1);
  });

  it('unbinds, and creates a customer from a contact (its lead comes in)', async () => {
    // The race of the test before decides which of the two contacts holds the customer.
    const holder = (await binding('wmNew04'))!.customerId !== null ? 'wmNew04' : 'wmFresh1';
    const loser = holder === 'wmNew04' ? 'wmFresh1' : 'wmNew04';
    expect((await server.call('POST', '/wecom-contact/unbind', { token: manager, body: { externalUserId: holder }, host: '/wecom' })).code).toBe(0);
    expect(await binding(holder)).toMatchObject({ customerId: null });
    expect((await server.call('POST', '/wecom-contact/unbind', { token: manager, body: { externalUserId: holder } })).msg).toBe('该联系人尚未绑定客户');
    expect((await server.call('POST', '/wecom-contact/unbind', { token: manager, body: { externalUserId: loser } })).msg).toBe('该联系人尚未绑定客户');

    const create = (token: string, body: Record<string, unknown>) => server.call<{ customer: { id: number; name: string; storeName: string } }>('POST', '/wecom-contact/create-customer', { token, body, host: '/wecom' });
    expect(await create(manager, { externalUserId: 'wmNew02', name: '新朋友二', mobile: '1990000700' })).toMatchObject({ code: 400, msg: '请输入正确的 11 位手机号' });
    expect(await create(manager, { externalUserId: 'wmNew02', name: '新朋友二', mobile: east[0].mobile })).toMatchObject({ code: 409, msg: '已有使用该手机号的客户，请搜索该客户后绑定' });
    expect(await create(manager, { externalUserId: 'wmNew02', name: '新朋友二', mobile: '19900007001', storeId: 3 })).toMatchObject({ code: 403, msg: '无权操作该门店的数据' });
    expect(await binding('wmNew02')).toMatchObject({ customerId: null });

    const made = await create(manager, { externalUserId: 'wmNew02', name: '新朋友二', mobile: '19900007001' });
    expect(made.code, made.msg).toBe(0);
    expect(made.data.customer).toMatchObject({ name: '新朋友二', storeName: '城东店' });
    expect(await binding('wmNew02')).toMatchObject({ customerId: made.data.customer.id, boundBy: 'created' });
    const lead = await server.db.one<{ status: string; customerId: number }>(sql`
      SELECT status, customer_id AS "customerId" FROM potential_customer WHERE id = ${(await binding('wmNew02'))!.potentialId}`);
    expect(lead).toEqual({ status: 'visited', customerId: made.data.customer.id });
    expect(await create(manager, { externalUserId: 'wmNew02', name: '再来', mobile: '19900007002' })).toMatchObject({ code: 409, msg: '该联系人已绑定客户，如需更换请先解除绑定' });
  });

  it('needs the 企业微信 add-on', async () => {
    await server.db.run(sql`UPDATE garage_module SET enabled = false WHERE chain_id = 1 AND code = 'wecom'`);
    try {
      const refused = await current(manager, 'wmEast0');
      expect(refused.code).toBe(403);
      expect(refused.msg).toContain('企业微信');
      expect((await bind(manager, { externalUserId: 'wmNew04', customerId: east[5].id })).code).toBe(403);
      expect(await binding('wmNew04')).toMatchObject({ customerId: null });
    } finally {
      await server.db.run(sql`UPDATE garage_module SET enabled = true WHERE chain_id = 1 AND code = 'wecom'`);
    }
  });
});
