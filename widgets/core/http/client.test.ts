// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encryptText } from '../crypto/cipher';
import { configure } from '../config';
import { login, logout, session } from '../session';
import { shared } from '../shared';
import { stored } from '../storage';
import { ensureAdminStatus } from '../bootstrap';
import { ok, startEnvelopeServer, type EnvelopeServer } from '../testing/envelope-server';
import { clearToasts, toastTexts } from '../testing/dom';
import { ApiError, http, isCancelled } from './index';
import { HTTP_TIMEOUT_MS } from './client';

const EXPIRED = '验证过期，请重新登录！';
const NETWORK = '网络出现异常，请联系管理员!';

let server: EnvelopeServer;

beforeAll(async () => {
  server = await startEnvelopeServer();
  configure({ mainBase: `${server.url}/api`, wecomBase: `${server.url}/wecom`, aiBase: `${server.url}/ai` });
});

afterAll(() => server.close());

beforeEach(() => {
  logout();
  localStorage.clear();
  clearToasts();
  shared.http.lastExpiryToastAt = 0;
  server.routes.clear();
  server.requests.length = 0;
});

afterEach(() => logout());

/** A signed-in user whose admin status is known, so the admin gate stays out of the way. */
function signIn(token = 'token-a') {
  login(token, { userId: 7, nickName: '王店长', garageId: 3 });
  session.admin.value = false;
}

const rejection = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (error: unknown) => error as ApiError);

describe('answers', () => {
  it('decrypts an encrypted envelope and resolves its data', async () => {
    signIn();
    server.routes.set('GET /api/user/info', () => ok({ nickName: '王店长', storeIds: 'S1,S2' }));
    await expect(http.main.get('/user/info')).resolves.toEqual({ nickName: '王店长', storeIds: 'S1,S2' });
  });

  it('sends JSON bodies and query params and decrypts work-chat answers too', async () => {
    signIn();
    server.routes.set('POST /api/client/list', (request) => ok({ echoed: JSON.parse(request.body), page: request.query.get('page') }));
    server.routes.set('GET /wecom/qy/qy-login', (request) => ok({ code: request.query.get('code') }));
    await expect(http.main.post('/client/list', { plate: '粤B12345' }, { params: { page: 2, empty: undefined } })).resolves.toEqual({
      echoed: { plate: '粤B12345' },
      page: '2',
    });
    await expect(http.wecom.get('/qy/qy-login', { params: { code: 'abc' } })).resolves.toEqual({ code: 'abc' });
    expect(server.requests[0].query.has('empty')).toBe(false);
  });

  it('does not decrypt when the request carries yj-test', async () => {
    signIn();
    const cipherText = encryptText(JSON.stringify({ code: 0, msg: 'ok', data: 1 }));
    server.routes.set('GET /api/always-encrypted', () => ({ raw: cipherText }));
    server.routes.set('GET /api/plain', () => ok({ plain: true }));
    await expect(http.main.get('/always-encrypted', { params: { 'yj-test': 1 } })).resolves.toBe(cipherText);
    await expect(http.main.get('/plain', { params: { 'yj-test': 1 } })).resolves.toEqual({ plain: true });
  });

  it('keeps the raw body when it cannot be decrypted', async () => {
    signIn();
    server.routes.set('GET /api/unencrypted', () => ({ ...ok(['粤B12345']), plain: true }));
    server.routes.set('GET /api/text', () => ({ raw: '你好，门店' }));
    await expect(http.main.get('/unencrypted')).resolves.toEqual(['粤B12345']);
    await expect(http.main.get('/text')).resolves.toBe('你好，门店');
  });

  it('never decrypts the AI host', async () => {
    signIn();
    server.routes.set('GET /ai/suggest', () => ({ ...ok({ text: '建议更换机油' }), plain: true }));
    await expect(http.ai.get('/suggest')).resolves.toEqual({ text: '建议更换机油' });
  });

  it('returns file downloads as a Blob without touching them', async () => {
    signIn();
    server.routes.set('GET /api/client/export', () => ({ raw: 'plate,name\n粤B12345,张三' }));
    const blob = await http.main.get<Blob>('/client/export', { download: true });
    expect(await blob.text()).toBe('plate,name\n粤B12345,张三');
  });

  it('gives access to response headers (the login token) through request()', async () => {
    server.routes.set('POST /api/user/username-token', () => ({ ...ok({ userId: 1 }), headers: { token: 'jwt-from-header' } }));
    const answer = await http.main.request({ method: 'post', path: '/user/username-token', body: { username: 'admin' } });
    expect(answer.headers.get('token')).toBe('jwt-from-header');
    expect(answer.data).toEqual({ userId: 1 });
  });
});

describe('errors', () => {
  it('rejects a business error with its code and shows its message', async () => {
    signIn();
    server.routes.set('GET /api/client/9', () => ({ envelope: { code: 1001, msg: '客户不存在' } }));
    const error = await rejection(http.main.get('/client/9'));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.code, error.msg]).toEqual([1001, '客户不存在']);
    expect(toastTexts()).toEqual(['客户不存在']);
  });

  it('treats code 0 with a msg other than ok as an error shown with its msg (spec 7)', async () => {
    signIn();
    server.routes.set('POST /api/client/saveCondition', () => ({ envelope: { code: 0, msg: '条件名称已存在', data: { id: 3 } } }));
    server.routes.set('GET /api/client/quiet', () => ({ envelope: { code: 0, msg: '', data: [] } }));
    const refused = await rejection(http.main.post('/client/saveCondition', { name: '金卡' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect([refused.code, refused.msg]).toEqual([0, '条件名称已存在']);
    const unworded = await rejection(http.main.get('/client/quiet'));
    expect(unworded.msg).toBe('操作失败，请稍后重试');
    expect(toastTexts()).toEqual(['条件名称已存在', '操作失败，请稍后重试']);
  });

  it('stays quiet about a business error when the call is silent', async () => {
    signIn();
    server.routes.set('GET /api/client/9', () => ({ envelope: { code: 1001, msg: '客户不存在' } }));
    await rejection(http.main.get('/client/9', { silent: true }));
    expect(toastTexts()).toEqual([]);
  });

  it('shows the network message for an HTTP status other than 200', async () => {
    signIn();
    server.routes.set('GET /api/broken', () => ({ status: 502, raw: 'bad gateway' }));
    const error = await rejection(http.main.get('/broken'));
    expect(error.status).toBe(502);
    expect(toastTexts()).toEqual([NETWORK]);
  });

  it('gives up on an answer after 600,000 ms (spec 9), not before, with the network message', async () => {
    signIn();
    // The server took the request and never answers.
    let answer: () => void = () => undefined;
    server.routes.set('GET /api/slow-report', () => new Promise((resolve) => (answer = () => resolve(ok(null)))));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const outcome = rejection(http.main.get('/slow-report'));
      void outcome.finally(() => (settled = true));
      await vi.waitFor(() => expect(server.requests.map((request) => request.path)).toContain('/api/slow-report'));
      await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1_000);
      expect(settled).toBe(false);
      expect(toastTexts()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      const error = await outcome;
      expect(HTTP_TIMEOUT_MS).toBe(600_000);
      expect(error).toMatchObject({ status: 0, msg: '请求超时，请稍后重试' });
      expect(toastTexts()).toEqual([NETWORK]);
    } finally {
      vi.useRealTimers();
      answer();
    }
  });

  it('shows the network message when the server cannot be reached', async () => {
    signIn();
    configure({ mainBase: 'http://127.0.0.1:9/api' });
    try {
      const error = await rejection(http.main.get('/anything'));
      expect(error.status).toBe(0);
      expect(toastTexts()).toEqual([NETWORK]);
    } finally {
      configure({ mainBase: `${server.url}/api` });
    }
  });
});

describe('expired login (999 / -2)', () => {
  it('clears the token, sends the user to /login and shows one toast for two expiries within 3 s', async () => {
    signIn();
    const moves: string[] = [];
    const onNavigate = (event: Event) => moves.push((event as CustomEvent<{ path: string }>).detail.path);
    document.addEventListener('garage-navigate', onNavigate);
    server.routes.set('GET /api/a', () => ({ envelope: { code: 999, msg: '登录已过期' } }));
    server.routes.set('GET /api/b', () => ({ envelope: { code: -2, msg: 'token无效' } }));
    try {
      const [first, second] = await Promise.all([rejection(http.main.get('/a')), rejection(http.main.get('/b'))]);
      expect([first.code, second.code].sort()).toEqual([-2, 999]);
      expect(toastTexts()).toEqual([EXPIRED]);
      expect(session.usertoken.value).toBe('');
      expect(stored.user.read()).toBeNull();
      expect(moves).toContain('/login');
    } finally {
      document.removeEventListener('garage-navigate', onNavigate);
    }
  });

  it('shows the toast again once 3 s have passed', async () => {
    signIn();
    server.routes.set('GET /api/a', () => ({ envelope: { code: 999, msg: '登录已过期' } }));
    await rejection(http.main.get('/a'));
    shared.http.lastExpiryToastAt -= 3000;
    signIn();
    await rejection(http.main.get('/a'));
    expect(toastTexts()).toEqual([EXPIRED, EXPIRED]);
  });
});

describe('one-time password (428)', () => {
  it('marks the session as needing a new password, without a toast per refused call, and keeps the session', async () => {
    signIn();
    const refusal = { envelope: { code: 428, msg: '您正在使用管理员设置的一次性密码，请先修改为自己的密码' } };
    server.routes.set('POST /api/client/list', () => refusal);
    server.routes.set('GET /api/workbench/today', () => refusal);
    const [first, second] = await Promise.all([rejection(http.main.post('/client/list', {})), rejection(http.main.get('/workbench/today'))]);
    expect([first.code, second.code]).toEqual([428, 428]);
    expect(first.message).toBe('您正在使用管理员设置的一次性密码，请先修改为自己的密码');
    expect(session.mustChangePassword.value).toBe(true);
    expect(toastTexts()).toEqual([]);
    expect(session.usertoken.value).toBe('token-a');
    // A new login (the changed password's token) starts without it.
    login('token-b');
    expect(session.mustChangePassword.value).toBe(false);
  });
});

describe('duplicate requests', () => {
  it('cancels the earlier of two identical requests without telling the user', async () => {
    signIn();
    let served = 0;
    server.routes.set('GET /api/client/list', () => ({ ...ok(++served), delayMs: 150 }));
    const earlier = rejection(http.main.get('/client/list', { params: { page: 1 } }));
    const later = http.main.get('/client/list', { params: { page: 1 } });
    const cancelled = await earlier;
    expect(isCancelled(cancelled)).toBe(true);
    await expect(later).resolves.toBeTypeOf('number');
    expect(toastTexts()).toEqual([]);
  });

  it('keeps requests with different params', async () => {
    signIn();
    server.routes.set('GET /api/client/list', (request) => ({ ...ok(request.query.get('page')), delayMs: 50 }));
    await expect(
      Promise.all([http.main.get('/client/list', { params: { page: 1 } }), http.main.get('/client/list', { params: { page: 2 } })]),
    ).resolves.toEqual(['1', '2']);
  });

  it('lets duplicates marked as allowed both finish', async () => {
    signIn();
    server.routes.set('GET /api/call/balance', () => ({ ...ok({ minutes: 30 }), delayMs: 50 }));
    const both = await Promise.all([
      http.main.get('/call/balance', { allowDuplicate: true }),
      http.main.get('/call/balance', { allowDuplicate: true }),
    ]);
    expect(both).toEqual([{ minutes: 30 }, { minutes: 30 }]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('headers', () => {
  it('sends the token when logged in and the mac when stored', async () => {
    server.routes.set('GET /api/echo', () => ok(null));
    await http.main.get('/echo');
    expect(server.requests[0].headers.token).toBeUndefined();
    expect(server.requests[0].headers.mac).toBeUndefined();

    signIn('token-b');
    stored.mac.write('00:1A:2B:3C:4D:5E');
    await http.main.get('/echo');
    expect(server.requests[1].headers.token).toBe('token-b');
    expect(server.requests[1].headers.mac).toBe('00:1A:2B:3C:4D:5E');
  });

  it('takes the token from the stored user entry when the state has none', async () => {
    server.routes.set('GET /api/echo', () => ok(null));
    stored.user.write({ usertoken: 'from-user-entry', userId: '1', nickName: '', garageId: '' });
    session.admin.value = false;
    await http.main.get('/echo');
    expect(server.requests[0].headers.token).toBe('from-user-entry');
  });
});

describe('admin gate', () => {
  it('answers an empty success without asking the server while admin status is unknown', async () => {
    login('token-c');
    server.routes.set('GET /api/client/list', () => ok([{ name: '张三' }]));
    server.routes.set('GET /api/garageModule/one', () => ok({ isShowPrice: false }));
    expect(session.admin.value).toBeNull();
    await expect(http.main.get('/client/list')).resolves.toBeNull();
    await expect(http.main.get('/garageModule/one')).resolves.toEqual({ isShowPrice: false });
    expect(server.requests.map((request) => request.path)).toEqual(['/api/garageModule/one']);
  });

  it('lets the admin check through and opens once the status is known', async () => {
    login('token-c');
    server.routes.set('GET /api/user/isAdmin', () => ok(true));
    server.routes.set('GET /api/client/list', () => ok([{ name: '张三' }]));
    await expect(ensureAdminStatus()).resolves.toBe(true);
    expect(session.admin.value).toBe(true);
    await expect(http.main.get('/client/list')).resolves.toEqual([{ name: '张三' }]);
  });

  it('makes requests wait for an admin check already on its way instead of blanking them', async () => {
    login('token-c');
    server.routes.set('GET /api/user/isAdmin', () => ({ ...ok(false), delayMs: 150 }));
    server.routes.set('GET /api/client/list', () => ok([{ name: '李四' }]));
    const check = ensureAdminStatus();
    await expect(http.main.get('/client/list')).resolves.toEqual([{ name: '李四' }]);
    await expect(check).resolves.toBe(false);
    expect(server.requests.map((request) => request.path)).toEqual(['/api/user/isAdmin', '/api/client/list']);
  });

  it('does not gate a visitor without a token', async () => {
    server.routes.set('GET /api/client/list', () => ok([]));
    await expect(http.main.get('/client/list')).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});
