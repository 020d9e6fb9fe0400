/**
 * Recorded-style answers of 组织架构 and 岗位池 (shape of server/src/routes/organization.ts), on top
 * of the customer fixture (session, stores…), so the stories run without a server. Writes answer
 * success and are not remembered.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import { installCustomerFixture } from './customer-fixtures';

const DEPARTMENTS = [
  { id: 1, parentId: null, name: '总部', sort: 0, staffCount: 1, version: 1 },
  { id: 2, parentId: 1, name: '运营部', sort: 0, staffCount: 0, version: 1 },
  { id: 3, parentId: 1, name: '财务部', sort: 1, staffCount: 1, version: 1 },
  { id: 4, parentId: null, name: '城东店', sort: 1, staffCount: 2, version: 1 },
  { id: 5, parentId: 4, name: '前台组', sort: 0, staffCount: 1, version: 1 },
  { id: 6, parentId: 4, name: '车间', sort: 1, staffCount: 3, version: 1 },
  { id: 7, parentId: null, name: '城西店', sort: 2, staffCount: 1, version: 1 },
  { id: 8, parentId: 7, name: '前台组', sort: 0, staffCount: 1, version: 1 },
  { id: 9, parentId: null, name: '滨江店', sort: 3, staffCount: 0, version: 1 },
];

const person = (id: number, nickName: string, username: string, departmentId: number | null, jobId: number | null, storeIds: number[]) =>
  ({ id, nickName, username, departmentId, jobId, storeIds, enabled: true, editable: true, version: 1 });

const TREE = {
  departments: DEPARTMENTS,
  staff: [
    person(1, '陈总', 'admin', 1, null, []),
    person(9, '孙会计', 'finance01', 3, 4, []),
    person(2, '李店长', 'manager', 4, 1, [2]),
    person(10, '钱店助', 'east-assist', 4, 2, [2]),
    person(11, '周前台', 'east-desk', 5, 2, [2]),
    person(12, '吴师傅', 'tech01', 6, 3, [2]),
    person(13, '郑师傅', 'tech02', 6, 3, [2]),
    person(14, '冯学徒', 'tech03', 6, 3, [2]),
    person(3, '王小雨', 'frontdesk', 8, 2, [3]),
    person(15, '陈新人', 'newbie', null, null, [4]),
  ],
  jobs: [
    { id: 1, name: '店长' },
    { id: 2, name: '前台/服务顾问' },
    { id: 3, name: '技师' },
    { id: 4, name: '财务' },
  ],
  stores: [
    { id: 2, name: '城东店' },
    { id: 3, name: '城西店' },
    { id: 4, name: '滨江店' },
  ],
  canEdit: true,
};

const JOBS = {
  jobs: [
    { id: 1, name: '店长', defaultRoleId: 3, builtIn: true, staffCount: 1, version: 1 },
    { id: 2, name: '前台/服务顾问', defaultRoleId: 4, builtIn: true, staffCount: 3, version: 1 },
    { id: 3, name: '技师', defaultRoleId: 5, builtIn: true, staffCount: 3, version: 1 },
    { id: 4, name: '财务', defaultRoleId: 6, builtIn: true, staffCount: 1, version: 1 },
    { id: 5, name: '洗车美容', defaultRoleId: null, builtIn: false, staffCount: 0, version: 2 },
  ],
  roles: [
    { id: 1, name: '总部管理员', isAdmin: true },
    { id: 2, name: '门店管理员', isAdmin: true },
    { id: 3, name: '门店店长', isAdmin: false },
    { id: 4, name: '前台接待', isAdmin: false },
    { id: 5, name: '技师', isAdmin: false },
    { id: 6, name: '财务', isAdmin: false },
  ],
  canEdit: true,
};

const ANSWERS: Record<string, unknown> = { '/organization/departments': TREE, '/organization/jobs': JOBS };

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installOrganizationFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const path = url.pathname.slice(4);
    if (!url.pathname.startsWith('/api/organization/')) return customerFetch(input, init);
    const data = (init?.method ?? 'GET').toUpperCase() === 'GET' ? (ANSWERS[path] ?? null) : { id: 99, version: 2 };
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
