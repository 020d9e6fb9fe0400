// The web phone's API through real HTTP: SIP accounts (HA1 only), the balance and call records,
// each inside the caller's own chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { sipHa1 } from '../repositories/call';
import { startTestServer, type TestServer } from '../../../tests/support/server';

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
    expect(mine.data.response.data).toMatchObject({ user: '8001', realm: 'garage.test', ha1: provisioned.data.ha1 });
  });

  it('refuses staff who are not admins, users of another chain, and bad input, in Chinese', async () => {
    const before = JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`));
    const notAdmin = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.frontdesk,
      body: { username: 'frontdesk', sipUser: '8009', password: 'Phone@8009', realm: 'garage.test' },
    });
    expect(notAdmin).toMatchObject({ code: 403, msg: '只有管理员可以管理网络电话' });

    const otherChain = await server.call('POST', '/call/sip-account/provision', {
      token: tokens['hx-admin'],
      body: { userId: await userId('frontdesk'), sipUser: '9001', password: 'Phone@9001', realm: 'garage.test' },
    });
    expect(otherChain).toMatchObject({ code: 404, msg: '该员工不存在' });

    const noStaff = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { sipUser: '8002', password: 'Phone@8002', realm: 'garage.test' },
    });
    expect(noStaff).toMatchObject({ code: 400, msg: '请选择要开通网络电话的员工' });

    const badUser = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '80 02', password: 'Phone@8002', realm: 'garage.test' },
    });
    expect(badUser).toMatchObject({ code: 400, msg: 'SIP 账号只能包含字母、数字和 _.+-' });

    const missingPassword = await server.call('POST', '/call/sip-account/provision', {
      token: tokens.admin,
      body: { username: 'manager', sipUser: '8002', realm: 'garage.test' },
    });
    expect(missingPassword).toMatchObject({ code: 400, msg: '请填写SIP 密码' });

    expect(JSON.stringify(await server.db.rows(sql`SELECT * FROM sip_account ORDER BY user_id`))).toBe(before);
  });
});

describe('balance and call records', () => {
  it('decreases the garage’s minutes by each answered call’s started minutes and lists records per customer', async () => {
    const balance = async (token: string) => (await server.call<{ minutes: number }>('GET', '/call/balance', { token })).data.minutes;
    const start = await balance(tokens.frontdesk);
    const otherChainStart = await balance(tokens['hx-admin']);
    expect(start).toBeGreaterThan(0);

    const record = await server.call<{ balance: { minutes: number } }>('POST', '/call/record', {
      token: tokens.frontdesk,
      body: {
        number: '13800138000',
        customerId: '42',
        startedAt: '2026-11-23T02:00:00.000Z',
        answeredAt: '2026-11-23T02:00:05.000Z',
        endedAt: '2026-11-23T02:01:36.000Z',
        durationSeconds: 91,
        result: 'answered',
      },
    });
    expect(record.code).toBe(0);
    expect(record.data.balance.minutes).toBe(start - 2);
    expect(await balance(tokens.frontdesk)).toBe(start - 2);
    expect(await balance(tokens['hx-admin'])).toBe(otherChainStart);

    const unanswered = await server.call('POST', '/call/record', {
      token: tokens.frontdesk,
      body: { number: '13800138000', customerId: '42', startedAt: '2026-11-23T03:00:00.000Z', endedAt: '2026-11-23T03:00:20.000Z', durationSeconds: 0, result: 'busy' },
    });
    expect(unanswered.code).toBe(0);
    expect(await balance(tokens.frontdesk)).toBe(start - 2);

    const list = await server.call<{ list: { result: string; durationSeconds: number }[]; total: number }>('GET', '/call/records', {
      token: tokens.admin,
      query: { customerId: '42' },
    });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((entry) => entry.result)).toEqual(['busy', 'answered']);
    const foreign = await server.call<{ total: number }>('GET', '/call/records', { token: tokens['hx-admin'], query: { customerId: '42' } });
    expect(foreign.data.total).toBe(0);
  });

  it('refuses a record whose end is before its start and keeps the balance', async () => {
    const before = (await server.call<{ minutes: number }>('GET', '/call/balance', { token: tokens.frontdesk })).data.minutes;
    const answer = await server.call('POST', '/call/record', {
      token: tokens.frontdesk,
      body: { number: '13800138000', startedAt: '2026-11-23T03:00:00.000Z', endedAt: '2026-11-23T02:00:00.000Z', durationSeconds: 0, result: 'failed' },
    });
    expect(answer).toMatchObject({ code: 400, msg: '通话结束时间早于开始时间' });
    expect((await server.call<{ minutes: number }>('GET', '/call/balance', { token: tokens.frontdesk })).data.minutes).toBe(before);
  });
});
