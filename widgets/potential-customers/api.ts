/** Server calls of 潜在客户 (server/src/routes/potential.ts); answers typed by contracts/api/potential.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/potential';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type PotentialPage = AnswerOf<typeof calls.potentialList>;
export type Lead = PotentialPage['rows'][number];
export type Staff = PotentialPage['staff'][number];
export type FollowUp = AnswerOf<typeof calls.followUps>['entries'][number];
/** The list's filters as query params (contracts/api/potential.ts potentialList). */
export type ListQuery = { page: number; pageSize: number; due: boolean; status?: string; keyword?: string; ownerId?: number; source?: string; storeIds?: string };
export type LeadInput = Omit<InputOf<typeof calls.createPotential>, 'storeId' | 'ownerId'>;
export type FollowUpInput = Omit<InputOf<typeof calls.addFollowUp>, 'id' | 'version'>;

export const potentialApi = {
  list: (query: ListQuery) => http.main.get<PotentialPage>('/potential/list', { params: query, silent: true }),
  create: (lead: LeadInput & { storeId?: number; ownerId?: number }) => http.main.post<AnswerOf<typeof calls.createPotential>>('/potential', lead),
  update: (lead: Lead, change: LeadInput) => http.main.put<AnswerOf<typeof calls.updatePotential>>('/potential', { id: lead.id, version: lead.version, ...change }),
  followUp: (lead: Lead, entry: FollowUpInput) => http.main.post<AnswerOf<typeof calls.addFollowUp>>('/potential/follow-up', { id: lead.id, version: lead.version, ...entry }),
  history: (lead: Lead) => http.main.get<AnswerOf<typeof calls.followUps>>('/potential/follow-ups', { params: { id: lead.id }, silent: true }),
  assign: (ids: number[], ownerId: number) => http.main.post<AnswerOf<typeof calls.assignOwner>>('/potential/assign', { ids, ownerId }),
  convert: (lead: Lead) => http.main.post<AnswerOf<typeof calls.convertPotential>>('/potential/convert', { id: lead.id, version: lead.version }),
};
