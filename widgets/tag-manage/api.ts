/** Server calls of tag management (server/src/routes/tag.ts). */
import { http } from '../core';

export interface Tag {
  id: number;
  name: string;
  colour: string;
  groupName: string;
  count: number;
}

export const TAG_COLOURS = ['#dc2626', '#ea580c', '#f59e0b', '#65a30d', '#16a34a', '#0d9488', '#0891b2', '#2563eb', '#7c3aed', '#db2777', '#6b7280'];

export const tagApi = {
  list: () => http.main.get<Tag[]>('/tag/list', { silent: true }),
  save: (tag: { id?: number; name: string; colour: string; groupName: string }) => http.main.post<Tag>('/tag', tag),
  remove: (id: number) => http.main.delete<{ deleted: boolean }>('/tag', { params: { id } }),
  merge: (sourceIds: number[], targetId: number) => http.main.post<Tag>('/tag/merge', { sourceIds, targetId }),
  renameGroup: (from: string, to: string) => http.main.post<{ changed: number }>('/tag/group/rename', { from, to }),
};
