/** Server calls of the customer groups (server/src/routes/customer.ts); answers typed by contracts/api/customer.ts. */
import { http } from '../core';
import type { CustomerConditionInput } from '../../contracts/customer-condition';
import type { conditionOptions, customerGroup, deleteGroup, nextGroupName } from '../../contracts/api/customer';
import type { AnswerOf } from '../../contracts/api/route';
import type { z } from 'zod';

export type CustomerGroup = z.output<typeof customerGroup>;

/** The part of the builder's options that names what a condition refers to. */
export type ConditionLabels = Pick<AnswerOf<typeof conditionOptions>, 'stores' | 'tags' | 'groups' | 'savedConditions'>;

export const groupApi = {
  list: () => http.main.get<CustomerGroup[]>('/client/groups', { silent: true }),
  labels: () => http.main.post<ConditionLabels>('/client/condition', {}, { silent: true }),
  nextName: () => http.main.get<AnswerOf<typeof nextGroupName>>('/client/group/name'),
  create: (group: { name: string; kind: 'condition' | 'fixed'; condition?: CustomerConditionInput }) => http.main.post<CustomerGroup>('/client/group', group),
  rename: (id: number, name: string) => http.main.post<CustomerGroup>('/client/group', { id, name }),
  remove: (id: number) => http.main.delete<AnswerOf<typeof deleteGroup>>('/client/group', { params: { id } }),
};
