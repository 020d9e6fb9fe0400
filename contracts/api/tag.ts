/** Tags (issue 5): chain-wide labels in tag groups, with colours and counts. */
import { z } from 'zod';
import { apiCalls } from './route';
import { customerConditionSchema } from '../customer-condition';
import { id, list, oneOf, pattern, requiredText, text } from '../fields';
import { BULK_LIMIT } from '../rules/customer';
import { COLOUR_PATTERN } from '../rules/tag';

const call = apiCalls('标签');

export const tag = z.object({ id: z.number(), name: z.string(), colour: z.string(), groupName: z.string(), count: z.number(), createdAt: z.string() });

const groupName = (label: string) => text(label, { max: 12 });

export const tagList = call({ method: 'GET', path: '/tag/list', summary: '标签及其客户数（可见门店内）', heavy: true, answer: z.array(tag) });

export const saveTag = call({
  method: 'POST',
  path: '/tag',
  summary: '新建标签；带 id 为修改（仅可查看全部门店的人员）',
  input: z.object({
    id: id('标签').optional(),
    name: requiredText('标签名称', { max: 12 }),
    colour: pattern('颜色', COLOUR_PATTERN, '颜色格式应为 #RRGGBB', { max: 7 }).optional(),
    groupName: groupName('标签组名称').default(''),
  }),
  answer: tag,
});

export const deleteTag = call({
  method: 'DELETE',
  path: '/tag',
  summary: '删除标签（客户身上的该标签一并去掉）',
  input: z.object({ id: id('标签') }),
  answer: z.object({ deleted: z.boolean(), customers: z.number() }),
});

export const mergeTags = call({
  method: 'POST',
  path: '/tag/merge',
  summary: '把若干标签合并进目标标签',
  heavy: true,
  input: z.object({ sourceIds: list('要合并的标签', id('要合并的标签'), { min: 1, max: 100 }), targetId: id('目标标签') }),
  answer: tag,
});

export const renameTagGroup = call({
  method: 'POST',
  path: '/tag/group/rename',
  summary: '标签组改名',
  input: z.object({ from: groupName('原标签组'), to: groupName('新标签组') }),
  answer: z.object({ changed: z.number() }),
});

export const tagCustomers = call({
  method: 'POST',
  path: '/tag/customers',
  summary: '给客户打上或去掉标签（所选客户或符合条件的全部客户）',
  heavy: true,
  input: z.object({
    tagIds: list('标签', id('标签'), { min: 1, max: 50 }),
    action: oneOf('操作', ['add', 'remove']).default('add'),
    customerIds: list('客户', id('客户'), { max: BULK_LIMIT }).optional(),
    condition: customerConditionSchema.optional(),
  }),
  answer: z.object({ changed: z.number(), customers: z.number() }),
});
