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

/**
 * The roles a chain starts with (the demo seed makes them; docs/help/user-auth.md lists them for
 * staff, and a test holds the two equal). Each gives its position what its daily work needs: the
 * front desk calls and texts (its 工作台 tasks), the store manager runs the store, 财务 reads the
 * figures of every store, a technician works on the customer pages every signed-in user has.
 */
export const STARTER_ROLES: readonly { code: string; name: string; dataScope: 1 | 2; permissions: readonly number[] }[] = [
  { code: 'garage_admin', name: '总部管理员', dataScope: 1, permissions: [ALL_PERMISSIONS_ID] },
  // The spec's second admin code: an admin of their own stores (contracts/rules/authority.ts).
  { code: 'admin', name: '门店管理员', dataScope: 2, permissions: [ALL_PERMISSIONS_ID] },
  {
    code: 'store_manager',
    name: '门店店长',
    dataScope: 2,
    permissions: [Permission.customerImport, Permission.smsMarketing, Permission.dataAnalytics, Permission.insurance, Permission.webPhone, Permission.mall, Permission.bigScreen],
  },
  { code: 'front_desk', name: '前台接待', dataScope: 2, permissions: [Permission.smsMarketing, Permission.webPhone] },
  { code: 'technician', name: '技师', dataScope: 2, permissions: [] },
  { code: 'finance', name: '财务', dataScope: 1, permissions: [Permission.dataAnalytics] },
];

export const starterRole = (code: string) => STARTER_ROLES.find((role) => role.code === code)!;
