/**
 * 权限管理 (settings centre, userAuth): staff accounts, roles with their permission matrix and data
 * scope, and the audit log. Admins only; the rules of who may grant what are in
 * contracts/rules/authority.ts. Every change carries the row's `version`: a stale one is refused
 * with 「已被他人修改」 instead of overwriting somebody else's change.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { ALL_PERMISSIONS } from '../permissions';
import { USERNAME_PATTERN, USERNAME_RULE_TEXT } from '../rules/authority';
import { flag, id, idList, integer, list, mobile, oneOf, pattern, requiredText } from '../fields';

const call = apiCalls('权限管理');

const dataScope = z.union([z.literal(1), z.literal(2)]);
const version = integer('版本号', { min: 1, max: 2_147_483_647 });
const permissionIds = list(
  '权限',
  integer('权限编号', { min: 1, max: 99 }).refine((value) => (ALL_PERMISSIONS as readonly number[]).includes(value), { error: '不支持的权限编号' }),
  { max: ALL_PERMISSIONS.length },
);

const username = pattern('登录名', USERNAME_PATTERN, `登录名应为${USERNAME_RULE_TEXT}`, { max: 32 });

export const staffRow = z.object({
  id: z.number(),
  username: z.string(),
  nickName: z.string(),
  phone: z.string(),
  enabled: z.boolean(),
  /** Too many wrong passwords in the last minutes: login refused until the window ends or an admin unlocks. */
  locked: z.boolean(),
  mustChangePassword: z.boolean(),
  storeIds: z.array(z.number()),
  roleIds: z.array(z.number()),
  departmentId: z.number().nullable(),
  /** 岗位 (岗位池), null for none. */
  jobId: z.number().nullable(),
  isAdmin: z.boolean(),
  /** Whether the signed-in admin may change this account (a store-level admin sees only their stores' staff). */
  editable: z.boolean(),
  version: z.number(),
});

export const roleRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  dataScope,
  permissionIds: z.array(z.number()),
  builtIn: z.boolean(),
  isAdmin: z.boolean(),
  staffCount: z.number(),
  /** Whether the signed-in admin may give this role to somebody. */
  grantable: z.boolean(),
  version: z.number(),
});

export const staffList = call({
  method: 'GET',
  path: '/authority/staff',
  summary: '员工账号列表（门店管理员只看到本人门店的员工）',
  answer: z.object({
    staff: z.array(staffRow),
    roles: z.array(roleRow),
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Positions (岗位池): choosing one for a new account pre-fills its default role. */
    jobs: z.array(z.object({ id: z.number(), name: z.string(), defaultRoleId: z.number().nullable() })),
  }),
});

const staffFields = {
  nickName: requiredText('姓名', { max: 32 }),
  phone: mobile('手机号').optional().or(z.literal('').transform(() => undefined)),
  roleIds: idList('角色', { max: 20 }).refine((ids) => ids.length > 0, { error: '请至少选择一个角色' }),
  storeIds: idList('所属门店', { max: 500 }),
  departmentId: id('部门').optional(),
  jobId: id('岗位').optional(),
};

/** A new account answers its one-time password once; it must be changed at the first login. */
export const createStaff = call({
  method: 'POST',
  path: '/authority/staff',
  summary: '新建员工账号；应答中的一次性密码只显示这一次',
  input: z.object({ username, ...staffFields }),
  answer: z.object({ id: z.number(), oneTimePassword: z.string() }),
});

export const updateStaff = call({
  method: 'PUT',
  path: '/authority/staff',
  summary: '修改员工的姓名、手机号、角色、门店与部门',
  input: z.object({ id: id('员工'), version, ...staffFields }),
  answer: z.object({ version: z.number() }),
});

export const setStaffEnabled = call({
  method: 'PUT',
  path: '/authority/staff/enabled',
  summary: '启用或停用员工账号（停用立即退出其所有登录）',
  input: z.object({ id: id('员工'), version, enabled: flag('启用') }),
  answer: z.object({ version: z.number() }),
});

export const unlockStaff = call({
  method: 'POST',
  path: '/authority/staff/unlock',
  summary: '解除员工因多次输错密码而被暂时锁定的登录',
  input: z.object({ id: id('员工') }),
  answer: z.null(),
});

export const resetStaffPassword = call({
  method: 'POST',
  path: '/authority/staff/reset-password',
  summary: '重置员工密码：生成一次性密码（只显示这一次），其所有登录失效',
  input: z.object({ id: id('员工'), version }),
  answer: z.object({ oneTimePassword: z.string(), version: z.number() }),
});

const roleFields = {
  name: requiredText('角色名称', { max: 20 }),
  // 1 or '1' (JSON or a form), answered as the number.
  dataScope: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), oneOf('数据范围', ['1', '2'])).transform((value) => Number(value) as 1 | 2),
  permissionIds,
};

export const createRole = call({
  method: 'POST',
  path: '/authority/role',
  summary: '新建自定义角色（仅总部管理员）',
  input: z.object(roleFields),
  answer: z.object({ id: z.number() }),
});

export const updateRole = call({
  method: 'PUT',
  path: '/authority/role',
  summary: '修改自定义角色的名称、数据范围与权限（仅总部管理员）；已登录的员工 5 秒内生效',
  input: z.object({ id: id('角色'), version, ...roleFields }),
  answer: z.object({ version: z.number() }),
});

export const deleteRole = call({
  method: 'DELETE',
  path: '/authority/role',
  summary: '删除无人使用的自定义角色（仅总部管理员）',
  input: z.object({ id: id('角色'), version }),
  answer: z.null(),
});

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetName: z.string(),
  detail: z.record(z.string(), z.unknown()),
  address: z.string(),
});

export const auditLog = call({
  method: 'GET',
  path: '/authority/audit',
  summary: '操作日志：谁在何时从何处修改了账号、角色、权限、门店或设置（只读，可查的天数按版本）',
  input: z.object({ page: integer('页码', { min: 1, max: 10_000 }).default(1), pageSize: integer('每页条数', { min: 5, max: 100 }).default(20) }),
  answer: z.object({ total: z.number(), entries: z.array(auditEntry) }),
});

