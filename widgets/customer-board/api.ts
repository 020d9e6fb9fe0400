/** The board's server call: GET /client/board (server/src/routes/customer.ts). */
import { http } from '../core';
import type { customerBoard } from '../../contracts/api/customer';
import type { AnswerOf } from '../../contracts/api/route';

export type BoardAnswer = AnswerOf<typeof customerBoard>;

export const boardApi = {
  load: (storeIds?: number[]) => http.main.get<BoardAnswer>('/client/board', { silent: true, params: { storeIds: storeIds?.join(',') || undefined } }),
};
