/**
 * 组织架构 and 岗位池 over real HTTP: the department tree (add, rename, move, delete when empty, no
 * cycles), staff placement, positions with a default role, for both chains; who may change what,
 * bad input in Chinese and concurrent edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type { departments, jobs } from '../../../contracts/api/organization';
import type { staffList } from '../../../contracts/api/authority';
import { ORGANIZATION_MESSAGES as MSG } from '../../../contracts/rules/organization';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type Tree = AnswerOf<typeof departments>;
type Jobs = AnswerOf<typeof jobs>;

let server: TestServer;
let admin: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('hx-admin')]);
});
afterAll(() => server?.close());

const tree = async (token: string) => {
  const answer = await server.call<Tree>('GET', '/organization/departments', { token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const department = async (token: string, name: string, parentName?: string) => {
  const data = await tree(token);
  const parent = parentName ? data.departments.find((each) => each.name === parentName && each.parentId === null) : undefined;
  return data.departments.find((each) => each.name === name && (parentName ? each.parentId === parent?.id : true))!;
};
const create = (token: string, name: string, parentId: number | null = null) =>
  server.call<{ id: number }>('POST', '/organization/department', { token, body: { name, parentId } });
const jobList = async (token: string) => {
  const answer = await server.call<Jobs>('GET', '/organization/jobs', { token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};

/** A store admin of 城东店 (store 2), made by the headquarters admin. */
async function storeAdmin(username: string) {
  const roles = (await server.call<AnswerOf<typeof staffList>>('GET', '/authority/staff', { token: admin })).data.roles;
  const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
    token: admin, body: { username, nickName: '东店管理员', roleIds: [roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
  });
  expect(made.code, made.msg).toBe(0);
  return server.firstLogin(username, made.data.oneTimePassword);
}

describe('the department tree', () => {
  it('shows each chain its own tree and staff, with the demo staff placed', async () => {
    const data = await tree(admin);
    const top = data.departments.filter((each) => each.parentId === null).map((each) => each.name);
    expect(top).toEqual(['总部', '城东店', '城西店', '滨江店']);
    const west = data.departments.find((each) => each.name === '城西店')!;
    const westDesk = data.departments.find((each) => each.name === '前台组' && each.parentId === west.id)!;
    expect(data.staff.find((person) => person.username === 'frontdesk')!.departmentId).toBe(westDesk.id);
    expect(westDesk.staffCount).toBe(1);
    expect(data.staff.some((person) => person.username.startsWith('hx-'))).toBe(false);
    expect(data.canEdit).toBe(true);

    const other = await tree(hxAdmin);
    expect(other.departments.filter((each) => each.parentId === null).map((each) => each.name)).toEqual(['总部', '园区店', '吴中店']);
    expect(other.departments.some((each) => data.departments.some((mine) => mine.id === each.id))).toBe(false);
  });

  it('adds, renames, moves and deletes a department, each written to the audit log', async () => {
    const hq = await department(admin, '总部');
    const made = await create(admin, '  市场部 ', hq.id);
    expect(made.code, made.msg).toBe(0);
    let market = (await tree(admin)).departments.find((each) => each.id === made.data.id)!;
    expect(market).toMatchObject({ name: '市场部', parentId: hq.id, staffCount: 0 });

    const renamed = await server.call<{ version: number }>('PUT', '/organization/department', { token: admin, body: { id: market.id, version: market.version, name: '市场营销部' } });
    expect(renamed.code, renamed.msg).toBe(0);
    const east = await department(admin, '城东店');
    const moved = await server.call('PUT', '/organization/department/move', { token: admin, body: { id: market.id, version: renamed.data.version, parentId: east.id, index: 0 } });
    expect(moved.code, moved.msg).toBe(0);
    const after = await tree(admin);
    market = after.departments.find((each) => each.id === market.id)!;
    expect(market).toMatchObject({ name: '市场营销部', parentId: east.id });
    // First among 城东店's departments, the others keep their order after it.
    const siblings = after.departments.filter((each) => each.parentId === east.id).sort((a, b) => a.sort - b.sort).map((each) => each.name);
    expect(siblings).toEqual(['市场营销部', '前台组', '车间']);

    const deleted = await server.call('DELETE', '/organization/department', { token: admin, query: { id: market.id, version: market.version } });
    expect(deleted.code, deleted.msg).toBe(0);
    expect((await tree(admin)).departments.some((each) => each.id === market.id)).toBe(false);

    const log = await server.call<{ entries: { action: string; targetName: string }[] }>('GET', '/authority/audit', { token: admin });
    expect(log.data.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['department.create', 'department.rename', 'department.move', 'department.delete']));
  });

  it('refuses a move under the department itself or one of its descendants, and a move that only looks legal', async () => {
    const east = await department(admin, '城东店');
    const data = await tree(admin);
    const workshop = data.departments.find((each) => each.name === '车间' && each.parentId === east.id)!;
    const intoChild = await server.call('PUT', '/organization/department/move', { token: admin, body: { id: east.id, version: east.version, parentId: workshop.id, index: 0 } });
    expect(intoChild.code).toBe(400);
    expect(intoChild.msg).toBe(MSG.intoItself);
    const intoSelf = await server.call('PUT', '/organization/department/move', { token: admin, body: { id: east.id, version: east.version, parentId: east.id, index: 0 } });
    expect(intoSelf.msg).toBe(MSG.intoItself);
    // Two moves at once that would each be fine alone but together make a loop: one is refused.
    const a = (await create(admin, '甲部门')).data.id;
    const b = (await create(admin, '乙部门')).data.id;
    const both = await Promise.all([
      server.call('PUT', '/organization/department/move', { token: admin, body: { id: a, version: 1, parentId: b, index: 0 } }),
      server.call('PUT', '/organization/department/move', { token: admin, body: { id: b, version: 1, parentId: a, index: 0 } }),
    ]);
    expect(both.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(both.find((answer) => answer.code !== 0)!.msg).toBe(MSG.intoItself);
    const after = await tree(admin);
    const [rowA, rowB] = [after.departments.find((each) => each.id === a)!, after.departments.find((each) => each.id === b)!];
    expect(rowA.parentId === b && rowB.parentId === a).toBe(false);
    expect([rowA.parentId, rowB.parentId].filter((parent) => parent === null)).toHaveLength(1);
    expect(after.departments.find((each) => each.id === east.id)!.parentId).toBeNull();
  });

  it('deletes only an empty department: one with sub-departments or staff stays', async () => {
    const east = await department(admin, '城东店');
    const withChildren = await server.call('DELETE', '/organization/department', { token: admin, query: { id: east.id, version: east.version } });
    expect(withChildren.code).toBe(409);
    expect(withChildren.msg).toBe(MSG.hasChildren(2));
    const data = await tree(admin);
    const westDesk = data.departments.find((each) => each.name === '前台组' && each.parentId === data.departments.find((d) => d.name === '城西店')!.id)!;
    const withStaff = await server.call('DELETE', '/organization/department', { token: admin, query: { id: westDesk.id, version: westDesk.version } });
    expect(withStaff.code).toBe(409);
    expect(withStaff.msg).toBe(MSG.hasStaff(1));
    expect((await tree(admin)).departments.some((each) => each.id === westDesk.id)).toBe(true);
  });

  it('places staff in a department and shows them there; 权限管理 keeps the department on an edit', async () => {
    const data = await tree(admin);
    const manager = data.staff.find((person) => person.username === 'manager')!;
    const workshop = data.departments.find((each) => each.name === '车间' && each.parentId === data.departments.find((d) => d.name === '滨江店')!.id)!;
    const placed = await server.call<{ version: number }>('PUT', '/organization/department/staff', { token: admin, body: { id: manager.id, version: manager.version, departmentId: workshop.id } });
    expect(placed.code, placed.msg).toBe(0);
    const after = await tree(admin);
    expect(after.staff.find((person) => person.id === manager.id)!.departmentId).toBe(workshop.id);
    expect(after.departments.find((each) => each.id === workshop.id)!.staffCount).toBe(1);
    // The account's version moved on: a 权限管理 edit made before the move is refused, not applied over it.
    const stale = await server.call('PUT', '/authority/staff', { token: admin, body: { id: manager.id, version: manager.version, nickName: '李店长', roleIds: [3], storeIds: [2] } });
    expect(stale.code).toBe(409);
    const back = await server.call('PUT', '/organization/department/staff', { token: admin, body: { id: manager.id, version: placed.data.version, departmentId: null } });
    expect(back.code, back.msg).toBe(0);
    expect((await tree(admin)).staff.find((person) => person.id === manager.id)!.departmentId).toBeNull();
  });
});

/** Each department's head count worked out from the staff list of the same answer: in it or any sub-department. */
function countsFromStaff(data: Tree) {
  const inside = (id: number, departmentId: number | null): boolean => {
    if (departmentId === null) return false;
    if (departmentId === id) return true;
    return inside(id, data.departments.find((each) => each.id === departmentId)?.parentId ?? null);
  };
  return Object.fromEntries(data.departments.map((each) => [each.id, data.staff.filter((person) => inside(each.id, person.departmentId)).length]));
}
const countsShown = (data: Tree) => Object.fromEntries(data.departments.map((each) => [each.id, each.staffCount]));

describe('head counts (issue 33: one rule, sub-departments included)', () => {
  it('counts 城西店 with its 前台组, 总部 with its own departments, equal to the staff list at every depth', async () => {
    const data = await tree(admin);
    const west = data.departments.find((each) => each.name === '城西店' && each.parentId === null)!;
    expect(west.staffCount).toBe(1);
    expect(data.departments.find((each) => each.name === '前台组' && each.parentId === west.id)!.staffCount).toBe(1);
    expect(countsShown(data)).toEqual(countsFromStaff(data));

    // Three levels deep: a person placed under 城西店 › 车间 › 机修班 counts in all three.
    const workshop = data.departments.find((each) => each.name === '车间' && each.parentId === west.id)!;
    const team = await create(admin, '机修班', workshop.id);
    expect(team.code, team.msg).toBe(0);
    const manager = data.staff.find((person) => person.username === 'manager')!;
    const placed = await server.call<{ version: number }>('PUT', '/organization/department/staff', { token: admin, body: { id: manager.id, version: manager.version, departmentId: team.data.id } });
    expect(placed.code, placed.msg).toBe(0);
    const after = await tree(admin);
    expect([west.id, workshop.id, team.data.id].map((id) => after.departments.find((each) => each.id === id)!.staffCount)).toEqual([2, 1, 1]);
    expect(countsShown(after)).toEqual(countsFromStaff(after));
    // A store admin's counts are of the staff they see, by the same rule.
    const east = await storeAdmin('east-count-admin');
    const theirs = await tree(east);
    expect(countsShown(theirs)).toEqual(countsFromStaff(theirs));
    expect(theirs.departments.find((each) => each.id === west.id)!.staffCount).toBe(1);

    const back = await server.call('PUT', '/organization/department/staff', { token: admin, body: { id: manager.id, version: placed.data.version, departmentId: null } });
    expect(back.code, back.msg).toBe(0);
    const removed = await server.call('DELETE', '/organization/department', { token: admin, query: { id: team.data.id, version: 1 } });
    expect(removed.code, removed.msg).toBe(0);
  });
});

describe('who may change the organisation', () => {
  it('refuses staff who are not admins, in Chinese', async () => {
    const manager = await server.loginToken('manager');
    for (const [method, path] of [['GET', '/organization/departments'], ['GET', '/organization/jobs'], ['POST', '/organization/department'], ['POST', '/organization/job'], ['PUT', '/organization/department/staff']] as const) {
      const answer = await server.call(method, path, { token: manager, ...(method === 'GET' ? {} : { body: { id: 1, version: 1, name: '越权' } }) });
      expect(answer.code, path).toBe(403);
      expect(answer.msg).toMatch(/管理员/);
    }
  });

  it('shows a store admin the whole tree but only their store’s staff; they place their staff but do not reshape the tree', async () => {
    const token = await storeAdmin('east-org-admin');
    const data = await tree(token);
    expect(data.canEdit).toBe(false);
    expect(data.departments.filter((each) => each.parentId === null).map((each) => each.name)).toEqual(expect.arrayContaining(['总部', '城东店', '城西店', '滨江店']));
    expect(data.staff.map((person) => person.username).sort()).toEqual(['east-org-admin', 'manager']);
    // 王小雨's 前台组 counts nobody this admin can see.
    const west = data.departments.find((each) => each.name === '城西店')!;
    expect(data.departments.find((each) => each.name === '前台组' && each.parentId === west.id)!.staffCount).toBe(0);

    expect((await create(token, '东店新部门')).msg).toBe(MSG.chainWide);
    const east = data.departments.find((each) => each.name === '城东店')!;
    expect((await server.call('PUT', '/organization/department', { token, body: { id: east.id, version: east.version, name: '改名' } })).msg).toBe(MSG.chainWide);
    expect((await server.call('POST', '/organization/job', { token, body: { name: '洗车工' } })).msg).toBe(MSG.chainWide);

    const manager = data.staff.find((person) => person.username === 'manager')!;
    expect((await server.call('PUT', '/organization/department/staff', { token, body: { id: manager.id, version: manager.version, departmentId: east.id } })).code).toBe(0);
    const frontdesk = (await tree(admin)).staff.find((person) => person.username === 'frontdesk')!;
    const outside = await server.call('PUT', '/organization/department/staff', { token, body: { id: frontdesk.id, version: frontdesk.version, departmentId: east.id } });
    expect(outside.code).toBe(404);
    expect((await tree(admin)).staff.find((person) => person.username === 'frontdesk')!.departmentId).toBe(frontdesk.departmentId);
  });

  it('keeps the other chain out of 安途’s departments, staff and positions', async () => {
    const east = await department(admin, '城东店');
    const frontdesk = (await tree(admin)).staff.find((person) => person.username === 'frontdesk')!;
    const hxTop = (await tree(hxAdmin)).departments[0];
    expect((await server.call('PUT', '/organization/department', { token: hxAdmin, body: { id: east.id, version: east.version, name: '偷改' } })).code).toBe(404);
    expect((await server.call('DELETE', '/organization/department', { token: hxAdmin, query: { id: east.id, version: east.version } })).code).toBe(404);
    expect((await create(hxAdmin, '跨链部门', east.id)).code).toBe(404);
    expect((await server.call('PUT', '/organization/department/move', { token: hxAdmin, body: { id: hxTop.id, version: hxTop.version, parentId: east.id, index: 0 } })).code).toBe(404);
    expect((await server.call('PUT', '/organization/department/staff', { token: hxAdmin, body: { id: frontdesk.id, version: frontdesk.version, departmentId: hxTop.id } })).code).toBe(404);
    const anTuJob = (await jobList(admin)).jobs[0];
    expect((await server.call('PUT', '/organization/job', { token: hxAdmin, body: { id: anTuJob.id, version: anTuJob.version, name: anTuJob.name } })).code).toBe(404);
    const anTuRole = (await jobList(admin)).roles[0];
    expect((await server.call('POST', '/organization/job', { token: hxAdmin, body: { name: '跨链岗位', defaultRoleId: anTuRole.id } })).code).toBe(404);
    expect((await department(admin, '城东店')).name).toBe('城东店');
  });
});

describe('bad input and concurrent edits', () => {
  it('answers malformed input with Chinese field names, never a 500, and changes nothing', async () => {
    const before = (await tree(admin)).departments.length;
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', '/organization/department', { name: '' }, /请填写部门名称/],
      ['POST', '/organization/department', { name: 'x'.repeat(31) }, /部门名称不能超过 30 个字/],
      ['POST', '/organization/department', { name: '部门\u0000' }, /部门名称/],
      ['POST', '/organization/department', { name: '正常', parentId: 'abc' }, /上级部门格式不正确/],
      ['POST', '/organization/department', { name: '正常', parentId: 99_999_999_999 }, /上级部门格式不正确/],
      ['POST', '/organization/department', { name: ['数组'] }, /部门名称/],
      ['PUT', '/organization/department/move', { id: 1, version: 1, parentId: null, index: -1 }, /位置不能小于 0/],
      ['PUT', '/organization/department/move', { id: 'x', version: 'y' }, /部门|版本号/],
      ['PUT', '/organization/department/staff', { id: 1, version: 1, departmentId: {} }, /部门格式不正确/],
      ['POST', '/organization/job', { name: '  ' }, /请填写岗位名称/],
      ['POST', '/organization/job', { name: '洗车工', defaultRoleId: 'admin' }, /默认角色格式不正确/],
    ];
    for (const [method, path, body, message] of cases) {
      const answer = await server.call(method, path, { token: admin, body });
      expect(answer.status, path).toBe(200);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(message);
      expect(answer.msg).not.toMatch(/parentId|defaultRoleId|index|version/);
    }
    const missing = await server.call('DELETE', '/organization/department', { token: admin, query: { id: 2_000_000, version: 1 } });
    expect(missing.code).toBe(404);
    expect(missing.msg).toBe(MSG.departmentGone);
    const hq = await department(admin, '总部');
    expect((await create(admin, '运营部', hq.id)).msg).toBe(MSG.sameName);
    expect((await tree(admin)).departments.length).toBe(before);
  });

  it('refuses the second of two renames made from the same version with 已被他人修改', async () => {
    const made = (await create(hxAdmin, '售后部')).data.id;
    const rename = (name: string) => server.call('PUT', '/organization/department', { token: hxAdmin, body: { id: made, version: 1, name } });
    const answers = await Promise.all([rename('售后服务部'), rename('客服部')]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const late = answers.find((answer) => answer.code !== 0)!;
    expect(late.code).toBe(409);
    expect(late.msg).toBe(MSG.changedByOthers);
    const winner = answers[0].code === 0 ? '售后服务部' : '客服部';
    expect((await tree(hxAdmin)).departments.find((each) => each.id === made)!.name).toBe(winner);
  });
});

describe('positions (岗位池)', () => {
  it('lists the built-in positions with their default role and staff count, per chain', async () => {
    const data = await jobList(admin);
    const byName = new Map(data.jobs.map((job) => [job.name, job]));
    expect([...byName.keys()].slice(0, 4)).toEqual(['店长', '前台/服务顾问', '技师', '财务']);
    const roleName = new Map(data.roles.map((role) => [role.id, role.name]));
    expect(roleName.get(byName.get('店长')!.defaultRoleId!)).toBe('门店店长');
    expect(roleName.get(byName.get('前台/服务顾问')!.defaultRoleId!)).toBe('前台接待');
    expect(roleName.get(byName.get('技师')!.defaultRoleId!)).toBe('技师');
    expect(byName.get('前台/服务顾问')!.staffCount).toBe(2);
    const other = await jobList(hxAdmin);
    expect(other.jobs.some((job) => data.jobs.some((mine) => mine.id === job.id))).toBe(false);
    expect(other.jobs.find((job) => job.name === '店长')!.staffCount).toBe(1);
  });

  it('adds a custom position whose default role a new account for it gets; deletes it only once nobody holds it', async () => {
    const data = await jobList(admin);
    const desk = data.roles.find((role) => role.name === '前台接待')!;
    const made = await server.call<{ id: number }>('POST', '/organization/job', { token: admin, body: { name: '洗车工', defaultRoleId: desk.id } });
    expect(made.code, made.msg).toBe(0);
    expect((await server.call('POST', '/organization/job', { token: admin, body: { name: '洗车工' } })).msg).toBe(MSG.jobSameName);

    const staff = await server.call<{ id: number }>('POST', '/authority/staff', {
      token: admin, body: { username: 'washer01', nickName: '钱洗车', roleIds: [desk.id], storeIds: [4], jobId: made.data.id },
    });
    expect(staff.code, staff.msg).toBe(0);
    const listed = await server.call<AnswerOf<typeof staffList>>('GET', '/authority/staff', { token: admin });
    expect(listed.data.staff.find((person) => person.username === 'washer01')!.jobId).toBe(made.data.id);
    expect(listed.data.jobs.find((job) => job.id === made.data.id)!.defaultRoleId).toBe(desk.id);

    let job = (await jobList(admin)).jobs.find((each) => each.id === made.data.id)!;
    expect(job.staffCount).toBe(1);
    const inUse = await server.call('DELETE', '/organization/job', { token: admin, query: { id: job.id, version: job.version } });
    expect(inUse.code).toBe(409);
    expect(inUse.msg).toBe(MSG.jobInUse(1));

    const renamed = await server.call('PUT', '/organization/job', { token: admin, body: { id: job.id, version: job.version, name: '美容洗车', defaultRoleId: null } });
    expect(renamed.code, renamed.msg).toBe(0);
    const stale = await server.call('PUT', '/organization/job', { token: admin, body: { id: job.id, version: job.version, name: '洗车', defaultRoleId: desk.id } });
    expect(stale.msg).toBe(MSG.changedByOthers);

    const person = listed.data.staff.find((each) => each.username === 'washer01')!;
    expect((await server.call('PUT', '/authority/staff', {
      token: admin, body: { id: person.id, version: person.version, nickName: '钱洗车', roleIds: [desk.id], storeIds: [4] },
    })).code).toBe(0);
    job = (await jobList(admin)).jobs.find((each) => each.id === made.data.id)!;
    expect(job).toMatchObject({ name: '美容洗车', defaultRoleId: null, staffCount: 0 });
    expect((await server.call('DELETE', '/organization/job', { token: admin, query: { id: job.id, version: job.version } })).code).toBe(0);
  });

  it('keeps the built-in positions: no rename, no delete, but their default role may change', async () => {
    const data = await jobList(hxAdmin);
    const tech = data.jobs.find((job) => job.name === '技师')!;
    expect((await server.call('PUT', '/organization/job', { token: hxAdmin, body: { id: tech.id, version: tech.version, name: '机修工', defaultRoleId: tech.defaultRoleId } })).msg).toBe(MSG.jobBuiltIn);
    expect((await server.call('DELETE', '/organization/job', { token: hxAdmin, query: { id: tech.id, version: tech.version } })).msg).toBe(MSG.jobBuiltIn);
    const manager = data.roles.find((role) => role.name === '门店店长')!;
    expect((await server.call('PUT', '/organization/job', { token: hxAdmin, body: { id: tech.id, version: tech.version, name: '技师', defaultRoleId: manager.id } })).code).toBe(0);
  });
});
