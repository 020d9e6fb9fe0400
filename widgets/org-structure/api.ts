/** Server calls of 组织架构 (server/src/routes/organization.ts); answers typed by contracts/api/organization.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/organization';
import type { AnswerOf } from '../../contracts/api/route';

export type Tree = AnswerOf<typeof calls.departments>;
export type Department = Tree['departments'][number];
export type Person = Tree['staff'][number];

export const organizationApi = {
  load: () => http.main.get<Tree>('/organization/departments', { silent: true }),
  create: (name: string, parentId: number | null) => http.main.post<AnswerOf<typeof calls.createDepartment>>('/organization/department', { name, parentId }),
  rename: (department: Department, name: string) =>
    http.main.put<AnswerOf<typeof calls.renameDepartment>>('/organization/department', { id: department.id, version: department.version, name }),
  move: (department: Department, parentId: number | null, index: number) =>
    http.main.put<AnswerOf<typeof calls.moveDepartment>>('/organization/department/move', { id: department.id, version: department.version, parentId, index }),
  remove: (department: Department) => http.main.delete<null>('/organization/department', { params: { id: department.id, version: department.version } }),
  place: (person: Person, departmentId: number | null) =>
    http.main.put<AnswerOf<typeof calls.placeStaff>>('/organization/department/staff', { id: person.id, version: person.version, departmentId }),
};
