/**
 * Recorded answers of 门店基础信息 for its stories: the demo chain's headquarters, three open stores
 * and one closed store whose customers still wait to be moved. Other calls (startup, session) go
 * to the customer fixture.
 */
import type { AnswerOf } from '../contracts/api/route';
import type { storeProfiles } from '../contracts/api/store';
import { encryptText } from '../widgets/core/crypto/cipher';
import { installCustomerFixture } from './customer-fixtures';

type Profiles = AnswerOf<typeof storeProfiles>;

const base = { shortName: '', province: '浙江省', city: '杭州市', opensAt: '08:30', closesAt: '19:00', closed: false, closedAt: null, storeOnlyStaff: [], editable: true, version: 1 };

export const STORE_PROFILES: Profiles = {
  mayManage: true,
  stores: [
    { ...base, id: 1, code: 'HQ', isHq: true, name: '安途汽车服务总部', shortName: '总部', district: '上城区', address: '钱江路 1366 号', phone: '0571-88000001',
      opensAt: '09:00', closesAt: '17:30', bays: 0, licenceNo: '91330102MA2001GT1M', openedOn: '2020-11-24', customerCount: 0 },
    { ...base, id: 2, code: 'S01', isHq: false, name: '城东店', shortName: '城东', district: '上城区', address: '艮山东路 88 号', phone: '0571-88010002',
      bays: 8, licenceNo: '91330102MA2002GT20', openedOn: '2022-01-24', customerCount: 1218,
      storeOnlyStaff: [{ id: 2, nickName: '李店长', username: 'manager' }] },
    { ...base, id: 3, code: 'S02', isHq: false, name: '城西店', shortName: '城西', district: '西湖区', address: '文一西路 522 号', phone: '0571-88010003',
      bays: 10, licenceNo: '91330106MA2003GT34', openedOn: '2023-03-24', customerCount: 1049 },
    { ...base, id: 4, code: 'S03', isHq: false, name: '滨江店', shortName: '滨江', district: '滨江区', address: '江南大道 3688 号', phone: '0571-88010004',
      bays: 12, licenceNo: '', openedOn: null, customerCount: 733 },
    { ...base, id: 8, code: 'S04', isHq: false, name: '下沙店', district: '钱塘区', address: '学源街 118 号', phone: '0571-86900008', bays: 6,
      licenceNo: '', openedOn: '2019-05-01', customerCount: 212, closed: true, closedAt: '2026-10-31T02:00:00.000Z', version: 4 },
  ],
};

/** A 门店管理员 of 城东店: only their store, no 新增/关闭. */
export const STORE_ADMIN_PROFILES: Profiles = { mayManage: false, stores: [STORE_PROFILES.stores[1]] };

/** Installs the fixture (Storybook `beforeEach`); returns the cleanup. */
export function installStoreFixture(profiles: Profiles = STORE_PROFILES) {
  const restoreCustomers = installCustomerFixture();
  const customerFetch = window.fetch;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    if (!url.pathname.startsWith('/api/store')) return customerFetch(input, init);
    const data = url.pathname === '/api/store/profiles' ? profiles : url.pathname === '/api/store' ? { id: 9, code: 'S05', version: 2 } : { version: 2, movedCustomers: 0, disabledStaff: 0 };
    return new Response(encryptText(JSON.stringify({ code: 0, msg: 'ok', data })), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  };
  return () => {
    window.fetch = customerFetch;
    restoreCustomers();
  };
}
