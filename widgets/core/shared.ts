/**
 * The one store per page. The first copy of the core that runs creates it under a global symbol;
 * every later copy (another separately built bundle) adopts it — including the first copy's
 * signals runtime, because signals-core tracks dependencies in module-level state: an effect of
 * copy B never notices a signal of copy A changing unless it is A's `effect` that runs it.
 */
import { batch, computed, effect, signal, untracked } from '@preact/signals-core';
import type { ReadonlySignal, Signal } from '@preact/signals-core';
import { BUILD_CIPHER_KEY, BUILD_OLD_SITE_URL } from './build-constants';
import { pickCurrentStore, rolesDataScope, rolesMakeAdmin } from './normalize';
import { bindStorage, DEFAULT_STORAGE_MODE, persistedSession, stored } from './storage';
import type { CoreConfig, GarageListItem, MenuEntry, StoreListItem, UserInfo, UserRole } from './types';

export interface SignalsRuntime {
  signal: typeof signal;
  computed: typeof computed;
  effect: typeof effect;
  batch: typeof batch;
  untracked: typeof untracked;
}

/** Field values of spec section 3 (isHeadquarters is derived, see SessionDerived). */
export interface SessionValues {
  userId: string;
  workWxUserId: string;
  usertoken: string;
  userinfo: UserInfo | null;
  corpId: string;
  menuList: MenuEntry[];
  settingFlag: boolean;
  workFlag: boolean;
  shopFlag: boolean;
  garageId: string;
  nickName: string;
  garageName: string;
  activeDepartmentId: string;
  activeChatId: string;
  storeId: string;
  isShowPrice: boolean;
  isShowAll: boolean;
  isShowPhone: boolean;
  isShowDiagnostic: boolean;
  salesman: boolean;
  pageSize: number;
  /** Result of the admin check; null = not yet known (drives the HTTP client's admin gate). */
  admin: boolean | null;
  storeList: StoreListItem[];
  garageList: GarageListItem[];
  userPermissions: number[];
  userRoles: UserRole[];
  /**
   * An admin's one-time password is in use (user info says so, or the server refused a call with
   * 428): nothing but changing it answers, so elements show 「请先修改密码」 instead of their content.
   */
  mustChangePassword: boolean;
}

export type SessionState = { [Field in keyof SessionValues]: Signal<SessionValues[Field]> };

export interface SessionDerived {
  isLoggedIn: ReadonlySignal<boolean>;
  isAdmin: ReadonlySignal<boolean>;
  dataScope: ReadonlySignal<1 | 2>;
  isUserInfoComplete: ReadonlySignal<boolean>;
  currentStore: ReadonlySignal<StoreListItem | null>;
  isHeadquarters: ReadonlySignal<boolean>;
}

export type Session = SessionState & SessionDerived;

/** Spec 4: reset defaults. */
export function sessionDefaults(): SessionValues {
  return {
    userId: '',
    workWxUserId: '',
    usertoken: '',
    userinfo: null,
    corpId: '',
    menuList: [],
    settingFlag: false,
    workFlag: true,
    shopFlag: false,
    garageId: '',
    nickName: '',
    garageName: '',
    activeDepartmentId: '',
    activeChatId: '',
    storeId: '',
    isShowPrice: true,
    isShowAll: true,
    isShowPhone: true,
    isShowDiagnostic: true,
    salesman: true,
    pageSize: 10,
    admin: null,
    storeList: [],
    garageList: [],
    userPermissions: [],
    userRoles: [],
    mustChangePassword: false,
  };
}

export function defaultConfig(): CoreConfig {
  return {
    mainBase: '/api',
    wecomBase: '/wecom',
    aiBase: '/ai',
    cipherKey: BUILD_CIPHER_KEY,
    sipServer: '',
    oldSiteUrl: BUILD_OLD_SITE_URL,
    loginPath: '',
    assetBase: '/widgets/shoelace',
    storage: DEFAULT_STORAGE_MODE,
  };
}

export interface SharedCore {
  /** Bumped when the shape below changes incompatibly, so an old copy can tell. */
  formatVersion: 1;
  runtime: SignalsRuntime;
  session: Session;
  config: Signal<CoreConfig>;
  http: {
    inFlight: Map<string, AbortController>;
    lastExpiryToastAt: number;
    adminCheck: Promise<boolean> | null;
  };
  startup: { run: Promise<void> | null; doneForToken: string };
  loading: { visible: Signal<boolean>; openCount: number; closeTimer: ReturnType<typeof setTimeout> | null };
  /** The entries of the `memory` storage mode (storage.ts). Optional: older copies lack it. */
  storageMemory?: Map<string, string>;
}

/** The session as the storage of the current mode holds it (a reload, or a change of mode). */
function storedSession(): Pick<SessionValues, 'usertoken' | 'userId' | 'nickName' | 'garageId'> {
  const persisted = persistedSession.read();
  const user = stored.user.read();
  const usertoken = persisted.usertoken || user?.usertoken || '';
  // The `user` entry carries the name shown before startup finishes after a reload.
  const sameUser = Boolean(user && usertoken && (!user.usertoken || user.usertoken === usertoken));
  return {
    usertoken,
    userId: persisted.userId || user?.userId || '',
    nickName: sameUser ? user!.nickName : '',
    garageId: sameUser ? user!.garageId : '',
  };
}

function createSession(): Session {
  const initial = { ...sessionDefaults(), ...storedSession() };
  const state = Object.fromEntries(
    Object.entries(initial).map(([field, value]) => [field, signal(value)]),
  ) as SessionState;

  const derived: SessionDerived = {
    isLoggedIn: computed(() => state.usertoken.value !== ''),
    isAdmin: computed(() => rolesMakeAdmin(state.userRoles.value)),
    dataScope: computed(() => rolesDataScope(state.userRoles.value)),
    isUserInfoComplete: computed(() => Boolean(state.userId.value && state.garageId.value && state.nickName.value)),
    currentStore: computed(() => pickCurrentStore(state.storeList.value)),
    isHeadquarters: computed(() => state.garageList.value.find((garage) => garage.selected)?.isHq ?? false),
  };
  const session: Session = { ...state, ...derived };

  // Spec 3: only usertoken and userId of the state are persisted.
  effect(() => {
    persistedSession.write({ usertoken: state.usertoken.value, userId: state.userId.value });
  });
  return session;
}

function createShared(): SharedCore {
  const config = signal(defaultConfig());
  const storageMemory = new Map<string, string>();
  // Before the session reads anything: it must read in the page's mode.
  bindStorage({ mode: () => config.peek().storage, memory: storageMemory });
  return {
    formatVersion: 1,
    runtime: { signal, computed, effect, batch, untracked },
    session: createSession(),
    config,
    storageMemory,
    http: { inFlight: new Map(), lastExpiryToastAt: 0, adminCheck: null },
    startup: { run: null, doneForToken: '' },
    loading: { visible: signal(false), openCount: 0, closeTimer: null },
  };
}

export const SHARED_KEY: unique symbol = Symbol.for('garage-suite.session');

const holder = globalThis as unknown as { [SHARED_KEY]?: SharedCore };

export const shared: SharedCore = holder[SHARED_KEY] ?? (holder[SHARED_KEY] = createShared());

// A later copy of the core (another bundle) reads and writes where the first one does.
shared.storageMemory ??= new Map();
// …and one made before the session had this field (a cached older bundle) gets it.
shared.session.mustChangePassword ??= signal(false);
bindStorage({ mode: () => shared.config.peek().storage ?? DEFAULT_STORAGE_MODE, memory: shared.storageMemory });

/**
 * After the page chose another storage mode (configure({ storage })): a page without a session
 * yet takes the one kept in that mode's storage — how the host app, which says `spec-keys` once
 * its core has loaded, finds the session of its previous visit.
 */
export function adoptStoredSession(): void {
  const { session } = shared;
  if (session.usertoken.peek()) return;
  const restored = storedSession();
  if (!restored.usertoken) return;
  shared.runtime.batch(() => {
    for (const field of ['usertoken', 'userId', 'nickName', 'garageId'] as const) session[field].value = restored[field];
  });
}
