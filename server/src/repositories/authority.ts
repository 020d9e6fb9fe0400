/** The SQL of 权限管理: staff accounts, roles, login locks and the audit log of one chain. */
import type { AuditAction } from '../../../contracts/rules/audit';
import { sql, type Queryable } from '../db/database';
import type { AuthContext } from '../auth/context';
import { ATTEMPT_LIMITS } from '../auth/throttle';
import { ATTEMPT_WINDOW_SECONDS } from './login';

export interface StaffRecord {
  id: number;
  username: string;
  nick_name: string;
  phone: string | null;
  enabled: boolean;
  locked: boolean;
  must_change_password: boolean;
  store_ids: number[];
  role_ids: number[];
  department_id: number | null;
  job_id: number | null;
  version: number;
}

export interface RoleRecord {
  id: number;
  code: string;
  name: string;
  data_scope: 1 | 2;
  permission_ids: number[];
  built_in: boolean;
  staff_count: number;
  version: number;
}

/**
 * A login is locked while one of its password keys (repositories/login.ts, auth/throttle.ts) is at
 * its limit inside the window: the account itself, or the account from one address.
 */
const lockedSql = sql`EXISTS (
  SELECT 1 FROM login_attempt a
   WHERE a.window_started_at > now() - make_interval(secs => ${ATTEMPT_WINDOW_SECONDS})
     AND ((a.key = 'password:' || lower(u.username) AND a.attempts >= ${ATTEMPT_LIMITS.account})
       OR (left(a.key, length(lower(u.username)) + 10) = 'password:' || lower(u.username) || '|' AND a.attempts >= ${ATTEMPT_LIMITS.accountAddress})))`;

const staffColumns = sql`
  u.id, u.username, u.nick_name, u.phone, u.enabled, u.must_change_password, u.store_ids, u.department_id, u.job_id, u.version,
  ${lockedSql} AS locked,
  COALESCE((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_role ur WHERE ur.user_id = u.id), '{}') AS role_ids`;

export function listStaff(db: Queryable, chainId: number) {
  return db.rows<StaffRecord>(sql`SELECT ${staffColumns} FROM app_user u WHERE u.chain_id = ${chainId} ORDER BY u.id`);
}

export function findStaff(db: Queryable, chainId: number, id: number) {
  return db.one<StaffRecord>(sql`SELECT ${staffColumns} FROM app_user u WHERE u.chain_id = ${chainId} AND u.id = ${id}`);
}

export function listRoles(db: Queryable, chainId: number) {
  return db.rows<RoleRecord>(sql`
    SELECT r.id, r.code, r.name, r.data_scope, r.permission_ids, r.built_in, r.version,
           (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ur.role_id = r.id) AS staff_count
      FROM role r WHERE r.chain_id = ${chainId} ORDER BY r.built_in DESC, r.id`);
}

export function listChainStores(db: Queryable, chainId: number) {
  return db.rows<{ id: number; name: string }>(sql`
    SELECT id, name FROM garage WHERE chain_id = ${chainId} AND NOT is_hq AND enabled ORDER BY sort, id`);
}

export function headquartersOf(db: Queryable, chainId: number) {
  return db.one<{ id: number }>(sql`SELECT id FROM garage WHERE chain_id = ${chainId} AND is_hq`);
}

export function departmentInChain(db: Queryable, chainId: number, departmentId: number) {
  return db.one<{ id: number }>(sql`SELECT id FROM department WHERE chain_id = ${chainId} AND id = ${departmentId}`);
}

/**
 * Authority changes of one chain run one at a time (a row lock on the chain), so two admins
 * disabling each other at the same moment cannot both pass the "last admin" check.
 */
export async function lockChainAuthority(tx: Queryable, chainId: number): Promise<void> {
  await tx.one(sql`SELECT id FROM chain WHERE id = ${chainId} FOR UPDATE`);
}

/** Enabled accounts of the chain holding an admin role, except `exceptUserId`. */
export async function otherEnabledAdmins(tx: Queryable, chainId: number, exceptUserId: number): Promise<number> {
  const row = await tx.one<{ n: number }>(sql`
    SELECT count(DISTINCT u.id)::int AS n FROM app_user u
      JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id
     WHERE u.chain_id = ${chainId} AND u.enabled AND u.id <> ${exceptUserId} AND r.code IN ('garage_admin', 'admin')`);
  return row?.n ?? 0;
}

export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM app_user WHERE lower(username) = lower(${username})`));
}

export async function phoneTaken(db: Queryable, phone: string, exceptUserId = 0): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM app_user WHERE phone = ${phone} AND id <> ${exceptUserId}`));
}

export interface NewStaff {
  chainId: number;
  username: string;
  nickName: string;
  phone: string | null;
  passwordHash: string;
  storeIds: number[];
  roleIds: number[];
  departmentId: number | null;
  jobId: number | null;
  garageId: number;
}

export async function insertStaff(tx: Queryable, staff: NewStaff): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO app_user (chain_id, username, phone, password_hash, nick_name, store_ids, selected_store_ids,
                          current_garage_id, department_id, job_id, must_change_password)
    VALUES (${staff.chainId}, ${staff.username}, ${staff.phone}, ${staff.passwordHash}, ${staff.nickName},
            ${sql.param(staff.storeIds)}::int[], ${sql.param(staff.storeIds)}::int[], ${staff.garageId}, ${staff.departmentId}, ${staff.jobId}, true)
    RETURNING id`);
  await setRoles(tx, row!.id, staff.roleIds);
  return row!.id;
}

async function setRoles(tx: Queryable, userId: number, roleIds: number[]): Promise<void> {
  await tx.run(sql`DELETE FROM user_role WHERE user_id = ${userId}`);
  for (const roleId of roleIds) await tx.run(sql`INSERT INTO user_role (user_id, role_id) VALUES (${userId}, ${roleId})`);
}

/** Answers the new version, or undefined when `version` is no longer current (changed by somebody else). */
export async function updateStaffRow(
  tx: Queryable,
  chainId: number,
  change: { id: number; version: number; nickName: string; phone: string | null; storeIds: number[]; roleIds: number[]; departmentId: number | null; jobId: number | null; garageId: number },
): Promise<number | undefined> {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE app_user SET nick_name = ${change.nickName}, phone = ${change.phone}, store_ids = ${sql.param(change.storeIds)}::int[],
           selected_store_ids = ARRAY(SELECT unnest(selected_store_ids) INTERSECT SELECT unnest(${sql.param(change.storeIds)}::int[])),
           department_id = ${change.departmentId}, job_id = ${change.jobId}, current_garage_id = ${change.garageId},
           version = version + 1, updated_at = now()
     WHERE chain_id = ${chainId} AND id = ${change.id} AND version = ${change.version}
    RETURNING version`);
  if (!row) return undefined;
  await setRoles(tx, change.id, change.roleIds);
  return row.version;
}

/** Disabling (or a password reset) also ends every login of the account: its token version moves on. */
export async function setStaffEnabledRow(tx: Queryable, chainId: number, id: number, version: number, enabled: boolean) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE app_user SET enabled = ${enabled}, token_version = token_version + CASE WHEN ${enabled} THEN 0 ELSE 1 END,
           version = version + 1, updated_at = now()
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} RETURNING version`);
  return row?.version;
}

export async function resetPasswordRow(tx: Queryable, chainId: number, id: number, version: number, passwordHash: string) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE app_user SET password_hash = ${passwordHash}, must_change_password = true, token_version = token_version + 1,
           version = version + 1, updated_at = now()
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} RETURNING version`);
  return row?.version;
}

/** Forgets the password and login-code attempts of the account, from every address. */
export async function unlockLogin(db: Queryable, username: string, phone: string | null): Promise<void> {
  const account = `password:${username.toLowerCase()}`;
  await db.run(sql`DELETE FROM login_attempt WHERE key = ${account} OR left(key, ${account.length + 1}) = ${account + '|'}`);
  if (phone) {
    const code = `code:${phone}`;
    await db.run(sql`DELETE FROM login_attempt WHERE key = ${code} OR left(key, ${code.length + 1}) = ${code + '|'}`);
  }
}

export async function roleNameTaken(db: Queryable, chainId: number, name: string, exceptRoleId = 0): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM role WHERE chain_id = ${chainId} AND name = ${name} AND id <> ${exceptRoleId}`));
}

export async function insertRole(tx: Queryable, chainId: number, role: { code: string; name: string; dataScope: 1 | 2; permissionIds: number[] }) {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO role (chain_id, code, name, data_scope, permission_ids)
    VALUES (${chainId}, ${role.code}, ${role.name}, ${role.dataScope}, ${sql.param(role.permissionIds)}::int[]) RETURNING id`);
  return row!.id;
}

export async function updateRoleRow(tx: Queryable, chainId: number, role: { id: number; version: number; name: string; dataScope: 1 | 2; permissionIds: number[] }) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE role SET name = ${role.name}, data_scope = ${role.dataScope}, permission_ids = ${sql.param(role.permissionIds)}::int[],
           version = version + 1
     WHERE chain_id = ${chainId} AND id = ${role.id} AND version = ${role.version} AND NOT built_in RETURNING version`);
  return row?.version;
}

export async function deleteRoleRow(tx: Queryable, chainId: number, id: number, version: number): Promise<boolean> {
  return (await tx.run(sql`DELETE FROM role WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} AND NOT built_in`)) > 0;
}

export interface AuditRecord {
  chainId: number;
  actorId: number;
  actorName: string;
  /** A code of AUDIT_ACTIONS (contracts/rules/audit.ts), which names it in the 操作日志. */
  action: AuditAction;
  targetType: 'staff' | 'role' | 'store' | 'setting' | 'erp' | 'metric' | 'department' | 'job' | 'order' | 'potential' | 'import' | 'sms' | 'wecom' | 'customer' | 'insurance';
  targetId: number | null;
  targetName: string;
  detail: Record<string, unknown>;
  address: string;
  storeIds: number[];
}

/** Who did it and from where: the signed-in caller of the request. */
export const auditActor = (auth: AuthContext, address: string) => ({ chainId: auth.chainId, actorId: auth.userId, actorName: auth.nickName, address });

export async function writeAudit(tx: Queryable, entry: AuditRecord): Promise<void> {
  await tx.run(sql`
    INSERT INTO audit_log (chain_id, actor_id, actor_name, action, target_type, target_id, target_name, detail, address, store_ids)
    VALUES (${entry.chainId}, ${entry.actorId}, ${entry.actorName}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
            ${entry.targetName}, ${JSON.stringify(entry.detail)}::jsonb, ${entry.address}, ${sql.param(entry.storeIds)}::int[])`);
}

/**
 * A store-level admin (`storeIds` given) reads the entries that concern their stores only; nobody
 * reads further back than the edition's `days` (ALLOWANCES.auditDays; older entries are kept).
 */
export async function readAudit(db: Queryable, chainId: number, storeIds: number[] | null, days: number, page: number, pageSize: number) {
  const recent = sql`chain_id = ${chainId} AND created_at >= now() - make_interval(days => ${days}::int)`;
  const where = storeIds === null ? recent : sql`${recent} AND store_ids && ${sql.param(storeIds)}::int[]`;
  const total = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`);
  const entries = await db.rows<{ id: number; created_at: string; actor_name: string; action: string; target_type: string; target_name: string; detail: Record<string, unknown>; address: string }>(sql`
    SELECT id, created_at, actor_name, action, target_type, target_name, detail, address FROM audit_log
     WHERE ${where} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return { total: total?.n ?? 0, entries };
}
