import { describe, expect, it } from 'vitest';
import { Permission, type PermissionId } from '../permissions';
import { TASK_KINDS, taskKindsFor } from './workbench';

describe('the kinds of task a person is given', () => {
  it('gives every kind to who may open 保险, and all but 保险到期 to who may not', () => {
    expect(taskKindsFor(() => true)).toEqual([...TASK_KINDS]);
    const frontDesk = new Set<PermissionId>([Permission.smsMarketing, Permission.webPhone]);
    expect(taskKindsFor((permission) => frontDesk.has(permission))).toEqual(['follow_up', 'birthday', 'maintenance', 'lost']);
  });
});
