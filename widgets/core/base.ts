/**
 * The lean public API of the core: the names of index.ts except `loading` and the cipher
 * functions, for a widget that renders no Shoelace component and is embedded alone on partner
 * pages (the phone bar). Importing it loads no Shoelace: its define() puts no Shoelace theme in
 * the shadow root, and a toast loads the components and the theme when it first shows. Nor
 * crypto-js: answers are decrypted with WebCrypto where the browser has it (crypto/decrypt.ts).
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
  applyGarageModule,
} from './session';
export type { LoginUser } from './session';
export { bootstrap, ensureAdminStatus, refreshAuthority } from './bootstrap';
export type { BootstrapOptions } from './bootstrap';
export { configure, getConfig } from './config';
export { stored } from './storage';
export { http, ApiError, isCancelled, httpMessages, TRANSPORT_FAILURE_CODE } from './http';
export type { HttpHost, HttpAnswer, RequestOptions, RequestConfig, HttpMethod, QueryParams } from './http';
export { toast } from './ui/toast';
export { loadingState, LOADING_CLOSE_DELAY_MS } from './loading';
export type { ToastType } from './ui/toast';
export { defineWithoutTheme as define } from './element';
export type { DefineOptions, PropType, PropsOf, SharedElementProps, SignedOutView, WidgetElement, WidgetProps, WidgetTag } from './element';
export { navigate, emit, NAVIGATE_EVENT } from './navigate';
export { formatCallTimer, formatCountdown } from './timers';
export { useValue } from './react';
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
