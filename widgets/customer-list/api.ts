/** Server calls of the customer list (server/src/routes/customer.ts and tag.ts); answers typed by contracts/api/customer.ts. */
import { http } from '../core';
import type { CustomerConditionInput } from '../../contracts/customer-condition';
import type { advisorChoices, assignAdvisor, conditionOptions, customerCount, customerList, customerRow, deleteCondition, groupMembers, nextGroupName, saveCondition, saveGroup } from '../../contracts/api/customer';
import type { tagCustomers } from '../../contracts/api/tag';
import type { AnswerOf } from '../../contracts/api/route';
import type { z } from 'zod';

export type CustomerRow = z.output<typeof customerRow>;
export type CustomerPage = AnswerOf<typeof customerList>;
export type ConditionOptions = AnswerOf<typeof conditionOptions>;
export type SavedCondition = AnswerOf<typeof saveCondition>;
export type GroupAnswer = AnswerOf<typeof saveGroup>;
export type Advisor = AnswerOf<typeof advisorChoices>[number];
/** Bulk actions act on the chosen customers, or on every customer the condition matches (选择全部, counted on the server). */
export type Chosen = { customerIds: number[] } | { condition: CustomerConditionInput };

export const customerApi = {
  list: (condition: CustomerConditionInput, signal?: AbortSignal) => http.main.post<CustomerPage>('/client/list', condition, { signal, silent: true }),
  count: (condition: CustomerConditionInput, signal?: AbortSignal) => http.main.post<AnswerOf<typeof customerCount>>('/client/count', condition, { signal, silent: true }),
  options: (condition: CustomerConditionInput) => http.main.post<ConditionOptions>('/client/condition', condition, { silent: true }),
  saveCondition: (name: string, condition: CustomerConditionInput) => http.main.post<SavedCondition>('/client/saveCondition', { name, condition }),
  deleteCondition: (id: number) => http.main.get<AnswerOf<typeof deleteCondition>>('/client/deleteCondition', { params: { id } }),
  nextGroupName: () => http.main.get<AnswerOf<typeof nextGroupName>>('/client/group/name'),
  createGroup: (group: { name: string; kind: 'condition' | 'fixed'; condition?: CustomerConditionInput; customerIds?: number[] }) =>
    http.main.post<GroupAnswer>('/client/group', group),
  addToGroup: (groupId: number, chosen: Chosen) => http.main.post<AnswerOf<typeof groupMembers>>('/client/group/members', { groupId, ...chosen }),
  advisors: () => http.main.get<AnswerOf<typeof advisorChoices>>('/client/advisors'),
  assignAdvisor: (chosen: Chosen, advisorId: number | null) => http.main.post<AnswerOf<typeof assignAdvisor>>('/client/advisor', { ...chosen, advisorId }),
  tagCustomers: (tagIds: number[], chosen: Chosen) => http.main.post<AnswerOf<typeof tagCustomers>>('/tag/customers', { tagIds, ...chosen, action: 'add' }),
};
