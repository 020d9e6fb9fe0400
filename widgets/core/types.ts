import type { StorageMode } from './storage';
/** Shapes of the session (spec section 3) as the client keeps them after normalisation. */

export interface StoreListItem {
  code: string;
  name: string;
  /** Parsed from the answer's `count` (spec: "number (parsed from a count)"). */
  number: number;
  selected: boolean;
}

export interface GarageListItem {
  id: string;
  name: string;
  selected: boolean;
  isHq: boolean;
  /** Set by the server when this garage still runs on the old version of the product. */
  isOldVersion: boolean;
}

export interface UserRole {
  code: string;
  dataScope: number;
}

export interface GarageInfo {
  id: string;
  corpId: string;
  name: string;
}

export interface UserInfo {
  garageInfo: GarageInfo | null;
  /** Comma-separated store codes, as the server sends them. */
  storeIds: string;
  wechatUserId: string;
  nickName: string;
  phone: string;
  [field: string]: unknown;
}

/** Menu entries are decided by the host app; the session only keeps what it is given. */
export type MenuEntry = Record<string, unknown>;

export interface StoredUser {
  usertoken: string;
  userId: string;
  nickName: string;
  garageId: string;
}

export interface WebPhoneSetting {
  enabled: boolean;
  status: string;
}

export interface CoreConfig {
  mainBase: string;
  wecomBase: string;
  aiBase: string;
  cipherKey: string;
  sipServer: string;
  oldSiteUrl: string;
  loginPath: string;
  assetBase: string;
  /** Where the session is kept in the browser (storage.ts): only our host app uses 'spec-keys'. */
  storage: StorageMode;
}
