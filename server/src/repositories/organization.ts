/** The SQL of 组织架构 and 岗位池: departments, positions and where each account sits, per chain. */
import { sql, type Queryable, type SQL } from '../db/database';
import { ADVISOR_POSITIONS } from '../../../contracts/rules/analysis';

export interface DepartmentRecord {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  version: number;
  child_count: number;
  /** Head count: the accounts in it and in all its sub-departments (headCount). */
  staff_count: number;
}

/**
 * The one rule of a department's head count (issue 33): the accounts placed in it or in any of its
 * sub-departments, at any depth. `userIds` counts only those accounts (what a store-level admin
 * sees); null counts every account of the chain. The tree has no cycles (moves are checked).
 */
const headCount = (departmentId: SQL, userIds: number[] | null) => sql`(
  WITH RECURSIVE below AS (SELECT ${departmentId} AS id UNION ALL SELECT c.id FROM department c JOIN below b ON c.parent_id = b.id)
  SELECT count(*)::int FROM app_user u
   WHERE u.department_id IN (SELECT id FROM below) ${userIds === null ? sql`` : sql`AND u.id = ANY(${sql.param(userIds)}::int[])`})`;

const departmentColumns = (userIds: number[] | null) => sql`
  d.id, d.parent_id, d.name, d.sort, d.version,
  (SELECT count(*)::int FROM department c WHERE c.parent_id = d.id) AS child_count,
  ${headCount(sql`d.id`, userIds)} AS staff_count`;

/** The chain's departments with their head counts, counting only `userIds` unless null. */
export function listDepartments(db: Queryable, chainId: number, userIds: number[] | null = null) {
  return db.rows<DepartmentRecord>(sql`
    SELECT ${departmentColumns(userIds)} FROM department d WHERE d.chain_id = ${chainId} ORDER BY d.parent_id NULLS FIRST, d.sort, d.id`);
}

export function findDepartment(db: Queryable, chainId: number, id: number) {
  return db.one<DepartmentRecord>(sql`SELECT ${departmentColumns(null)} FROM department d WHERE d.chain_id = ${chainId} AND d.id = ${id}`);
}

const siblingsOf = (chainId: number, parentId: number | null) =>
  parentId === null ? sql`chain_id = ${chainId} AND parent_id IS NULL` : sql`chain_id = ${chainId} AND parent_id = ${parentId}`;

export async function siblingNameTaken(db: Queryable, chainId: number, parentId: number | null, name: string, exceptId = 0): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM department WHERE ${siblingsOf(chainId, parentId)} AND name = ${name} AND id <> ${exceptId}`));
}

export async function insertDepartment(tx: Queryable, chainId: number, parentId: number | null, name: string): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO department (chain_id, parent_id, name, sort)
    VALUES (${chainId}, ${parentId}, ${name}, (SELECT COALESCE(max(sort) + 1, 0) FROM department WHERE ${siblingsOf(chainId, parentId)}))
    RETURNING id`);
  return row!.id;
}

/** Answers the new version, or undefined when `version` is no longer current. */
export async function renameDepartmentRow(tx: Queryable, chainId: number, id: number, version: number, name: string) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE department SET name = ${name}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} RETURNING version`);
  return row?.version;
}

/**
 * Puts the department under `parentId` at position `index` among its new siblings and numbers
 * the siblings 0, 1, 2… again (an index past the end means last).
 */
export async function moveDepartmentRow(tx: Queryable, chainId: number, id: number, version: number, parentId: number | null, index: number) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE department SET parent_id = ${parentId}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} RETURNING version`);
  if (!row) return undefined;
  const siblings = (await tx.rows<{ id: number }>(sql`
    SELECT id FROM department WHERE ${siblingsOf(chainId, parentId)} AND id <> ${id} ORDER BY sort, id`)).map((sibling) => sibling.id);
  siblings.splice(Math.min(index, siblings.length), 0, id);
  await tx.run(sql`
    UPDATE department d SET sort = ordered.position - 1
      FROM unnest(${sql.param(siblings)}::int[]) WITH ORDINALITY AS ordered (id, position)
     WHERE d.id = ordered.id AND d.sort <> ordered.position - 1`);
  return row.version;
}

export async function deleteDepartmentRow(tx: Queryable, chainId: number, id: number, version: number): Promise<boolean> {
  return (await tx.run(sql`
    DELETE FROM department d WHERE d.chain_id = ${chainId} AND d.id = ${id} AND d.version = ${version}
       AND NOT EXISTS (SELECT 1 FROM department c WHERE c.parent_id = d.id)
       AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.department_id = d.id)`)) > 0;
}

/** Moves an account to a department (null: none); its version moves on like any account change. */
export async function placeStaffRow(tx: Queryable, chainId: number, userId: number, version: number, departmentId: number | null) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE app_user SET department_id = ${departmentId}, version = version + 1, updated_at = now()
     WHERE chain_id = ${chainId} AND id = ${userId} AND version = ${version} RETURNING version`);
  return row?.version;
}

export interface JobRecord {
  id: number;
  name: string;
  default_role_id: number | null;
  built_in: boolean;
  version: number;
  staff_count: number;
}

export function listJobs(db: Queryable, chainId: number) {
  return db.rows<JobRecord>(sql`
    SELECT j.id, j.name, j.default_role_id, j.built_in, j.version,
           (SELECT count(*)::int FROM app_user u WHERE u.job_id = j.id) AS staff_count
      FROM job j WHERE j.chain_id = ${chainId} ORDER BY j.built_in DESC, j.sort, j.id`);
}

export async function jobNameTaken(db: Queryable, chainId: number, name: string, exceptId = 0): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM job WHERE chain_id = ${chainId} AND name = ${name} AND id <> ${exceptId}`));
}

export async function roleInChain(db: Queryable, chainId: number, roleId: number): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM role WHERE chain_id = ${chainId} AND id = ${roleId}`));
}

export async function insertJob(tx: Queryable, chainId: number, job: { name: string; defaultRoleId: number | null }): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO job (chain_id, name, default_role_id, sort)
    VALUES (${chainId}, ${job.name}, ${job.defaultRoleId}, (SELECT COALESCE(max(sort) + 1, 0) FROM job WHERE chain_id = ${chainId}))
    RETURNING id`);
  return row!.id;
}

export async function updateJobRow(tx: Queryable, chainId: number, job: { id: number; version: number; name: string; defaultRoleId: number | null }) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE job SET name = ${job.name}, default_role_id = ${job.defaultRoleId}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${job.id} AND version = ${job.version} RETURNING version`);
  return row?.version;
}

export async function deleteJobRow(tx: Queryable, chainId: number, id: number, version: number): Promise<boolean> {
  return (await tx.run(sql`
    DELETE FROM job j WHERE j.chain_id = ${chainId} AND j.id = ${id} AND j.version = ${version} AND NOT j.built_in
       AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.job_id = j.id)`)) > 0;
}

export function jobInChain(db: Queryable, chainId: number, jobId: number) {
  return db.one<{ id: number }>(sql`SELECT id FROM job WHERE chain_id = ${chainId} AND id = ${jobId}`);
}

export interface Advisor {
  id: number;
  name: string;
  /** 岗位: one of ADVISOR_POSITIONS. */
  position: string;
  storeIds: number[];
  /** Headquarters staff (a role with data scope 全部门店) serve every store. */
  wholeChain: boolean;
}

/**
 * The chain's 服务顾问 who work in at least one of `storeIds` (ADVISOR_POSITIONS): the one list the KPI
 * ranking, the 专属顾问 choices (and so the workbench's assignment) and the reports' advisor filter read.
 */
export function advisorsOf(db: Queryable, chainId: number, storeIds: number[]) {
  return db.rows<Advisor>(sql`
    SELECT u.id, u.nick_name AS name, j.name AS position, u.store_ids AS "storeIds", a.whole_chain AS "wholeChain"
      FROM app_user u JOIN job j ON j.id = u.job_id
     CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.data_scope = 1) AS whole_chain) a
     WHERE u.chain_id = ${chainId} AND u.enabled AND j.name = ANY(${sql.param([...ADVISOR_POSITIONS])}::text[])
       AND (a.whole_chain OR u.store_ids && ${sql.param(storeIds)}::int[])
     ORDER BY u.id`);
}

