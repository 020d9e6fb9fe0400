/** Server calls of 客户运营 (server/src/routes/customer-operations.ts); answers typed by contracts/api/customer-operations.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/customer-operations';
import type { AnswerOf } from '../../contracts/api/route';
import type { CustomerOperationRules } from '../../contracts/rules/customer-operations';

export type OperationRules = AnswerOf<typeof calls.rules>;
export type Preview = AnswerOf<typeof calls.preview>;
export type TaskSummary = AnswerOf<typeof calls.taskSummary>;
export type Generated = AnswerOf<typeof calls.generateTasks>;

export const operationsApi = {
  rules: () => http.main.get<OperationRules>('/customerOperations/rules', { silent: true }),
  save: (version: number, rules: CustomerOperationRules) => http.main.put<OperationRules>('/customerOperations/rules', { version, ...rules }),
  /** Quiet: it runs while the admin types, and a draft the server refuses is already marked in the form. */
  preview: (rules: CustomerOperationRules) => http.main.post<Preview>('/customerOperations/preview', rules, { silent: true }),
  tasks: () => http.main.get<TaskSummary>('/customerOperations/tasks', { silent: true }),
  generate: () => http.main.post<Generated>('/customerOperations/tasks/generate', {}),
};
