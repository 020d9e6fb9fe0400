/**
 * Who is calling and what they may see, loaded once per request (one SQL round trip, see
 * repositories/accounts.ts loadAuthRow) and handed to every repository through TenantScope.
 */
import { isAdminRoleCode } from '../../../contracts/permissions';

export interface RoleInfo {
  code: string;
  name: string;
  dataScope: 1 | 2;
}

export interface AuthContext {
  userId: number;
  chainId: number;
  username: string;
  nickName: string;
  phone: string;
  wechatUserId: string;
  /** The garage the user works in now (GET /garage/switchable-list marks it selected). */
  garage: { id: number; code: string; name: string; corpId: string; isHq: boolean };
  roles: RoleInfo[];
  permissions: number[];
  isAdmin: boolean;
  dataScope: 1 | 2;
  /** Stores the user may see at all: every store of the chain (scope 1) or their own (scope 2). */
  accessibleStoreIds: number[];
  /** Stores visible in the current garage: all accessible ones at headquarters, else that store. */
  visibleStoreIds: number[];
  /** The stores the user has chosen to look at; a non-empty subset of visibleStoreIds when any is visible. */
  selectedStoreIds: number[];
  tokenId: string;
  tokenExpiresAt: number;
  /** An admin gave a one-time password (权限管理): the user is asked to set their own. */
  mustChangePassword: boolean;
}


export interface AuthRow {
  id: number;
  chain_id: number;
  username: string;
  nick_name: string;
  phone: string | null;
  wechat_user_id: string | null;
  store_ids: number[];
  selected_store_ids: number[];
  token_version: number;
  must_change_password: boolean;
  garage_id: number;
  garage_code: string;
  garage_name: string;
  garage_is_hq: boolean;
  corp_id: string;
  roles: { code: string; name: string; dataScope: number; permissions: number[] }[];
  chain_store_ids: number[] | null;
  revoked: boolean;
}

export function buildAuthContext(row: AuthRow, token: { jti: string; expiresAt: number }): AuthContext {
  const roles: RoleInfo[] = row.roles.map((role) => ({ code: role.code, name: role.name, dataScope: role.dataScope === 1 ? 1 : 2 }));
  const isAdmin = roles.some((role) => isAdminRoleCode(role.code));
  const dataScope: 1 | 2 = roles.some((role) => role.dataScope === 1) ? 1 : 2;
  const permissionSet = new Set(row.roles.flatMap((role) => role.permissions));
  const permissions = isAdmin || permissionSet.has(-1) ? [-1] : [...permissionSet].sort((a, b) => a - b);
  const chainStores = row.chain_store_ids ?? [];
  const accessible = dataScope === 1 ? chainStores : chainStores.filter((id) => row.store_ids.includes(id));
  const visible = row.garage_is_hq ? accessible : accessible.filter((id) => id === row.garage_id);
  const chosen = row.selected_store_ids.filter((id) => visible.includes(id));
  return {
    userId: row.id,
    chainId: row.chain_id,
    username: row.username,
    nickName: row.nick_name,
    phone: row.phone ?? '',
    wechatUserId: row.wechat_user_id ?? '',
    garage: { id: row.garage_id, code: row.garage_code, name: row.garage_name, corpId: row.corp_id, isHq: row.garage_is_hq },
    roles,
    permissions,
    isAdmin,
    dataScope,
    accessibleStoreIds: accessible,
    visibleStoreIds: visible,
    selectedStoreIds: chosen.length > 0 ? chosen : visible,
    tokenId: token.jti,
    tokenExpiresAt: token.expiresAt,
    mustChangePassword: Boolean(row.must_change_password),
  };
}

export function hasPermission(auth: AuthContext, id: number): boolean {
  return auth.permissions.includes(-1) || auth.permissions.includes(id);
}
