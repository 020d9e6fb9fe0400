// The web phone's API through real HTTP: SIP accounts (HA1 only), the balance and call records,
// each inside the caller's own chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { sipHa1 } from '../repositories/call';
import { DEFAULT_STUN_SERVER } from '../config';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { AnswerOf } from '../../../contracts/api/route';
import type { sipAccounts } from '../../../contracts/api/call';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'frontdesk', 'hx-admin']) tokens[name] = await server.loginToken(name);
});
afterAll(() => server?.close());

const userId = async (username: string) => (await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = ${username}`))!.id;

describe('SIP accounts', () => {
  it('answers an empty configuration before an admin provisions one, so the phone is disabled', async () => {
    const answer = await server.call<{ response: { data: unknown } }>('GET', '/call/sip-account', { token: tokens.frontdesk });
    expect(answer.code).toBe(0);
    expect(answer.data.response.data).toBeNull();
  });

  it('provisions by login name, keeps only HA1, and hands the user their account', async () => {
    const provisioned = await server.call<{ ha1: string }>('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'frontdesk', sipUser: '8001', password: 'Phone@8001', realm: 'garage.test' },
    });
    expect(provisioned.code).toBe(0);
    expect(provisioned.data.ha1).toBe(sipHa1('8001', 'garage.test', 'Phone@8001'));
    const stored = JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account`));
    expect(stored).not.toContain('Phone@8001');

    const mine = await server.call<{ response: { data: { user: string; ha1: string; realm: string } } }>('GET', '/call/sip-account', {
      token: tokens.frontdesk,
    });
    // The phone bar's configuration carries the spec's fixed STUN server (none was set for this server).
    expect(mine.data.response.data).toMatchObject({ user: '8001', realm: 'garage.test', ha1: provisioned.data.ha1, stun: DEFAULT_STUN_SERVER });
  });

  it('refuses another chain’s staff, staff outside the caller’s stores, and bad input, in Chinese', async () => {
    const before = JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`));
    const otherChain = await server.call('POST', '/call/sip-account/provision', {
      token: tokens['hx-admin'],
      body: { userId: await userId('frontdesk'), sipUser: '9001', password: 'Phone@9001', realm: 'garage.test' },
    });
    expect(otherChain).toMatchObject({ code: 404, msg: '该员工不存在' });

    // 王小雨 (城西店) may give lines (网络电话), but only to 城西店's staff: 李店长 is 城东店's.
    const otherStore = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.frontdesk,
      body: { username: 'manager', sipUser: '8009', password: 'Phone@8009', realm: 'garage.test' },
    });
    expect(otherStore).toMatchObject({ code: 404, msg: '该员工不存在' });

    const noStaff = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { sipUser: '8002', password: 'Phone@8002', realm: 'garage.test' },
    });
    expect(noStaff).toMatchObject({ code: 400, msg: '请选择要开通电话线路的员工' });

    const badUser = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '80 02', password: 'Phone@8002', realm: 'garage.test' },
    });
    expect(badUser).toMatchObject({ code: 400, msg: '分机号只能包含字母、数字和 _.+-' });

    // Without the demo line the extension's password is the signalling server's: it must be given.
    const missingPassword = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '8002' },
    });
    expect(missingPassword).toMatchObject({ code: 400, msg: '请填写线路密码' });

    expect(JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`))).toBe(before);
  });
});

describe('phone lines (系统设置 › 电话线路): staff with 网络电话 manage the lines of the staff they manage', () => {
  type Lines = AnswerOf<typeof sipAccounts>;
  const lines = (token: string) => server.call<Lines>('GET', '/call/sip-accounts', { token });
  const names = (answer: { data: Lines }) => answer.data.staff.map((person) => person.username);

  it('lists headquarters every staff member of its chain, a store manager their store’s, with each one’s extension', async () => {
    tokens.manager ??= await server.loginToken('manager');
    const chain = await lines(tokens.admin);
    expect(chain.code).toBe(0);
    expect(names(chain)).toEqual(expect.arrayContaining(['admin', 'manager', 'frontdesk', 'binjiang']));
    expect(names(chain).some((name) => name.startsWith('hx-'))).toBe(false);
    expect(chain.data).toMatchObject({ realm: server.config.sipRealm, demo: false });
    // 王小雨 got 8001 above; nobody else has a line yet.
    expect(chain.data.staff.find((person) => person.username === 'frontdesk')).toMatchObject({ storeNames: ['城西店'], enabled: true, line: { sipUser: '8001', realm: 'garage.test' } });
    expect(chain.data.staff.find((person) => person.username === 'manager')!.line).toBeNull();
    expect(JSON.stringify(chain.data)).not.toMatch(/ha1|[0-9a-f]{32}/i);

    const east = await lines(tokens.manager);
    expect(names(east)).toContain('manager');
    expect(east.data.staff.every((person) => person.storeNames.join() === '城东店')).toBe(true);
    expect(names(await lines(tokens['hx-admin']))).not.toContain('frontdesk');
  });

  it('a store manager gives their own store’s staff a line and takes it back, in the 操作日志; another store’s or chain’s line stays', async () => {
    tokens.manager ??= await server.loginToken('manager');
    const manager = String(await userId('manager'));
    const given = await server.call('POST', '/call/sip-account/provision', { token: tokens.manager, body: { userId: manager, sipUser: '8302', password: 'Phone@8302' } });
    expect(given).toMatchObject({ code: 0, data: { user: '8302', realm: server.config.sipRealm } });
    const mine = await server.call<{ response: { data: { user: string } | null } }>('GET', '/call/sip-account', { token: tokens.manager });
    expect(mine.data.response.data).toMatchObject({ user: '8302' });

    const before = JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`));
    // 王小雨's line is 城西店's: neither 城东店's manager nor the other chain's admin takes it.
    for (const token of [tokens.manager, tokens['hx-admin']]) {
      expect(await server.call('DELETE', '/call/sip-account', { token, query: { userId: String(await userId('frontdesk')) } })).toMatchObject({ code: 404, msg: '该员工不存在' });
    }
    // Nor does the manager reach headquarters' staff (no store) or the other chain's.
    for (const username of ['admin', 'hx-manager']) {
      const refused = await server.call('POST', '/call/sip-account/provision', { token: tokens.manager, body: { username, sipUser: '8303', password: 'Phone@8303' } });
      expect(refused).toMatchObject({ code: 404, msg: '该员工不存在' });
    }
    expect(JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`))).toBe(before);

    expect(await server.call('DELETE', '/call/sip-account', { token: tokens.manager, query: { userId: manager } })).toMatchObject({ code: 0 });
    expect((await server.call<{ response: { data: unknown } }>('GET', '/call/sip-account', { token: tokens.manager })).data.response.data).toBeNull();
    expect(await server.call('DELETE', '/call/sip-account', { token: tokens.manager, query: { userId: manager } })).toMatchObject({ code: 404, msg: '该员工没有电话线路' });

    const log = await server.call<{ entries: { action: string; actorName: string; targetName: string }[] }>('GET', '/authority/audit', { token: tokens.admin });
    expect(log.data.entries.slice(0, 2)).toMatchObject([
      { action: 'phone.line.take', actorName: '李店长', targetName: '李店长（分机 8302）' },
      { action: 'phone.line.give', actorName: '李店长', targetName: '李店长（分机 8302）' },
    ]);
  });

  it('refuses staff without 网络电话 (a technician) at every line route', async () => {
    const roles = (await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: tokens.admin })).data.roles;
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: tokens.admin, body: { username: 'tech-east', nickName: '赵师傅', roleIds: [roles.find((role) => role.code === 'technician')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const technician = await server.firstLogin('tech-east', made.data.oneTimePassword);
    const own = String(await userId('tech-east'));
    const refusals = [
      await server.call('GET', '/call/sip-accounts', { token: technician }),
      await server.call('POST', '/call/sip-account/provision', { token: technician, body: { userId: own, sipUser: '8304', password: 'Phone@8304' } }),
      await server.call('DELETE', '/call/sip-account', { token: technician, query: { userId: String(await userId('manager')) } }),
    ];
    for (const refused of refusals) expect(refused).toMatchObject({ code: 403, msg: '没有权限执行此操作' });
    expect(await server.db.one(sql`SELECT 1 FROM sip_account WHERE sip_user = '8304'`)).toBeUndefined();
  });
});

const balance = async (token: string) => (await server.call<{ minutes: number }>('GET', '/call/balance', { token })).data.minutes;
const callRows = async () => (await server.db.one<{ count: number }>(sql`SELECT count(*)::int AS count FROM call_record`))!.count;
/** A customer of the given store (garage id), from the test seed. */
const customerOf = async (storeId: number) =>
  String((await server.db.one<{ id: number }>(sql`SELECT id FROM customer WHERE store_id = ${storeId} ORDER BY id LIMIT 1`))!.id);

describe('billing without SIP events: the server’s own clock', () => {
  it('a forged record of 86400 seconds bills nothing', async () => {
    const start = await balance(tokens.frontdesk);
    const forged = await server.call<{ record: { result: string; durationSeconds: number; billedMinutes: number }; balance: { minutes: number } }>(
      'POST',
      '/call/record',
      {
        token: tokens.frontdesk,
        body: {
          callId: 'forged-call-86400',
          number: '13800138000',
          customerId: await customerOf(3),
          startedAt: '2026-11-23T02:00:00.000Z',
          answeredAt: '2026-11-23T02:00:05.000Z',
          endedAt: '2026-11-24T02:00:05.000Z',
          durationSeconds: 86400,
          result: 'answered',
        },
      },
    );
    expect(forged.code).toBe(0);
    expect(forged.data.record).toMatchObject({ result: 'failed', durationSeconds: 0, billedMinutes: 0 });
    expect(forged.data.balance.minutes).toBe(start);
    expect(await balance(tokens.frontdesk)).toBe(start);
  });

  it('bills the started minutes between the answer and end reports as the server received them, once', async () => {
    const start = await balance(tokens.frontdesk);
    const otherChainStart = await balance(tokens['hx-admin']);
    const call = { callId: 'fallback-call-0001', number: '13800138000', customerId: await customerOf(3) };
    expect((await server.call('POST', '/call/check', { token: tokens.frontdesk, body: call })).data).toEqual({ minutes: start });
    expect((await server.call('POST', '/call/start', { token: tokens.frontdesk, body: call })).code).toBe(0);
    expect((await server.call('POST', '/call/answered', { token: tokens.frontdesk, body: { callId: call.callId } })).code).toBe(0);
    const end = await server.call<{ record: { result: string; billedMinutes: number } }>('POST', '/call/record', {
      token: tokens.frontdesk,
      body: { ...call, result: 'answered', durationSeconds: 86400 },
    });
    expect(end.data.record).toMatchObject({ result: 'answered', billedMinutes: 1 });
    // The same end again (a retry, or a replay) bills nothing more.
    await server.call('POST', '/call/record', { token: tokens.frontdesk, body: { ...call, result: 'answered' } });
    expect(await balance(tokens.frontdesk)).toBe(start - 1);
    expect(await balance(tokens['hx-admin'])).toBe(otherChainStart);
  });

  it('refuses another chain’s or another store’s customer at every step: nothing stored, nothing billed', async () => {
    const before = { rows: await callRows(), minutes: await balance(tokens.frontdesk) };
    const refused = { code: 403, msg: '该客户不在您的门店范围内，不能拨打或记录通话' };
    for (const customerId of [await customerOf(6), await customerOf(2), '999999999']) {
      const call = { callId: `foreign-${customerId}`, number: '13800138000', customerId };
      expect(await server.call('POST', '/call/check', { token: tokens.frontdesk, body: call })).toMatchObject(refused);
      expect(await server.call('POST', '/call/start', { token: tokens.frontdesk, body: call })).toMatchObject(refused);
      expect(await server.call('POST', '/call/record', { token: tokens.frontdesk, body: { ...call, result: 'answered' } })).toMatchObject(refused);
    }
    // Not an id at all: refused as bad input before anything is looked up.
    const malformed = { callId: 'foreign-customer-x', number: '13800138000', customerId: 'customer-x' };
    for (const path of ['/call/check', '/call/start']) {
      expect(await server.call('POST', path, { token: tokens.frontdesk, body: malformed })).toMatchObject({ code: 400, msg: '客户格式不正确' });
    }
    expect(await callRows()).toBe(before.rows);
    expect(await balance(tokens.frontdesk)).toBe(before.minutes);
  });

  it('a user cannot end or claim another user’s call', async () => {
    const call = { callId: 'frontdesk-call-0002', number: '13800138000', customerId: await customerOf(3) };
    await server.call('POST', '/call/start', { token: tokens.frontdesk, body: call });
    const admin = await server.call('POST', '/call/record', { token: tokens.admin, body: { ...call, result: 'busy' } });
    expect(admin).toMatchObject({ code: 409, msg: '通话标识重复' });
  });
});

describe('minutes come only from the mall (issue 31)', () => {
  it('refuses every admin who tries to add or set minutes — a 城东店 store admin and the chain admin — and the balance stays', async () => {
    const roles = await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: tokens.admin });
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: tokens.admin,
      body: { username: 'dongdian-phone-admin', nickName: '东店管理员', roleIds: [roles.data.roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const storeAdmin = await server.firstLogin('dongdian-phone-admin', made.data.oneTimePassword);
    const before = { mine: await balance(tokens.admin), theirs: await balance(tokens['hx-admin']) };
    for (const token of [storeAdmin, tokens.admin!, tokens['hx-admin']!]) {
      for (const body of [{ addMinutes: 1_000_000 }, { minutes: 1_000_000 }]) {
        for (const host of ['/api', '/wecom'] as const) {
          const answer = await server.call('PUT', '/call/balance', { token, body, host });
          expect(answer.code).not.toBe(0);
          expect(answer.msg).toMatch(/^接口不存在/);
        }
      }
    }
    expect(await balance(tokens.admin)).toBe(before.mine);
    expect(await balance(storeAdmin)).toBe(before.mine);
    expect(await balance(tokens['hx-admin'])).toBe(before.theirs);
    const adjusted = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_entry WHERE reason = 'adjust'`);
    expect(adjusted?.n).toBe(0);
  });
});

describe('the 网络电话 add-on guards every call the phone bar reports', () => {
  it('refuses answer and end reports of a chain without it, as it refuses dialling: nothing stored, nothing billed', async () => {
    const refused = { code: 403, msg: '本连锁未开通「网络电话」，请在 项目商城 中购买后使用' };
    const hxAdmin = tokens['hx-admin']!;
    const before = { rows: await callRows(), minutes: await balance(hxAdmin) };
    const call = { callId: 'no-add-on-call-0001', number: '13900139000', customerId: '' };
    expect(await server.call('POST', '/call/check', { token: hxAdmin, body: call })).toMatchObject(refused);
    expect(await server.call('POST', '/call/start', { token: hxAdmin, body: call })).toMatchObject(refused);
    expect(await server.call('POST', '/call/answered', { token: hxAdmin, body: { callId: call.callId } })).toMatchObject(refused);
    expect(await server.call('POST', '/call/record', { token: hxAdmin, body: { ...call, result: 'answered', durationSeconds: 600 } })).toMatchObject(refused);
    expect(await callRows()).toBe(before.rows);
    expect(await balance(hxAdmin)).toBe(before.minutes);
    // Set-up, balance and history stay readable.
    expect((await server.call('GET', '/call/records', { token: hxAdmin })).code).toBe(0);
  });
});

describe('call records by data scope', () => {
  it('a store manager reads only their store’s calls, numbers masked when the store hides phones; headquarters reads all', async () => {
    tokens.manager = await server.loginToken('manager');
    const managerCall = { callId: 'manager-call-0001', number: '13811112222', customerId: await customerOf(2) };
    expect((await server.call('POST', '/call/start', { token: tokens.manager, body: managerCall })).code).toBe(0);
    await server.call('POST', '/call/record', { token: tokens.manager, body: { ...managerCall, result: 'no_answer' } });
    // The front desk (城西店) called a 城东店 number without a customer: that call is 城西店's.
    await server.call('POST', '/call/start', { token: tokens.frontdesk, body: { callId: 'frontdesk-no-customer', number: '13833334444' } });

    await server.db.run(sql`INSERT INTO garage_setting (garage_id, chain_id, is_show_phone) VALUES (2, 1, false)
                            ON CONFLICT (garage_id) DO UPDATE SET is_show_phone = false`);
    try {
      type Records = { list: { number: string; customerId: string | null; storeId: number }[]; total: number };
      const mine = await server.call<Records>('GET', '/call/records', { token: tokens.manager, query: { pageSize: 100 } });
      expect(mine.code).toBe(0);
      expect(mine.data.list.length).toBeGreaterThan(0);
      expect(mine.data.list.every((record) => record.storeId === 2)).toBe(true);
      expect(mine.data.list.map((record) => record.number)).toContain('138****2222');
      expect(JSON.stringify(mine.data)).not.toContain('13811112222');
      expect(JSON.stringify(mine.data)).not.toContain('1383333');

      const all = await server.call<Records>('GET', '/call/records', { token: tokens.admin, query: { pageSize: 100 } });
      expect(all.data.list.map((record) => record.number)).toEqual(expect.arrayContaining(['13811112222', '13833334444']));
      const otherChain = await server.call<Records>('GET', '/call/records', { token: tokens['hx-admin'], query: { pageSize: 100 } });
      expect(otherChain.data.total).toBe(0);
    } finally {
      await server.db.run(sql`UPDATE garage_setting SET is_show_phone = true WHERE garage_id = 2`);
    }
  });
});

describe('bad input: a clear Chinese refusal, never a 500', () => {
  it('refuses a SIP account another chain holds without saying who holds it', async () => {
    const mine = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '8101', password: 'Phone@8101', realm: 'shared.test' },
    });
    expect(mine.code).toBe(0);
    const theirs = await server.call('POST', '/call/sip-account/provision', {
      token: tokens['hx-admin'],
      body: { username: 'hx-admin', sipUser: '8101', password: 'Other@8101', realm: 'shared.test' },
    });
    expect(theirs).toMatchObject({ code: 409, msg: '该分机号不可用，请换一个分机号' });
    expect(JSON.stringify(theirs)).not.toMatch(/manager|连锁|其他用户/);
    // The same refusal inside one chain: the message alone never tells the two cases apart.
    const sameChain = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'frontdesk', sipUser: '8101', password: 'Phone@8101', realm: 'shared.test' },
    });
    expect(sameChain).toMatchObject({ code: 409, msg: '该分机号不可用，请换一个分机号' });
  });

  it('refuses a megabyte signalling address instead of storing it and serving it back', async () => {
    const answer = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '8102', password: 'Phone@8102', realm: 'garage.test', server: `wss://${'a'.repeat(1_000_000)}` },
    });
    expect(answer).toMatchObject({ code: 400, msg: '信令服务器地址不能超过 512 个字' });
    expect(await server.db.one(sql`SELECT 1 FROM sip_account WHERE sip_user = '8102'`)).toBeUndefined();
  });

  it('refuses a customer id beyond PostgreSQL’s integer as bad input', async () => {
    const call = { callId: 'too-big-customer-id', number: '13800138000', customerId: String(2 ** 31) };
    expect(await server.call('POST', '/call/check', { token: tokens.frontdesk, body: call })).toMatchObject({ code: 400, msg: '客户格式不正确' });
    expect(await server.call('GET', '/call/records', { token: tokens.admin, query: { customerId: String(2 ** 31) } })).toMatchObject({ code: 400, msg: '客户格式不正确' });
  });

});

describe('SIP events: bad input from whoever holds the secret', () => {
  const secret = 'sip-events-test-secret';
  let withEvents: TestServer;
  beforeAll(async () => {
    // As `npm start` on a machine without Kamailio: the bar is told how to get the demo line.
    withEvents = await startTestServer({ config: { sipEventsSecret: secret, sipDemo: 'kamailio-missing' } });
  });
  afterAll(() => withEvents?.close());

  const post = async (fields: Record<string, string>, headers: Record<string, string> = { 'x-sip-events-secret': secret }) => {
    const answer = await fetch(`${withEvents.url}/api/call/sip-events?yj-test=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: answer.status, ...((await answer.json()) as { code: number; msg: string }) };
  };
  const event = { event: 'start', callId: 'call-0001', caller: '8001', realm: 'garage.test', callee: '13800138000', answeredAt: '1767225600.000000' };

  it('npm start without Kamailio: a user without a line is told how to install it', async () => {
    const answer = await withEvents.call<{ response: { data: unknown; unavailable?: string } }>('GET', '/call/sip-account', { token: await withEvents.loginToken('manager') });
    expect(answer.data.response).toEqual({
      data: null,
      unavailable: '网络电话未开通：演示电话线路需要 Kamailio，请安装后重新运行 npm start：sudo apt-get install kamailio kamailio-websocket-modules kamailio-utils-modules',
    });
  });

  it('checks the secret before it reads the input', async () => {
    expect(await post({ ...event, callId: 'a\u0000b' }, {})).toMatchObject({ status: 200, code: 403, msg: 'SIP 事件密钥不正确' });
  });

  it('refuses NUL bytes, impossible times and unknown events in Chinese', async () => {
    expect(await post({ ...event, caller: '80\u000001' })).toMatchObject({ status: 200, code: 400, msg: '主叫 SIP 账号包含无法识别的字符' });
    expect(await post({ ...event, event: 'restart' })).toMatchObject({ status: 200, code: 400, msg: '不支持的 SIP 事件' });
    expect(await post({ ...event, answeredAt: '0000-00-00' })).toMatchObject({ status: 200, code: 400, msg: '接听时间格式不正确' });
  });
});
