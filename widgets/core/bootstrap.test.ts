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

  it("asks the garage list first and alone, then the rest at once in the spec's order, and applies them in that order, the module config last", async () => {
    login('token-1', { userId: 1 });
    // The admin check is slow, and the module config answers before everything else it is asked with.
    server.routes.set('GET /api/user/isAdmin', () => ({ ...ok(true), delayMs: 60 }));
    server.routes.set('GET /api/user/info', async () => ({ ...answers['GET /api/user/info'](), delayMs: 40 }));
    // What had been asked when the garage list's answer left the server: nothing else of startup.
    let askedBeforeGarageAnswer: string[] = [];
    server.routes.set('GET /api/garage/switchable-list', () => {
      askedBeforeGarageAnswer = server.requests.map((request) => request.path);
      return answers['GET /api/garage/switchable-list']();
    });
    const applied: string[] = [];
    const watch = (name: string, value: { subscribe(listener: () => void): () => void }) => {
      let first = true;
      return value.subscribe(() => (first ? (first = false) : applied.push(name)));
    };
    const stops = [
      watch('garage list', session.garageList),
      watch('store list', session.storeList),
      watch('permissions', session.userPermissions),
      watch('roles', session.userRoles),
      watch('user info', session.nickName),
      watch('module config', session.isShowPrice),
    ];
    try {
      await bootstrap();
    } finally {
      for (const stop of stops) stop();
    }
    expect(askedBeforeGarageAnswer).toEqual(['/api/user/isAdmin', '/api/garage/switchable-list']);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/api/user/isAdmin',
      '/api/garage/switchable-list',
      '/api/client/count/store',
      '/api/sys/permission/user',
      '/api/sys/role/user',
      '/api/user/info',
      '/api/garageModule/one',
    ]);
    expect(applied).toEqual(['garage list', 'store list', 'permissions', 'roles', 'user info', 'module config']);
    expect(session.isShowPrice.value).toBe(false);
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
    // Nothing else of startup is asked, so nothing else can be applied.
    expect(server.requests.map((request) => request.path)).toEqual(['/api/user/isAdmin', '/api/garage/switchable-list']);
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
