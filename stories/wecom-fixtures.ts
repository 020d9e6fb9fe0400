/**
 * Recorded-style answers for <garage-wecom-contact> (shapes of contracts/api/wecom.ts, customer.ts
 * and sms.ts) on top of the customer fixture, so its stories run without a server: a bound
 * contact (wmStoryBound), an unbound one (wmStoryNew, whose search finds two customers), and one
 * bound to another store's customer (wmStoryElsewhere). Writes answer success.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { BoundCustomer, CurrentContact, CustomerDetail, CustomerMatch, SmsPreview, SmsTemplate } from '../widgets/wecom-contact/api';
import { addDays, today as garageToday } from '../contracts/dates';
import { installCustomerFixture } from './customer-fixtures';

const today = garageToday();

const BOUND: BoundCustomer = { id: 301, name: '林晓梅', mobile: '13700001234', storeId: 2, storeName: '城东店', plates: ['浙A7K2M9'] };

const DETAIL: CustomerDetail = {
  ...BOUND,
  gender: 'F',
  level: '金卡',
  source: '企业微信',
  visitCount: 7,
  totalSpend: 8_460,
  lastVisitAt: `${addDays(today, -41)}T02:30:00.000Z`,
  createdAt: '2023-04-12T02:00:00.000Z',
  stage: 'active',
  tags: [
    { id: 1, name: '保养客户', colour: '#2563eb' },
    { id: 2, name: '高价值', colour: '#dc2626' },
  ],
  vehicles: [
    { id: 501, plate: '浙A7K2M9', brand: '大众', series: '迈腾', model: '2021 款 330TSI', vin: 'LSVAU2180N2003914', mileage: 46_210,
      insuranceExpiry: addDays(today, 19), nextMaintenanceDate: addDays(today, 12), nextMaintenanceMileage: 50_000 },
    { id: 502, plate: '浙AD73K19', brand: '比亚迪', series: '汉', model: 'EV 创世版', vin: 'LGXCE4CB8N0012345', mileage: 18_900,
      insuranceExpiry: addDays(today, 160), nextMaintenanceDate: addDays(today, -3), nextMaintenanceMileage: 20_000 },
  ],
  nextMaintenance: { vehicleId: 501, plate: '浙A7K2M9', date: addDays(today, 12), mileage: 50_000 },
  birthday: null,
  remark: '',
  firstVisitAt: '2023-04-12T02:00:00.000Z',
  groups: [],
  advisor: { id: 7, name: '王小雨' },
};

const CONTACT = (externalUserId: string): CurrentContact['contact'] => ({
  externalUserId, name: '林女士', remark: '林女士 迈腾', mobiles: ['13700001234'], type: 1, avatar: '',
});

const MATCHES: CustomerMatch[] = [
  { ...BOUND, boundTo: null },
  { id: 318, name: '林建国', mobile: '13900005678', storeId: 2, storeName: '城东店', plates: ['浙A51244'], boundTo: '建国哥' },
];

const TEMPLATES: SmsTemplate[] = [
  { id: 1, name: '保养到期提醒', category: 'maintenance', categoryName: '保养提醒', body: '{称呼}您好，您的爱车{车牌}保养将于{保养到期日}到期，欢迎到{门店}保养。', status: 'approved', statusName: '已通过', reviewNote: '', updatedAt: '2026-10-01T00:00:00.000Z', storeId: null, ownerName: '总部模板', canEdit: true, canReview: true },
  { id: 2, name: '续保提醒', category: 'insurance', categoryName: '续保提醒', body: '{称呼}您好，您的爱车{车牌}保险将于{保险到期日}到期。', status: 'approved', statusName: '已通过', reviewNote: '', updatedAt: '2026-10-01T00:00:00.000Z', storeId: null, ownerName: '总部模板', canEdit: true, canReview: true },
];

const PREVIEW: SmsPreview = {
  matched: 1, count: 1, optedOut: 0, invalid: 0,
  sample: { customerName: '林晓梅', mobile: '137****1234', text: `【安途汽车】林女士您好，您的爱车浙A7K2M9保养将于${addDays(today, 12)}到期，欢迎到城东店保养。回T退订` },
  length: 52, segments: 1, credits: 1, balance: 8_620, marketing: true, sendAt: `${today}T02:00:00.000Z`, windowNote: '',
};

function answer(path: string, query: URLSearchParams): unknown {
  switch (path) {
    case '/wecom-contact/current': {
      const id = query.get('externalUserId') ?? '';
      if (id === 'wmStoryBound') return { contact: CONTACT(id), customer: BOUND, source: 'mobile', boundElsewhere: false, detail: DETAIL };
      return { contact: CONTACT(id), customer: null, source: null, boundElsewhere: id === 'wmStoryElsewhere', detail: null };
    }
    case '/wecom-contact/customers':
      return { rows: MATCHES.filter((match) => `${match.name}${match.mobile}${match.plates.join('')}`.includes(query.get('keyword') ?? '')) };
    case '/wecom-contact/bind':
    case '/wecom-contact/create-customer':
      return { customer: BOUND };
    case '/wecom-contact/unbind':
      return null;
    case '/client/detail':
      return DETAIL;
    case '/sms/templates':
      return TEMPLATES;
    case '/sms/recipients/preview':
      return PREVIEW;
    default:
      return undefined;
  }
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installWecomFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const host = /^\/(api|wecom)\//.exec(url.pathname);
    const data = host ? answer(url.pathname.slice(host[0].length - 1), url.searchParams) : undefined;
    if (data === undefined) return customerFetch(input, init);
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
