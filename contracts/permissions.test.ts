/**
 * The starter roles as staff read them in 帮助中心 (docs/help/user-auth.md, 内置角色) are the ones
 * the product makes: the list is read and compared with STARTER_ROLES, role by role.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS_ID, DATA_SCOPE_NAMES, PERMISSION_NAMES, STARTER_ROLES, type PermissionId } from './permissions';

const article = readFileSync(path.resolve(import.meta.dirname, '../docs/help/user-auth.md'), 'utf8');

/** The first list under the heading: each item's role, data scope and permissions. */
function rolesUnder(heading: string): string[][] {
  const lines = article.slice(article.indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('- '));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('- '));
  return lines.slice(start, end).map((line) => {
    const [, role, scope, permissions] = /^- \*\*(.+?)\*\*：(.+?)；(.+)$/.exec(line) ?? [];
    return [role ?? line, scope ?? '', permissions ?? ''];
  });
}

describe('内置角色 in the help and in the product', () => {
  it('lists every starter role with its data scope and permissions, as the product makes them', () => {
    expect(article).toContain('### 内置角色');
    const described = rolesUnder('### 内置角色');
    const made = STARTER_ROLES.map((role) => [
      role.name,
      DATA_SCOPE_NAMES[role.dataScope],
      role.permissions.includes(ALL_PERMISSIONS_ID) ? '全部' : role.permissions.length === 0 ? '无' : role.permissions.map((id) => PERMISSION_NAMES[id as PermissionId]).join('、'),
    ]);
    expect(described).toEqual(made);
  });
});
