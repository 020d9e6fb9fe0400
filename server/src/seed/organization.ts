/**
 * Demo data of 组织架构 and 岗位池: two more roles (技师, 财务) so every built-in position has a
 * default role, the built-in positions, a department tree per chain (总部 and one department per
 * store, with 前台组 and 车间 below) and the demo staff placed in it.
 */
import { starterRole } from '../../../contracts/permissions';
import { BUILT_IN_JOBS } from '../../../contracts/rules/organization';
import { sql, type Queryable } from '../db/database';
import type { DemoInfo } from './index';

/** The starter roles of the positions 技师 and 财务 (contracts/permissions.ts). */
const EXTRA_ROLES = ['technician', 'finance'].map(starterRole);

/** username → [department path, position]: 陈总 at 总部, 李店长 runs 城东店, 王小雨 and 周杰 at 城西店's and 滨江店's front desks. */
const PLACEMENT: Record<string, [string[], string | null]> = {
  admin: [['总部'], null],
  manager: [['城东店'], '店长'],
  frontdesk: [['城西店', '前台组'], '前台/服务顾问'],
  binjiang: [['滨江店', '前台组'], '前台/服务顾问'],
  'hx-admin': [['总部'], null],
  'hx-manager': [['园区店'], '店长'],
  'hx-frontdesk': [['吴中店', '前台组'], '前台/服务顾问'],
};

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const chain of demo.chains) {
    for (const role of EXTRA_ROLES) {
      await db.run(sql`INSERT INTO role (chain_id, code, name, data_scope, permission_ids)
                       VALUES (${chain.id}, ${role.code}, ${role.name}, ${role.dataScope}, ${sql.param([...role.permissions])}::int[])`);
    }
    const jobIds = new Map<string, number>();
    for (const [index, job] of BUILT_IN_JOBS.entries()) {
      const row = await db.one<{ id: number }>(sql`
        INSERT INTO job (chain_id, name, default_role_id, built_in, sort)
        VALUES (${chain.id}, ${job.name}, (SELECT id FROM role WHERE chain_id = ${chain.id} AND code = ${job.roleCode}), true, ${index + 1})
        RETURNING id`);
      jobIds.set(job.name, row!.id);
    }

    const departmentIds = new Map<string, number>();
    const addDepartment = async (path: string[], sort: number) => {
      const parentId = path.length > 1 ? departmentIds.get(path.slice(0, -1).join('/'))! : null;
      const row = await db.one<{ id: number }>(sql`
        INSERT INTO department (chain_id, parent_id, name, sort) VALUES (${chain.id}, ${parentId}, ${path.at(-1)!}, ${sort}) RETURNING id`);
      departmentIds.set(path.join('/'), row!.id);
    };
    await addDepartment(['总部'], 0);
    await addDepartment(['总部', '运营部'], 0);
    await addDepartment(['总部', '财务部'], 1);
    for (const [index, store] of chain.stores.entries()) {
      await addDepartment([store.name], index + 1);
      await addDepartment([store.name, '前台组'], 0);
      await addDepartment([store.name, '车间'], 1);
    }

    for (const user of chain.users) {
      const [path, job] = PLACEMENT[user.username] ?? [[], null];
      await db.run(sql`UPDATE app_user SET department_id = ${departmentIds.get(path.join('/')) ?? null}, job_id = ${job ? jobIds.get(job)! : null}
                        WHERE id = ${user.id}`);
    }
  }
}
