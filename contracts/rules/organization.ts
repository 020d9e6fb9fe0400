/**
 * 组织架构 and 岗位池 (settings centre): the rules the server refuses with and the widgets grey out
 * from, written once.
 *
 * - Departments and positions are chain-wide, like roles: any admin reads them, only a chain-wide
 *   admin (data scope 1) adds, renames, moves or deletes them. A store-level admin places the staff
 *   they manage (contracts/rules/authority.ts) into departments, nothing more.
 * - A department never moves under itself or one of its descendants (no cycles), the tree is at most
 *   DEPARTMENT_MAX_DEPTH levels deep, and a department is deleted only when it has neither
 *   sub-departments nor staff.
 * - A position is deleted only when nobody holds it; the built-in ones keep their names.
 */
import { AUTHORITY_MESSAGES, type Grantor } from './authority';

/** Deep enough for 总部 › 区域 › 门店 › 车间 › 班组 and a few more, shallow enough to read on a phone. */
export const DEPARTMENT_MAX_DEPTH = 8;

export const ORGANIZATION_MESSAGES = {
  notAdmin: '仅管理员可以管理组织架构与岗位',
  chainWide: '组织架构与岗位对全连锁生效，只有总部管理员可以修改',
  intoItself: '不能把部门移到它自己或它的下级部门之下',
  tooDeep: `部门层级最多 ${DEPARTMENT_MAX_DEPTH} 级`,
  sameName: '同一上级下已有同名部门，请换一个名称',
  hasChildren: (count: number) => `该部门下还有 ${count} 个下级部门，请先移走或删除它们`,
  hasStaff: (count: number) => `该部门还有 ${count} 位员工，请先把他们调到其他部门`,
  departmentGone: '部门不存在或已被删除，请刷新后再试',
  jobSameName: '已有同名岗位，请换一个名称',
  jobBuiltIn: '内置岗位不能改名或删除，可以修改其默认角色',
  jobInUse: (count: number) => `还有 ${count} 位员工担任该岗位，请先为他们更换岗位`,
  jobGone: '岗位不存在或已被删除，请刷新后再试',
  roleGone: '所选角色不存在，请刷新后再试',
  changedByOthers: AUTHORITY_MESSAGES.changedByOthers,
} as const;

/** Only chain-wide admins shape the organisation (the tree and the positions). */
export function organizationEditProblem(grantor: Pick<Grantor, 'isAdmin' | 'dataScope'>): string | null {
  if (!grantor.isAdmin) return ORGANIZATION_MESSAGES.notAdmin;
  if (grantor.dataScope !== 1) return ORGANIZATION_MESSAGES.chainWide;
  return null;
}

export interface DepartmentNode {
  id: number;
  parentId: number | null;
}

/** The department and every department below it. */
export function subtreeIds(departments: readonly DepartmentNode[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const department of departments) {
    if (department.parentId === null) continue;
    children.set(department.parentId, [...(children.get(department.parentId) ?? []), department.id]);
  }
  const found = new Set<number>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** Levels from the top (a top-level department is 1); a broken chain of parents counts as deep. */
export function depthOf(departments: readonly DepartmentNode[], id: number | null): number {
  const byId = new Map(departments.map((department) => [department.id, department]));
  let depth = 0;
  for (let current = id; current !== null; current = byId.get(current)?.parentId ?? null) {
    depth += 1;
    if (depth > departments.length) return Number.POSITIVE_INFINITY;
  }
  return depth;
}

/** Levels of the subtree under `id`, counting `id` itself as 1. */
function heightOf(departments: readonly DepartmentNode[], id: number): number {
  const below = departments.filter((department) => department.parentId === id);
  return 1 + Math.max(0, ...below.map((child) => heightOf(departments, child.id)));
}

/** Why `id` cannot go under `parentId` (null = the top level), or null when it can. */
export function moveProblem(departments: readonly DepartmentNode[], id: number, parentId: number | null): string | null {
  if (parentId !== null && subtreeIds(departments, id).has(parentId)) return ORGANIZATION_MESSAGES.intoItself;
  if (depthOf(departments, parentId) + heightOf(departments, id) > DEPARTMENT_MAX_DEPTH) return ORGANIZATION_MESSAGES.tooDeep;
  return null;
}

/** Why a department cannot be deleted yet, or null. */
export function departmentDeleteProblem(counts: { childCount: number; staffCount: number }): string | null {
  if (counts.childCount > 0) return ORGANIZATION_MESSAGES.hasChildren(counts.childCount);
  if (counts.staffCount > 0) return ORGANIZATION_MESSAGES.hasStaff(counts.staffCount);
  return null;
}

/** Why a position cannot be deleted, or null. */
export function jobDeleteProblem(job: { builtIn: boolean; staffCount: number }): string | null {
  if (job.builtIn) return ORGANIZATION_MESSAGES.jobBuiltIn;
  if (job.staffCount > 0) return ORGANIZATION_MESSAGES.jobInUse(job.staffCount);
  return null;
}

/**
 * The positions every chain starts with, and the role code each pre-fills (server/migrations/420 and
 * the demo seed). Roles the chain does not have leave the default empty.
 */
export const BUILT_IN_JOBS: readonly { name: string; roleCode: string }[] = [
  { name: '店长', roleCode: 'store_manager' },
  { name: '前台/服务顾问', roleCode: 'front_desk' },
  { name: '技师', roleCode: 'technician' },
  { name: '财务', roleCode: 'finance' },
];
