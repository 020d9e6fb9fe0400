/** Server call of 智慧大屏 (server/src/routes/workbench.ts); answer typed by contracts/api/workbench.ts. */
import { http } from '../core/base';
import type * as calls from '../../contracts/api/workbench';
import type { AnswerOf } from '../../contracts/api/route';

export type BigScreenData = AnswerOf<typeof calls.bigScreen>;

export const bigScreenApi = {
  load: () => http.main.get<BigScreenData>('/bigScreen', { silent: true }),
};
