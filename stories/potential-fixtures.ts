/**
 * Recorded-style answers of 潜在客户 (shape of server/src/routes/potential.ts), on top of the
 * customer fixture (session, stores…), so the story runs without a server. The list filters by
 * status, keyword and 今日待跟进 like the server; writes answer success and are not remembered.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { Lead, PotentialPage } from '../widgets/potential-customers/api';
import { addDays, today as garageToday } from '../contracts/dates';
import { installCustomerFixture } from './customer-fixtures';

const today = garageToday();
const at = (days: number, time = '10:30') => new Date(`${addDays(today, days)}T${time}:00+08:00`).toISOString();

const lead = (id: number, fields: Partial<Lead> & Pick<Lead, 'name' | 'status'>): Lead => ({
  id, storeId: 2, storeName: '城东店', mobile: `1390000${String(id).padStart(4, '0')}`, plate: '', source: '电话咨询', intent: '小保养', remark: '',
  ownerId: 2, ownerName: '李店长', nextFollowUp: null, lastFollowUpAt: at(-2), lastNote: '', customerId: null, convertedAt: null, createdAt: at(-20), version: 1,
  ...fields,
});

const LEADS: Lead[] = [
  lead(1, { name: '孙志强', status: 'following', plate: '浙A8K3D2', nextFollowUp: addDays(today, -3), lastNote: '发了保养套餐价格，客户在比较', source: '抖音' }),
  lead(2, { name: '周丽', status: 'following', nextFollowUp: today, lastNote: '约了今天下午到店看看', intent: '更换轮胎', source: '美团/大众点评' }),
  lead(3, { name: '', status: 'pending', storeId: 3, storeName: '城西店', ownerId: null, ownerName: '', nextFollowUp: addDays(today, 2), lastNote: '新增潜在客户', source: '批量导入' }),
  lead(4, { name: '吴建国', status: 'pending', plate: '浙AD73K19', storeId: 4, storeName: '滨江店', ownerId: 1, ownerName: '陈总', nextFollowUp: addDays(today, 5), lastNote: '新增潜在客户', intent: '钣金喷漆' }),
  lead(5, { name: '郑晓燕', status: 'visited', customerId: 120, convertedAt: at(-1), lastNote: '到店，已转为客户', source: '朋友推荐' }),
  lead(6, { name: '冯磊', status: 'invalid', storeId: 3, storeName: '城西店', ownerId: 3, ownerName: '王小雨', lastNote: '空号', source: '线下活动', intent: '车险续保' }),
];

function list(query: URLSearchParams): PotentialPage {
  const keyword = query.get('keyword') ?? '';
  const inScope = LEADS.filter((each) => !keyword || `${each.name}${each.mobile}${each.plate}`.includes(keyword));
  const due = (each: Lead) => each.nextFollowUp !== null && each.nextFollowUp <= today && ['pending', 'following'].includes(each.status);
  const rows = inScope.filter((each) => (!query.get('status') || each.status === query.get('status')) && (query.get('due') !== 'true' || due(each)));
  const counts: Record<string, number> = {};
  for (const each of inScope) counts[each.status] = (counts[each.status] ?? 0) + 1;
  return {
    total: rows.length, rows, counts, due: LEADS.filter(due).length, today, canEdit: true,
    stores: [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }],
    staff: [
      { id: 1, name: '陈总', storeIds: [], wholeChain: true },
      { id: 2, name: '李店长', storeIds: [2], wholeChain: false },
      { id: 3, name: '王小雨', storeIds: [3], wholeChain: false },
    ],
    sources: ['抖音', '批量导入', '朋友推荐', '电话咨询', '线下活动', '美团/大众点评'],
  };
}

const HISTORY = {
  entries: [
    { id: 3, at: at(-2), userName: '李店长', status: 'following', note: '发了保养套餐价格，客户在比较' },
    { id: 2, at: at(-9), userName: '李店长', status: 'following', note: '已电话联系，客户说周末有空再来' },
    { id: 1, at: at(-20, '09:40'), userName: '陈总', status: 'pending', note: '新增潜在客户' },
  ],
};

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installPotentialFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/potential')) return customerFetch(input, init);
    const path = url.pathname.slice(4);
    const get = (init?.method ?? 'GET').toUpperCase() === 'GET';
    const data = !get ? { id: 99, version: 2, assigned: 2, customerId: 120, vehicleId: null, created: true } : path === '/potential/list' ? list(url.searchParams) : HISTORY;
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
