/**
 * Who may grant what (settings centre, 权限管理). The server refuses with these messages and the
 * widget greys out what the signed-in admin could not save, from the same functions.
 *
 * - Only admins manage authority.
 * - A store-level admin (an admin whose data scope is 2, own stores) sees and manages only staff
 *   whose stores all lie within their own, assigns only those stores, never makes an admin and
 *   never grants the all-stores scope. Roles are chain-wide, so only a chain-wide admin edits them.
 * - Nobody removes the last enabled admin of a chain, and nobody disables themselves or takes
 *   their own admin role away (they would be locked out).
 */
import { isAdminRoleCode } from '../permissions';

/** Login names: what staff type on a phone keyboard without surprises. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;
export const USERNAME_RULE_TEXT = '3–32 位字母、数字、点、下划线或短横线，以字母开头';

export interface Grantor {
  userId: number;
  isAdmin: boolean;
  dataScope: 1 | 2;
  /** The stores the admin may see at all. */
  storeIds: readonly number[];
}

export interface GrantedRole {
  code: string;
  dataScope: 1 | 2;
}

export const AUTHORITY_MESSAGES = {
  notAdmin: '仅管理员可以管理员工与权限',
  rolesChainWide: '角色对全连锁生效，只有总部管理员可以新建或修改角色',
  noAdminByStoreAdmin: '门店管理员不能设置管理员角色',
  noAllStoresByStoreAdmin: '门店管理员不能授予“全部门店”的数据范围',
  storeOutside: '不能分配您管理范围以外的门店',
  noStore: '该角色只能查看所属门店，请至少选择一个所属门店',
  staffOutside: '该员工不在您管理的门店范围内',
  lastAdmin: '这是本连锁最后一位管理员，不能停用或取消其管理员角色',
  notYourself: '不能停用自己或取消自己的管理员角色，以免无法再登录管理',
  builtInRole: '内置角色不能修改或删除',
  roleInUse: (count: number) => `还有 ${count} 位员工使用该角色，请先为他们更换角色`,
  changedByOthers: '已被他人修改，请刷新后再试',
} as const;

/** Chain-wide admins (data scope 1) manage roles; a store-level admin only assigns them. */
export function roleEditProblem(grantor: Grantor): string | null {
  if (!grantor.isAdmin) return AUTHORITY_MESSAGES.notAdmin;
  if (grantor.dataScope !== 1) return AUTHORITY_MESSAGES.rolesChainWide;
  return null;
}

/** Whether the admin may give this role to somebody. */
export function roleGrantProblem(grantor: Grantor, role: GrantedRole): string | null {
  if (!grantor.isAdmin) return AUTHORITY_MESSAGES.notAdmin;
  if (grantor.dataScope === 1) return null;
  if (isAdminRoleCode(role.code)) return AUTHORITY_MESSAGES.noAdminByStoreAdmin;
  if (role.dataScope === 1) return AUTHORITY_MESSAGES.noAllStoresByStoreAdmin;
  return null;
}

/** Whether the admin may assign these stores (for a chain-wide admin: every store of the chain). */
export function storeGrantProblem(grantor: Grantor, storeIds: readonly number[]): string | null {
  if (!grantor.isAdmin) return AUTHORITY_MESSAGES.notAdmin;
  return storeIds.every((id) => grantor.storeIds.includes(id)) ? null : AUTHORITY_MESSAGES.storeOutside;
}

/** Staff whose every role is limited to own stores sees nothing without a store. */
export function staffStoresProblem(roles: readonly GrantedRole[], storeIds: readonly number[]): string | null {
  const limited = roles.every((role) => role.dataScope === 2 && !isAdminRoleCode(role.code));
  return limited && storeIds.length === 0 ? AUTHORITY_MESSAGES.noStore : null;
}

/**
 * Whether the admin may see and manage a staff member with these stores and roles. A store-level
 * admin manages only store staff inside their stores, never an admin or an all-stores account.
 */
export function staffManageProblem(grantor: Grantor, staff: { storeIds: readonly number[]; roles: readonly GrantedRole[] }): string | null {
  if (!grantor.isAdmin) return AUTHORITY_MESSAGES.notAdmin;
  if (grantor.dataScope === 1) return null;
  const inside = staff.storeIds.length > 0 && staff.storeIds.every((id) => grantor.storeIds.includes(id));
  const grantable = staff.roles.every((role) => roleGrantProblem(grantor, role) === null);
  return inside && grantable ? null : AUTHORITY_MESSAGES.staffOutside;
}
