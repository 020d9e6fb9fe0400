// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyGarageModule,
  applyUserInfo,
  expireSession,
  getToken,
  hasPermission,
  login,
  logout,
  resetSession,
  session,
  setGarageList,
  setMenuList,
  setStoreList,
  setUserPermissions,
  setUserRoles,
  userIdFromToken,
} from './session';
import { configure } from './config';
import { sessionDefaults, SHARED_KEY, type SharedCore } from './shared';
import { SESSION_KEY, stored } from './storage';

/** A JWT shaped like the server's: `sub` is the JSON text {"id": …}. */
function tokenFor(userId: number) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: JSON.stringify({ id: userId }), exp: 2_000_000_000 })}.c2lnbmF0dXJl`;
}

/**
 * Loads a fresh copy of the core as a newly opened page would (no shared store yet); the host app
 * then says `spec-keys` (host-app/src/core.ts), a partner page says nothing.
 */
async function freshPage(storage?: 'spec-keys') {
  delete (globalThis as { [SHARED_KEY]?: SharedCore })[SHARED_KEY];
  vi.resetModules();
  const page = await import('./session');
  if (storage) (await import('./config')).configure({ storage });
  return page;
}

// Most of this file is the spec's behaviour, i.e. our host app's; partner pages are at the end.
beforeEach(() => {
  configure({ storage: 'spec-keys' });
  logout();
  localStorage.clear();
  sessionStorage.clear();
});

describe('reset defaults (spec 4)', () => {
  it('turns display flags, salesman and workFlag on, page size 10, every other flag off and lists empty', () => {
    session.isShowPrice.value = false;
    session.pageSize.value = 50;
    session.settingFlag.value = true;
    session.storeList.value = [{ code: 'S1', name: '南山店', number: 1, selected: true }];
    resetSession();
    const values = Object.fromEntries(Object.keys(sessionDefaults()).map((field) => [field, session[field as keyof typeof session].value]));
    expect(values).toMatchObject({
      isShowPrice: true,
      isShowAll: true,
      isShowPhone: true,
      isShowDiagnostic: true,
      salesman: true,
      workFlag: true,
      pageSize: 10,
      settingFlag: false,
      shopFlag: false,
      admin: null,
      usertoken: '',
      storeList: [],
      garageList: [],
      menuList: [],
      userPermissions: [],
      userRoles: [],
    });
  });
});

describe('login, logout, expiry (spec 4)', () => {
  it('sets and persists the token, the user id from the token and the user entry', () => {
    const token = tokenFor(42);
    login(token, { nickName: '王店长', garageId: 3 });
    expect(session.usertoken.value).toBe(token);
    expect(session.userId.value).toBe('42');
    expect(session.isLoggedIn.value).toBe(true);
    expect(stored.user.read()).toEqual({ usertoken: token, userId: '42', nickName: '王店长', garageId: '3' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toEqual({ usertoken: token, userId: '42' });
  });

  it('persists only usertoken and userId of the state', () => {
    login('t-1', { userId: 5, nickName: '王店长', garageId: 3 });
    session.storeList.value = [{ code: 'S1', name: '南山店', number: 1, selected: true }];
    session.isShowPrice.value = false;
    expect(Object.keys(JSON.parse(localStorage.getItem(SESSION_KEY)!))).toEqual(['usertoken', 'userId']);
  });

  it('logout wipes the state, the user entry and session storage', () => {
    login('t-1', { userId: 5, nickName: '王店长', garageId: 3 });
    setStoreList([{ code: 'S1', name: '南山店', count: '12', selected: true }]);
    sessionStorage.setItem('draft', '草稿');
    localStorage.setItem('VERSION', '1700000000000');
    logout();
    expect(session.usertoken.value).toBe('');
    expect(session.storeList.value).toEqual([]);
    expect(stored.user.read()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(stored.version.read()).toBe(1700000000000);
  });

  it('expiry clears the token everywhere, resets the state and asks to go to /login', () => {
    login('t-1', { userId: 5, nickName: '王店长', garageId: 3 });
    session.isShowPrice.value = false;
    const moves: string[] = [];
    const listener = (event: Event) => moves.push((event as CustomEvent<{ path: string }>).detail.path);
    document.addEventListener('garage-navigate', listener);
    expireSession();
    document.removeEventListener('garage-navigate', listener);
    expect(getToken()).toBe('');
    expect(session.isShowPrice.value).toBe(true);
    expect(moves).toEqual(['/login']);
  });

  it('a new login under another token drops the previous user’s data', () => {
    login('t-1', { userId: 5 });
    setStoreList([{ code: 'S1', name: '南山店', count: 3, selected: true }]);
    login('t-2', { userId: 6 });
    expect(session.storeList.value).toEqual([]);
    expect(session.userId.value).toBe('6');
  });
});

describe('token resolution (spec 2)', () => {
  it('uses the state, else the user entry', () => {
    stored.user.write({ usertoken: 'from-entry', userId: '1', nickName: '', garageId: '' });
    expect(getToken()).toBe('from-entry');
    login('from-state');
    expect(getToken()).toBe('from-state');
  });

  it('deletes an unreadable user entry', () => {
    localStorage.setItem('user', '{not json');
    expect(getToken()).toBe('');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reads the user id from the token payload, and nothing from a malformed token', () => {
    expect(userIdFromToken(tokenFor(7))).toBe('7');
    expect(userIdFromToken('not-a-jwt')).toBe('');
  });
});

describe('a freshly opened page', () => {
  it('restores the token and user id, and the name from the user entry', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ usertoken: 'kept', userId: '9' }));
    stored.user.write({ usertoken: 'kept', userId: '9', nickName: '李店长', garageId: '4' });
    const page = await freshPage('spec-keys');
    expect(page.session.usertoken.value).toBe('kept');
    expect(page.session.userId.value).toBe('9');
    expect(page.session.nickName.value).toBe('李店长');
    expect(page.session.isLoggedIn.value).toBe(true);
    expect(page.session.admin.value).toBeNull();
  });

  it('falls back to the user entry’s token and ignores unreadable persisted state', async () => {
    localStorage.setItem(SESSION_KEY, '["broken"]');
    stored.user.write({ usertoken: 'entry-token', userId: '3', nickName: '', garageId: '' });
    const page = await freshPage('spec-keys');
    expect(page.session.usertoken.value).toBe('entry-token');
    expect(localStorage.getItem(SESSION_KEY)).toBe(JSON.stringify({ usertoken: 'entry-token', userId: '3' }));
  });

  it('reuses the store another copy of the core already created', async () => {
    const first = await import('./session');
    vi.resetModules();
    const second = await import('./session');
    expect(second).not.toBe(first);
    expect(second.session).toBe(first.session);
    second.login('shared-token');
    expect(first.session.usertoken.value).toBe('shared-token');
  });
});

describe('derived values (spec 5)', () => {
  it('admin when any role is garage_admin or admin', () => {
    setUserRoles([{ code: 'front_desk', dataScope: 2 }]);
    expect(session.isAdmin.value).toBe(false);
    setUserRoles([{ code: 'front_desk', dataScope: 2 }, { code: 'garage_admin', dataScope: 2 }]);
    expect(session.isAdmin.value).toBe(true);
    setUserRoles([{ code: 'admin', dataScope: 2 }]);
    expect(session.isAdmin.value).toBe(true);
  });

  it('data scope 1 if any role has data scope 1, else 2', () => {
    setUserRoles([{ code: 'manager', dataScope: 2 }]);
    expect(session.dataScope.value).toBe(2);
    setUserRoles([{ code: 'manager', dataScope: 2 }, { code: 'hq', dataScope: '1' }]);
    expect(session.dataScope.value).toBe(1);
    setUserRoles([]);
    expect(session.dataScope.value).toBe(2);
  });

  it('user info is complete only with userId, garageId and nickName', () => {
    login('t', { userId: 1, nickName: '王店长' });
    expect(session.isUserInfoComplete.value).toBe(false);
    applyUserInfo({ garageInfo: { id: 3, corpId: 'wx1', name: '深圳车管家' }, nickName: '王店长', storeIds: 'S1', wechatUserId: 'wang', phone: '13800000000' });
    expect(session.isUserInfoComplete.value).toBe(true);
    expect([session.garageId.value, session.corpId.value, session.garageName.value, session.workWxUserId.value]).toEqual(['3', 'wx1', '深圳车管家', 'wang']);
    expect(stored.user.read()?.garageId).toBe('3');
  });

  it('logged in only with a non-empty token', () => {
    login('   ');
    expect(session.isLoggedIn.value).toBe(false);
    login('t');
    expect(session.isLoggedIn.value).toBe(true);
  });

  it('permission passes for a listed id or -1', () => {
    setUserPermissions([5, '11', { id: 15 }, 'x']);
    expect(session.userPermissions.value).toEqual([5, 11, 15]);
    expect([5, 11, 15, 16].map(hasPermission)).toEqual([true, true, true, false]);
    setUserPermissions([-1]);
    expect([5, 6, 13, 16, 17, 18].every(hasPermission)).toBe(true);
    setUserPermissions([]);
    expect(hasPermission(5)).toBe(false);
  });
});

describe('store selection (spec 4)', () => {
  it('takes the first selected store, parsing its count', () => {
    setStoreList([
      { code: 'S1', name: '南山店', count: '12', selected: false },
      { code: 'S2', name: '福田店', count: '7', selected: true },
      { code: 'S3', name: '宝安店', count: 3, selected: true },
    ]);
    expect(session.currentStore.value).toEqual({ code: 'S2', name: '福田店', number: 7, selected: true });
    expect(session.storeId.value).toBe('S2');
  });

  it('falls back to the first store, and to an empty id without stores', () => {
    setStoreList([{ code: 'S1', name: '南山店', count: 'n/a', selected: false }]);
    expect(session.storeId.value).toBe('S1');
    expect(session.currentStore.value?.number).toBe(0);
    setStoreList([]);
    expect(session.storeId.value).toBe('');
    expect(session.currentStore.value).toBeNull();
  });

  it('normalises lists that are not lists to empty ones', () => {
    setStoreList({ code: 'S1' });
    setGarageList('garages');
    setMenuList(null);
    expect([session.storeList.value, session.garageList.value, session.menuList.value]).toEqual([[], [], []]);
  });
});

describe('headquarters and module flags', () => {
  it('headquarters comes from the selected garage', () => {
    setGarageList([{ id: 1, name: '总部', selected: false, isHq: true }, { id: 2, name: '南山店', selected: true, isHq: false }]);
    expect(session.isHeadquarters.value).toBe(false);
    setGarageList([{ id: 1, name: '总部', selected: true, isHq: true }]);
    expect(session.isHeadquarters.value).toBe(true);
  });

  it('the price flag comes from the garage module config', () => {
    applyGarageModule({ isShowPrice: false });
    expect(session.isShowPrice.value).toBe(false);
    applyGarageModule({ isShowPrice: 1 });
    expect(session.isShowPrice.value).toBe(true);
    applyGarageModule({ somethingElse: true });
    expect(session.isShowPrice.value).toBe(true);
  });
});

describe('on a partner page (not our host app)', () => {
  const partnerUser = '{"name":"partner’s own user, not ours"';

  beforeEach(() => {
    configure({ storage: 'namespaced' });
    logout();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the session under garage-suite: keys and never touches the partner’s user, even when it is not JSON', () => {
    localStorage.setItem('user', partnerUser);
    localStorage.setItem('mac', 'partner-mac');
    expect(getToken()).toBe('');
    login(tokenFor(8), { nickName: '王店长', garageId: 3 });
    expect(localStorage.getItem('user')).toBe(partnerUser);
    expect(JSON.parse(localStorage.getItem('garage-suite:user')!)).toMatchObject({ userId: '8', nickName: '王店长' });
    expect(JSON.parse(localStorage.getItem('garage-suite:session')!)).toMatchObject({ userId: '8' });
    expect(stored.mac.read()).toBe('');
  });

  it('logout removes only our entries: the partner’s sessionStorage and localStorage stay', () => {
    sessionStorage.setItem('cart', '3 items');
    sessionStorage.setItem('garage-suite:draft', 'ours');
    localStorage.setItem('user', partnerUser);
    login(tokenFor(8));
    const ended: string[] = [];
    const listener = (event: Event) => ended.push((event as CustomEvent<{ reason: string }>).detail.reason);
    document.addEventListener('garage-logged-out', listener);
    logout();
    logout();
    document.removeEventListener('garage-logged-out', listener);
    expect(ended).toEqual(['logout']);
    expect(sessionStorage.getItem('cart')).toBe('3 items');
    expect(sessionStorage.getItem('garage-suite:draft')).toBeNull();
    expect(localStorage.getItem('user')).toBe(partnerUser);
    expect(localStorage.getItem('garage-suite:user')).toBeNull();
  });

  it('a reload finds the session under our keys, not in the partner’s user', async () => {
    localStorage.setItem('user', JSON.stringify({ usertoken: 'partner-token', userId: '1' }));
    expect((await freshPage()).session.usertoken.value).toBe('');
    localStorage.setItem('garage-suite:session', JSON.stringify({ usertoken: 'ours', userId: '9' }));
    expect((await freshPage()).session.usertoken.value).toBe('ours');
  });

  it('in memory mode writes nothing to the page’s storage', () => {
    configure({ storage: 'memory' });
    login(tokenFor(8), { nickName: '王店长' });
    expect(localStorage.length).toBe(0);
    expect(stored.user.read()?.nickName).toBe('王店长');
    logout();
    expect(stored.user.read()).toBeNull();
  });
});
