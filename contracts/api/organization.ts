/**
 * 组织架构 (settings centre, organizationalStructure) and 岗位池 (jobPool): the department tree with
 * the staff of each department, and the positions with their default role. Admins only; who may
 * change what is in contracts/rules/organization.ts. Every change carries the row's `version`: a
 * stale one is refused with 「已被他人修改」.
 */
import { z } from 'zod';
import { apiCalls } from './route';
import { id, integer, requiredText } from '../fields';

const structure = apiCalls('组织架构');
const jobPool = apiCalls('岗位池');

const version = integer('版本号', { min: 1, max: 2_147_483_647 });
/** An id that may be left out: missing, null and '' all read as null (none). */
const optionalId = (label: string) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), id(label).optional()).transform((value) => value ?? null);
/** A department id, or none for the top level. */
const parentId = optionalId('上级部门');
const departmentName = requiredText('部门名称', { max: 30 });

export const departmentRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  /** Order among its siblings, from 0. */
  sort: z.number(),
  /** Head count: staff in it and in all its sub-departments (a store-level admin counts only the staff they manage). */
  staffCount: z.number(),
  version: z.number(),
});

export const departmentStaff = z.object({
  id: z.number(),
  nickName: z.string(),
  username: z.string(),
  departmentId: z.number().nullable(),
  jobId: z.number().nullable(),
  storeIds: z.array(z.number()),
  enabled: z.boolean(),
  /** Whether the signed-in admin may move this person to another department. */
  editable: z.boolean(),
  version: z.number(),
});

export const departments = structure({
  method: 'GET',
  path: '/organization/departments',
  summary: '部门树与各部门员工（门店管理员看到全连锁的部门，只看到本人门店的员工）',
  answer: z.object({
    departments: z.array(departmentRow),
    staff: z.array(departmentStaff),
    jobs: z.array(z.object({ id: z.number(), name: z.string() })),
    stores: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Whether the signed-in admin may add, rename, move and delete departments (chain-wide admins). */
    canEdit: z.boolean(),
  }),
});

export const createDepartment = structure({
  method: 'POST',
  path: '/organization/department',
  summary: '新建部门（放在上级部门的最后；不填上级为顶层部门）',
  input: z.object({ name: departmentName, parentId }),
  answer: z.object({ id: z.number() }),
});

export const renameDepartment = structure({
  method: 'PUT',
  path: '/organization/department',
  summary: '部门改名',
  input: z.object({ id: id('部门'), version, name: departmentName }),
  answer: z.object({ version: z.number() }),
});

export const moveDepartment = structure({
  method: 'PUT',
  path: '/organization/department/move',
  summary: '移动部门：放到另一个上级（或顶层）之下的第 index 位；不能移到它自己或下级之下',
  input: z.object({ id: id('部门'), version, parentId, index: integer('位置', { min: 0, max: 10_000 }) }),
  answer: z.object({ version: z.number() }),
});

export const deleteDepartment = structure({
  method: 'DELETE',
  path: '/organization/department',
  summary: '删除没有下级部门、也没有员工的部门',
  input: z.object({ id: id('部门'), version }),
  answer: z.null(),
});

export const placeStaff = structure({
  method: 'PUT',
  path: '/organization/department/staff',
  summary: '把员工调入某部门（不填部门为移出部门）；版本号是员工账号的版本',
  input: z.object({ id: id('员工'), version, departmentId: optionalId('部门') }),
  answer: z.object({ version: z.number() }),
});

export const jobRow = z.object({
  id: z.number(),
  name: z.string(),
  defaultRoleId: z.number().nullable(),
  builtIn: z.boolean(),
  /** Staff holding it (a store-level admin counts only the staff they manage). */
  staffCount: z.number(),
  version: z.number(),
});

export const jobs = jobPool({
  method: 'GET',
  path: '/organization/jobs',
  summary: '岗位列表、默认角色与在岗人数',
  answer: z.object({
    jobs: z.array(jobRow),
    roles: z.array(z.object({ id: z.number(), name: z.string(), isAdmin: z.boolean() })),
    /** Whether the signed-in admin may add, rename and delete positions (chain-wide admins). */
    canEdit: z.boolean(),
  }),
});

const jobFields = {
  name: requiredText('岗位名称', { max: 20 }),
  /** Pre-filled as the role of a new account for this position (权限管理); none leaves it to the admin. */
  defaultRoleId: optionalId('默认角色'),
};

export const createJob = jobPool({
  method: 'POST',
  path: '/organization/job',
  summary: '新建岗位及其默认角色',
  input: z.object(jobFields),
  answer: z.object({ id: z.number() }),
});

export const updateJob = jobPool({
  method: 'PUT',
  path: '/organization/job',
  summary: '修改岗位名称（内置岗位不能改名）与默认角色',
  input: z.object({ id: id('岗位'), version, ...jobFields }),
  answer: z.object({ version: z.number() }),
});

export const deleteJob = jobPool({
  method: 'DELETE',
  path: '/organization/job',
  summary: '删除无人担任的自定义岗位',
  input: z.object({ id: id('岗位'), version }),
  answer: z.null(),
});
