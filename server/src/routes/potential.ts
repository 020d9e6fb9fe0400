/**
 * 潜在客户: leads of the caller's chain within their data scope. Reading is open to every signed-in
 * user like the customer pages; changes need 客户导入 (Permission.customerImport), except that a
 * lead's owner may always record its follow-ups (a 前台 given leads to call). A change of one
 * lead checks its version (「已被他人修改」); owner and status changes go to the 操作日志.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '../../../contracts/api/potential';
import { Permission } from '../../../contracts/permissions';
import { followUpProblem, POTENTIAL_MESSAGES as MSG, POTENTIAL_STATUS_LABELS } from '../../../contracts/rules/potential';
import { today } from '../../../contracts/dates';
import { hasPermission } from '../auth/context';
import { sql, type Queryable } from '../db/database';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import { auditActor, writeAudit, type AuditRecord } from '../repositories/authority';
import { settingsOf } from '../repositories/settings';
import * as repo from '../repositories/potential';

const WRITE = { config: { permission: Permission.customerImport } };

const notFound = () => new ApiError(Code.notFound, MSG.notFound);
const stale = () => new ApiError(Code.conflict, MSG.changedByOthers);

export default async function potentialRoutes(app: FastifyInstance) {
  const { db } = app;

  const audit = (tx: Queryable, request: FastifyRequest, entry: Pick<AuditRecord, 'action' | 'targetId' | 'targetName' | 'detail' | 'storeIds'>) =>
    writeAudit(tx, { ...entry, targetType: 'potential', ...auditActor(request.auth, request.ip) });

  /** The lead as the caller may change it: in scope and not yet a customer. */
  async function openLead(tx: Queryable, request: FastifyRequest, id: number) {
    const lead = await repo.findPotential(tx, request.scope, id);
    if (!lead) throw notFound();
    if (lead.status === 'visited') throw new ApiError(Code.conflict, MSG.converted);
    return lead;
  }

  /** 客户导入, or the lead is the caller's own to follow up. */
  function mayFollowUp(request: FastifyRequest, lead: repo.PotentialRecord) {
    if (!hasPermission(request.auth, Permission.customerImport) && lead.ownerId !== request.auth.userId) throw new ApiError(Code.forbidden, MSG.notYours);
  }

  /** Versioned change: stale → 已被他人修改. */
  async function change(tx: Queryable, request: FastifyRequest, id: number, version: number, set: ReturnType<typeof sql>) {
    const next = await repo.updatePotentialRow(tx, request.scope, id, version, set);
    if (next === undefined) throw stale();
    return next;
  }

  /** No second lead for somebody who already is one, or already a customer. */
  async function refuseDuplicate(tx: Queryable, request: FastifyRequest, mobile: string, plate: string, exceptLead = 0) {
    const match = await repo.matchingPerson(tx, request.auth.chainId, mobile, plate, exceptLead);
    if (match?.lead) throw new ApiError(Code.conflict, MSG.alreadyLead(POTENTIAL_STATUS_LABELS[match.lead]));
    if (match) throw new ApiError(Code.conflict, MSG.alreadyCustomer);
  }

  const fieldsOf = (input: { name?: string; mobile?: string; plate?: string; source?: string; intent?: string; remark?: string; nextFollowUp?: string | null }) => {
    const fields: repo.LeadFields = {
      name: input.name ?? '',
      mobile: input.mobile ?? '',
      plate: input.plate ?? '',
      source: input.source ?? '',
      intent: input.intent ?? '',
      remark: input.remark ?? '',
      nextFollowUp: input.nextFollowUp ?? null,
    };
    if (!fields.name && !fields.mobile) throw new ApiError(Code.badInput, MSG.nameOrMobile);
    return fields;
  };

  serve(app, calls.potentialList, async (input, request) => {
    const settings = await settingsOf(db, request.auth);
    const [page, stores, staff, sources] = await Promise.all([
      repo.listPotential(db, request.scope, input, { page: input.page, pageSize: input.pageSize, showPhone: settings.isShowPhone }),
      db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM garage WHERE id = ANY(${sql.param(request.scope.storeIds)}::int[]) ORDER BY sort, id`),
      repo.staffOf(db, request.auth.chainId),
      repo.sourcesOf(db, request.scope),
    ]);
    return ok({
      ...page,
      stores,
      staff,
      sources: sources.map((row) => row.source),
      canEdit: hasPermission(request.auth, Permission.customerImport),
      today: today(request.scope.timeZone),
    });
  });

  serve(app, calls.createPotential, WRITE, async (input, request) => {
    const fields = fieldsOf(input);
    const storeId = request.scope.requireStore(input.storeId);
    return ok(
      await db.transaction(async (tx) => {
        await refuseDuplicate(tx, request, fields.mobile, fields.plate);
        if (input.ownerId !== undefined) await requireOwner(tx, request, input.ownerId, [storeId]);
        const id = await repo.insertPotential(tx, { ...fields, chainId: request.auth.chainId, storeId, ownerId: input.ownerId ?? null, userId: request.auth.userId });
        return { id };
      }),
    );
  });

  serve(app, calls.updatePotential, WRITE, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const lead = await openLead(tx, request, input.id);
        const fields = fieldsOf({ ...input, mobile: input.mobile ?? lead.mobile });
        await refuseDuplicate(tx, request, fields.mobile, fields.plate, input.id);
        return { version: await change(tx, request, input.id, input.version, repo.leadFieldsSql(fields)) };
      }),
    );
  });

  serve(app, calls.addFollowUp, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const lead = await openLead(tx, request, input.id);
        mayFollowUp(request, lead);
        const problem = followUpProblem(lead.status, input.status, input.note);
        if (problem) throw new ApiError(Code.badInput, problem);
        const nextFollowUp = input.status === 'invalid' ? null : (input.nextFollowUp ?? null);
        const version = await change(tx, request, input.id, input.version, sql`status = ${input.status}, next_follow_up = ${nextFollowUp}::date`);
        await repo.addFollowUpRow(tx, { chainId: request.auth.chainId, leadId: lead.id, userId: request.auth.userId, status: input.status, note: input.note });
        if (input.status !== lead.status) {
          await audit(tx, request, {
            action: 'potential.status', targetId: lead.id, targetName: lead.name || lead.plate || lead.mobile,
            detail: { from: POTENTIAL_STATUS_LABELS[lead.status], to: POTENTIAL_STATUS_LABELS[input.status], note: input.note }, storeIds: [lead.storeId],
          });
        }
        return { version };
      }),
    );
  });

  serve(app, calls.markInvalid, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const lead = await openLead(tx, request, input.id);
        mayFollowUp(request, lead);
        const version = await change(tx, request, input.id, input.version, sql`status = 'invalid', next_follow_up = NULL`);
        await repo.addFollowUpRow(tx, { chainId: request.auth.chainId, leadId: lead.id, userId: request.auth.userId, status: 'invalid', note: input.reason });
        await audit(tx, request, {
          action: 'potential.status', targetId: lead.id, targetName: lead.name || lead.plate || lead.mobile,
          detail: { from: POTENTIAL_STATUS_LABELS[lead.status], to: POTENTIAL_STATUS_LABELS.invalid, note: input.reason }, storeIds: [lead.storeId],
        });
        return { version };
      }),
    );
  });

  /** The owner must be enabled staff of the chain working in every one of these stores (or at headquarters). */
  async function requireOwner(tx: Queryable, request: FastifyRequest, ownerId: number, storeIds: number[]) {
    const owner = (await repo.staffOf(tx, request.auth.chainId)).find((person) => person.id === ownerId);
    if (!owner || !storeIds.every((storeId) => repo.ownsStore(owner, storeId))) throw new ApiError(Code.badInput, MSG.ownerNotStaff);
    return owner;
  }

  serve(app, calls.assignOwner, WRITE, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const leads = await repo.findPotentials(tx, request.scope, input.ids);
        if (leads.length !== input.ids.length) throw notFound();
        const storeIds = [...new Set(leads.map((lead) => lead.storeId))];
        const owner = await requireOwner(tx, request, input.ownerId, storeIds);
        const assigned = await repo.assignOwnerRows(tx, request.scope, input.ids, owner.id);
        await audit(tx, request, {
          action: 'potential.assign', targetId: null, targetName: `${leads.length} 位潜在客户`,
          detail: { owner: owner.name, leads: leads.map((lead) => lead.name).slice(0, 20) }, storeIds,
        });
        return { assigned };
      }),
    );
  });

  serve(app, calls.followUps, async ({ id }, request) => {
    if (!(await repo.findPotential(db, request.scope, id))) throw notFound();
    return ok({ entries: await repo.followUpsOf(db, request.scope, id) });
  });

  serve(app, calls.convertPotential, WRITE, async (input, request) => {
    return ok(
      await db.transaction(async (tx) => {
        const lead = await repo.lockPotential(tx, request.scope, input.id);
        if (!lead) throw notFound();
        if (lead.status === 'visited') throw new ApiError(Code.conflict, MSG.converted);
        if (lead.version !== input.version) throw stale();
        const chainId = request.auth.chainId;
        // Somebody with this mobile or plate already is a customer: link, never a second customer.
        const existing = await repo.matchingCustomer(tx, chainId, lead.mobile, lead.plate);
        const customerId = existing?.id ?? (await repo.createCustomerFromLead(tx, { ...lead, chainId, name: lead.name || lead.mobile }));
        const vehicleId = lead.plate ? await repo.vehicleForPlate(tx, { chainId, storeId: existing?.storeId ?? lead.storeId, customerId }, lead.plate) : null;
        await repo.markConverted(tx, lead.id, customerId, request.auth.userId, chainId);
        await repo.convertMatchingLeads(tx, { chainId, storeId: lead.storeId, customerId, mobile: lead.mobile, plate: lead.plate, userId: request.auth.userId });
        await audit(tx, request, {
          action: 'potential.convert', targetId: lead.id, targetName: lead.name || lead.plate || lead.mobile,
          detail: { from: POTENTIAL_STATUS_LABELS[lead.status], to: POTENTIAL_STATUS_LABELS.visited, customerId, created: !existing }, storeIds: [lead.storeId],
        });
        return { customerId, vehicleId, created: !existing };
      }),
    );
  });
}
