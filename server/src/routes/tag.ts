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
import { positiveId, readInput, z } from '../http/input';
import { visibleCustomerIds } from '../repositories/customer';
import { deleteTag, insertTag, mergeTags, renameTagGroup, tagById, tagCustomers, tagIdsOfChain, tagNameTaken, tagRows, updateTag } from '../repositories/tag';
import { BULK_LIMIT, customerIdsFor } from './customer';

/** The palette the tag editor offers; any #rrggbb is accepted. */
export const TAG_COLOURS = ['#dc2626', '#ea580c', '#f59e0b', '#65a30d', '#16a34a', '#0d9488', '#0891b2', '#2563eb', '#7c3aed', '#db2777', '#6b7280'];

const tagName = z.string().trim().min(1, '请填写标签名称').max(12, '标签名称最多 12 个字');
const groupName = z.string().trim().max(12, '标签组名称最多 12 个字');
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB');

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

  app.get('/tag/list', async (request) => ok(await tagRows(db, request.scope)));

  app.post('/tag', async (request) => {
    const input = readInput(request, z.object({ id: positiveId.optional(), name: tagName, colour: colour.optional(), groupName: groupName.default('') }), { name: '标签名称' });
    if (await tagNameTaken(db, request.scope, input.name, input.id)) throw refuse.conflict(`标签「${input.name}」已存在`);
    if (input.id !== undefined) {
      requireWholeChain(request);
      const tag = await found(request, input.id);
      await updateTag(db, request.scope, tag.id, { name: input.name, colour: input.colour ?? tag.colour, groupName: input.groupName });
      return ok(await found(request, tag.id));
    }
    const id = await insertTag(db, request.scope, { name: input.name, colour: input.colour ?? TAG_COLOURS[7], groupName: input.groupName });
    return ok(await found(request, id));
  });

  app.delete('/tag', async (request) => {
    requireWholeChain(request);
    const { id } = readInput(request, z.object({ id: positiveId }), { id: '标签编号' });
    const tag = await found(request, id);
    await deleteTag(db, request.scope, id);
    return ok({ deleted: true, customers: tag.count });
  });

  app.post('/tag/merge', async (request) => {
    requireWholeChain(request);
    const input = readInput(request, z.object({ sourceIds: z.array(positiveId).min(1, '请选择要合并的标签').max(100), targetId: positiveId }), {
      targetId: '目标标签',
    });
    const sources = input.sourceIds.filter((id) => id !== input.targetId);
    if (sources.length === 0) throw refuse.badInput('请选择要合并进目标标签的其他标签');
    await found(request, input.targetId);
    const known = await tagIdsOfChain(db, request.scope, sources);
    if (known.length !== sources.length) throw refuse.notFound('部分标签不存在或已被删除');
    await db.transaction((tx) => mergeTags(tx, request.scope, sources, input.targetId));
    return ok(await found(request, input.targetId));
  });

  app.post('/tag/group/rename', async (request) => {
    requireWholeChain(request);
    const input = readInput(request, z.object({ from: groupName, to: groupName }), { from: '原标签组', to: '新标签组' });
    return ok({ changed: await renameTagGroup(db, request.scope, input.from, input.to) });
  });

  app.post('/tag/customers', async (request) => {
    const input = readInput(
      request,
      z.object({
        tagIds: z.array(positiveId).min(1, '请选择标签').max(50),
        action: z.enum(['add', 'remove']).default('add'),
        customerIds: z.array(positiveId).max(BULK_LIMIT, `一次最多操作 ${BULK_LIMIT} 位客户`).optional(),
        condition: z.record(z.string(), z.unknown()).optional(),
      }),
      { tagIds: '标签' },
    );
    const tagIds = await tagIdsOfChain(db, request.scope, input.tagIds);
    if (tagIds.length !== new Set(input.tagIds).size) throw refuse.notFound('部分标签不存在或已被删除');
    const customers = input.customerIds ? await visibleCustomerIds(db, request.scope, input.customerIds) : input.condition ? await customerIdsFor(db, request, input.condition) : [];
    if (customers.length === 0) throw refuse.badInput('请选择客户');
    const changed = await db.transaction((tx) => tagCustomers(tx, request.scope, tagIds, customers, input.action));
    return ok({ changed, customers: customers.length });
  });
}
