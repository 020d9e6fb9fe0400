/** The session's transitions (spec 4) and rules (spec 5). */
import { GARAGE_EVENTS, type LoggedOutDetail } from '../../contracts/events';
import { emit, navigate } from './navigate';
import {
  normalizeGarageList,
  normalizeMenuList,
  normalizePermissions,
  normalizeRoles,
  normalizeStoreList,
  normalizeUserInfo,
  pickCurrentStore,
  toFlag,
  toText,
} from './normalize';
import { sessionDefaults, shared, type SessionValues } from './shared';
import { clearSessionStorage, persistedSession, stored } from './storage';
import type { StoredUser } from './types';

export const session = shared.session;

const { batch } = shared.runtime;

export interface LoginUser {
  userId?: string | number;
  nickName?: string;
  garageId?: string | number;
}

/** The token's `sub` is the JSON text {"id": userId} (docs/ARCHITECTURE.md); anything else yields ''. */
export function userIdFromToken(token: string): string {
  try {
    const payload = token.split('.')[1];
    if (!payload) return '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const sub: unknown = JSON.parse(json).sub;
    const parsed: unknown = typeof sub === 'string' ? JSON.parse(sub) : sub;
    return parsed && typeof parsed === 'object' ? toText((parsed as { id?: unknown }).id) : '';
  } catch {
    return '';
  }
}

export function resetSession(): void {
  const defaults = sessionDefaults();
  batch(() => {
    for (const field of Object.keys(defaults) as (keyof SessionValues)[]) {
      (session[field] as { value: unknown }).value = defaults[field];
    }
  });
}

/** Spec 4: the token is set on login and persisted locally (state and the `user` entry). */
export function login(token: string, user: LoginUser = {}): void {
  const usertoken = token.trim();
  if (!usertoken) return;
  const switching = usertoken !== session.usertoken.value;
  const entry: StoredUser = {
    usertoken,
    userId: toText(user.userId) || userIdFromToken(usertoken),
    nickName: toText(user.nickName),
    garageId: toText(user.garageId),
  };
  batch(() => {
    // Another person's (or tenant's) leftovers must not show under the new token.
    if (switching) resetSession();
    session.usertoken.value = usertoken;
    session.userId.value = entry.userId;
    if (entry.nickName) session.nickName.value = entry.nickName;
    if (entry.garageId) session.garageId.value = entry.garageId;
  });
  stored.user.write(entry);
  shared.startup.doneForToken = '';
  shared.http.adminCheck = null;
}

/** Tells the page (on document) that the session ended, once per session. */
function announceEnd(hadSession: boolean, reason: LoggedOutDetail['reason']) {
  if (hadSession) emit(null, GARAGE_EVENTS.loggedOut, { reason });
}

/**
 * Spec 4: logout or clear wipes the state, the local user entry and session storage — the whole
 * sessionStorage only on our host app's origin; on a partner page only our entries (storage.ts).
 */
export function logout(): void {
  const hadSession = Boolean(session.usertoken.peek());
  resetSession();
  stored.user.remove();
  persistedSession.remove();
  clearSessionStorage();
  shared.startup.doneForToken = '';
  shared.http.adminCheck = null;
  announceEnd(hadSession, 'logout');
}

/** Spec 4: on expiry or an invalid token the token is cleared, the state reset, the user sent to /login. */
export function expireSession(): void {
  const hadSession = Boolean(session.usertoken.peek());
  resetSession();
  stored.user.remove();
  persistedSession.remove();
  shared.startup.doneForToken = '';
  shared.http.adminCheck = null;
  announceEnd(hadSession, 'expired');
  navigate('/login');
}

/**
 * Spec 2 (route guard): the state's token, else the `user` entry's usertoken; an unreadable entry
 * is deleted by the read.
 */
export function getToken(): string {
  return session.usertoken.value || stored.user.read()?.usertoken || '';
}

/** Spec 5: passes if the permission list holds the id or -1 (all). */
export function hasPermission(id: number): boolean {
  const permissions = session.userPermissions.value;
  return permissions.includes(id) || permissions.includes(-1);
}

/** Spec 4: after the store list loads, the current store's code becomes the store id. */
export function setStoreList(answer: unknown): void {
  const stores = normalizeStoreList(answer);
  batch(() => {
    session.storeList.value = stores;
    session.storeId.value = pickCurrentStore(stores)?.code ?? '';
  });
}

export function setGarageList(answer: unknown): void {
  session.garageList.value = normalizeGarageList(answer);
}

export function setMenuList(answer: unknown): void {
  session.menuList.value = normalizeMenuList(answer);
}

export function setUserRoles(answer: unknown): void {
  session.userRoles.value = normalizeRoles(answer);
}

export function setUserPermissions(answer: unknown): void {
  session.userPermissions.value = normalizePermissions(answer);
}

/** Spec 3: user info fills the garage, corp, work-chat id and nick name; the `user` entry follows. */
export function applyUserInfo(answer: unknown): void {
  const info = normalizeUserInfo(answer);
  if (!info) return;
  batch(() => {
    session.userinfo.value = info;
    if (info.garageInfo) {
      session.garageId.value = info.garageInfo.id || session.garageId.value;
      session.corpId.value = info.garageInfo.corpId;
      session.garageName.value = info.garageInfo.name;
    }
    session.workWxUserId.value = info.wechatUserId;
    if (info.nickName) session.nickName.value = info.nickName;
    session.mustChangePassword.value = info.mustChangePassword === true;
  });
  const entry = stored.user.read();
  if (entry && entry.usertoken === session.usertoken.value) {
    stored.user.write({ ...entry, userId: session.userId.value, nickName: session.nickName.value, garageId: session.garageId.value });
  }
}

/** Spec 6: the price flag comes from the garage module config; the others keep their value unless sent. */
export function applyGarageModule(answer: unknown): void {
  if (!answer || typeof answer !== 'object') return;
  const config = answer as Record<string, unknown>;
  const pageSize = Number(config.pageSize);
  batch(() => {
    session.isShowPrice.value = toFlag(config.isShowPrice, session.isShowPrice.value);
    session.isShowDiagnostic.value = toFlag(config.isShowDiagnostic, session.isShowDiagnostic.value);
    session.isShowPhone.value = toFlag(config.isShowPhone, session.isShowPhone.value);
    session.isShowAll.value = toFlag(config.isShowAll, session.isShowAll.value);
    session.salesman.value = toFlag(config.salesman, session.salesman.value);
    if (Number.isInteger(pageSize) && pageSize > 0) session.pageSize.value = pageSize;
  });
}
