/** Server calls of 保险公司费率 (server/src/routes/insurance.ts); answers typed by contracts/api/insurance.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/insurance';
import type { AnswerOf } from '../../contracts/api/route';
import type { InsurerTariff } from '../../contracts/insurance';

export type RateSettings = AnswerOf<typeof calls.insurerSettings>;

export const ratesApi = {
  load: () => http.main.get<RateSettings>('/insurance/insurers', { silent: true }),
  save: (insurers: InsurerTariff[], version: number) => http.main.put<{ version: number }>('/insurance/insurers', { insurers, version }),
};
