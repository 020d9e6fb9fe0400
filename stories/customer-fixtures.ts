/**
 * Recorded-style answers of the customer endpoints, so the customer stories run without a server:
 * window.fetch answers encrypted envelopes like the real server (shape of server/src/routes/customer.ts
 * and tag.ts). Writes (save condition, tag, group) answer success and are not remembered.
 */
import { encryptText } from '../widgets/core/crypto/cipher';

const TAGS = [
  { id: 1, name: '高价值客户', colour: '#dc2626', groupName: '客户价值', count: 38 },
  { id: 2, name: '潜力客户', colour: '#f59e0b', groupName: '客户价值', count: 112 },
  { id: 4, name: '新能源车主', colour: '#16a34a', groupName: '车辆', count: 264 },
  { id: 5, name: '豪华品牌', colour: '#7c3aed', groupName: '车辆', count: 190 },
  { id: 7, name: '常做保养', colour: '#2563eb', groupName: '服务偏好', count: 421 },
  { id: 10, name: '续保意向', colour: '#ea580c', groupName: '营销', count: 97 },
];
const STORES = [
  { id: 2, name: '城东店', count: 1204 },
  { id: 3, name: '城西店', count: 1043 },
  { id: 4, name: '滨江店', count: 753 },
];
const NAMES = ['许燕丽', '周雪霞', '朱欢峰', '黄泽轩', '刘宏健', '王伟飞', '黄峰洋', '贾宁辉', '魏秀静', '刘成磊'];
const CUSTOMERS = NAMES.map((name, index) => ({
  id: 100 + index,
  name,
  mobile: `13${index}5865${String(3519 + index * 7).padStart(4, '0')}`,
  gender: index % 3 === 0 ? 'F' : 'M',
  level: ['银卡', '普通', '金卡', '钻石'][index % 4],
  source: '自然到店',
  storeId: STORES[index % 3].id,
  storeName: STORES[index % 3].name,
  visitCount: 3 + index,
  totalSpend: 2600 + index * 1830,
  lastVisitAt: `2026-0${(index % 8) + 1}-1${index % 9}T02:00:00.000Z`,
  createdAt: '2023-05-01T02:00:00.000Z',
  stage: ['active', 'new', 'sleeping', 'lost'][index % 4],
  tags: TAGS.filter((_, tagIndex) => (index + tagIndex) % 3 === 0).map(({ id, name: tagName, colour }) => ({ id, name: tagName, colour })),
  vehicles: [{ id: 500 + index, plate: index === 4 ? '浙AD12345' : `浙A${(13190 + index * 1117).toString(36).toUpperCase().slice(0, 5)}`, brand: '大众', series: '朗逸', model: '1.5L 自动舒适版', vin: `LSVAU2180N21832${String(index).padStart(2, '0')}`, mileage: 42000 + index * 5100, insuranceExpiry: '2026-12-20', nextMaintenanceDate: '2026-10-01', nextMaintenanceMileage: 47000 + index * 5100 }],
  nextMaintenance: { vehicleId: 500 + index, plate: index === 4 ? '浙AD12345' : `浙A${(13190 + index * 1117).toString(36).toUpperCase().slice(0, 5)}`, date: '2026-10-01', mileage: 47000 + index * 5100 },
}));

const GROUPS = [
  { id: 1, name: '保险30天内到期', kind: 'condition', condition: { version: 1, insuranceExpiringWithinDays: 30 }, memberCount: 214, createdAt: '2026-03-01T02:00:00.000Z', updatedAt: '2026-03-01T02:00:00.000Z', createdBy: '陈总' },
  { id: 2, name: '半年未到店客户', kind: 'condition', condition: { version: 1, notVisitedForDays: 180 }, memberCount: 806, createdAt: '2026-03-01T02:00:00.000Z', updatedAt: '2026-03-01T02:00:00.000Z', createdBy: '陈总' },
  { id: 3, name: '春季保养活动名单', kind: 'fixed', condition: null, memberCount: 40, createdAt: '2026-03-02T02:00:00.000Z', updatedAt: '2026-03-02T02:00:00.000Z', createdBy: '李店长' },
];

const PANORAMA = {
  vehicle: { id: 504, plate: '浙AD12345', vin: 'LSVAU2180N2183204', brand: '比亚迪', series: '秦PLUS', model: 'DM-i 55km 尊贵型', modelYear: 2022, colour: '白色', energyType: 'hybrid', registrationDate: '2022-03-18', mileage: 58600, visitCount: 7, totalSpend: 6820, lastVisitAt: '2026-05-02T02:00:00.000Z', nextMaintenanceDate: '2026-11-02', nextMaintenanceMileage: 66100, insuranceExpiry: '2026-06-30', insuranceDaysLeft: 21, storeName: '城东店' },
  owner: { ...CUSTOMERS[4], stage: 'active', advisor: { id: 7, name: '王小雨' } },
  visits: [
    { id: 1, orderNo: 'WO20260502000001', maintDate: '2026-05-02', mileage: 58600, kind: 'maintenance', items: [{ name: '小保养（机油+机滤）' }, { name: '更换空调滤芯' }], amount: 561, advisor: '张明', storeName: '城东店' },
    { id: 2, orderNo: 'WO20251105000002', maintDate: '2025-11-05', mileage: 51200, kind: 'repair', items: [{ name: '更换前刹车片' }], amount: 680, advisor: '李强', storeName: '城东店' },
    { id: 3, orderNo: 'WO20250420000003', maintDate: '2025-04-20', mileage: 43800, kind: 'maintenance', items: [{ name: '小保养（机油+机滤）' }], amount: 453, advisor: '张明', storeName: '城东店' },
  ],
  policies: [{ id: 1, insurer: '平安保险', policyNo: 'PDAA202533010000000007', compulsoryPremium: 950, commercialPremium: 3280, startDate: '2025-06-30', expiryDate: '2026-06-30' }],
  spendByYear: [{ year: 2024, visits: 2, spend: 1620 }, { year: 2025, visits: 3, spend: 4639 }, { year: 2026, visits: 1, spend: 561 }],
};

function answer(path: string, search: URLSearchParams, body: Record<string, unknown>): unknown {
  switch (path) {
    case '/user/isAdmin':
      return true;
    case '/garageModule/one':
      return { garageId: 1, isShowPrice: true, isShowPhone: true, isShowDiagnostic: true, isShowAll: true, salesman: true, pageSize: 10 };
    case '/client/list': {
      const keyword = String(body.keyword ?? '').toUpperCase();
      const list = CUSTOMERS.filter((row) => !keyword || row.name.startsWith(keyword) || row.vehicles.some((v) => v.plate.includes(keyword)) || row.mobile.includes(keyword));
      return { total: keyword ? list.length : 3000, page: body.page ?? 1, pageSize: body.pageSize ?? 10, totalCapped: false, phoneMasked: false, list };
    }
    case '/client/condition':
      return {
        stores: STORES, tags: TAGS,
        brands: [{ name: '大众', count: 820 }, { name: '丰田', count: 610 }, { name: '比亚迪', count: 433 }],
        levels: [{ name: '普通', count: 1640 }, { name: '银卡', count: 760 }, { name: '金卡', count: 420 }, { name: '钻石', count: 180 }],
        sources: [{ name: '自然到店', count: 1050 }, { name: '老客介绍', count: 540 }],
        groups: GROUPS.map(({ id, name, kind }) => ({ id, name, kind })),
        savedConditions: [{ id: 1, name: '新能源车主', condition: { version: 1, tags: { mode: 'any', ids: [4] } } }, { id: 2, name: '高消费客户', condition: { version: 1, totalSpend: { min: 10000 } } }],
      };
    case '/client/groups':
      return GROUPS;
    case '/client/group/name':
      return '客户分组1';
    case '/client/group':
      return { ...GROUPS[0], id: 9, name: String(body.name ?? '客户分组1') };
    case '/client/saveCondition':
      return { id: 9, name: body.name, condition: body.condition };
    case '/tag/list':
      return TAGS;
    case '/tag/customers':
      return { changed: 3, customers: 3 };
    case '/client/board':
      return {
        total: 3000,
        totals: { new: 412, active: 1530, sleeping: 488, lost: 570 },
        stores: STORES.map((store, index) => ({ storeId: store.id, storeName: store.name, total: store.count, counts: { new: 160 - index * 40, active: 610 - index * 90, sleeping: 200 - index * 30, lost: store.count - (160 - index * 40) - (610 - index * 90) - (200 - index * 30) } })),
      };
    case '/vehicle/search':
      return [{ id: 504, plate: '浙AD12345', brand: '比亚迪', series: '秦PLUS', customerName: '刘宏健' }].filter((row) => row.plate.includes((search.get('keyword') ?? '').toUpperCase()));
    case '/vehicle/detail':
      return PANORAMA;
    case '/vehicle/maint-points':
      return { points: { history: [], partReplaceAlert: [], maintEstimate: [] } };
    case '/authority/staff':
      return AUTHORITY;
    case '/wecom-contact/overview':
      return { addOn: 'active', configured: true, corpId: 'wwantu0000demo01', agentId: '1000002', sidebarUrl: 'https://garage.example.com/sidebar', missing: [], contacts: 128, bound: 97,
        sync: { state: 'done', usersDone: 6, usersTotal: 6, contactsSeen: 14, linked: 9, newLeads: 5, startedAt: '2026-11-23T01:00:00.000Z', finishedAt: '2026-11-23T01:02:10.000Z', error: '' } };
    case '/api/erp/bindings':
      return [{ id: 1, erpType: 'f6', account: 'antu-hq', storeCode: 'HZ01', erpStoreName: 'HZ01 门店', boundAt: '2026-11-20T06:12:00.000Z', boundBy: '陈总',
        lastSyncAt: '2026-11-23T01:00:00.000Z', lastSyncResult: 'ok', lastSyncCustomers: 12, lastSyncOrders: 37 }];
    case '/call/sip-accounts':
      return {
        realm: 'sip.garage.local', demo: false,
        staff: AUTHORITY.staff.map((person) => ({
          userId: String(person.id), nickName: person.nickName, username: person.username, enabled: person.enabled,
          storeNames: STORES.filter((store) => (person.storeIds as number[]).includes(store.id)).map((store) => store.name),
          line: person.id === 3 ? { sipUser: '8003', realm: 'sip.garage.local', server: null } : null,
        })),
      };
    case '/authority/audit':
      return { total: 2, entries: [
        { id: 2, at: '2026-11-20T06:12:00.000Z', actorName: '陈总', action: 'role.update', targetType: 'role', targetName: '前台接待', detail: {}, address: '10.0.3.15' },
        { id: 1, at: '2026-11-19T01:40:00.000Z', actorName: '陈总', action: 'staff.create', targetType: 'staff', targetName: '王小雨（frontdesk）', detail: {}, address: '10.0.3.15' },
      ] };
    default:
      return null;
  }
}

/** 权限管理 (settings centre): the demo chain's staff and roles. */
const AUTHORITY = {
  staff: [
    { id: 1, username: 'admin', nickName: '陈总', phone: '13800000001', enabled: true, locked: false, mustChangePassword: false, storeIds: [], roleIds: [1], departmentId: null, jobId: null, isAdmin: true, editable: true, version: 1 },
    { id: 2, username: 'manager', nickName: '李店长', phone: '13800000002', enabled: true, locked: true, mustChangePassword: false, storeIds: [2], roleIds: [3], departmentId: null, jobId: 1, isAdmin: false, editable: true, version: 1 },
    { id: 3, username: 'frontdesk', nickName: '王小雨', phone: '13800000003', enabled: true, locked: false, mustChangePassword: true, storeIds: [3], roleIds: [4], departmentId: null, jobId: 2, isAdmin: false, editable: true, version: 1 },
    { id: 6, username: 'leaver', nickName: '赵离职', phone: '', enabled: false, locked: false, mustChangePassword: false, storeIds: [4], roleIds: [4], departmentId: null, jobId: 2, isAdmin: false, editable: true, version: 3 },
  ],
  roles: [
    { id: 1, code: 'garage_admin', name: '总部管理员', dataScope: 1, permissionIds: [-1], builtIn: true, isAdmin: true, staffCount: 1, grantable: true, version: 1 },
    { id: 2, code: 'admin', name: '门店管理员', dataScope: 2, permissionIds: [-1], builtIn: true, isAdmin: true, staffCount: 0, grantable: true, version: 1 },
    { id: 3, code: 'store_manager', name: '门店店长', dataScope: 2, permissionIds: [5, 11, 13, 15, 16, 17, 18], builtIn: false, isAdmin: false, staffCount: 1, grantable: true, version: 1 },
    { id: 4, code: 'front_desk', name: '前台接待', dataScope: 2, permissionIds: [11, 16], builtIn: false, isAdmin: false, staffCount: 2, grantable: true, version: 2 },
  ],
  stores: STORES.map(({ id, name }) => ({ id, name })),
  jobs: [
    { id: 1, name: '店长', defaultRoleId: 3 },
    { id: 2, name: '前台/服务顾问', defaultRoleId: 4 },
    { id: 3, name: '技师', defaultRoleId: null },
  ],
};

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installCustomerFixture() {
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/')) return realFetch(input, init);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    } catch {
      /* no body */
    }
    const data = answer(url.pathname.slice(4), url.searchParams, body);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = realFetch;
  };
}

export const STORY_TOKEN = 'story-token';
