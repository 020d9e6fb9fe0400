/** Server calls of the customer groups (server/src/routes/customer.ts). */
import { http } from '../core';
import type { CustomerConditionInput } from '../customer-list/condition';

export interface CustomerGroup {
  id: number;
  name: string;
  kind: 'condition' | 'fixed';
  condition: CustomerConditionInput | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
}

export interface ConditionLabels {
  stores: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  groups: { id: number; name: string }[];
  savedConditions: { id: number; name: string; condition: CustomerConditionInput }[];
}

export const groupApi = {
  list: () => http.main.get<CustomerGroup[]>('/client/groups', { silent: true }),
  labels: () => http.main.post<ConditionLabels>('/client/condition', {}, { silent: true }),
  nextName: () => http.main.get<string>('/client/group/name'),
  create: (group: { name: string; kind: 'condition' | 'fixed'; condition?: CustomerConditionInput }) => http.main.post<CustomerGroup>('/client/group', group),
  rename: (id: number, name: string) => http.main.post<CustomerGroup>('/client/group', { id, name }),
  remove: (id: number) => http.main.delete<{ deleted: boolean }>('/client/group', { params: { id } }),
};
