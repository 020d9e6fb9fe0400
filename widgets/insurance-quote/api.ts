/** Server calls of 保险报价 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/insurance';
import type * as customer from '../../contracts/api/customer';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type VehicleInsurance = AnswerOf<typeof calls.vehiclePolicies>;
export type SavedQuote = VehicleInsurance['quotes'][number];
export type QuoteInput = InputOf<typeof calls.computeQuote>;
export type QuoteSheet = AnswerOf<typeof calls.computeQuote>;
export type Offer = QuoteSheet['offers'][number];
export type QuoteDetail = AnswerOf<typeof calls.quoteDetail>;
export type SharedQuote = AnswerOf<typeof calls.sharedQuote>;
export type ShareLink = AnswerOf<typeof calls.shareQuote>;
export type QuoteShare = AnswerOf<typeof calls.revokeQuoteShare>;
export type Insurers = AnswerOf<typeof calls.insurerSettings>;
export type VehicleMatch = AnswerOf<typeof customer.vehicleSearch>[number];

export const quoteApi = {
  vehicle: (vehicleId: string) => http.main.get<VehicleInsurance>('/insurance/vehicle', { params: { vehicleId }, silent: true }),
  search: (keyword: string, signal?: AbortSignal) => http.main.get<VehicleMatch[]>('/vehicle/search', { params: { keyword }, signal, silent: true }),
  insurers: () => http.main.get<Insurers>('/insurance/insurers', { silent: true }),
  compute: (input: QuoteInput) => http.main.post<QuoteSheet>('/insurance/quote/compute', input),
  save: (input: QuoteInput) => http.main.post<AnswerOf<typeof calls.saveQuote>>('/insurance/quote', input),
  detail: (id: number) => http.main.get<QuoteDetail>('/insurance/quote', { params: { id }, silent: true }),
  share: (id: number, days: number) => http.main.post<ShareLink>('/insurance/quote/share', { id, days }),
  revokeShare: (id: number) => http.main.post<QuoteShare>('/insurance/quote/share/revoke', { id }),
  /** Public: no token needed (the share link's page). */
  shared: (token: string) => http.main.get<SharedQuote>('/insurance/shared', { params: { token }, silent: true }),
};
