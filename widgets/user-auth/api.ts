/** Server calls of 权限管理 (server/src/routes/authority.ts); answers typed by contracts/api/authority.ts. */
import { http } from '../core';
import type * as calls from '../../contracts/api/authority';
import type { AnswerOf, InputOf } from '../../contracts/api/route';

export type StaffList = AnswerOf<typeof calls.staffList>;
export type Staff = StaffList['staff'][number];
export type Role = StaffList['roles'][number];
export type AuditPage = AnswerOf<typeof calls.auditLog>;
export type StaffInput = InputOf<typeof calls.createStaff>;
export type RoleInput = { name: string; dataScope: 1 | 2; permissionIds: number[] };

export const authorityApi = {
  list: () => http.main.get<StaffList>('/authority/staff', { silent: true }),
  createStaff: (staff: StaffInput) => http.main.post<AnswerOf<typeof calls.createStaff>>('/authority/staff', staff),
  updateStaff: (staff: Omit<StaffInput, 'username'> & { id: number; version: number }) =>
    http.main.put<AnswerOf<typeof calls.updateStaff>>('/authority/staff', staff),
  setEnabled: (id: number, version: number, enabled: boolean) =>
    http.main.put<AnswerOf<typeof calls.setStaffEnabled>>('/authority/staff/enabled', { id, version, enabled }),
  unlock: (id: number) => http.main.post<null>('/authority/staff/unlock', { id }),
  resetPassword: (id: number, version: number) =>
    http.main.post<AnswerOf<typeof calls.resetStaffPassword>>('/authority/staff/reset-password', { id, version }),
  createRole: (role: RoleInput) => http.main.post<AnswerOf<typeof calls.createRole>>('/authority/role', role),
  updateRole: (role: RoleInput & { id: number; version: number }) => http.main.put<AnswerOf<typeof calls.updateRole>>('/authority/role', role),
  deleteRole: (id: number, version: number) => http.main.delete<null>('/authority/role', { params: { id, version } }),
  audit: (page: number) => http.main.get<AuditPage>('/authority/audit', { params: { page, pageSize: 20 }, silent: true }),
};
