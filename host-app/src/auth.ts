import { getToken, hasPermission, session, useValue } from './core';
import { effectivePermission, type MenuGroup } from './routes';

/**
 * The guard's token (spec: route guard): the session's, else the `usertoken` of the stored `user`
 * entry; the core deletes an entry that cannot be read.
 */
export function currentToken(): string {
  return getToken();
}

/** Re-renders when the session's token changes (login, logout, expiry). */
export function useToken(): string {
  useValue(session.usertoken);
  return currentToken();
}

/** Admins pass every check; hasPermission also passes on -1 (spec section 5). */
export function mayOpen(path: string): boolean {
  const permission = effectivePermission(path);
  return permission === undefined || session.isAdmin.value || hasPermission(permission);
}

/** Re-renders when roles or permissions arrive, and answers whether a path may be opened. */
export function usePermissions(): (path: string) => boolean {
  useValue(session.userRoles);
  useValue(session.userPermissions);
  useValue(session.isShowDiagnostic);
  return mayOpen;
}

/** 系统设置's 显示诊断表 switch hides the 诊断表 entry (the page itself says it is switched off). */
const switchedOff = (path: string) => path === '/home/statistic' && !session.isShowDiagnostic.value;

export function visibleMenu(groups: MenuGroup[]): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => mayOpen(entry.path) && !switchedOff(entry.path)) }))
    .filter((group) => group.entries.length > 0);
}
