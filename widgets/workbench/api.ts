/** Server calls of 工作台 (server/src/routes/workbench.ts); answers typed by contracts/api/workbench.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/workbench';
import type { AnswerOf, InputOf } from '../../contracts/api/route';
import type { TaskKind } from '../../contracts/rules/workbench';

export type TaskList = AnswerOf<typeof calls.tasks>;
export type Task = TaskList['tasks'][number];
export type Figures = AnswerOf<typeof calls.figures>;
export type Finished = AnswerOf<typeof calls.finishTask>;
export type Undone = AnswerOf<typeof calls.undoTask>;
export type TaskQuery = InputOf<typeof calls.tasks>;

export const workbenchApi = {
  tasks: ({ kind, status, page }: { kind: TaskKind | ''; status: TaskQuery['status']; page: number }) =>
    http.main.get<TaskList>('/workbench/tasks', { params: { ...(kind ? { kind } : {}), status, page }, silent: true }),
  figures: () => http.main.get<Figures>('/workbench/figures', { silent: true }),
  finish: (input: InputOf<typeof calls.finishTask>) => http.main.post<Finished>('/workbench/tasks/done', input),
  undo: (id: number) => http.main.post<Undone>('/workbench/tasks/undo', { id }),
};
