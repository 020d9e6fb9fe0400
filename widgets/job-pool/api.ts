/** Server calls of 岗位池 (server/src/routes/organization.ts); answers typed by contracts/api/organization.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/organization';
import type { AnswerOf } from '../../contracts/api/route';

export type JobList = AnswerOf<typeof calls.jobs>;
export type Job = JobList['jobs'][number];
export type JobInput = { name: string; defaultRoleId: number | null };

export const jobApi = {
  list: () => http.main.get<JobList>('/organization/jobs', { silent: true }),
  create: (job: JobInput) => http.main.post<AnswerOf<typeof calls.createJob>>('/organization/job', job),
  update: (job: Job, change: JobInput) => http.main.put<AnswerOf<typeof calls.updateJob>>('/organization/job', { id: job.id, version: job.version, ...change }),
  remove: (job: Job) => http.main.delete<null>('/organization/job', { params: { id: job.id, version: job.version } }),
};
