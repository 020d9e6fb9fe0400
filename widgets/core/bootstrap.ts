/**
 * Startup (spec 2), after 100 ms: the garage list first (old version → the old site, nothing else
 * asked or applied), then the store list, permissions, roles, user info and the garage module
 * config, asked at once in that order and applied in that order, the module config last. Every
 * failure is swallowed. The admin check (ours, not the spec's) leaves beside the garage list because
 * the HTTP client's admin gate holds every other answer until admin status is known
 * (docs/DECISIONS.md: "Admin status first").
 */
import { getConfig } from './config';
import { http } from './http/client';
import { pageLocation } from './navigate';
import { readAdminAnswer } from './normalize';
import {
  applyGarageModule,
  applyUserInfo,
  getToken,
  session,
  setGarageList,
  setStoreList,
  setUserPermissions,
  setUserRoles,
} from './session';
import { shared } from './shared';

export const STARTUP_DELAY_MS = 100;
export const LOGIN_ROUTE = '/login';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const quietly = { silent: true, allowDuplicate: true } as const;

/** Asks the server once; meanwhile requests wait for it rather than being blanked by the gate. */
function startAdminCheck(delayMs: number): Promise<boolean> {
  const check = (async () => {
    if (delayMs > 0) await wait(delayMs);
    try {
      session.admin.value = readAdminAnswer(await http.main.get('/user/isAdmin', quietly));
    } catch {
      // A failed check must not leave the gate closed for the whole visit; the server still
      // enforces every right, the flag only hides things.
      if (getToken()) session.admin.value = false;
    }
    return session.admin.value === true;
  })();
  shared.http.adminCheck = check;
  void check.finally(() => {
    if (shared.http.adminCheck === check) shared.http.adminCheck = null;
  });
  return check;
}

/** Resolves the admin status, asking the server only when it is not known and not being asked. */
export function ensureAdminStatus(): Promise<boolean> {
  if (session.admin.value !== null) return Promise.resolve(session.admin.value);
  if (shared.http.adminCheck) return shared.http.adminCheck;
  if (!getToken()) return Promise.resolve(false);
  return startAdminCheck(0);
}

function isLoginRoute(path: string) {
  return path.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase().endsWith(LOGIN_ROUTE);
}

export function oldSiteAddress(token: string): string {
  const base = getConfig().oldSiteUrl;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}isFromOldVersion=true&token=${encodeURIComponent(token)}`;
}

/** The answer of one startup call, or `empty` when it failed (startup swallows every failure). */
function fetchQuietly(path: string, empty: unknown): Promise<unknown> {
  return http.main.get(path, quietly).catch(() => empty);
}

async function load(path: string, apply: (answer: unknown) => void, empty: unknown) {
  apply(await fetchQuietly(path, empty));
}

async function runStartup(token: string): Promise<void> {
  // An element that connected before startup may already be asking (or know): one request per load.
  const adminKnown = session.admin.value !== null || shared.http.adminCheck ? ensureAdminStatus() : startAdminCheck(STARTUP_DELAY_MS);
  await wait(STARTUP_DELAY_MS);
  // 1. The garage list, alone: on the old version the browser leaves and nothing else is asked.
  const garages = fetchQuietly('/garage/switchable-list', []);
  await adminKnown;
  const garageList = await garages;
  if (getToken() !== token) return;
  setGarageList(garageList);
  if (session.garageList.value.some((garage) => garage.selected && garage.isOldVersion)) {
    pageLocation.assign(oldSiteAddress(token));
    return;
  }
  // 2–6 in one round trip, asked and applied in the spec's order: the module config after user info.
  const rest: [Promise<unknown>, (answer: unknown) => void][] = [
    [fetchQuietly('/client/count/store', []), setStoreList],
    [fetchQuietly('/sys/permission/user', []), setUserPermissions],
    [fetchQuietly('/sys/role/user', []), setUserRoles],
    [fetchQuietly('/user/info', null), applyUserInfo],
    [fetchQuietly('/garageModule/one', null), applyGarageModule],
  ];
  for (const [answer, apply] of rest) {
    const value = await answer;
    // A logout or another login meanwhile: the rest still arrive, and none is applied.
    if (getToken() === token) apply(value);
  }
  if (getToken() === token) shared.startup.doneForToken = token;
}

/**
 * Reads the signed-in user's permissions, roles and garage settings again, so an admin's change
 * (settings centre: 权限管理, 系统设置) reaches an open page: the host app calls it every few seconds while visible.
 */
export async function refreshAuthority(): Promise<void> {
  if (!getToken()) return;
  await Promise.all([
    load('/sys/permission/user', setUserPermissions, session.userPermissions.value),
    load('/sys/role/user', setUserRoles, session.userRoles.value),
    // 系统设置 changed by an admin (price, phone numbers, page size…) reach open pages the same way.
    load('/garageModule/one', applyGarageModule, null),
  ]);
}

export interface BootstrapOptions {
  /** The current route; startup does not run on the login route (spec 2: root view). */
  path?: string;
  /** Skip when startup already completed for the current token (for widgets embedded alone). */
  once?: boolean;
}

export function bootstrap(options: BootstrapOptions = {}): Promise<void> {
  if (options.path !== undefined && isLoginRoute(options.path)) return Promise.resolve();
  const token = getToken();
  if (!token) return Promise.resolve();
  if (options.once && shared.startup.doneForToken === token) return Promise.resolve();
  if (shared.startup.run) return shared.startup.run;
  const run = runStartup(token)
    .catch(() => undefined)
    .finally(() => {
      if (shared.startup.run === run) shared.startup.run = null;
    });
  shared.startup.run = run;
  return run;
}
