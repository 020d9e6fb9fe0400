/**
 * The public API of the core (documented in README.md). Named exports only: anything not listed
 * here is private to widgets/core.
 */
import { shared } from './shared';

export { session } from './session';
export type { Session, SessionValues, SessionState, SessionDerived } from './shared';
export {
  login,
  logout,
  expireSession,
  resetSession,
  getToken,
  hasPermission,
  setStoreList,
  setGarageList,
  setMenuList,
  userIdFromToken,
} from './session';
export type { LoginUser } from './session';
export { bootstrap, ensureAdminStatus } from './bootstrap';
export type { BootstrapOptions } from './bootstrap';
export { configure, getConfig } from './config';
export { stored } from './storage';
export { http, ApiError, isCancelled, httpMessages } from './http';
export type { HttpHost, HttpAnswer, RequestOptions, RequestConfig, HttpMethod, QueryParams } from './http';
export { toast } from './ui/toast';
export type { ToastType } from './ui/toast';
export { loading } from './ui/loading';
export { define } from './define';
export type { DefineOptions, PropType, WidgetProps } from './define';
export { navigate, emit, NAVIGATE_EVENT } from './navigate';
export { formatCallTimer, formatCountdown } from './formats';
export { useValue } from './react';
export { encryptText, decryptText, DEFAULT_CIPHER_KEY } from './crypto/cipher';
export type {
  CoreConfig,
  StoreListItem,
  GarageListItem,
  UserRole,
  UserInfo,
  GarageInfo,
  MenuEntry,
  StoredUser,
  WebPhoneSetting,
} from './types';
export type { ReadonlySignal, Signal } from '@preact/signals-core';

/** The page's one signals runtime (see README: one session per page). */
export const { signal, computed, effect, batch, untracked } = shared.runtime;
