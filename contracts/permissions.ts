/**
 * What each permission id of the spec guards (docs/DECISIONS.md, "Permission ids → features").
 * The ids are the spec's; the names are ours so routes, menu entries and server checks read as
 * features. `-1` and admins pass every check.
 */
export const Permission = {
  customerImport: 5,
  settingsCentre: 6,
  smsMarketing: 11,
  dataAnalytics: 13,
  insurance: 15,
  webPhone: 16,
  mall: 17,
  bigScreen: 18,
} as const;

export type PermissionId = (typeof Permission)[keyof typeof Permission];

/** Chinese names for the settings centre's permission matrix and refusals. */
export const PERMISSION_NAMES: Record<PermissionId, string> = {
  5: '客户导入',
  6: '设置中心',
  11: '短信营销',
  13: '数据',
  15: '保险',
  16: '网络电话',
  17: '商城与续费',
  18: '智慧大屏',
};

/** Every permission, for the matrix. */
export const ALL_PERMISSIONS = Object.values(Permission);

/** Passes every check. */
export const ALL_PERMISSIONS_ID = -1;

/** Roles that make their holder an admin (spec 5): every check passes, authority can be managed. */
export const ADMIN_ROLE_CODES: readonly string[] = ['garage_admin', 'admin'];

export const isAdminRoleCode = (code: string): boolean => ADMIN_ROLE_CODES.includes(code);

/** Data scopes of a role (spec 6): 1 every store of the chain, 2 the user's own stores. */
export const DATA_SCOPE_NAMES: Record<1 | 2, string> = { 1: '全部门店', 2: '本人所属门店' };
