/**
 * Turns whatever the server (or old stored data) hands us into the session's shapes, so a
 * missing field or a wrong type never reaches a widget (spec 5: normalised to safe defaults).
 */
import { isAdminRoleCode } from '../../contracts/permissions';
import type { GarageInfo, GarageListItem, MenuEntry, StoreListItem, UserInfo, UserRole } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const toText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** Booleans, or the 1/0 ("1"/"0") some answers use; anything else keeps the fallback. */
export function toFlag(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1') return true;
  if (value === 0 || value === '0') return false;
  return fallback;
}

/** Servers send flags as true/false, 1/0 or "1"/"0"; anything else is "no". */
const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

function parseCount(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(toText(value), 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function normalizeStoreList(value: unknown): StoreListItem[] {
  return listOf(value)
    .filter(isRecord)
    .map((store) => ({
      code: toText(store.code),
      name: toText(store.name),
      number: parseCount(store.number ?? store.count),
      selected: truthy(store.selected),
    }));
}

export function normalizeGarageList(value: unknown): GarageListItem[] {
  return listOf(value)
    .filter(isRecord)
    .map((garage) => ({
      id: toText(garage.id),
      name: toText(garage.name),
      selected: truthy(garage.selected),
      isHq: truthy(garage.isHq),
      isOldVersion: truthy(garage.isOldVersion),
    }));
}

export function normalizeMenuList(value: unknown): MenuEntry[] {
  return listOf(value).filter(isRecord);
}

export function normalizeRoles(value: unknown): UserRole[] {
  return listOf(value)
    .filter(isRecord)
    .map((role) => ({ code: toText(role.code), dataScope: parseCount(role.dataScope) }));
}

/** Permission ids arrive as numbers, numeric strings or `{ id }` objects. */
export function normalizePermissions(value: unknown): number[] {
  return listOf(value)
    .map((entry) => (isRecord(entry) ? entry.id : entry))
    .map((id) => (typeof id === 'number' ? id : Number.parseInt(toText(id), 10)))
    .filter((id) => Number.isFinite(id));
}

export function normalizeUserInfo(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const garage = isRecord(value.garageInfo) ? value.garageInfo : null;
  const garageInfo: GarageInfo | null = garage
    ? { id: toText(garage.id), corpId: toText(garage.corpId), name: toText(garage.name) }
    : null;
  const storeIds = Array.isArray(value.storeIds) ? value.storeIds.map(toText).join(',') : toText(value.storeIds);
  return {
    ...value,
    garageInfo,
    storeIds,
    wechatUserId: toText(value.wechatUserId),
    nickName: toText(value.nickName),
    phone: toText(value.phone),
  };
}

/** The first selected store, else the first store, else none (spec 4: store selection). */
export function pickCurrentStore(stores: StoreListItem[]): StoreListItem | null {
  return stores.find((store) => store.selected) ?? stores[0] ?? null;
}

export function rolesMakeAdmin(roles: UserRole[]): boolean {
  return roles.some((role) => isAdminRoleCode(role.code));
}

export function rolesDataScope(roles: UserRole[]): 1 | 2 {
  return roles.some((role) => role.dataScope === 1) ? 1 : 2;
}

/** The admin check may answer `true`, `{ isAdmin: true }` or `{ admin: true }`. */
export function readAdminAnswer(value: unknown): boolean {
  if (isRecord(value)) return truthy(value.isAdmin ?? value.admin);
  return truthy(value);
}

export { isRecord };
