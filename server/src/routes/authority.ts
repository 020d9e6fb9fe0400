/**
 * 权限管理: staff accounts and roles of the caller's chain, admins only (route config `admin`).
 * Who may grant what: contracts/rules/authority.ts. Every change runs in one transaction holding
 * the chain's authority lock, checks the row's version, writes the audit log, and makes the
 * affected users' next request see it (the auth cache forgets them).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/authority';
import { isAdminRoleCode } from '../../../contracts/permissions';
import { passwordProblem } from '../../../contracts/rules/password';
import {
  AUTHORITY_MESSAGES as MSG,
  roleEditProblem,
  roleGrantProblem,
  staffManageProblem,
  staffStoresProblem,
  storeGrantProblem,
  type Grantor,
} from '../../../contracts/rules/authority';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { forgetChain, forgetUser } from '../repositories/accounts';
import * as repo from '../repositories/authority';
import { jobInChain, listJobs } from '../repositories/organization';
import { allowanceOfChain } from '../entitlements';

const ADMIN_ONLY = { config: { admin: true } };

/** Letters and digits that cannot be misread when read aloud or copied from a screen (no 0/O, 1/l/I). */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A one-time password the policy accepts: 10 readable characters with letters and digits. */
export function oneTimePassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 10 }, () => READABLE[randomInt(READABLE.length)]).join('');
    if (passwordProblem(candidate) === null) return candidate;
  }
}

const grantorOf = (request: FastifyRequest): Grantor => ({
  userId: request.auth.userId,
  isAdmin: request.auth.isAdmin,
  dataScope: request.auth.dataScope,
  storeIds: request.auth.accessibleStoreIds,
});

const refuse = (problem: string | null) => {
  if (problem) throw new ApiError(Code.forbidden, problem);
};
const stale = () => new ApiError(Code.conflict, MSG.changedByOthers);

export default async function authorityRoutes(app: FastifyInstance) {
  /** One authority change: serialised per chain, rolled back whole when anything refuses. */
  const change = <T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>) =>
    app.db.transaction(async (tx) => {
      await repo.lockChainAuthority(tx, request.auth.chainId);
      return fn(tx);
    });

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<repo.AuditRecord, 'action' | 'targetType' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    repo.writeAudit(tx, { ...entry, ...repo.auditActor(request.auth, request.ip) });

  /** The chain's roles, read once per change and handed to the checks below. */
  type ChainRole = repo.RoleRecord & { dataScope: 1 | 2 };
  const chainRoles = async (tx: Queryable, request: FastifyRequest): Promise<ChainRole[]> =>
    (await repo.listRoles(tx, request.auth.chainId)).map((role) => ({ ...role, dataScope: role.data_scope }));

  function rolesByIds(roles: ChainRole[], roleIds: number[]) {
    const chosen = roleIds.map((id) => roles.find((role) => role.id === id));
    if (chosen.some((role) => !role)) throw new ApiError(Code.notFound, '所选角色不存在，请刷新后再试');
    return chosen as ChainRole[];
  }

  /** The roles and stores an admin is about to give: each must be theirs to give. */
  async function checkGrant(tx: Queryable, request: FastifyRequest, chain: ChainRole[], input: { roleIds: number[]; storeIds: number[]; departmentId?: number; jobId?: number; phone?: string }, userId = 0) {
    const grantor = grantorOf(request);
    const roles = rolesByIds(chain, input.roleIds);
    for (const role of roles) refuse(roleGrantProblem(grantor, role));
    refuse(storeGrantProblem(grantor, input.storeIds));
    const storeProblem = staffStoresProblem(roles, input.storeIds);
    if (storeProblem) throw new ApiError(Code.badInput, storeProblem);
    if (input.departmentId && !(await repo.departmentInChain(tx, request.auth.chainId, input.departmentId))) {
      throw new ApiError(Code.notFound, '所选部门不存在，请刷新后再试');
    }
    if (input.jobId && !(await jobInChain(tx, request.auth.chainId, input.jobId))) throw new ApiError(Code.notFound, '所选岗位不存在，请刷新后再试');
    if (input.phone && (await repo.phoneTaken(tx, input.phone, userId))) throw new ApiError(Code.conflict, '该手机号已被其他账号使用');
    return roles;
  }

  /** The account as the caller may manage it, or 404 (another chain, or outside a store admin's stores). */
  async function manageable(tx: Queryable, request: FastifyRequest, chain: ChainRole[], id: number) {
    const staff = await repo.findStaff(tx, request.auth.chainId, id);
    if (!staff) throw new ApiError(Code.notFound, '员工不存在');
    const roles = rolesByIds(chain, staff.role_ids);
    if (staffManageProblem(grantorOf(request), { storeIds: staff.store_ids, roles })) throw new ApiError(Code.notFound, '员工不存在');
    return { staff, isAdmin: roles.some((role) => isAdminRoleCode(role.code)) };
  }

  /** Nobody locks themselves out, and a chain keeps at least one enabled admin. */
  async function keepAnAdmin(tx: Queryable, request: FastifyRequest, staffId: number, wasAdmin: boolean, staysAdmin: boolean) {
    if (!wasAdmin || staysAdmin) return;
    if (staffId === request.auth.userId) throw new ApiError(Code.forbidden, MSG.notYourself);
    if ((await repo.otherEnabledAdmins(tx, request.auth.chainId, staffId)) === 0) throw new ApiError(Code.forbidden, MSG.lastAdmin);
  }

  /** New accounts and moved ones start in their first store, headquarters staff at headquarters. */
  async function homeGarage(tx: Queryable, request: FastifyRequest, storeIds: number[]) {
    return storeIds[0] ?? (await repo.headquartersOf(tx, request.auth.chainId))!.id;
  }

  serve(app, calls.staffList, ADMIN_ONLY, async (_input, request) => {
    const grantor = grantorOf(request);
    const [staff, roles, stores, jobs] = await Promise.all([
      repo.listStaff(app.db, request.auth.chainId),
      repo.listRoles(app.db, request.auth.chainId),
      repo.listChainStores(app.db, request.auth.chainId),
      listJobs(app.db, request.auth.chainId),
    ]);
    const roleById = new Map(roles.map((role) => [role.id, { code: role.code, dataScope: role.data_scope }]));
    const rows = staff
      .map((person) => {
        const held = person.role_ids.map((id) => roleById.get(id)!).filter(Boolean);
        return { person, held, problem: staffManageProblem(grantor, { storeIds: person.store_ids, roles: held }) };
      })
      // A store-level admin sees themselves and the staff of their stores, nobody else.
      .filter(({ person, problem }) => problem === null || person.id === grantor.userId);
    return ok({
      staff: rows.map(({ person, held, problem }) => ({
        id: person.id,
        username: person.username,
        nickName: person.nick_name,
        phone: person.phone ?? '',
        enabled: person.enabled,
        locked: person.locked,
        mustChangePassword: person.must_change_password,
        storeIds: person.store_ids,
        roleIds: person.role_ids,
        departmentId: person.department_id,
        jobId: person.job_id,
        isAdmin: held.some((role) => isAdminRoleCode(role.code)),
        editable: problem === null,
        version: person.version,
      })),
      roles: roles.map((role) => ({
        id: role.id,
        code: role.code,
        name: role.name,
        dataScope: role.data_scope,
        permissionIds: role.permission_ids,
        builtIn: role.built_in,
        isAdmin: isAdminRoleCode(role.code),
        staffCount: role.staff_count,
        grantable: roleGrantProblem(grantor, { code: role.code, dataScope: role.data_scope }) === null,
        version: role.version,
      })),
      stores: stores.filter((store) => grantor.storeIds.includes(store.id)),
      jobs: jobs.map((job) => ({ id: job.id, name: job.name, defaultRoleId: job.default_role_id })),
    });
  });

  serve(app, calls.createStaff, ADMIN_ONLY, async (input, request) => {
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const id = await change(request, async (tx) => {
      await checkGrant(tx, request, await chainRoles(tx, request), input);
      if (await repo.usernameTaken(tx, input.username)) throw new ApiError(Code.conflict, '该登录名已被使用，请换一个');
      const newId = await repo.insertStaff(tx, {
        chainId: request.auth.chainId,
        username: input.username,
        nickName: input.nickName,
        phone: input.phone ?? null,
        passwordHash,
        storeIds: input.storeIds,
        roleIds: input.roleIds,
        departmentId: input.departmentId ?? null,
        jobId: input.jobId ?? null,
        garageId: await homeGarage(tx, request, input.storeIds),
      });
      await audit(tx, request, {
        action: 'staff.create', targetType: 'staff', targetId: newId, targetName: `${input.nickName}（${input.username}）`,
        detail: { roleIds: input.roleIds, storeIds: input.storeIds }, storeIds: input.storeIds,
      });
      return newId;
    });
    return ok({ id, oneTimePassword: password });
  });

  serve(app, calls.updateStaff, ADMIN_ONLY, async (input, request) => {
    const version = await change(request, async (tx) => {
      const chain = await chainRoles(tx, request);
      const { staff, isAdmin } = await manageable(tx, request, chain, input.id);
      if (staff.version !== input.version) throw stale();
      const roles = await checkGrant(tx, request, chain, input, staff.id);
      await keepAnAdmin(tx, request, staff.id, isAdmin, roles.some((role) => isAdminRoleCode(role.code)));
      const next = await repo.updateStaffRow(tx, request.auth.chainId, {
        id: staff.id, version: input.version, nickName: input.nickName, phone: input.phone ?? null, storeIds: input.storeIds,
        roleIds: input.roleIds, departmentId: input.departmentId ?? null, jobId: input.jobId ?? null,
        garageId: await homeGarage(tx, request, input.storeIds),
      });
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'staff.update', targetType: 'staff', targetId: staff.id, targetName: `${input.nickName}（${staff.username}）`,
        detail: { before: { roleIds: staff.role_ids, storeIds: staff.store_ids, nickName: staff.nick_name }, after: { roleIds: input.roleIds, storeIds: input.storeIds, nickName: input.nickName } },
        storeIds: [...new Set([...staff.store_ids, ...input.storeIds])],
      });
      return next;
    });
    forgetUser(input.id);
    return ok({ version });
  });

  serve(app, calls.setStaffEnabled, ADMIN_ONLY, async (input, request) => {
    const version = await change(request, async (tx) => {
      const { staff, isAdmin } = await manageable(tx, request, await chainRoles(tx, request), input.id);
      if (staff.version !== input.version) throw stale();
      if (!input.enabled && staff.id === request.auth.userId) throw new ApiError(Code.forbidden, MSG.notYourself);
      if (!input.enabled) await keepAnAdmin(tx, request, staff.id, isAdmin, false);
      const next = await repo.setStaffEnabledRow(tx, request.auth.chainId, staff.id, input.version, input.enabled);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: input.enabled ? 'staff.enable' : 'staff.disable', targetType: 'staff', targetId: staff.id,
        targetName: `${staff.nick_name}（${staff.username}）`, detail: {}, storeIds: staff.store_ids,
      });
      return next;
    });
    forgetUser(input.id);
    return ok({ version });
  });

  serve(app, calls.unlockStaff, ADMIN_ONLY, async (input, request) => {
    await change(request, async (tx) => {
      const { staff } = await manageable(tx, request, await chainRoles(tx, request), input.id);
      await repo.unlockLogin(tx, staff.username, staff.phone);
      await audit(tx, request, {
        action: 'staff.unlock', targetType: 'staff', targetId: staff.id, targetName: `${staff.nick_name}（${staff.username}）`, detail: {}, storeIds: staff.store_ids,
      });
    });
    return ok(null);
  });

  serve(app, calls.resetStaffPassword, ADMIN_ONLY, async (input, request) => {
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const version = await change(request, async (tx) => {
      const { staff } = await manageable(tx, request, await chainRoles(tx, request), input.id);
      if (staff.version !== input.version) throw stale();
      const next = await repo.resetPasswordRow(tx, request.auth.chainId, staff.id, input.version, passwordHash);
      if (next === undefined) throw stale();
      await repo.unlockLogin(tx, staff.username, staff.phone);
      await audit(tx, request, {
        action: 'staff.resetPassword', targetType: 'staff', targetId: staff.id, targetName: `${staff.nick_name}（${staff.username}）`, detail: {}, storeIds: staff.store_ids,
      });
      return next;
    });
    forgetUser(input.id);
    return ok({ oneTimePassword: password, version });
  });

  serve(app, calls.createRole, ADMIN_ONLY, async (input, request) => {
    refuse(roleEditProblem(grantorOf(request)));
    const id = await change(request, async (tx) => {
      if (await repo.roleNameTaken(tx, request.auth.chainId, input.name)) throw new ApiError(Code.conflict, '已有同名角色，请换一个名称');
      const code = `custom_${Date.now().toString(36)}${randomInt(1296).toString(36)}`;
      const newId = await repo.insertRole(tx, request.auth.chainId, { code, name: input.name, dataScope: input.dataScope, permissionIds: input.permissionIds });
      await audit(tx, request, {
        action: 'role.create', targetType: 'role', targetId: newId, targetName: input.name,
        detail: { dataScope: input.dataScope, permissionIds: input.permissionIds }, storeIds: [],
      });
      return newId;
    });
    return ok({ id });
  });

  async function editableRole(tx: Queryable, request: FastifyRequest, id: number, version: number) {
    refuse(roleEditProblem(grantorOf(request)));
    const role = (await repo.listRoles(tx, request.auth.chainId)).find((each) => each.id === id);
    if (!role) throw new ApiError(Code.notFound, '角色不存在');
    if (role.built_in) throw new ApiError(Code.forbidden, MSG.builtInRole);
    if (role.version !== version) throw stale();
    return role;
  }

  serve(app, calls.updateRole, ADMIN_ONLY, async (input, request) => {
    const version = await change(request, async (tx) => {
      const role = await editableRole(tx, request, input.id, input.version);
      if (await repo.roleNameTaken(tx, request.auth.chainId, input.name, role.id)) throw new ApiError(Code.conflict, '已有同名角色，请换一个名称');
      const next = await repo.updateRoleRow(tx, request.auth.chainId, input);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'role.update', targetType: 'role', targetId: role.id, targetName: input.name,
        detail: { before: { name: role.name, dataScope: role.data_scope, permissionIds: role.permission_ids }, after: { name: input.name, dataScope: input.dataScope, permissionIds: input.permissionIds } },
        storeIds: [],
      });
      return next;
    });
    // Every holder's next request sees the new permissions (other processes: within the auth cache's 5 s).
    forgetChain(request.auth.chainId);
    return ok({ version });
  });

  serve(app, calls.deleteRole, ADMIN_ONLY, async (input, request) => {
    await change(request, async (tx) => {
      const role = await editableRole(tx, request, input.id, input.version);
      if (role.staff_count > 0) throw new ApiError(Code.conflict, MSG.roleInUse(role.staff_count));
      if (!(await repo.deleteRoleRow(tx, request.auth.chainId, role.id, input.version))) throw stale();
      await audit(tx, request, { action: 'role.delete', targetType: 'role', targetId: role.id, targetName: role.name, detail: {}, storeIds: [] });
    });
    return ok(null);
  });

  serve(app, calls.auditLog, ADMIN_ONLY, async (input, request) => {
    const storeIds = request.auth.dataScope === 1 ? null : request.auth.accessibleStoreIds;
    const { allowance } = await allowanceOfChain(app.db, request.auth.chainId);
    const { total, entries } = await repo.readAudit(app.db, request.auth.chainId, storeIds, allowance.auditDays, input.page, input.pageSize);
    return ok({
      total,
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.created_at,
        actorName: entry.actor_name,
        action: entry.action,
        targetType: entry.target_type,
        targetName: entry.target_name,
        detail: entry.detail,
        address: entry.address,
      })),
    });
  });
}
