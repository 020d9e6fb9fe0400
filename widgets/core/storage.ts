/**
 * The browser entries of spec section 3. Every access is guarded: storage can be missing (Node),
 * blocked (privacy mode) or full, and none of that may break a widget.
 *
 * Where they live depends on the page (docs/ARCHITECTURE.md, "Storage"): our host app keeps the
 * spec's keys (`user`, `mac`, `webPhone`, `VERSION`, `garage-suite.session`) — it owns its origin.
 * Any other page is a partner's: its `localStorage.user` is the partner's own, so there we read
 * and write only keys under `garage-suite:` (or nothing at all, in memory), and never clear
 * what is not ours.
 */
import type { StoredUser, WebPhoneSetting } from './types';

/**
 * - `spec-keys`: the spec's keys, and logout clears the whole sessionStorage (spec 4). Our host app only.
 * - `namespaced` (the default): `garage-suite:user`, `garage-suite:session`, …; logout removes only those.
 * - `memory`: nothing is written to the page's storage; a reload forgets the session.
 */
export type StorageMode = 'spec-keys' | 'namespaced' | 'memory';

export const STORAGE_MODES: readonly StorageMode[] = ['spec-keys', 'namespaced', 'memory'];
export const DEFAULT_STORAGE_MODE: StorageMode = 'namespaced';
export const NAMESPACE = 'garage-suite:';

/** The spec's keys, by entry (spec section 3; the persisted session's key is ours). */
export const SPEC_KEYS = {
  session: 'garage-suite.session',
  user: 'user',
  mac: 'mac',
  webPhone: 'webPhone',
  version: 'VERSION',
} as const;
export type StorageEntry = keyof typeof SPEC_KEYS;

/** The spec's keys by name (the `spec-keys` mode's; storageKey() gives the current mode's). */
export const SESSION_KEY = SPEC_KEYS.session;
export const USER_KEY = SPEC_KEYS.user;
export const MAC_KEY = SPEC_KEYS.mac;
export const WEB_PHONE_KEY = SPEC_KEYS.webPhone;
export const VERSION_KEY = SPEC_KEYS.version;

/**
 * Which mode, and the memory behind `memory`: page-wide, so shared.ts binds every copy of the
 * core on the page to the one store (before that binding: the default mode).
 */
export interface StorageBinding {
  mode(): StorageMode;
  memory: Map<string, string>;
}

let binding: StorageBinding = { mode: () => DEFAULT_STORAGE_MODE, memory: new Map() };

export function bindStorage(next: StorageBinding): void {
  binding = next;
}

export function storageMode(): StorageMode {
  return binding.mode();
}

/** The key of an entry in the current mode: `user` or `garage-suite:user`. */
export function storageKey(entry: StorageEntry): string {
  return storageMode() === 'spec-keys' ? SPEC_KEYS[entry] : `${NAMESPACE}${entry}`;
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readText(key: string): string | null {
  if (storageMode() === 'memory') return binding.memory.get(key) ?? null;
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeText(key: string, value: string) {
  if (storageMode() === 'memory') {
    binding.memory.set(key, value);
    return;
  }
  try {
    local()?.setItem(key, value);
  } catch {
    // Full or blocked storage only costs persistence across reloads; the session still works.
  }
}

function remove(key: string) {
  if (storageMode() === 'memory') {
    binding.memory.delete(key);
    return;
  }
  try {
    local()?.removeItem(key);
  } catch {
    // see writeText
  }
}

/**
 * Parses a JSON entry. An entry that is not a JSON object is deleted (spec: unreadable → cleared)
 * — only under our own keys: on a partner page a `user` that is not ours is never read at all.
 */
function readObject(key: string): Record<string, unknown> | null {
  const text = readText(key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to deletion
  }
  remove(key);
  return null;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export interface PersistedSession {
  usertoken: string;
  userId: string;
}

export const persistedSession = {
  read(): PersistedSession {
    const value = readObject(storageKey('session'));
    return { usertoken: asText(value?.usertoken), userId: asText(value?.userId) };
  },
  write(value: PersistedSession) {
    if (!value.usertoken && !value.userId) remove(storageKey('session'));
    else writeText(storageKey('session'), JSON.stringify({ usertoken: value.usertoken, userId: value.userId }));
  },
  remove: () => remove(storageKey('session')),
};

export const stored = {
  user: {
    read(): StoredUser | null {
      const value = readObject(storageKey('user'));
      if (!value) return null;
      return {
        usertoken: asText(value.usertoken),
        userId: asText(value.userId),
        nickName: asText(value.nickName),
        garageId: asText(value.garageId),
      };
    },
    write(user: StoredUser) {
      writeText(storageKey('user'), JSON.stringify(user));
    },
    remove: () => remove(storageKey('user')),
  },
  mac: {
    read: (): string => readText(storageKey('mac')) ?? '',
    write: (mac: string) => writeText(storageKey('mac'), mac),
    remove: () => remove(storageKey('mac')),
  },
  webPhone: {
    read(): WebPhoneSetting | null {
      const value = readObject(storageKey('webPhone'));
      return value ? { enabled: value.enabled === true, status: asText(value.status) } : null;
    },
    write: (setting: WebPhoneSetting) => writeText(storageKey('webPhone'), JSON.stringify(setting)),
    remove: () => remove(storageKey('webPhone')),
  },
  version: {
    read(): number | null {
      const text = readText(storageKey('version'));
      const value = text === null ? NaN : Number(text);
      return Number.isFinite(value) ? value : null;
    },
    write: (version: number) => writeText(storageKey('version'), String(version)),
    remove: () => remove(storageKey('version')),
  },
};

/**
 * Logout's sessionStorage part. The host app's origin is ours: the spec clears it all. On any
 * other page only our namespaced entries go; the partner's stay.
 */
export function clearSessionStorage() {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (storageMode() === 'spec-keys') {
      sessionStorage.clear();
      return;
    }
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(NAMESPACE)) sessionStorage.removeItem(key);
  } catch {
    // blocked storage: nothing to clear
  }
}
