/**
 * 组织架构 and 岗位池: the department tree, where staff sit in it, and the positions with their
 * default role, for the caller's chain. Admins with 设置中心 only; the tree and the positions are
 * chain-wide, so only a chain-wide admin changes them, while a store-level admin places the staff
 * they manage (contracts/rules/organization.ts). Changes run under the chain's authority lock (two
 * moves at once cannot make a cycle), check the row's version and write the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/organization';
import { isAdminRoleCode, Permission } from '../../../contracts/permissions';
import { staffManageProblem, type Grantor } from '../../../contracts/rules/authority';
import {
  ORGANIZATION_MESSAGES as MSG,
  DEPARTMENT_MAX_DEPTH,
  departmentDeleteProblem,
  depthOf,
  jobDeleteProblem,
  moveProblem,
  organizationEditProblem,
} from '../../../contracts/rules/organization';
import type { Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { forgetUser } from '../repositories/accounts';
import * as authority from '../repositories/authority';
import * as repo from '../repositories/organization';

const ADMINS = { config: { admin: true, permission: Permission.settingsCentre } };

const grantorOf = (request: FastifyRequest): Grantor => ({
  userId: request.auth.userId,
  isAdmin: request.auth.isAdmin,
  dataScope: request.auth.dataScope,
  storeIds: request.auth.accessibleStoreIds,
});

const stale = () => new ApiError(Code.conflict, MSG.changedByOthers);

export default async function organizationRoutes(app: FastifyInstance) {
  /** One change: serialised per chain with the authority changes, rolled back whole when anything refuses. */
  const change = <T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>) =>
    app.db.transaction(async (tx) => {
      await authority.lockChainAuthority(tx, request.auth.chainId);
      return fn(tx);
    });

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<authority.AuditRecord, 'action' | 'targetType' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    authority.writeAudit(tx, { ...entry, ...authority.auditActor(request.auth, request.ip) });

  /** Changes to the tree or the positions: chain-wide admins only. */
  const mayShape = (request: FastifyRequest) => {
    const problem = organizationEditProblem(request.auth);
    if (problem) throw new ApiError(Code.forbidden, problem);
  };

  /** The chain's accounts with whether the caller manages each (a store-level admin: their stores' staff). */
  async function staffWithReach(db: Queryable, request: FastifyRequest) {
    const [staff, roles] = await Promise.all([authority.listStaff(db, request.auth.chainId), authority.listRoles(db, request.auth.chainId)]);
    const roleById = new Map(roles.map((role) => [role.id, { code: role.code, dataScope: role.data_scope }]));
    const grantor = grantorOf(request);
    return staff.map((person) => {
      const held = person.role_ids.map((id) => roleById.get(id)).filter((role) => role !== undefined);
      return { person, manageable: staffManageProblem(grantor, { storeIds: person.store_ids, roles: held }) === null };
    });
  }
  /** What the caller may see of the staff: those they manage, and themselves. */
  const visible = (rows: Awaited<ReturnType<typeof staffWithReach>>, request: FastifyRequest) =>
    rows.filter(({ person, manageable }) => manageable || person.id === request.auth.userId);

  async function departmentOf(tx: Queryable, request: FastifyRequest, id: number, version?: number) {
    const department = await repo.findDepartment(tx, request.auth.chainId, id);
    if (!department) throw new ApiError(Code.notFound, MSG.departmentGone);
    if (version !== undefined && department.version !== version) throw stale();
    return department;
  }

  serve(app, calls.departments, ADMINS, async (_input, request) => {
    const [staff, jobs, stores] = await Promise.all([
      staffWithReach(app.db, request),
      repo.listJobs(app.db, request.auth.chainId),
      authority.listChainStores(app.db, request.auth.chainId),
    ]);
    const shown = visible(staff, request);
    const chainWide = request.auth.dataScope === 1;
    // A store-level admin's counts are of the staff they see, like the list beside the tree.
    const departments = await repo.listDepartments(app.db, request.auth.chainId, chainWide ? null : shown.map(({ person }) => person.id));
    return ok({
      departments: departments.map((department) => ({
        id: department.id,
        parentId: department.parent_id,
        name: department.name,
        sort: department.sort,
        staffCount: department.staff_count,
        version: department.version,
      })),
      staff: shown.map(({ person, manageable }) => ({
        id: person.id,
        nickName: person.nick_name,
        username: person.username,
        departmentId: person.department_id,
        jobId: person.job_id,
        storeIds: person.store_ids,
        enabled: person.enabled,
        editable: manageable,
        version: person.version,
      })),
      jobs: jobs.map((job) => ({ id: job.id, name: job.name })),
      stores: stores.filter((store) => request.auth.accessibleStoreIds.includes(store.id)),
      canEdit: organizationEditProblem(request.auth) === null,
    });
  });

  serve(app, calls.createDepartment, ADMINS, async (input, request) => {
    mayShape(request);
    const id = await change(request, async (tx) => {
      const all = await repo.listDepartments(tx, request.auth.chainId);
      if (input.parentId !== null && !all.some((department) => department.id === input.parentId)) throw new ApiError(Code.notFound, MSG.departmentGone);
      if (depthOf(all.map(asNode), input.parentId) >= DEPARTMENT_MAX_DEPTH) throw new ApiError(Code.badInput, MSG.tooDeep);
      if (await repo.siblingNameTaken(tx, request.auth.chainId, input.parentId, input.name)) throw new ApiError(Code.conflict, MSG.sameName);
      const newId = await repo.insertDepartment(tx, request.auth.chainId, input.parentId, input.name);
      await audit(tx, request, { action: 'department.create', targetType: 'department', targetId: newId, targetName: input.name, detail: { parentId: input.parentId }, storeIds: [] });
      return newId;
    });
    return ok({ id });
  });

  serve(app, calls.renameDepartment, ADMINS, async (input, request) => {
    mayShape(request);
    const version = await change(request, async (tx) => {
      const department = await departmentOf(tx, request, input.id, input.version);
      if (await repo.siblingNameTaken(tx, request.auth.chainId, department.parent_id, input.name, department.id)) throw new ApiError(Code.conflict, MSG.sameName);
      const next = await repo.renameDepartmentRow(tx, request.auth.chainId, department.id, input.version, input.name);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'department.rename', targetType: 'department', targetId: department.id, targetName: input.name, detail: { before: department.name, after: input.name }, storeIds: [],
      });
      return next;
    });
    return ok({ version });
  });

  serve(app, calls.moveDepartment, ADMINS, async (input, request) => {
    mayShape(request);
    const version = await change(request, async (tx) => {
      const department = await departmentOf(tx, request, input.id, input.version);
      const all = await repo.listDepartments(tx, request.auth.chainId);
      if (input.parentId !== null && !all.some((each) => each.id === input.parentId)) throw new ApiError(Code.notFound, MSG.departmentGone);
      const problem = moveProblem(all.map(asNode), department.id, input.parentId);
      if (problem) throw new ApiError(Code.badInput, problem);
      if (input.parentId !== department.parent_id && (await repo.siblingNameTaken(tx, request.auth.chainId, input.parentId, department.name, department.id))) {
        throw new ApiError(Code.conflict, MSG.sameName);
      }
      const next = await repo.moveDepartmentRow(tx, request.auth.chainId, department.id, input.version, input.parentId, input.index);
      if (next === undefined) throw stale();
      const nameOf = (id: number | null) => (id === null ? '' : (all.find((each) => each.id === id)?.name ?? ''));
      await audit(tx, request, {
        action: 'department.move', targetType: 'department', targetId: department.id, targetName: department.name,
        detail: { from: nameOf(department.parent_id), to: nameOf(input.parentId), index: input.index }, storeIds: [],
      });
      return next;
    });
    return ok({ version });
  });

  serve(app, calls.deleteDepartment, ADMINS, async (input, request) => {
    mayShape(request);
    await change(request, async (tx) => {
      const department = await departmentOf(tx, request, input.id, input.version);
      const problem = departmentDeleteProblem({ childCount: department.child_count, staffCount: department.staff_count });
      if (problem) throw new ApiError(Code.conflict, problem);
      if (!(await repo.deleteDepartmentRow(tx, request.auth.chainId, department.id, input.version))) throw stale();
      await audit(tx, request, { action: 'department.delete', targetType: 'department', targetId: department.id, targetName: department.name, detail: {}, storeIds: [] });
    });
    return ok(null);
  });

  serve(app, calls.placeStaff, ADMINS, async (input, request) => {
    const version = await change(request, async (tx) => {
      const reach = (await staffWithReach(tx, request)).find(({ person }) => person.id === input.id);
      // Outside a store admin's stores reads as absent, as in 权限管理: ids of other stores' staff cannot be probed.
      if (!reach || !reach.manageable) throw new ApiError(Code.notFound, '员工不存在');
      const { person } = reach;
      if (person.version !== input.version) throw stale();
      const target = input.departmentId === null ? null : await departmentOf(tx, request, input.departmentId);
      const next = await repo.placeStaffRow(tx, request.auth.chainId, person.id, input.version, input.departmentId);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'department.staff', targetType: 'staff', targetId: person.id, targetName: `${person.nick_name}（${person.username}）`,
        detail: { departmentId: input.departmentId, department: target?.name ?? '' }, storeIds: person.store_ids,
      });
      return next;
    });
    forgetUser(input.id);
    return ok({ version });
  });

  serve(app, calls.jobs, ADMINS, async (_input, request) => {
    const [jobs, roles, staff] = await Promise.all([
      repo.listJobs(app.db, request.auth.chainId),
      authority.listRoles(app.db, request.auth.chainId),
      staffWithReach(app.db, request),
    ]);
    const chainWide = request.auth.dataScope === 1;
    const shown = visible(staff, request);
    return ok({
      jobs: jobs.map((job) => ({
        id: job.id,
        name: job.name,
        defaultRoleId: job.default_role_id,
        builtIn: job.built_in,
        staffCount: chainWide ? job.staff_count : shown.filter(({ person }) => person.job_id === job.id).length,
        version: job.version,
      })),
      roles: roles.map((role) => ({ id: role.id, name: role.name, isAdmin: isAdminRoleCode(role.code) })),
      canEdit: organizationEditProblem(request.auth) === null,
    });
  });

  async function checkRole(tx: Queryable, request: FastifyRequest, roleId: number | null) {
    if (roleId !== null && !(await repo.roleInChain(tx, request.auth.chainId, roleId))) throw new ApiError(Code.notFound, MSG.roleGone);
  }

  serve(app, calls.createJob, ADMINS, async (input, request) => {
    mayShape(request);
    const id = await change(request, async (tx) => {
      await checkRole(tx, request, input.defaultRoleId);
      if (await repo.jobNameTaken(tx, request.auth.chainId, input.name)) throw new ApiError(Code.conflict, MSG.jobSameName);
      const newId = await repo.insertJob(tx, request.auth.chainId, input);
      await audit(tx, request, { action: 'job.create', targetType: 'job', targetId: newId, targetName: input.name, detail: { defaultRoleId: input.defaultRoleId }, storeIds: [] });
      return newId;
    });
    return ok({ id });
  });

  async function jobOf(tx: Queryable, request: FastifyRequest, id: number, version: number) {
    const job = (await repo.listJobs(tx, request.auth.chainId)).find((each) => each.id === id);
    if (!job) throw new ApiError(Code.notFound, MSG.jobGone);
    if (job.version !== version) throw stale();
    return job;
  }

  serve(app, calls.updateJob, ADMINS, async (input, request) => {
    mayShape(request);
    const version = await change(request, async (tx) => {
      const job = await jobOf(tx, request, input.id, input.version);
      if (job.built_in && input.name !== job.name) throw new ApiError(Code.forbidden, MSG.jobBuiltIn);
      await checkRole(tx, request, input.defaultRoleId);
      if (await repo.jobNameTaken(tx, request.auth.chainId, input.name, job.id)) throw new ApiError(Code.conflict, MSG.jobSameName);
      const next = await repo.updateJobRow(tx, request.auth.chainId, input);
      if (next === undefined) throw stale();
      await audit(tx, request, {
        action: 'job.update', targetType: 'job', targetId: job.id, targetName: input.name,
        detail: { before: { name: job.name, defaultRoleId: job.default_role_id }, after: { name: input.name, defaultRoleId: input.defaultRoleId } }, storeIds: [],
      });
      return next;
    });
    return ok({ version });
  });

  serve(app, calls.deleteJob, ADMINS, async (input, request) => {
    mayShape(request);
    await change(request, async (tx) => {
      const job = await jobOf(tx, request, input.id, input.version);
      const problem = jobDeleteProblem({ builtIn: job.built_in, staffCount: job.staff_count });
      if (problem) throw new ApiError(job.built_in ? Code.forbidden : Code.conflict, problem);
      if (!(await repo.deleteJobRow(tx, request.auth.chainId, job.id, input.version))) throw stale();
      await audit(tx, request, { action: 'job.delete', targetType: 'job', targetId: job.id, targetName: job.name, detail: {}, storeIds: [] });
    });
    return ok(null);
  });
}

const asNode = (department: repo.DepartmentRecord) => ({ id: department.id, parentId: department.parent_id });
