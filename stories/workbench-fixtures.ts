/**
 * Recorded-style answers of 工作台 and 智慧大屏 (shape of server/src/routes/workbench.ts) on top of
 * the customer fixture, so both stories run without a server. Closing a task answers success.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { Figures, TaskList } from '../widgets/workbench/api';
import type { BigScreenData } from '../widgets/big-screen/api';
import { addDays, today as garageToday } from '../contracts/dates';
import { installCustomerFixture } from './customer-fixtures';

const today = garageToday();

const task = (id: number, kind: TaskList['tasks'][number]['kind'], days: number, fields: Partial<TaskList['tasks'][number]>): TaskList['tasks'][number] => ({
  id, kind, dueOn: addDays(today, days), customerId: 300 + id, customerName: '杨帆宇', mobile: '13512345841', vehicleId: 400 + id, plate: '浙A52023',
  vehicleName: '大众 朗逸', storeId: 3, storeName: '城西店', assigneeName: '王小雨', lastVisitOn: addDays(today, -120), note: '',
  result: null, doneNote: null, doneAt: null, doneBy: null, mayUndo: false, ...fields,
});

export const TASKS: TaskList = {
  today,
  view: 'own',
  counts: { maintenance: 4, insurance: 12, birthday: 1, lost: 3, follow_up: 1 },
  total: 21,
  doneToday: 5,
  page: 1,
  pageSize: 50,
  leadsDue: 2,
  tasks: [
    task(1, 'follow_up', 0, { customerName: '陈思远', plate: '浙A7K2M9', vehicleName: '丰田 凯美瑞', note: '客户说本周六上午方便到店做保养' }),
    task(2, 'maintenance', 2, { customerName: '杨帆宇' }),
    task(3, 'birthday', 1, { customerName: '林晓雯', vehicleId: null, plate: null, vehicleName: null }),
    task(4, 'insurance', 6, { customerName: '赵志强', plate: '浙AD12345', vehicleName: '比亚迪 汉' }),
    task(5, 'lost', -3, { customerName: '周静', plate: '沪A3C8Q1', vehicleName: '本田 雅阁', lastVisitOn: addDays(today, -368) }),
    task(6, 'insurance', 18, { customerName: '吴俊杰', plate: '浙B9F0L2', vehicleName: '宝马 3系', assigneeName: null }),
  ],
};

const day = (revenueFen: number, orders: number, newCustomers: number) => ({ revenueFen, orders, newCustomers, ticketFen: Math.round(revenueFen / orders) });
export const FIGURES: Figures = {
  today, yesterday: addDays(today, -1), lastWeek: addDays(today, -7),
  figures: { today: day(3_865_000, 21, 4), yesterday: day(3_410_000, 19, 5), lastWeek: day(4_120_000, 24, 3) },
};

export const BIG_SCREEN: BigScreenData = {
  today,
  title: '安途汽车服务',
  revenueTodayFen: 3_865_000,
  revenueMonthFen: 84_230_000,
  ordersToday: 21,
  ordersInProgress: 9,
  newCustomersToday: 4,
  stages: { new: 412, active: 1288, sleeping: 735, lost: 565 },
  stores: [
    { storeId: 2, storeName: '城东店', revenueFen: 35_400_000, orders: 402 },
    { storeId: 3, storeName: '城西店', revenueFen: 29_100_000, orders: 351 },
    { storeId: 4, storeName: '滨江店', revenueFen: 19_730_000, orders: 238 },
  ],
  trend: Array.from({ length: 30 }, (_, index) => ({
    day: addDays(today, index - 29),
    revenueFen: 2_400_000 + ((index * 7919) % 23) * 110_000 + (index % 7 === 5 ? 1_200_000 : 0),
    orders: 14 + ((index * 31) % 11),
  })),
  refreshedAt: new Date().toISOString(),
};

function answer(path: string, method: string): unknown {
  if (method !== 'GET') return { id: 1, status: 'done', changed: true, doneAt: new Date().toISOString(), doneBy: '王小雨', followUpId: null };
  if (path === '/workbench/tasks') return TASKS;
  if (path === '/workbench/figures') return FIGURES;
  if (path === '/bigScreen') return { ...BIG_SCREEN, refreshedAt: new Date().toISOString() };
  return null;
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installWorkbenchFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/workbench') && url.pathname !== '/api/bigScreen') return customerFetch(input, init);
    const data = answer(url.pathname.slice(4), (init?.method ?? 'GET').toUpperCase());
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
