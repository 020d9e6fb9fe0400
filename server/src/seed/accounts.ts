/** The demo chains' garages, roles, staff, settings and modules. */
import { addMonths } from '../../../contracts/dates';
import { sql, type Queryable } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { insertMany } from './bulk';
import { isAdminRoleCode, starterRole } from '../../../contracts/permissions';

export const DEMO_PASSWORD = 'Garage@2026';

export interface ChainPlan {
  id: number;
  name: string;
  corpId: string;
  /** Plate prefix of most local cars (province + city letter). */
  platePrefix: string;
  otherPlatePrefixes: string[];
  headquarters: { id: number; name: string; address: string };
  stores: { id: number; code: string; name: string; address: string; share: number }[];
  users: {
    id: number;
    username: string;
    nickName: string;
    phone: string;
    wechatUserId: string;
    role: 'garage_admin' | 'store_manager' | 'front_desk';
    /** Store ids; empty for headquarters staff. */
    storeIds: number[];
    /** Garage the user starts in. */
    garageId: number;
  }[];
}

export const DEMO_CHAINS: ChainPlan[] = [
  {
    id: 1,
    name: '安途汽车服务',
    corpId: 'wwantu0000demo01',
    platePrefix: '浙A',
    otherPlatePrefixes: ['浙B', '浙C', '浙D', '浙F', '浙H', '沪A', '苏E', '皖A'],
    headquarters: { id: 1, name: '安途汽车服务总部', address: '杭州市上城区钱江路 1366 号' },
    stores: [
      { id: 2, code: 'S01', name: '城东店', address: '杭州市上城区艮山东路 88 号', share: 0.4 },
      { id: 3, code: 'S02', name: '城西店', address: '杭州市西湖区文一西路 522 号', share: 0.35 },
      { id: 4, code: 'S03', name: '滨江店', address: '杭州市滨江区江南大道 3688 号', share: 0.25 },
    ],
    users: [
      { id: 1, username: 'admin', nickName: '陈总', phone: '13800000001', wechatUserId: 'AnTuChen', role: 'garage_admin', storeIds: [], garageId: 1 },
      { id: 2, username: 'manager', nickName: '李店长', phone: '13800000002', wechatUserId: 'AnTuLi', role: 'store_manager', storeIds: [2], garageId: 2 },
      { id: 3, username: 'frontdesk', nickName: '王小雨', phone: '13800000003', wechatUserId: 'AnTuWang', role: 'front_desk', storeIds: [3], garageId: 3 },
      { id: 6, username: 'binjiang', nickName: '周杰', phone: '13800000006', wechatUserId: 'AnTuZhou', role: 'front_desk', storeIds: [4], garageId: 4 },
    ],
  },
  {
    // A second tenant: every tenancy test checks that nothing of it leaks to the first, and back.
    id: 2,
    name: '华星汽车服务',
    corpId: 'wwhuaxing000demo',
    platePrefix: '苏E',
    otherPlatePrefixes: ['苏A', '沪A', '浙F'],
    headquarters: { id: 5, name: '华星汽车服务总部', address: '苏州市工业园区星湖街 328 号' },
    stores: [
      { id: 6, code: 'S01', name: '园区店', address: '苏州市工业园区现代大道 88 号', share: 0.6 },
      { id: 7, code: 'S02', name: '吴中店', address: '苏州市吴中区东吴北路 99 号', share: 0.4 },
    ],
    users: [
      { id: 4, username: 'hx-admin', nickName: '周总', phone: '13900000001', wechatUserId: 'HxZhou', role: 'garage_admin', storeIds: [], garageId: 5 },
      { id: 5, username: 'hx-manager', nickName: '吴店长', phone: '13900000002', wechatUserId: 'HxWu', role: 'store_manager', storeIds: [6], garageId: 6 },
      { id: 7, username: 'hx-frontdesk', nickName: '郑爽', phone: '13900000003', wechatUserId: 'HxZheng', role: 'front_desk', storeIds: [7], garageId: 7 },
    ],
  },
];

/**
 * The names on a demo store's work orders: its front desk and its manager, the store's 服务顾问 (the
 * organization seed gives them their 岗位, which makes them advisors: contracts/rules/analysis.ts).
 */
export function storeAdvisors(chain: ChainPlan, storeId: number): string[] {
  return chain.users.filter((user) => user.role !== 'garage_admin' && user.storeIds.includes(storeId)).map((user) => user.nickName);
}

/** The demo staff's roles, with fixed ids (the other starter roles come with 岗位池: seed/organization.ts). */
const ROLES = ['garage_admin', 'admin', 'store_manager', 'front_desk'].map(starterRole);

const MODULES = [
  { code: 'sms', name: '短信营销' },
  { code: 'web_phone', name: '网络电话' },
  { code: 'insurance', name: '保险查询与报价' },
  { code: 'wecom', name: '企业微信' },
  { code: 'diagnosis', name: '诊断表' },
  { code: 'kpi', name: '数据统计' },
];

export async function seedAccounts(db: Queryable, chains: ChainPlan[], today: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await insertMany(db, 'chain', [['id', 'int'], ['name', 'text'], ['corp_id', 'text']], chains.map((c) => [c.id, c.name, c.corpId]));
  await insertMany(
    db,
    'garage',
    [['id', 'int'], ['chain_id', 'int'], ['code', 'text'], ['name', 'text'], ['is_hq', 'boolean'], ['address', 'text'], ['phone', 'text'], ['sort', 'int']],
    chains.flatMap((c) => [
      [c.headquarters.id, c.id, 'HQ', c.headquarters.name, true, c.headquarters.address, '0571-8800' + String(c.id).padStart(4, '0'), 0],
      ...c.stores.map((s, i) => [s.id, c.id, s.code, s.name, false, s.address, '0571-8801' + String(s.id).padStart(4, '0'), i + 1]),
    ]),
  );
  let roleId = 0;
  const roleIds = new Map<string, number>();
  const roleRows = chains.flatMap((c) =>
    ROLES.map((r) => {
      roleId += 1;
      roleIds.set(`${c.id}:${r.code}`, roleId);
      return [roleId, c.id, r.code, r.name, r.dataScope, [...r.permissions]];
    }),
  );
  for (const row of roleRows) {
    await db.run(sql`INSERT INTO role (id, chain_id, code, name, data_scope, permission_ids, built_in)
                     VALUES (${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}, ${sql.param(row[5])}::int[],
                             ${isAdminRoleCode(row[2] as string)})`);
  }
  for (const chain of chains) {
    for (const user of chain.users) {
      await db.run(sql`INSERT INTO app_user (id, chain_id, username, phone, password_hash, nick_name, wechat_user_id, store_ids,
                                             selected_store_ids, current_garage_id)
                       VALUES (${user.id}, ${chain.id}, ${user.username}, ${user.phone}, ${passwordHash}, ${user.nickName},
                               ${user.wechatUserId}, ${sql.param(user.storeIds)}::int[], ${sql.param(user.storeIds)}::int[], ${user.garageId})`);
      await db.run(sql`INSERT INTO user_role (user_id, role_id) VALUES (${user.id}, ${roleIds.get(`${chain.id}:${user.role}`)})`);
    }
    for (const garageId of [chain.headquarters.id, ...chain.stores.map((s) => s.id)]) {
      await db.run(sql`INSERT INTO garage_setting (garage_id, chain_id) VALUES (${garageId}, ${chain.id})`);
    }
    const nextYear = addMonths(today, 12); // 2028-02-29 + 1 year = 2029-02-28
    for (const module of MODULES) {
      // The second chain has not bought the web phone: module flags differ between tenants.
      const enabled = !(chain.id === 2 && module.code === 'web_phone');
      await db.run(sql`INSERT INTO garage_module (chain_id, code, name, enabled, expires_at)
                       VALUES (${chain.id}, ${module.code}, ${module.name}, ${enabled}, ${nextYear}::date)`);
    }
  }
}
