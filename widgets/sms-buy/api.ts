/** Server calls of 短信购买: the SMS ledger (contracts/api/mall.ts ledger); buying is the mall's checkout (widgets/mall/api.ts). */
import { http } from '../core';
import type * as calls from '../../contracts/api/mall';
import type { AnswerOf } from '../../contracts/api/route';

export type LedgerPage = AnswerOf<typeof calls.ledger>;
export type LedgerEntry = LedgerPage['list'][number];

/** Entries per page of 余额变动. */
export const LEDGER_PAGE_SIZE = 10;

export const smsBuyApi = {
  ledger: (page: number) => http.main.get<LedgerPage>('/mall/ledger', { params: { kind: 'sms', page, pageSize: LEDGER_PAGE_SIZE }, silent: true }),
};
