/** Server calls of tag management (server/src/routes/tag.ts); answers typed by contracts/api/tag.ts. */
import { http } from '../core';
import type { deleteTag, renameTagGroup, tag } from '../../contracts/api/tag';
import type { AnswerOf } from '../../contracts/api/route';
import type { z } from 'zod';

export { TAG_COLOURS } from '../../contracts/rules/tag';

export type Tag = z.output<typeof tag>;

export const tagApi = {
  list: () => http.main.get<Tag[]>('/tag/list', { silent: true }),
  save: (tag: { id?: number; name: string; colour: string; groupName: string }) => http.main.post<Tag>('/tag', tag),
  remove: (id: number) => http.main.delete<AnswerOf<typeof deleteTag>>('/tag', { params: { id } }),
  merge: (sourceIds: number[], targetId: number) => http.main.post<Tag>('/tag/merge', { sourceIds, targetId }),
  renameGroup: (from: string, to: string) => http.main.post<AnswerOf<typeof renameTagGroup>>('/tag/group/rename', { from, to }),
};
