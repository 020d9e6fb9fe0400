/** Server calls of the customer list (server/src/routes/customer.ts and tag.ts). */
import { http } from '../core';
import type { CustomerConditionInput } from './condition';
import type { CustomerRow } from './customer-row';

export type { CustomerRow };

export interface CustomerPage {
  total: number;
  page: number;
  pageSize: number;
  phoneMasked: boolean;
  list: CustomerRow[];
}

export interface Counted {
  name: string;
  count: number;
}

export interface SavedCondition {
  id: number;
  name: string;
  condition: CustomerConditionInput;
}

export interface ConditionOptions {
  stores: { id: number; name: string; count: number }[];
  tags: { id: number; name: string; colour: string; groupName: string; count: number }[];
  brands: Counted[];
  levels: Counted[];
  sources: Counted[];
  groups: { id: number; name: string; kind: 'condition' | 'fixed' }[];
  savedConditions: SavedCondition[];
}

export interface GroupAnswer {
  id: number;
  name: string;
  kind: 'condition' | 'fixed';
  memberCount: number;
}

export const customerApi = {
  list: (condition: CustomerConditionInput, signal?: AbortSignal) => http.main.post<CustomerPage>('/client/list', condition, { signal, silent: true }),
  options: (condition: CustomerConditionInput) => http.main.post<ConditionOptions>('/client/condition', condition, { silent: true }),
  saveCondition: (name: string, condition: CustomerConditionInput) => http.main.post<SavedCondition>('/client/saveCondition', { name, condition }),
  deleteCondition: (id: number) => http.main.get<{ deleted: boolean }>('/client/deleteCondition', { params: { id } }),
  nextGroupName: () => http.main.get<string>('/client/group/name'),
  createGroup: (group: { name: string; kind: 'condition' | 'fixed'; condition?: CustomerConditionInput; customerIds?: number[] }) =>
    http.main.post<GroupAnswer>('/client/group', group),
  addToGroup: (groupId: number, customerIds: number[]) => http.main.post<{ changed: number; memberCount: number }>('/client/group/members', { groupId, customerIds }),
  tagCustomers: (tagIds: number[], customerIds: number[]) => http.main.post<{ changed: number; customers: number }>('/tag/customers', { tagIds, customerIds, action: 'add' }),
};
