/**
 * Logins and tokens through real HTTP: password, SMS code, WeCom, the throttle, expiry (999),
 * invalid or revoked tokens (-2), forged X-Forwarded-For, code requests. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { loadConfig } from '../config';
import { startTestServer, type TestServer } from '../../../tests/support/server';

let server: TestServer;
let address = 0;
/** Every test logs in from its own address, so the per-address throttle of one test never hits another. */
const from = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++address / 250)}.${address % 250}` });

beforeAll(async () => {
  // Configured as operators did behind a proxy: TRUST_PROXY=true, which trusted every sender before
  // issue 31 and now means the proxy on this machine (the test client, which forwards `from()`).
  server = await startTestServer({ config: { trustProxy: loadConfig({ TRUST_PROXY: 'true' }, { jwtSecret: 'unused' }).trustProxy } });
});
afterAll(() => server?.close());

const login = (username: string, password: string, headers = from()) =>
  server.call<{ userId: number; nickName: string; garageId: number }>('POST', '/user/username-token', { body: { username, password }, headers });

describe('username + password', () => {
  it('answers the token in the exposed `token` header and the user as data', async () => {
    const answer = await login('admin', 'Garage@2026');
    expect(answer.code).toBe(0);
    expect(answer.msg).toBe('ok');
    expect(answer.data).toMatchObject({ userId: 1, nickName: '陈总', garageId: 1 });
    const token = answer.headers.get('token')!;
    expect(answer.headers.get('access-control-expose-headers')).toContain('token');
    const sub = JSON.parse(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub);
    expect(sub).toEqual({ id: 1 });
    const info = await server.call<{ nickName: string }>('GET', '/user/info', { token });
    expect(info.data.nickName).toBe('陈总');
  });

  it('encrypts the answer body unless the request carries yj-test', async () => {
    const answer = await login('manager', 'Garage@2026');
    expect(answer.raw).not.toContain('"code"');
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const plain = await server.call('POST', '/user/username-token', { body: { username: 'manager', password: 'Garage@2026' }, query: { 'yj-test': 1 }, headers: from() });
    expect(JSON.parse(plain.raw)).toMatchObject({ code: 0, msg: 'ok' });
  });

  it('says clearly when the password or the username is wrong, without telling which', async () => {
    const wrongPassword = await login('frontdesk', 'nope-1234');
    const unknownUser = await login('nobody', 'nope-1234');
    expect(wrongPassword).toMatchObject({ code: 401, msg: '用户名或密码错误' });
    expect(unknownUser).toMatchObject({ code: 401, msg: '用户名或密码错误' });
    expect(wrongPassword.headers.get('token')).toBeNull();
    expect(wrongPassword.status).toBe(200);
  });

  it('explains missing fields in Chinese instead of failing', async () => {
    expect(await server.call('POST', '/user/username-token', { body: { username: 'admin' }, headers: from() })).toMatchObject({ code: 400, msg: '请输入密码' });
    expect(await server.call('POST', '/user/username-token', { body: '{not json', headers: from() })).toMatchObject({ code: 400, msg: '请求内容不是有效的 JSON' });
  });

  it('locks an account at one address after 5 failures, tells how long, and opens after the window', async () => {
    const attacker = from();
    for (let i = 0; i < 4; i++) expect((await login('hx-manager', `wrong-${i}`, attacker)).code).toBe(401);
    const fifth = await login('hx-manager', 'wrong-5', attacker);
    expect(fifth.code).toBe(429);
    expect(fifth.msg).toMatch(/^登录失败次数过多，请 (10|9) 分钟后再试$/);
    // Even the right password is refused there while locked…
    const right = await login('hx-manager', 'Garage@2026', attacker);
    expect(right.code).toBe(429);
    expect(right.headers.get('token')).toBeNull();
    // …but the real user at another address signs in: one address cannot lock an account out.
    expect((await login('hx-manager', 'Garage@2026')).code).toBe(0);
    await server.db.run(sql`UPDATE login_attempt SET window_started_at = window_started_at - interval '11 minutes' WHERE key LIKE 'password:hx-manager|%'`);
    expect((await login('hx-manager', 'Garage@2026', attacker)).code).toBe(0);
  });

  it('checks at most 5 of 200 concurrent guesses from one address, so a right one late in the flood is refused', async () => {
    const attacker = from();
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? 'Garage@2026' : `guess-${i}`));
    const answers = await Promise.all(guesses.map((password) => login('admin', password, attacker)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(4);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(195);
    expect(answers[150].code).toBe(429);
    expect(answers.every((answer) => answer.headers.get('token') === null)).toBe(true);
    expect((await login('admin', 'Garage@2026')).code).toBe(0);
  });

  it('locks an address after 30 attempts, whatever accounts it tries', async () => {
    const address = from();
    const answers = [];
    for (let i = 1; i <= 30; i++) answers.push(await login(`sprayed-${i}`, 'wrong-password', address));
    expect(answers.slice(0, 29).every((answer) => answer.code === 401)).toBe(true);
    expect(answers[29].code).toBe(429);
    expect((await login('admin', 'Garage@2026', address)).code).toBe(429);
    expect((await login('admin', 'Garage@2026')).code).toBe(0);
  });

  it('locks one account guessed from many addresses after 50 attempts', { timeout: 120_000 }, async () => {
    for (let machine = 0; machine < 10; machine++) {
      const address = from();
      for (let i = 0; i < 5; i++) await login('frontdesk', `spread-${machine}-${i}`, address);
    }
    expect((await login('frontdesk', 'Garage@2026')).code).toBe(429);
    await server.db.run(sql`DELETE FROM login_attempt WHERE key LIKE 'password:frontdesk%'`);
    expect((await login('frontdesk', 'Garage@2026')).code).toBe(0);
  });
});

describe('one address shared by a whole garage (issue 31)', () => {
  it('lets staff who sign in there in after 40 made-up usernames from it; guessing stays bounded and tells no usernames', async () => {
    const garageLine = from();
    // 李店长 signs in from the garage's line as on every working day.
    expect((await login('manager', 'Garage@2026', garageLine)).code).toBe(0);
    // Somebody on the same line tries 40 made-up usernames at once.
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`made-up-${i}`, 'Garage@2026', garageLine)));
    expect(flood.filter((answer) => answer.code === 401).length).toBeLessThanOrEqual(29);
    expect(flood.filter((answer) => answer.code === 429).length).toBeGreaterThanOrEqual(11);
    // The real user still gets in, from that line.
    const real = await login('manager', 'Garage@2026', garageLine);
    expect(real.code, real.msg).toBe(0);
    expect(real.headers.get('token')).toBeTruthy();
    // An account never used there gets the same lock as a made-up name: nothing tells which exist.
    const unused = await login('hx-manager', 'Garage@2026', garageLine);
    const madeUp = await login('made-up-41', 'Garage@2026', garageLine);
    expect(unused).toMatchObject({ code: 429, msg: madeUp.msg });
    expect(madeUp.msg).toMatch(/^登录失败次数过多，请 (10|9) 分钟后再试$/);
    // …and can sign in there with an SMS code: code logins have their own address limit.
    expect((await server.call('POST', '/user/phone-code', { body: { phone: '13900000002' }, headers: garageLine })).code).toBe(0);
    const byCode = await server.call('POST', '/user/phone-token', { body: { phone: '13900000002', code: (await server.lastSmsCode('13900000002'))! }, headers: garageLine });
    expect(byCode.code, byCode.msg).toBe(0);
  });

  it('still locks one known account guessed from that line after 5, in parallel too', async () => {
    const garageLine = from();
    expect((await login('manager', 'Garage@2026', garageLine)).code).toBe(0);
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => login('manager', `guess-${i}`, garageLine)));
    expect(guesses.filter((answer) => answer.code === 401).length).toBeLessThanOrEqual(4);
    expect(guesses.filter((answer) => answer.code === 429).length).toBeGreaterThanOrEqual(36);
    expect((await login('manager', 'Garage@2026', garageLine)).code).toBe(429);
    await server.db.run(sql`DELETE FROM login_attempt WHERE key LIKE 'password:manager%'`);
  });
});

describe('X-Forwarded-For', () => {
  /** A request straight from `remoteAddress`, answered in plain text (yj-test). */
  const loginFrom = async (remoteAddress: string, forwardedFor: string, username: string, password: string) => {
    const answer = await server.app.inject({
      method: 'POST', url: '/api/user/username-token?yj-test=1', remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor, 'content-type': 'application/json' }, payload: { username, password },
    });
    return answer.json<{ code: number; msg: string }>();
  };

  it('is ignored from a sender that is not a listed proxy: 49 guesses under forged addresses get 4 checked', async () => {
    const guesses = await Promise.all(Array.from({ length: 49 }, (_, i) => loginFrom('198.51.100.7', `203.0.113.${i + 1}`, 'hx-admin', `guess-${i}`)));
    expect(guesses.filter((answer) => answer.code === 401).length).toBeLessThanOrEqual(4);
    expect(guesses.filter((answer) => answer.code === 429).length).toBeGreaterThanOrEqual(45);
    // The user elsewhere is not locked out: the 49 counted as one address.
    expect((await login('hx-admin', 'Garage@2026')).code).toBe(0);
  });

  it('is honoured from a listed proxy, where only the address the proxy saw counts', async () => {
    const proxy = '127.0.0.1';
    for (let i = 0; i < 5; i++) await loginFrom(proxy, '203.0.113.200', 'hx-manager', `wrong-${i}`);
    expect((await loginFrom(proxy, '203.0.113.200', 'hx-manager', 'Garage@2026')).code).toBe(429);
    // The client put a made-up address first; the proxy appended the real one, which is what counts.
    expect((await loginFrom(proxy, '10.9.9.9, 203.0.113.200', 'hx-manager', 'Garage@2026')).code).toBe(429);
    // Another client behind the same proxy is another address.
    expect((await loginFrom(proxy, '203.0.113.201', 'hx-manager', 'Garage@2026')).code).toBe(0);
    await server.db.run(sql`DELETE FROM login_attempt WHERE key LIKE 'password:hx-manager%'`);
  });

  it('counts an IPv6 client by its /64, so fresh interface ids are not fresh tries', async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await login('frontdesk', `wrong-${i}`, { 'x-forwarded-for': `2001:db8:31:7::${i.toString(16)}` }));
    expect(answers.map((answer) => answer.code)).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await login('frontdesk', 'Garage@2026', { 'x-forwarded-for': '2001:db8:31:8::1' })).code).toBe(0);
  });
});

describe('tokens', () => {
  it('answers 999 for an expired token and -2 for a missing, forged or unknown-user token', async () => {
    expect((await server.call('GET', '/user/info', { token: server.signToken(1, { ttlSeconds: -5 }) })).code).toBe(999);
    expect((await server.call('GET', '/user/info')).code).toBe(-2);
    const token = await server.loginToken('admin');
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await server.call('GET', '/user/info', { token: forged })).code).toBe(-2);
    expect((await server.call('GET', '/user/info', { token: server.signToken(9999) })).code).toBe(-2);
    expect((await server.call('GET', '/user/info', { token: 'garbage' })).code).toBe(-2);
  });

  it('revokes only this token on logout', async () => {
    const first = await server.loginToken('manager');
    const second = await server.loginToken('manager');
    expect((await server.call('POST', '/user/logout', { token: first })).code).toBe(0);
    expect((await server.call('GET', '/user/info', { token: first })).code).toBe(-2);
    expect((await server.call('GET', '/user/info', { token: second })).code).toBe(0);
  });

  it('changes the password: old password checked, rules explained, every older token revoked', async () => {
    const token = await server.loginToken('hx-admin');
    const other = await server.loginToken('hx-admin');
    expect(await server.call('POST', '/user/pwd/update', { token, query: { oldPassword: 'wrong-pass1', newPassword: 'NewPass2026' } })).toMatchObject({ code: 401, msg: '原密码不正确' });
    expect(await server.call('POST', '/user/pwd/update', { token, query: { oldPassword: 'Garage@2026', newPassword: 'short1' } })).toMatchObject({ code: 400, msg: '新密码至少 8 位' });
    expect(await server.call('POST', '/user/pwd/update', { token, query: { oldPassword: 'Garage@2026', newPassword: 'onlyletters' } })).toMatchObject({ code: 400, msg: '新密码需同时包含字母和数字' });
    const changed = await server.call('POST', '/user/pwd/update', { token, query: { oldPassword: 'Garage@2026', newPassword: 'NewPass2026' } });
    expect(changed.code).toBe(0);
    expect((await server.call('GET', '/user/info', { token })).code).toBe(-2);
    expect((await server.call('GET', '/user/info', { token: other })).code).toBe(-2);
    expect((await server.call('GET', '/user/info', { token: changed.headers.get('token')! })).code).toBe(0);
    expect((await login('hx-admin', 'Garage@2026')).code).toBe(401);
    expect((await login('hx-admin', 'NewPass2026')).code).toBe(0);
  });

  it('refuses common passwords and ones that contain the username', async () => {
    const token = await server.loginToken('manager');
    const change = (newPassword: string) => server.call('POST', '/user/pwd/update', { token, body: { oldPassword: 'Garage@2026', newPassword } });
    expect(await change('Password123')).toMatchObject({ code: 400, msg: '新密码过于常见，容易被猜中，请换一个' });
    expect(await change('woaini1314')).toMatchObject({ code: 400, msg: '新密码过于常见，容易被猜中，请换一个' });
    expect(await change('Manager2026')).toMatchObject({ code: 400, msg: '新密码不能包含用户名' });
  });

  it('locks password changes after 5 wrong old passwords, but never the login', async () => {
    const token = await server.loginToken('hx-manager');
    const change = () => server.call('POST', '/user/pwd/update', { token, body: { oldPassword: 'not-it-123', newPassword: 'Fresh2026x' } });
    for (let i = 0; i < 4; i++) expect((await change()).code).toBe(401);
    expect((await change()).msg).toMatch(/^原密码错误次数过多，请 (10|9) 分钟后再试$/);
    expect((await login('hx-manager', 'Garage@2026')).code).toBe(0);
  });
});

describe('phone + SMS code', () => {
  const phone = '13800000003';
  const code = (headers = from()) => server.call<{ cooldownSeconds: number }>('POST', '/user/phone-code', { body: { phone }, headers });
  const phoneLogin = (value: string, headers = from()) => server.call('POST', '/user/phone-token', { body: { phone, code: value }, headers });
  /** Time passes for this phone's codes and its once-a-minute limit. */
  const age = async (minutes: number) => {
    await server.db.run(sql`UPDATE sms_login_code SET created_at = created_at - make_interval(secs => ${minutes * 60}), expires_at = expires_at - make_interval(secs => ${minutes * 60}) WHERE phone = ${phone}`);
    await server.db.run(sql`UPDATE login_attempt SET window_started_at = window_started_at - make_interval(secs => ${minutes * 60}) WHERE key = ${`sms-code:${phone}`}`);
  };

  it('sends a 6-digit code through the SMS provider and logs in with it once', async () => {
    const sent = await code();
    expect(sent).toMatchObject({ code: 0, data: { cooldownSeconds: 60, validMinutes: 5 } });
    const value = (await server.lastSmsCode(phone))!;
    expect(value).toMatch(/^\d{6}$/);
    const answer = await phoneLogin(value);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ userId: 3, nickName: '王小雨' });
    expect(answer.headers.get('token')).toBeTruthy();
    expect(await phoneLogin(value)).toMatchObject({ code: 401, msg: '验证码已失效，请重新获取' });
  });

  it('sends at most one code per 60 seconds per phone', async () => {
    await age(2);
    expect((await code()).code).toBe(0);
    const again = await code();
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    await age(1.1);
    expect((await code()).code).toBe(0);
  });

  it('refuses a wrong code and a code older than 5 minutes', async () => {
    await age(2);
    await code();
    const value = (await server.lastSmsCode(phone))!;
    const wrong = value === '000000' ? '111111' : '000000';
    expect(await phoneLogin(wrong)).toMatchObject({ code: 401, msg: '验证码错误' });
    await age(5);
    expect(await phoneLogin(value)).toMatchObject({ code: 401, msg: '验证码已失效，请重新获取' });
  });

  it('burns a code after 5 wrong guesses from any addresses, even before the right one', async () => {
    await age(2);
    await code();
    const value = (await server.lastSmsCode(phone))!;
    const wrong = (i: number) => String((Number(value) + i + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) expect(await phoneLogin(wrong(i))).toMatchObject({ code: 401, msg: '验证码错误' });
    expect(await phoneLogin(wrong(4))).toMatchObject({ code: 401, msg: '验证码错误次数过多，请重新获取' });
    expect(await phoneLogin(value)).toMatchObject({ code: 401, msg: '验证码已失效，请重新获取' });
  });

  it('refuses a flood of code requests from one address, whatever the numbers, and says how long to wait', async () => {
    const flooder = from();
    const numbers = Array.from({ length: 60 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(numbers.map((number) => server.call('POST', '/user/phone-code', { body: { phone: number }, headers: flooder })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.code === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0]!.msg).toMatch(/^验证码发送过于频繁，请 (10|9) 分钟后再试$/);
    const stored = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_login_code WHERE phone = ANY(${sql.param(numbers)}::text[])`);
    expect(stored!.n).toBe(30);
    // Another address is not affected.
    expect((await server.call('POST', '/user/phone-code', { body: { phone: '13700009999' }, headers: from() })).code).toBe(0);
  });

  it('sends one number one code a minute from any number of addresses at once, and at most 10 a day', async () => {
    const number = '13800000002';
    const burst = await Promise.all(Array.from({ length: 20 }, () => server.call('POST', '/user/phone-code', { body: { phone: number }, headers: from() })));
    expect(burst.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(burst.find((answer) => answer.code === 429)!.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    const texts = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_outbox WHERE phone = ${number} AND created_at > now() - interval '1 minute'`);
    expect(texts!.n).toBe(1);
    const minuteLater = () => server.db.run(sql`UPDATE login_attempt SET window_started_at = window_started_at - interval '61 seconds' WHERE key = ${`sms-code:${number}`}`);
    for (let sent = 2; sent <= 10; sent++) {
      await minuteLater();
      expect((await server.call('POST', '/user/phone-code', { body: { phone: number }, headers: from() })).code).toBe(0);
    }
    await minuteLater();
    const eleventh = await server.call('POST', '/user/phone-code', { body: { phone: number }, headers: from() });
    expect(eleventh.code).toBe(429);
    expect(eleventh.msg).toMatch(/^验证码发送过于频繁，请 (24|23) 小时后再试$/);
  });

  it('validates the phone number and sends nothing to numbers without an account', async () => {
    expect(await server.call('POST', '/user/phone-code', { body: { phone: '12345' }, headers: from() })).toMatchObject({ code: 400, msg: '请输入正确的 11 位手机号' });
    const stranger = await server.call('POST', '/user/phone-code', { body: { phone: '13712345678' }, headers: from() });
    expect(stranger.code).toBe(0);
    expect(await server.lastSmsCode('13712345678')).toBeNull();
  });
});

describe('WeCom login', () => {
  it('logs in a member of the chain’s corp by OAuth code, on the work-chat host too', async () => {
    const answer = await server.call('GET', '/qy/qy-login', { host: '/wecom', query: { code: 'dev:wwantu0000demo01:AnTuLi' }, headers: from() });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ userId: 2, nickName: '李店长' });
    expect(answer.headers.get('token')).toBeTruthy();
    const viaMain = await server.call('POST', '/qy/qy-login', { body: { code: 'dev:wwantu0000demo01:AnTuChen' }, headers: from() });
    expect(viaMain.data).toMatchObject({ userId: 1 });
  });

  it('refuses unknown codes and members of another corp', async () => {
    expect(await server.call('GET', '/qy/qy-login', { host: '/wecom', query: { code: 'expired-code' }, headers: from() })).toMatchObject({ code: 401, msg: '企业微信授权已失效，请重新进入' });
    const otherCorp = await server.call('GET', '/qy/qy-login', { host: '/wecom', query: { code: 'dev:wwhuaxing000demo:AnTuLi' }, headers: from() });
    expect(otherCorp.code).toBe(401);
    expect(otherCorp.msg).toContain('尚未绑定');
  });
});
