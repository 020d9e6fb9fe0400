// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, ensureAdminStatus, STARTUP_DELAY_MS } from './bootstrap';
import { configure } from './config';
import { pageLocation } from './navigate';
import { login, logout, session } from './session';
import { ok, startEnvelopeServer, type EnvelopeServer } from './testing/envelope-server';
import { clearToasts, toastTexts } from './testing/dom';

let server: EnvelopeServer;

const answers = {
  'GET /api/user/isAdmin': () => ok(false),
  'GET /api/garageModule/one': () => ok({ isShowPrice: false }),
  'GET /api/garage/switchable-list': () => ok([{ id: 1, name: '车管家总部', selected: true, isHq: true }]),
  'GET /api/client/count/store': () => ok([
    { code: 'S1', name: '南山店', count: '120', selected: false },
    { code: 'S2', name: '福田店', count: '80', selected: true },
  ]),
  'GET /api/sys/permission/user': () => ok([5, 11]),
  'GET /api/sys/role/user': () => ok([{ code: 'garage_admin', dataScope: 1 }]),
  'GET /api/user/info': () => ok({ garageInfo: { id: 1, corpId: 'ww1', name: '车管家总部' }, storeIds: 'S1,S2', wechatUserId: 'wang', nickName: '王总', phone: '13800000000' }),
};

beforeAll(async () => {
  server = await startEnvelopeServer();
  configure({ mainBase: `${server.url}/api`, oldSiteUrl: 'https://old.example.com/layout/home' });
});
afterAll(() => server.close());

beforeEach(() => {
  logout();
  clearToasts();
  server.requests.length = 0;
  server.routes.clear();
  for (const [route, answer] of Object.entries(answers)) server.routes.set(route, answer);
});
afterEach(() => vi.restoreAllMocks());

describe('startup (spec 2)', () => {
  it('loads everything of the session after the 100 ms wait, admin check first', async () => {
    login('token-1', { userId: 1 });
    // Time stands still until the test moves it: nothing is asked a moment before the wait is over.
    const asked = vi.spyOn(globalThis, 'fetch');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const startup = bootstrap();
    try {
      await vi.advanceTimersByTimeAsync(STARTUP_DELAY_MS - 1);
      expect(asked).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    await startup;
    expect(server.requests[0].path).toBe('/api/user/isAdmin');
    expect(session.admin.value).toBe(false);
    expect(session.isShowPrice.value).toBe(false);
    expect(session.isHeadquarters.value).toBe(true);
    expect(session.storeId.value).toBe('S2');
    expect(session.userPermissions.value).toEqual([5, 11]);
    expect(session.isAdmin.value).toBe(true);
    expect(session.dataScope.value).toBe(1);
    expect(session.nickName.value).toBe('王总');
    expect(session.isUserInfoComplete.value).toBe(true);
  });

  it('sends every startup call at once instead of one after another', async () => {
    login('token-1', { userId: 1 });
    server.routes.set('GET /api/user/isAdmin', () => ({ ...ok(true), delayMs: 150 }));
    // What the client knew when each call reached the server: all of them arrived before the
    // (slow) admin check was answered, so none waited for another.
    const adminKnownOnArrival = new Map<string, boolean>();
    for (const route of ['GET /api/garage/switchable-list', 'GET /api/client/count/store', 'GET /api/sys/permission/user', 'GET /api/sys/role/user', 'GET /api/user/info']) {
      const answer = answers[route as keyof typeof answers];
      server.routes.set(route, () => {
        adminKnownOnArrival.set(route, session.admin.value !== null);
        return answer();
      });
    }
    await bootstrap();
    expect([...adminKnownOnArrival.values()]).toEqual([false, false, false, false, false]);
    expect(session.admin.value).toBe(true);
    expect(session.storeList.value).toHaveLength(2);
  });

  it('never gets blanked by the admin gate', async () => {
    login('token-1', { userId: 1 });
    server.routes.set('GET /api/user/isAdmin', () => ({ ...ok(true), delayMs: 120 }));
    await bootstrap();
    expect(session.storeList.value).toHaveLength(2);
    expect(session.userRoles.value).toHaveLength(1);
  });

  it('swallows every failure silently, leaving lists empty', async () => {
    login('token-1', { userId: 1 });
    server.routes.clear();
    server.routes.set('GET /api/sys/role/user', () => ({ envelope: { code: 500, msg: '服务器开小差了' } }));
    await expect(bootstrap()).resolves.toBeUndefined();
    expect(session.admin.value).toBe(false);
    expect(session.storeList.value).toEqual([]);
    expect(session.userPermissions.value).toEqual([]);
    expect(session.userRoles.value).toEqual([]);
    expect(toastTexts()).toEqual([]);
  });

  it('sends a garage still on the old version to the old site with the token', async () => {
    const moves = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    login('token 1', { userId: 1 });
    server.routes.set('GET /api/garage/switchable-list', () => ok([{ id: 1, name: '老店', selected: true, isHq: false, isOldVersion: true }]));
    await bootstrap();
    expect(moves).toHaveBeenCalledWith('https://old.example.com/layout/home?isFromOldVersion=true&token=token%201');
    // The other startup calls went out beside the garage list (one round trip); none is applied.
    expect(session.storeList.value).toEqual([]);
    expect(session.userPermissions.value).toEqual([]);
  });

  it('does not run on the login route or without a token', async () => {
    login('token-1');
    await bootstrap({ path: '/login' });
    await bootstrap({ path: '/login?redirect=%2Fhome' });
    logout();
    await bootstrap({ path: '/home/workKanBan' });
    expect(server.requests).toEqual([]);
  });

  it('shares one run between concurrent callers and skips a finished one when asked', async () => {
    login('token-1', { userId: 1 });
    await Promise.all([bootstrap(), bootstrap()]);
    const afterFirst = server.requests.length;
    expect(server.requests.filter((request) => request.path === '/api/user/info')).toHaveLength(1);
    await bootstrap({ once: true });
    expect(server.requests.length).toBe(afterFirst);
  });
});

describe('admin status', () => {
  it('asks once and remembers', async () => {
    login('token-1');
    server.routes.set('GET /api/user/isAdmin', () => ok({ isAdmin: true }));
    await expect(Promise.all([ensureAdminStatus(), ensureAdminStatus()])).resolves.toEqual([true, true]);
    await ensureAdminStatus();
    expect(server.requests.filter((request) => request.path === '/api/user/isAdmin')).toHaveLength(1);
  });

  it('is asked once when an element asks before startup runs (the host app loading a widget page)', async () => {
    login('token-1');
    const elementAsks = ensureAdminStatus();
    await bootstrap();
    await elementAsks;
    expect(server.requests.filter((request) => request.path === '/api/user/isAdmin')).toHaveLength(1);
    expect(server.requests.filter((request) => request.path === '/api/user/info')).toHaveLength(1);
  });
});
