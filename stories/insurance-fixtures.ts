/**
 * Recorded-style answers of 保险 (shape of server/src/routes/insurance.ts) on top of the customer
 * fixture, so the three insurance stories run without a server. The quote is computed with the
 * shared formulas of contracts/insurance.ts on the illustrative insurers; writes answer success.
 */
import { encryptText } from '../widgets/core/crypto/cipher';
import type { Policy, RenewalPage } from '../widgets/insurance-lookup/api';
import type { QuoteDetail, QuoteSheet, VehicleInsurance } from '../widgets/insurance-quote/api';
import type { Analysis } from '../widgets/insurance-analysis/api';
import { addDays, addMonths, today as garageToday } from '../contracts/dates';
import { maskName, maskPlate } from '../contracts/rules/mobile';
import {
  COMPULSORY_LIMITS_2020, DEFAULT_INSURERS, LOST_REASONS, RENEWAL_STATE_NAMES, bucketOf, commercialPremium, compulsoryPremiumOf, vehicleTax,
} from '../contracts/insurance';
import { installCustomerFixture } from './customer-fixtures';

const today = garageToday();
const at = (days: number) => new Date(`${addDays(today, days)}T10:30:00+08:00`).toISOString();

const policy = (id: number, daysLeft: number, fields: Partial<Policy>): Policy => ({
  id, storeId: 2, storeName: '城东店', vehicleId: 100 + id, customerId: 200 + id, customerName: '杨帆宇', mobile: '135****5841', plate: '浙A52023',
  vin: 'LSVAU2180N2003914', brand: '大众', insurer: '人寿财险', policyNo: `PDAA2025330100000${id}`, startDate: addDays(addMonths(today, -12), daysLeft + 1),
  expiryDate: addDays(today, daysLeft), daysLeft, compulsoryFen: 95_000, commercialFen: 268_000, vehicleTaxFen: 36_000, coverages: [], agentName: '王小雨',
  state: 'pending', lostReason: '', ownerId: 3, ownerName: '王小雨', note: '', nextContact: null, version: 2, ...fields,
});

const POLICIES: Policy[] = [
  policy(1, 0, { state: 'contacted', note: '已发续保短信，客户回复考虑一下', nextContact: addDays(today, 2) }),
  policy(2, 3, { plate: '沪AQ0638', customerName: '李伟宏', brand: '丰田', insurer: '中华联合', state: 'quoted', ownerId: 1, ownerName: '陈总', note: '报了平安和人保，客户倾向平安' }),
  policy(3, 5, { plate: '浙AD73K19', customerName: '吴建国', brand: '比亚迪', insurer: '平安产险', ownerId: null, ownerName: '', storeId: 4, storeName: '滨江店' }),
  policy(4, 6, { plate: '浙A07508', customerName: '杨旭亮', state: 'lost', lostReason: '已在4S店续保', note: '4S店给了保养券' }),
  policy(5, 7, { plate: '浙AB1534', customerName: '赵磊华', brand: '日产', state: 'renewed', ownerId: 1, ownerName: '陈总', note: '续保完成，赠送一次洗车' }),
  policy(6, 18, { plate: '浙A24WZ9', customerName: '杜宏', insurer: '太平洋产险' }),
  policy(7, -12, { plate: '浙A51244', customerName: '江睿涛', insurer: '大地保险', note: '客户在外地，下周回来', nextContact: today }),
];

function renewals(query: URLSearchParams): RenewalPage {
  const keyword = query.get('keyword') ?? '';
  const bucket = query.get('bucket') ?? 'd7';
  const inBucket = POLICIES.filter((each) => bucketOf(each.daysLeft) === bucket && (!keyword || `${each.plate}${each.customerName}${each.vin}`.includes(keyword)));
  const rows = inBucket.filter((each) => !query.get('state') || each.state === query.get('state'));
  const count = (key: (each: Policy) => string | null, list: Policy[]) => list.reduce<Record<string, number>>((all, each) => ((all[key(each) ?? ''] = (all[key(each) ?? ''] ?? 0) + 1), all), {});
  return {
    total: rows.length, rows, buckets: count((each) => bucketOf(each.daysLeft), POLICIES), states: count((each) => each.state, inBucket), defaultDays: 30, reminderEnabled: true,
    stores: [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }],
    staff: [{ id: 1, name: '陈总', storeIds: [], wholeChain: true }, { id: 2, name: '李店长', storeIds: [2], wholeChain: false }, { id: 3, name: '王小雨', storeIds: [2, 3], wholeChain: false }],
    lostReasons: [...LOST_REASONS], today,
  };
}

const VEHICLE: VehicleInsurance = {
  vehicle: { id: 101, storeId: 2, plate: '浙A52023', vin: 'LSVAU2180N2003914', brand: '宝马', series: 'X3', customerId: 201, customerName: '杨帆宇', mobile: '135****5841' },
  policies: [POLICIES[0]!], quotes: [{ id: 7, createdAt: at(-30), userName: '王小雨', startDate: addDays(today, 1), insurers: ['中国人保', '平安产险'], lowestTotalFen: 366_159 }],
  canQuote: true, today,
};

function sheet(): QuoteSheet {
  const compulsory = compulsoryPremiumOf({ vehicleClass: 'family_lt6', regionGroup: 'E', history: 'claimFree1' });
  const tax = vehicleTax({ displacement: 1.6, region: '浙江', energy: 'fuel' });
  const compulsoryFen = Math.round(compulsory.premium * 100);
  const choice = { vehicleDamage: true, vehiclePriceFen: 15_800_000, thirdPartyLimit: 1_000_000, driverSeatLimit: 10_000, passengerSeatLimit: 10_000, passengerSeats: 4, addOns: ['wheel', 'outsideMedical'] as const };
  return {
    region: '浙江', regionGroup: 'E', vehicleClass: 'family_lt6', vehicleClassName: '家庭自用汽车 6座以下', startDate: addDays(today, 1), endDate: addDays(addMonths(addDays(today, 1), 12), -1),
    compulsory: { base: compulsory.base, rate: compulsory.rate, premiumFen: compulsoryFen, limits: { total: COMPULSORY_LIMITS_2020.total, ...COMPULSORY_LIMITS_2020.atFault } },
    vehicleTax: { band: tax.band?.name ?? '', yearlyFen: tax.yearlyFen, estimated: tax.estimated },
    offers: DEFAULT_INSURERS.map((tariff) => {
      const commercial = commercialPremium(tariff, { ...choice, addOns: [...choice.addOns] }, { ncdLevel: -1, region: '浙江' });
      return {
        insurerCode: tariff.code, insurerName: tariff.name, lines: commercial.lines, ncd: commercial.ncd, violation: commercial.violation, independent: commercial.independent,
        coefficient: commercial.coefficient, commercialFen: commercial.premiumFen, compulsoryFen, vehicleTaxFen: tax.yearlyFen, totalFen: commercial.premiumFen + compulsoryFen + tax.yearlyFen,
      };
    }),
  };
}

const DETAIL = (): QuoteDetail => ({
  id: 7, createdAt: at(0), userName: '王小雨', storeName: '城东店', storePhone: '0571-88010002', vehicle: { ...VEHICLE.vehicle }, sheet: sheet(),
  shares: [{ id: 3, createdAt: at(-2), createdBy: '王小雨', expiresAt: at(5), state: 'active', stateName: '有效', revokedAt: null, revokedBy: '' }],
});

function analysis(): Analysis {
  const months = [-3, -2, -1, 0, 1].map((offset) => addMonths(today, offset).slice(0, 7));
  const stores = [{ id: 2, name: '城东店' }, { id: 3, name: '城西店' }, { id: 4, name: '滨江店' }];
  const renewalByMonth = months.flatMap((month, m) => stores.map((store, s) => {
    const due = 40 + m * 6 + s * 9;
    const renewed = Math.round(due * (0.42 + 0.05 * ((m + s) % 3)));
    return { month, storeId: store.id, storeName: store.name, due, renewed, rate: renewed / due };
  }));
  const due = renewalByMonth.reduce((sum, row) => sum + row.due, 0);
  const renewed = renewalByMonth.reduce((sum, row) => sum + row.renewed, 0);
  const counts = { pending: 96, contacted: 61, quoted: 48, renewed, lost: 37 };
  return {
    renewalByMonth,
    premiumsByInsurer: ['中国人保', '平安产险', '太平洋产险', '人寿财险', '大地保险'].map((insurer, index) => ({
      insurer, policies: 90 - index * 12, compulsoryFen: (90 - index * 12) * 85_500, commercialFen: (90 - index * 12) * 262_000, totalFen: (90 - index * 12) * 347_500,
    })),
    funnel: (Object.keys(counts) as (keyof typeof counts)[]).map((state) => ({ state, name: RENEWAL_STATE_NAMES[state], count: counts[state] })),
    lostReasons: [['价格高于其他渠道', 14], ['已在4S店续保', 11], ['联系不上客户', 7], ['车辆已出售或报废', 5]].map(([reason, count]) => ({ reason: String(reason), count: Number(count) })),
    staff: [['王小雨', 120, 71], ['李店长', 96, 49], ['陈总', 40, 18]].map(([name, assigned, won], index) => ({
      userId: index + 1, name: String(name), assigned: Number(assigned), renewed: Number(won), rate: Number(won) / Number(assigned), premiumFen: Number(won) * 352_000,
    })),
    totals: { due, renewed, lost: 37, rate: renewed / due, premiumFen: renewed * 350_000 },
    stores,
  };
}

function answer(path: string, query: URLSearchParams, method: string): unknown {
  if (method !== 'GET') {
    if (path === '/insurance/quote/compute') return sheet();
    if (path === '/insurance/quote/share') return { id: 4, token: 'story-share-token-0000000000', path: '/insurance-share/story-share-token-0000000000', expiresAt: at(7) };
    if (path === '/insurance/quote/share/revoke') return { id: Number(query.get('id') ?? 3), createdAt: at(-2), createdBy: '王小雨', expiresAt: at(5), state: 'revoked', stateName: '已撤销', revokedAt: at(0), revokedBy: '陈总' };
    return { id: 7, version: 3, assigned: 2 };
  }
  if (path === '/insurance/renewals') return renewals(query);
  if (path === '/insurance/policies') return { total: POLICIES.length, rows: POLICIES, today };
  if (path === '/insurance/renewal/history') return { entries: [{ id: 1, at: at(-2), userName: '王小雨', state: 'contacted', lostReason: '', note: '已发续保短信，客户回复考虑一下', nextContact: addDays(today, 2) }] };
  if (path === '/insurance/vehicle') return VEHICLE;
  if (path === '/insurance/insurers') return { insurers: DEFAULT_INSURERS, version: 0, canEdit: true };
  if (path === '/insurance/quote') return DETAIL();
  if (path === '/insurance/shared') {
    const { vehicle, sheet: shared, storeName, storePhone, createdAt } = DETAIL();
    return { storeName, storePhone, createdAt, sheet: shared, expiresAt: at(7), vehicle: { ...vehicle, plate: maskPlate(vehicle.plate), customerName: maskName(vehicle.customerName), mobile: '' } };
  }
  if (path === '/insurance/analysis') return analysis();
  return null;
}

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installInsuranceFixture() {
  const removeCustomer = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/insurance')) return customerFetch(input, init);
    const data = answer(url.pathname.slice(4), url.searchParams, (init?.method ?? 'GET').toUpperCase());
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    removeCustomer();
  };
}
