/** Server calls of 指标树 (server/src/routes/metrics.ts); answers typed by contracts/api/metrics.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/metrics';
import type { AnswerOf } from '../../contracts/api/route';

export type Tree = AnswerOf<typeof calls.tree>;
export type TreeNode = Tree['nodes'][number];
export type NodeInput = { metric: string; storeId?: number; position: string; staffName: string; target: number };

export const metricsTreeApi = {
  tree: (month?: string) => http.main.get<Tree>('/metrics/tree', { params: month ? { month } : {}, silent: true }),
  create: (node: NodeInput & { parentId?: number; month?: string }) => http.main.post<AnswerOf<typeof calls.createNode>>('/metrics/tree/node', node),
  update: (node: NodeInput & { id: number; version: number }) => http.main.put<AnswerOf<typeof calls.updateNode>>('/metrics/tree/node', node),
  remove: (id: number, version: number) => http.main.delete<null>('/metrics/tree/node', { params: { id, version } }),
};
