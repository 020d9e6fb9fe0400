/**
 * Customer routes against the real seeded server: every condition field and combinations checked
 * against an independent evaluation of the same rules over the raw rows, saved conditions, groups
 * (live and fixed), tags, phone masking and data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { CustomerConditionInput } from '../../../contracts/customer-condition';
import { LIFECYCLE_RULES, type LifecycleStage } from '../../../contracts/rules/customer';
import { maskMobile } from '../../../contracts/rules/mobile';
import { nextGroupName } from './customer';

interface Row {
  id: number;
  store_id: number;
  name: string;
  mobile: string;
  level: string;
  source: string;
  total_spend: number;
  last_days: number | null;
  first_days: number | null;
  created_days: number;
}
interface VehicleRow {
  customer_id: number;
  plate: string;
  vin: string;
  brand: string;
  mileage: number;
  maint_in: number | null;
  insurance_in: number | null;
}
interface ListAnswer {
  total: number;
  page: number;
  pageSize: number;
  phoneMasked: boolean;
  list: { id: number; name: string; mobile: string; stage: LifecycleStage; totalSpend: number; lastVisitAt: string | null; tags: { id: number }[]; vehicles: { plate: string }[] }[];
}

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;
let customers: Row[];
let vehicles: VehicleRow[];
let customerTags: Map<number, Set<number>>;
/** A level a few customers have (the small test seed has no 钻石 at all). */
let RICH: string;

const ok = async <T>(method: string, path: string, token: string, body?: unknown, query?: Record<string, string | number>) => {
  const answer = await server.call<T>(method, path, { token, body, query });
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
};

/** Every id a condition matches, in the server's order (pages of 200). */
async function matching(condition: CustomerConditionInput, token = admin): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok<ListAnswer>('POST', '/client/list', token, { ...condition, page, pageSize: 200 });
    ids.push(...answer.list.map((row) => row.id));
    if (ids.length >= answer.total || answer.list.length === 0) {
      expect(ids.length).toBe(answer.total);
      return ids;
    }
  }
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const expected = (predicate: (row: Row) => boolean) => customers.filter(predicate).map((row) => row.id).sort((a, b) => a - b);
const vehiclesOf = (row: Row) => vehicles.filter((vehicle) => vehicle.customer_id === row.id);

function stageOf(row: Row): LifecycleStage {
  if ((row.first_days !== null && row.first_days <= LIFECYCLE_RULES.newWithinDays) || (row.last_days === null && row.created_days <= LIFECYCLE_RULES.newWithinDays)) return 'new';
  if (row.last_days !== null && row.last_days <= LIFECYCLE_RULES.activeWithinDays) return 'active';
  if (row.last_days !== null && row.last_days <= LIFECYCLE_RULES.sleepingWithinDays) return 'sleeping';
  return 'lost';
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all([server.loginToken('admin'), server.loginToken('manager'), server.loginToken('hx-admin')]);
  // Days are counted the way a person at the counter counts them: calendar days in the garage's time zone.
  customers = await server.db.rows<Row>(sql`
    SELECT id, store_id, name, mobile, level, source, total_spend,
           current_date - (last_visit_at AT TIME ZONE current_setting('TimeZone'))::date AS last_days,
           current_date - (first_visit_at AT TIME ZONE current_setting('TimeZone'))::date AS first_days,
           current_date - (created_at AT TIME ZONE current_setting('TimeZone'))::date AS created_days
      FROM customer WHERE chain_id = 1`);
  vehicles = await server.db.rows<VehicleRow>(sql`
    SELECT customer_id, plate, vin, brand, mileage, next_maintenance_date - current_date AS maint_in, insurance_expiry - current_date AS insurance_in
      FROM vehicle WHERE chain_id = 1`);
  const levelCounts = new Map<string, number>();
  for (const row of customers) levelCounts.set(row.level, (levelCounts.get(row.level) ?? 0) + 1);
  RICH = ['钻石', '金卡', '银卡'].find((level) => (levelCounts.get(level) ?? 0) >= 3)!;
  customerTags = new Map();
  for (const { customer_id, tag_id } of await server.db.rows<{ customer_id: number; tag_id: number }>(sql`SELECT customer_id, tag_id FROM customer_tag WHERE chain_id = 1`)) {
    customerTags.set(customer_id, (customerTags.get(customer_id) ?? new Set()).add(tag_id));
  }
});

afterAll(async () => {
  await server?.close();
});

describe('POST /client/list: each condition field', () => {
  it('pages by 10 by default, newest visit first, and counts the total', async () => {
    const answer = await ok<ListAnswer>('POST', '/client/list', admin, {});
    expect(answer.pageSize).toBe(10);
    expect(answer.list).toHaveLength(10);
    expect(answer.total).toBe(customers.length);
    const visits = answer.list.map((row) => row.lastVisitAt ?? '');
    expect(visits).toEqual([...visits].sort().reverse());
    const second = await ok<ListAnswer>('POST', '/client/list', admin, { page: 2 });
    expect(second.list.map((row) => row.id)).not.toContain(answer.list[0].id);
  });

  it('keyword finds a customer by plate (with or without province), VIN tail, mobile tail and name', async () => {
    const target = vehicles[17];
    expect(await matching({ keyword: target.plate })).toContain(target.customer_id);
    expect(await matching({ keyword: target.plate.slice(1).toLowerCase() })).toContain(target.customer_id);
    expect(await matching({ keyword: target.vin.slice(-6) })).toContain(target.customer_id);
    const owner = customers.find((row) => row.id === target.customer_id)!;
    expect(await matching({ keyword: owner.mobile.slice(-4) })).toEqual(
      expect.arrayContaining(expected((row) => row.mobile.endsWith(owner.mobile.slice(-4)))),
    );
    expect(sorted(await matching({ keyword: owner.mobile }))).toEqual([owner.id]);
    const surname = owner.name.slice(0, 1);
    const byName = sorted(await matching({ keyword: owner.name }));
    expect(byName).toEqual(expected((row) => row.name.startsWith(owner.name)));
    expect((await matching({ keyword: surname })).length).toBeGreaterThanOrEqual(byName.length);
  });

  it('keyword treats % and _ literally', async () => {
    expect(await matching({ keyword: '%' })).toEqual([]);
    expect(await matching({ keyword: '__' })).toEqual([]);
  });

  it('stores, levels, sources and total spend', async () => {
    expect(sorted(await matching({ storeIds: [3] }))).toEqual(expected((row) => row.store_id === 3));
    expect(sorted(await matching({ levels: [RICH, '普通'] }))).toEqual(expected((row) => [RICH, '普通'].includes(row.level)));
    expect(sorted(await matching({ sources: ['老客介绍'] }))).toEqual(expected((row) => row.source === '老客介绍'));
    expect(sorted(await matching({ totalSpend: { min: 5000, max: 20000 } }))).toEqual(expected((row) => row.total_spend >= 5000 && row.total_spend <= 20000));
  });

  it('tags: any, all and none', async () => {
    const [a, b] = [1, 7];
    const has = (row: Row, tag: number) => customerTags.get(row.id)?.has(tag) ?? false;
    expect(sorted(await matching({ tags: { mode: 'any', ids: [a, b] } }))).toEqual(expected((row) => has(row, a) || has(row, b)));
    expect(sorted(await matching({ tags: { mode: 'all', ids: [a, b] } }))).toEqual(expected((row) => has(row, a) && has(row, b)));
    expect(sorted(await matching({ tags: { mode: 'none', ids: [a, b] } }))).toEqual(expected((row) => !has(row, a) && !has(row, b)));
  });

  it('last-visit range and not visited for N days', async () => {
    const [{ from, to }] = await server.db.rows<{ from: string; to: string }>(sql`SELECT (current_date - 120)::text AS from, (current_date - 30)::text AS to`);
    expect(sorted(await matching({ lastVisit: { from, to } }))).toEqual(expected((row) => row.last_days !== null && row.last_days >= 30 && row.last_days <= 120));
    expect(sorted(await matching({ notVisitedForDays: 180 }))).toEqual(expected((row) => row.last_days === null || row.last_days >= 180));
  });

  it('vehicle fields: maintenance due, insurance expiring, mileage, brand — on one and the same vehicle', async () => {
    const some = (row: Row, test: (vehicle: VehicleRow) => boolean) => vehiclesOf(row).some(test);
    expect(sorted(await matching({ maintenanceDueWithinDays: 30 }))).toEqual(expected((row) => some(row, (v) => v.maint_in !== null && v.maint_in >= 0 && v.maint_in <= 30)));
    expect(sorted(await matching({ insuranceExpiringWithinDays: 30 }))).toEqual(expected((row) => some(row, (v) => v.insurance_in !== null && v.insurance_in >= 0 && v.insurance_in <= 30)));
    expect(sorted(await matching({ mileage: { min: 50000, max: 120000 } }))).toEqual(expected((row) => some(row, (v) => v.mileage >= 50000 && v.mileage <= 120000)));
    const brand = vehicles[0].brand;
    expect(sorted(await matching({ brands: [brand] }))).toEqual(expected((row) => some(row, (v) => v.brand === brand)));
    expect(sorted(await matching({ brands: [brand], mileage: { min: 60000 } }))).toEqual(expected((row) => some(row, (v) => v.brand === brand && v.mileage >= 60000)));
  });

  it('lifecycle stage: the four stages split every customer exactly once', async () => {
    const all: number[] = [];
    for (const stage of ['new', 'active', 'sleeping', 'lost'] as const) {
      const ids = sorted(await matching({ stage }));
      expect(ids).toEqual(expected((row) => stageOf(row) === stage));
      all.push(...ids);
    }
    expect(sorted(all)).toEqual(expected(() => true));
  });

  it('combines fields with AND', async () => {
    const condition: CustomerConditionInput = { storeIds: [2, 4], levels: ['普通', '银卡'], notVisitedForDays: 60, tags: { mode: 'none', ids: [12] }, insuranceExpiringWithinDays: 200 };
    expect(sorted(await matching(condition))).toEqual(
      expected(
        (row) =>
          [2, 4].includes(row.store_id) &&
          ['普通', '银卡'].includes(row.level) &&
          (row.last_days === null || row.last_days >= 60) &&
          !customerTags.get(row.id)?.has(12) &&
          vehiclesOf(row).some((v) => v.insurance_in !== null && v.insurance_in >= 0 && v.insurance_in <= 200),
      ),
    );
  });

  it('sorts by spend both ways with stable paging', async () => {
    const ascending = await ok<ListAnswer>('POST', '/client/list', admin, { sort: { field: 'totalSpend', order: 'asc' }, pageSize: 50 });
    const spends = ascending.list.map((row) => row.totalSpend);
    expect(spends).toEqual([...spends].sort((a, b) => a - b));
    const descending = await matching({ sort: { field: 'totalSpend', order: 'desc' } });
    expect(new Set(descending).size).toBe(customers.length);
  });

  it('refuses a bad condition in Chinese', async () => {
    const answer = await server.call('POST', '/client/list', { token: admin, body: { totalSpend: { min: 100, max: 1 } } });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('范围的最小值不能大于最大值');
    const tooBig = await server.call('POST', '/client/list', { token: admin, body: { pageSize: 1000 } });
    expect(tooBig.code).toBe(400);
    expect(tooBig.msg).toContain('每页条数');
  });
});

describe('scope and masking', () => {
  it('a store manager sees only their store, even when asking for others', async () => {
    expect(sorted(await matching({}, manager))).toEqual(expected((row) => row.store_id === 2));
    expect(await matching({ storeIds: [3] }, manager)).toEqual([]);
    const otherChain = await ok<ListAnswer>('POST', '/client/list', hxAdmin, { pageSize: 200 });
    expect(otherChain.list.some((row) => customers.some((mine) => mine.id === row.id))).toBe(false);
    const foreign = await server.call('GET', '/client/detail', { token: hxAdmin, query: { customerId: customers[0].id } });
    expect(foreign.code).toBe(404);
  });

  it('masks phone numbers when the garage hides them', async () => {
    expect(maskMobile('13812340000')).toBe('138****0000');
    const shown = await ok<ListAnswer>('POST', '/client/list', manager, {});
    expect(shown.phoneMasked).toBe(false);
    expect(shown.list[0].mobile).toMatch(/^1\d{10}$/);
    await server.db.run(sql`INSERT INTO garage_setting (garage_id, chain_id, is_show_phone) VALUES (2, 1, false)
                            ON CONFLICT (garage_id) DO UPDATE SET is_show_phone = false`);
    try {
      const hidden = await ok<ListAnswer>('POST', '/client/list', manager, {});
      expect(hidden.phoneMasked).toBe(true);
      expect(hidden.list.every((row) => /^1\d\d\*{4}\d{4}$/.test(row.mobile))).toBe(true);
      // Searching by the hidden number still works: masking changes what is shown, not what is found.
      const full = customers.find((row) => row.id === hidden.list[0].id)!.mobile;
      expect(await matching({ keyword: full }, manager)).toEqual([hidden.list[0].id]);
      const detail = await ok<{ mobile: string }>('GET', '/client/detail', manager, undefined, { customerId: hidden.list[0].id });
      expect(detail.mobile).toBe(maskMobile(full));
    } finally {
      await server.db.run(sql`UPDATE garage_setting SET is_show_phone = true WHERE garage_id = 2`);
    }
  });
});

describe('condition options and saved conditions', () => {
  it('answers the builder options with counts', async () => {
    const options = await ok<{ stores: { id: number; count: number }[]; tags: { id: number; count: number }[]; levels: { name: string; count: number }[]; brands: { name: string; count: number }[]; savedConditions: { name: string }[] }>(
      'POST', '/client/condition', admin, {},
    );
    expect(options.stores.map((store) => store.id)).toEqual([2, 3, 4]);
    expect(options.stores.reduce((sum, store) => sum + store.count, 0)).toBe(customers.length);
    const tag1 = options.tags.find((tag) => tag.id === 1)!;
    expect(tag1.count).toBe(expected((row) => customerTags.get(row.id)?.has(1) ?? false).length);
    expect(RICH).toBeTruthy();
    expect(options.levels.find((level) => level.name === RICH)?.count).toBe(expected((row) => row.level === RICH).length);
    expect(options.brands.length).toBeGreaterThan(3);
    expect(options.savedConditions.map((saved) => saved.name)).toEqual(['新能源车主', '高消费客户']);
    const narrowed = await ok<{ levels: { count: number }[] }>('POST', '/client/condition', admin, { storeIds: [3] });
    expect(narrowed.levels.reduce((sum, level) => sum + level.count, 0)).toBe(expected((row) => row.store_id === 3 && row.level !== '').length);
  });

  it('saves, replaces by name, reapplies and deletes a condition per user', async () => {
    const saved = await ok<{ id: number; condition: CustomerConditionInput }>('POST', '/client/saveCondition', manager, {
      name: '久未到店金卡',
      condition: { levels: ['金卡'], notVisitedForDays: 90, page: 3, keyword: '' },
    });
    expect(saved.condition).toEqual({ version: 1, levels: ['金卡'], notVisitedForDays: 90 });
    const again = await ok<{ id: number }>('POST', '/client/saveCondition', manager, { name: '久未到店金卡', condition: { levels: [RICH] } });
    expect(again.id).toBe(saved.id);
    const mine = await ok<{ id: number; name: string; condition: CustomerConditionInput }[]>('GET', '/client/conditions', manager);
    expect(mine).toHaveLength(1);
    expect(sorted(await matching(mine[0].condition, manager))).toEqual(expected((row) => row.store_id === 2 && row.level === RICH));
    // Another user can neither see nor delete it.
    expect((await ok<unknown[]>('GET', '/client/conditions', admin)).some((item) => (item as { id: number }).id === saved.id)).toBe(false);
    expect((await server.call('GET', '/client/deleteCondition', { token: admin, query: { id: saved.id } })).code).toBe(404);
    expect(await ok('GET', '/client/deleteCondition', manager, undefined, { id: saved.id })).toEqual({ deleted: true });
    expect(await ok<unknown[]>('GET', '/client/conditions', manager)).toEqual([]);
  });
});

describe('groups', () => {
  it('names the next free default group', async () => {
    expect(nextGroupName(['春季名单'])).toBe('客户分组1');
    expect(nextGroupName(['客户分组1', '客户分组3'])).toBe('客户分组4');
    expect(await ok('GET', '/client/group/name', admin)).toBe('客户分组1');
  });

  it('a live group follows its condition; a fixed group keeps its members', async () => {
    const live = await ok<{ id: number; kind: string; memberCount: number }>('POST', '/client/group', admin, {
      name: await ok<string>('GET', '/client/group/name', admin),
      kind: 'condition',
      condition: { levels: [RICH] },
    });
    const diamond = expected((row) => row.level === RICH);
    expect(live.memberCount).toBe(diamond.length);
    expect(await ok('GET', '/client/group/name', admin)).toBe('客户分组2');
    expect(sorted(await matching({ groupIds: [live.id] }))).toEqual(diamond);

    const picked = customers.slice(0, 5).map((row) => row.id);
    const fixed = await ok<{ id: number; kind: string; memberCount: number }>('POST', '/client/group', admin, { name: '试驾邀请名单', customerIds: picked });
    expect(fixed.kind).toBe('fixed');
    expect(fixed.memberCount).toBe(5);
    const added = await ok<{ changed: number; memberCount: number }>('POST', '/client/group/members', admin, { groupId: fixed.id, customerIds: [picked[0], customers[9].id] });
    expect(added).toEqual({ changed: 1, memberCount: 6 });
    expect(sorted(await matching({ groupIds: [fixed.id, live.id] }))).toEqual(sorted([...new Set([...picked, customers[9].id, ...diamond])]));

    // Members of another store count only for who may see them.
    const managerView = (await ok<{ id: number; memberCount: number }[]>('GET', '/client/groups', manager)).find((group) => group.id === fixed.id)!;
    expect(managerView.memberCount).toBe([...picked, customers[9].id].filter((id) => customers.find((row) => row.id === id)!.store_id === 2).length);

    const fromCondition = await ok<{ memberCount: number }>('POST', '/client/group', admin, { name: '城西店快照', kind: 'fixed', condition: { storeIds: [3] } });
    expect(fromCondition.memberCount).toBe(expected((row) => row.store_id === 3).length);

    expect((await server.call('POST', '/client/group/members', { token: admin, body: { groupId: live.id, customerIds: picked } })).code).toBe(400);
    const duplicate = await server.call('POST', '/client/group', { token: admin, body: { name: '试驾邀请名单', customerIds: picked } });
    expect(duplicate.code).toBe(409);

    const renamed = await ok<{ name: string }>('POST', '/client/group', admin, { id: live.id, name: '钻石客户' });
    expect(renamed.name).toBe('钻石客户');
    // A store manager may not delete a group headquarters made.
    expect((await server.call('DELETE', '/client/group', { token: manager, query: { id: live.id } })).code).toBe(403);
    // Nor change the members of one: the front desk (who may manage groups) gets the same refusal.
    const frontdesk = await server.loginToken('frontdesk');
    const ownCustomer = (await ok<{ list: { id: number }[] }>('POST', '/client/list', frontdesk, {})).list[0].id;
    for (const action of ['add', 'remove']) {
      const change = await server.call('POST', '/client/group/members', { token: frontdesk, body: { groupId: fixed.id, action, customerIds: [ownCustomer] } });
      expect(change).toMatchObject({ code: 403, msg: '只能修改或删除自己创建的分组' });
    }
    expect((await ok<{ id: number; memberCount: number }[]>('GET', '/client/groups', admin)).find((group) => group.id === fixed.id)!.memberCount).toBe(added.memberCount);
    expect(await ok('DELETE', '/client/group', admin, undefined, { id: live.id })).toEqual({ deleted: true });
    expect((await ok<{ id: number }[]>('GET', '/client/groups', admin)).some((group) => group.id === live.id)).toBe(false);
  });

  it('seeded groups are evaluated live', async () => {
    const groups = await ok<{ name: string; memberCount: number }[]>('GET', '/client/groups', admin);
    const expiring = groups.find((group) => group.name === '保险30天内到期')!;
    expect(expiring.memberCount).toBe(expected((row) => vehiclesOf(row).some((v) => v.insurance_in !== null && v.insurance_in >= 0 && v.insurance_in <= 30)).length);
  });
});

describe('tags', () => {
  it('creates, tags in bulk (ids and condition), counts, merges and deletes', async () => {
    const tag = await ok<{ id: number; count: number; colour: string }>('POST', '/tag', admin, { name: '周末客户', groupName: '服务偏好', colour: '#16a34a' });
    expect(tag.count).toBe(0);
    const picked = customers.slice(20, 25).map((row) => row.id);
    expect(await ok('POST', '/tag/customers', admin, { tagIds: [tag.id], customerIds: picked })).toEqual({ changed: 5, customers: 5 });
    expect(sorted(await matching({ tags: { mode: 'any', ids: [tag.id] } }))).toEqual(sorted(picked));

    const other = await ok<{ id: number }>('POST', '/tag', admin, { name: '周末到店' });
    const byCondition = await ok<{ customers: number }>('POST', '/tag/customers', admin, { tagIds: [other.id], condition: { levels: [RICH] } });
    expect(byCondition.customers).toBe(expected((row) => row.level === RICH).length);

    const merged = await ok<{ id: number; count: number }>('POST', '/tag/merge', admin, { sourceIds: [other.id], targetId: tag.id });
    expect(merged.count).toBe(new Set([...picked, ...expected((row) => row.level === RICH)]).size);
    expect((await ok<{ id: number }[]>('GET', '/tag/list', admin)).some((row) => row.id === other.id)).toBe(false);

    expect(await ok('POST', '/tag/customers', admin, { tagIds: [tag.id], customerIds: [picked[0]], action: 'remove' })).toEqual({ changed: 1, customers: 1 });

    const renamed = await ok<{ changed: number }>('POST', '/tag/group/rename', admin, { from: '营销', to: '营销活动' });
    expect(renamed.changed).toBe(3);

    expect((await server.call('POST', '/tag', { token: admin, body: { name: '周末客户' } })).code).toBe(409);
    expect((await server.call('DELETE', '/tag', { token: manager, query: { id: tag.id } })).code).toBe(403);
    const deleted = await ok<{ deleted: boolean; customers: number }>('DELETE', '/tag', admin, undefined, { id: tag.id });
    expect(deleted.deleted).toBe(true);
  });

  it('a store manager tags only customers of their store', async () => {
    const otherStore = customers.filter((row) => row.store_id === 3).slice(0, 3).map((row) => row.id);
    const mine = customers.filter((row) => row.store_id === 2).slice(0, 2).map((row) => row.id);
    const answer = await ok<{ changed: number; customers: number }>('POST', '/tag/customers', manager, { tagIds: [9], customerIds: [...otherStore, ...mine] });
    expect(answer.customers).toBe(2);
    const foreignTag = await server.call('POST', '/tag/customers', { token: hxAdmin, body: { tagIds: [9], customerIds: [1] } });
    expect(foreignTag.code).toBe(404);
  });
});

describe('detail, panorama and board', () => {
  it('answers a vehicle by id or plate with owner, visits and policies', async () => {
    const vehicle = vehicles[3];
    const [{ id }] = await server.db.rows<{ id: number }>(sql`SELECT id FROM vehicle WHERE plate = ${vehicle.plate}`);
    const byPlate = await ok<{ vehicle: { id: number; plate: string }; owner: { id: number }; visits: unknown[]; policies: unknown[] }>('GET', '/vehicle/detail', admin, undefined, {
      plate: vehicle.plate,
    });
    expect(byPlate.vehicle.id).toBe(id);
    expect(byPlate.owner.id).toBe(vehicle.customer_id);
    expect(byPlate.policies.length).toBeGreaterThan(0);
    const search = await ok<{ plate: string }[]>('GET', '/vehicle/search', admin, undefined, { keyword: vehicle.plate.slice(0, 4) });
    expect(search.map((row) => row.plate)).toContain(vehicle.plate);
    expect((await server.call('GET', '/vehicle/detail', { token: hxAdmin, query: { vehicleId: id } })).code).toBe(404);
  });

  it('counts customers per stage per store', async () => {
    const board = await ok<{ total: number; totals: Record<LifecycleStage, number>; stores: { storeId: number; counts: Record<LifecycleStage, number>; total: number }[] }>(
      'GET', '/client/board', admin,
    );
    expect(board.total).toBe(customers.length);
    for (const stage of ['new', 'active', 'sleeping', 'lost'] as const) expect(board.totals[stage]).toBe(expected((row) => stageOf(row) === stage).length);
    const east = board.stores.find((store) => store.storeId === 2)!;
    expect(east.counts.lost).toBe(expected((row) => row.store_id === 2 && stageOf(row) === 'lost').length);
    const managerBoard = await ok<{ stores: { storeId: number }[] }>('GET', '/client/board', manager);
    expect(managerBoard.stores.map((store) => store.storeId)).toEqual([2]);
  });
});

describe('bad input: a clear Chinese refusal, never a 500', () => {
  const refused = async (method: string, path: string, input: { body?: unknown; query?: Record<string, string | number> }) => {
    const answer = await server.call(method, path, { token: admin, ...input });
    expect(answer.status).toBe(200);
    return { code: answer.code, msg: answer.msg };
  };

  it('refuses NUL bytes in any text, nothing stored', async () => {
    expect(await refused('POST', '/tag', { body: { name: '贵\u0000宾' } })).toEqual({ code: 400, msg: '标签名称包含无法识别的字符' });
    expect(await refused('POST', '/client/saveCondition', { body: { name: '常客', condition: { brands: ['宝\u0000马'] } } })).toEqual({ code: 400, msg: '品牌包含无法识别的字符' });
    expect(await server.db.one(sql`SELECT 1 FROM tag WHERE name LIKE '贵%宾'`)).toBeUndefined();
  });

  it('refuses invisible characters (right-to-left override, zero-width space) in tag names and every other text field, nothing stored', async () => {
    const hidden = (label: string) => ({ code: 400, msg: `${label}含有看不见的特殊字符（如零宽空格、文字方向控制符），请删除后重新输入` });
    expect(await refused('POST', '/tag', { body: { name: 'VIP\u202Egnp.exe' } })).toEqual(hidden('标签名称'));
    expect(await refused('POST', '/tag', { body: { name: '贵\u200B宾' } })).toEqual(hidden('标签名称'));
    expect(await refused('POST', '/client/group', { body: { name: '\u2066组\u2069', kind: 'fixed', customerIds: [customers[0].id] } })).toEqual(hidden('分组名称'));
    expect(await server.db.one(sql`SELECT 1 FROM tag WHERE name LIKE 'VIP%' OR name LIKE '贵%宾'`)).toBeUndefined();
  });

  it('refuses lone surrogates', async () => {
    expect(await refused('POST', '/client/list', { body: { keyword: '张\ud800' } })).toEqual({ code: 400, msg: '关键词包含无法识别的字符' });
    expect(await refused('POST', '/client/group', { body: { name: '\udc00组', kind: 'fixed', customerIds: [customers[0].id] } })).toEqual({ code: 400, msg: '分组名称包含无法识别的字符' });
  });

  it('refuses ids above 2^31−1, also inside lists, without the field path', async () => {
    expect(await refused('GET', '/client/detail', { query: { customerId: 2 ** 31 } })).toEqual({ code: 400, msg: '客户格式不正确' });
    expect(await refused('POST', '/client/list', { body: { tags: { ids: [2 ** 31] } } })).toEqual({ code: 400, msg: '标签格式不正确' });
    expect(await refused('POST', '/tag/customers', { body: { tagIds: [1], customerIds: [1, 2 ** 31] } })).toEqual({ code: 400, msg: '客户格式不正确' });
    expect(await refused('GET', '/client/board', { query: { storeIds: `1,${2 ** 31}` } })).toEqual({ code: 400, msg: '门店格式不正确' });
  });

  it('refuses impossible dates that have the right shape', async () => {
    expect(await refused('POST', '/client/list', { body: { lastVisit: { from: '0000-00-00' } } })).toEqual({ code: 400, msg: '最近到店开始日期不是有效的日期' });
    expect(await refused('POST', '/client/list', { body: { lastVisit: { to: '2026-02-30' } } })).toEqual({ code: 400, msg: '最近到店结束日期不是有效的日期' });
  });

  it('takes mileage as whole kilometres in a sane range', async () => {
    expect(await refused('POST', '/client/list', { body: { mileage: { min: 1.5 } } })).toEqual({ code: 400, msg: '里程下限必须是整数' });
    expect(await refused('POST', '/client/list', { body: { mileage: { max: 1e12 } } })).toEqual({ code: 400, msg: '里程上限不能超过 3000000 公里' });
  });

  it('refuses a megabyte name instead of storing it and serving it back', async () => {
    const huge = '长'.repeat(1_000_000);
    expect(await refused('POST', '/client/saveCondition', { body: { name: huge } })).toEqual({ code: 400, msg: '条件名称不能超过 20 个字' });
    expect(await refused('POST', '/tag/group/rename', { body: { from: '', to: huge } })).toEqual({ code: 400, msg: '新标签组不能超过 12 个字' });
  });
});
