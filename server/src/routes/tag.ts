/**
 * Tags (issue 5): chain-wide labels in tag groups, with colours and counts, merged and deleted by
 * people who see every store (a tag's change reaches every store's customers); created and put on
 * customers by anyone, on the customers they may see.
 *
 *   GET    /tag/list                                              → [{ id, name, colour, groupName, count, createdAt }]
 *   POST   /tag              { id?, name, colour?, groupName? }   → the tag (id = update)
 *   DELETE /tag              id                                   → { deleted, customers }
 *   POST   /tag/merge        { sourceIds, targetId }              → the target tag with its new count
 *   POST   /tag/group/rename { from, to }                         → { changed }
 *   POST   /tag/customers    { tagIds, action, customerIds? | condition? } → { changed, customers }
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, refuse } from '../http/envelope';
import { isUniqueViolation } from '../db/database';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/tag';
import { DEFAULT_TAG_COLOUR } from '../../../contracts/rules/tag';
import { visibleCustomerIds } from '../repositories/customer';
import { deleteTag, insertTag, mergeTags, renameTagGroup, tagById, tagCustomers, tagIdsOfChain, tagNameTaken, tagRows, updateTag } from '../repositories/tag';
import { customerIdsFor } from './customer';

/** Two people creating the same name at once: the second gets the same refusal as if it came later. */
const unlessTaken = <T>(name: string, work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw refuse.conflict(`标签「${name}」已存在`);
    throw error;
  });

function requireWholeChain(request: FastifyRequest) {
  if (request.auth.dataScope !== 1 && !request.auth.isAdmin) throw refuse.forbidden('标签为全部门店共用，仅可查看全部门店数据的人员可以修改');
}

export default async function tagRoutes(app: FastifyInstance) {
  const { db } = app;

  const found = async (request: FastifyRequest, id: number) => {
    const tag = await tagById(db, request.scope, id);
    if (!tag) throw refuse.notFound('标签不存在或已被删除');
    return tag;
  };

  serve(app, calls.tagList, async (_input, request) => ok(await tagRows(db, request.scope)));

  serve(app, calls.saveTag, async (input, request) => {
    if (await tagNameTaken(db, request.scope, input.name, input.id)) throw refuse.conflict(`标签「${input.name}」已存在`);
    if (input.id !== undefined) {
      requireWholeChain(request);
      const tag = await found(request, input.id);
      await unlessTaken(input.name, updateTag(db, request.scope, tag.id, { name: input.name, colour: input.colour ?? tag.colour, groupName: input.groupName }));
      return ok(await found(request, tag.id));
    }
    const id = await unlessTaken(input.name, insertTag(db, request.scope, { name: input.name, colour: input.colour ?? DEFAULT_TAG_COLOUR, groupName: input.groupName }));
    return ok(await found(request, id));
  });

  serve(app, calls.deleteTag, async ({ id }, request) => {
    requireWholeChain(request);
    const tag = await found(request, id);
    await deleteTag(db, request.scope, id);
    return ok({ deleted: true, customers: tag.count });
  });

  serve(app, calls.mergeTags, async (input, request) => {
    requireWholeChain(request);
    const sources = input.sourceIds.filter((id) => id !== input.targetId);
    if (sources.length === 0) throw refuse.badInput('请选择要合并进目标标签的其他标签');
    await found(request, input.targetId);
    const known = await tagIdsOfChain(db, request.scope, sources);
    if (known.length !== sources.length) throw refuse.notFound('部分标签不存在或已被删除');
    await db.transaction((tx) => mergeTags(tx, request.scope, sources, input.targetId));
    return ok(await found(request, input.targetId));
  });

  serve(app, calls.renameTagGroup, async (input, request) => {
    requireWholeChain(request);
    return ok({ changed: await renameTagGroup(db, request.scope, input.from, input.to) });
  });

  serve(app, calls.tagCustomers, async (input, request) => {
    const tagIds = await tagIdsOfChain(db, request.scope, input.tagIds);
    if (tagIds.length !== new Set(input.tagIds).size) throw refuse.notFound('部分标签不存在或已被删除');
    const customers = input.customerIds ? await visibleCustomerIds(db, request.scope, input.customerIds) : input.condition ? await customerIdsFor(db, request, input.condition) : [];
    if (customers.length === 0) throw refuse.badInput('请选择客户');
    const changed = await db.transaction((tx) => tagCustomers(tx, request.scope, tagIds, customers, input.action));
    return ok({ changed, customers: customers.length });
  });
}
