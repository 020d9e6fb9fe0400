/**
 * The browser entries of spec section 3. Every access is guarded: storage can be missing (Node),
 * blocked (privacy mode) or full, and none of that may break a widget.
 */
import type { StoredUser, WebPhoneSetting } from './types';

export const SESSION_KEY = 'garage-suite.session';
export const USER_KEY = 'user';
export const MAC_KEY = 'mac';
export const WEB_PHONE_KEY = 'webPhone';
export const VERSION_KEY = 'VERSION';

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readText(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeText(key: string, value: string) {
  try {
    local()?.setItem(key, value);
  } catch {
    // Full or blocked storage only costs persistence across reloads; the session still works.
  }
}

function remove(key: string) {
  try {
    local()?.removeItem(key);
  } catch {
    // see writeText
  }
}

/** Parses a JSON entry; an entry that is not a JSON object is deleted (spec: unreadable → cleared). */
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
    const value = readObject(SESSION_KEY);
    return { usertoken: asText(value?.usertoken), userId: asText(value?.userId) };
  },
  write(value: PersistedSession) {
    if (!value.usertoken && !value.userId) remove(SESSION_KEY);
    else writeText(SESSION_KEY, JSON.stringify({ usertoken: value.usertoken, userId: value.userId }));
  },
  remove: () => remove(SESSION_KEY),
};

export const stored = {
  user: {
    read(): StoredUser | null {
      const value = readObject(USER_KEY);
      if (!value) return null;
      return {
        usertoken: asText(value.usertoken),
        userId: asText(value.userId),
        nickName: asText(value.nickName),
        garageId: asText(value.garageId),
      };
    },
    write(user: StoredUser) {
      writeText(USER_KEY, JSON.stringify(user));
    },
    remove: () => remove(USER_KEY),
  },
  mac: {
    read: (): string => readText(MAC_KEY) ?? '',
    write: (mac: string) => writeText(MAC_KEY, mac),
    remove: () => remove(MAC_KEY),
  },
  webPhone: {
    read(): WebPhoneSetting | null {
      const value = readObject(WEB_PHONE_KEY);
      return value ? { enabled: value.enabled === true, status: asText(value.status) } : null;
    },
    write: (setting: WebPhoneSetting) => writeText(WEB_PHONE_KEY, JSON.stringify(setting)),
    remove: () => remove(WEB_PHONE_KEY),
  },
  version: {
    read(): number | null {
      const text = readText(VERSION_KEY);
      const value = text === null ? NaN : Number(text);
      return Number.isFinite(value) ? value : null;
    },
    write: (version: number) => writeText(VERSION_KEY, String(version)),
    remove: () => remove(VERSION_KEY),
  },
};

export function clearSessionStorage() {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  } catch {
    // blocked storage: nothing to clear
  }
}
