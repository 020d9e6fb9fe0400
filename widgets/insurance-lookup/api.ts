/** Server calls of 保险查询 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/insurance';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type RenewalPage = AnswerOf<typeof calls.renewalList>;
export type SearchPage = AnswerOf<typeof calls.policySearch>;
export type Policy = RenewalPage['rows'][number];
export type Staff = RenewalPage['staff'][number];
export type RenewalEntry = AnswerOf<typeof calls.renewalHistory>['entries'][number];
/** The pipeline's filters as query params (contracts/api/insurance.ts renewalList). */
export type RenewalQuery = { page: number; pageSize: number; due: boolean; bucket?: string; state?: string; ownerId?: number; keyword?: string; storeIds?: string };
export type RenewalChange = Omit<InputOf<typeof calls.updateRenewal>, 'policyId' | 'version'>;

export const insuranceApi = {
  renewals: (query: RenewalQuery) => http.main.get<RenewalPage>('/insurance/renewals', { params: query, silent: true }),
  search: (query: { page: number; pageSize: number; keyword?: string; storeIds?: string }) => http.main.get<SearchPage>('/insurance/policies', { params: query, silent: true }),
  update: (policy: Policy, change: RenewalChange) => http.main.put<AnswerOf<typeof calls.updateRenewal>>('/insurance/renewal', { policyId: policy.id, version: policy.version, ...change }),
  history: (policy: Policy) => http.main.get<AnswerOf<typeof calls.renewalHistory>>('/insurance/renewal/history', { params: { policyId: policy.id }, silent: true }),
  assign: (policyIds: number[], ownerId: number) => http.main.post<AnswerOf<typeof calls.assignRenewals>>('/insurance/renewal/assign', { policyIds, ownerId }),
};
