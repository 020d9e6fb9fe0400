/**
 * 保险 over real HTTP on the demo data: lookup and the renewal pipeline within each chain and data
 * scope, follow-up transitions and concurrent edits, bulk assignment, quotes on the official
 * tariffs (bad input refused in Chinese, nothing saved half), share links (expiry, nothing else
 * reachable, another chain's quote unreachable), analysis behind its add-on, insurer settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/insurance';
import { addDays, addMonths } from '../../../contracts/dates';
import { DEFAULT_INSURERS, INSURANCE_MESSAGES, RENEWAL_MESSAGES as MSG, commercialPremium, compulsoryPremiumOf, vehicleTax } from '../../../contracts/insurance';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type Renewals = AnswerOf<typeof calls.renewalList>;
type Sheet = AnswerOf<typeof calls.computeQuote>;

let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, frontdesk, hxAdmin] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
});
afterAll(() => server?.close());

const renewals = async (token: string, query: Record<string, string | number | boolean> = {}) => {
  const answer = await server.call<Renewals>('GET', '/insurance/renewals', { token, query: { pageSize: 100, ...query } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const update = (token: string, body: Record<string, unknown>) => server.call<{ version: number }>('PUT', '/insurance/renewal', { token, body });
const policyCount = async () => (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insurance_renewal_log`))!.n;

describe('the renewal pipeline', () => {
  it('defaults to the 客户运营 window (30 days), latest terms only, in scope', async () => {
    const page = await renewals(admin);
    expect(page.defaultDays).toBe(30);
    expect(page.total).toBeGreaterThan(5);
    expect(page.rows.every((row) => row.daysLeft >= 0 && row.daysLeft <= 30)).toBe(true);
    const vehicles = page.rows.map((row) => row.vehicleId);
    expect(new Set(vehicles).size).toBe(vehicles.length);
    expect(page.buckets.d7 + page.buckets.d30).toBe(page.total);
    expect(Object.values(page.states).reduce((sum, n) => sum + n, 0)).toBe(page.total);
    expect(page.lostReasons).toContain('其他');

    const east = await renewals(manager, { bucket: 'd90' });
    expect(east.rows.every((row) => row.storeName === '城东店')).toBe(true);
    const other = await renewals(hxAdmin, { bucket: 'd60' });
    const mine = await renewals(admin, { bucket: 'd60' });
    expect(other.rows.some((row) => mine.rows.some((own) => own.id === row.id))).toBe(false);
    // 前台接待 lacks the 保险 permission.
    expect((await server.call('GET', '/insurance/renewals', { token: frontdesk })).code).toBe(403);
  });

  it('buckets and state filters agree with their counts', async () => {
    const expired = await renewals(admin, { bucket: 'expired' });
    expect(expired.rows.every((row) => row.daysLeft < 0)).toBe(true);
    expect(expired.total).toBe(expired.buckets.expired);
    const lost = await renewals(admin, { bucket: 'expired', state: 'lost' });
    expect(lost.total).toBe(expired.states.lost);
    expect(lost.rows.every((row) => row.state === 'lost' && row.lostReason !== '')).toBe(true);
    const unassigned = await renewals(admin, { bucket: 'd90', ownerId: 0 });
    expect(unassigned.rows.every((row) => row.ownerId === null)).toBe(true);
    const bad = await server.call('GET', '/insurance/renewals', { token: admin, query: { bucket: 'd100', withinDays: 999 } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/到期区间|到期天数/);
  });

  it('moves a policy through 已联系 → 已报价 → 战败 (reason needed) and back to 待跟进, logging each step', async () => {
    const row = (await renewals(admin, { bucket: 'd90', state: 'pending' })).rows[0]!;
    const logged = await policyCount();
    const contacted = await update(admin, { policyId: row.id, version: row.version, state: 'contacted', note: '已电话联系', nextContact: row.expiryDate });
    expect(contacted.code, contacted.msg).toBe(0);
    const noReason = await update(admin, { policyId: row.id, version: contacted.data.version, state: 'lost' });
    expect(noReason.msg).toBe(MSG.lostNeedsReason);
    const otherNoNote = await update(admin, { policyId: row.id, version: contacted.data.version, state: 'lost', lostReason: '其他' });
    expect(otherNoNote.msg).toBe(MSG.otherNeedsNote);
    const lost = await update(admin, { policyId: row.id, version: contacted.data.version, state: 'lost', lostReason: '价格高于其他渠道', note: '差 300 元' });
    expect(lost.code, lost.msg).toBe(0);
    const reopenWrong = await update(admin, { policyId: row.id, version: lost.data.version, state: 'quoted' });
    expect(reopenWrong.msg).toBe(MSG.closed('战败'));
    const reopened = await update(admin, { policyId: row.id, version: lost.data.version, state: 'pending', note: '客户回心转意' });
    expect(reopened.code, reopened.msg).toBe(0);
    expect(await policyCount()).toBe(logged + 3);
    const history = await server.call<AnswerOf<typeof calls.renewalHistory>>('GET', '/insurance/renewal/history', { token: admin, query: { policyId: row.id } });
    expect(history.data.entries.map((entry) => entry.state).slice(0, 3)).toEqual(['pending', 'lost', 'contacted']);
    expect(history.data.entries[1]).toMatchObject({ lostReason: '价格高于其他渠道', note: '差 300 元' });
  });

  it('refuses a next contact day in the past, a stale version, and other chains or stores', async () => {
    const row = (await renewals(admin, { bucket: 'd60' })).rows[0]!;
    const today = (await renewals(admin)).today;
    expect((await update(admin, { policyId: row.id, version: row.version, state: 'contacted', nextContact: addDays(today, -1) })).msg).toBe(MSG.nextContactPast);
    expect((await update(admin, { policyId: row.id, version: row.version + 5, state: 'contacted' })).msg).toBe(MSG.changedByOthers);
    expect((await update(hxAdmin, { policyId: row.id, version: row.version, state: 'contacted' })).code).toBe(404);
    const west = (await renewals(admin, { bucket: 'd90', storeIds: '3' })).rows[0]!;
    expect((await update(manager, { policyId: west.id, version: west.version, state: 'contacted' })).code).toBe(404);
    expect((await update(admin, { policyId: row.id, version: row.version, state: 'sold' })).msg).toMatch(/跟进状态/);
  });

  it('two people editing the same follow-up at once: one wins, the other hears 已被他人修改', async () => {
    // From a pending follow-up and from a contacted one (made so here: which policies fall due depends on today).
    const buckets = ['d90', 'd60', 'd30', 'd7'] as const;
    const found = (await Promise.all(buckets.map(async (bucket) => (await renewals(admin, { bucket, state: 'pending' })).rows))).flat();
    const pending = [...new Map(found.filter((entry) => entry.storeName === '城东店').map((entry) => [entry.id, entry])).values()];
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const contacted = await update(admin, { policyId: pending[1]!.id, version: pending[1]!.version, state: 'contacted' });
    expect(contacted.code, contacted.msg).toBe(0);
    const again = (await Promise.all(buckets.map(async (bucket) => (await renewals(admin, { bucket, state: 'contacted' })).rows))).flat();
    const rows = [pending[0]!, again.find((entry) => entry.id === pending[1]!.id)!];
    for (const row of rows) {
      const [first, second] = await Promise.all([
        update(admin, { policyId: row.id, version: row.version, state: 'quoted', note: '甲' }),
        update(manager, { policyId: row.id, version: row.version, state: 'contacted', note: '乙' }),
      ]);
      expect([first.code, second.code].sort()).toEqual([0, 409]);
      expect([first, second].find((answer) => answer.code === 409)!.msg).toBe(MSG.changedByOthers);
    }
  });

  it('assigns in bulk to staff of the policies’ store only, all or nothing', async () => {
    const east = (await renewals(admin, { bucket: 'd90', storeIds: '2' })).rows.slice(0, 3);
    const west = (await renewals(admin, { bucket: 'd90', storeIds: '3' })).rows[0]!;
    const managerId = (await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = 'manager'`))!.id;
    const refused = await server.call('POST', '/insurance/renewal/assign', { token: admin, body: { policyIds: [...east.map((row) => row.id), west.id], ownerId: managerId } });
    expect(refused.msg).toBe(MSG.ownerNotStaff);
    const after = await renewals(admin, { bucket: 'd90', storeIds: '2' });
    for (const row of east) expect(after.rows.find((entry) => entry.id === row.id)!.ownerId).toBe(row.ownerId);
    const done = await server.call<{ assigned: number }>('POST', '/insurance/renewal/assign', { token: admin, body: { policyIds: east.map((row) => row.id), ownerId: managerId } });
    expect(done.data.assigned).toBe(east.length);
    const mine = await renewals(manager, { bucket: 'd90', ownerId: managerId });
    for (const row of east) expect(mine.rows.map((entry) => entry.id)).toContain(row.id);
    expect((await server.call('POST', '/insurance/renewal/assign', { token: hxAdmin, body: { policyIds: [east[0]!.id], ownerId: 4 } })).code).toBe(404);
  });

  it('follows only the latest term: a newer policy of the car takes over, and leaves again when deleted', async () => {
    const row = (await renewals(admin, { bucket: 'd30' })).rows.at(-1)!;
    const inserted = await server.db.one<{ id: number }>(sql`
      INSERT INTO insurance_policy (chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_premium, commercial_premium, start_date, expiry_date)
      SELECT chain_id, store_id, vehicle_id, customer_id, '中国人保', 'PDAA-TEST-1', 950, 3000, expiry_date + 1, expiry_date + 365
        FROM insurance_policy WHERE id = ${row.id} RETURNING id`);
    try {
      expect((await renewals(admin, { bucket: 'd30' })).rows.map((entry) => entry.id)).not.toContain(row.id);
    } finally {
      await server.db.run(sql`DELETE FROM insurance_policy WHERE id = ${inserted!.id}`);
    }
    expect((await renewals(admin, { bucket: 'd30' })).rows.map((entry) => entry.id)).toContain(row.id);
  });
});

describe('lookup', () => {
  it('finds policies by plate (without province), VIN, name and mobile, within the chain', async () => {
    const row = (await renewals(admin, { bucket: 'd90' })).rows[0]!;
    const search = (token: string, keyword: string) => server.call<AnswerOf<typeof calls.policySearch>>('GET', '/insurance/policies', { token, query: { keyword } });
    for (const keyword of [row.plate.slice(1), row.vin, row.customerName]) {
      const found = await search(admin, keyword);
      expect(found.data.rows.map((entry) => entry.id), keyword).toContain(row.id);
    }
    const mobile = (await server.db.one<{ mobile: string }>(sql`SELECT mobile FROM customer WHERE id = ${row.customerId}`))!.mobile;
    expect((await search(admin, mobile.slice(-8))).data.rows.map((entry) => entry.id)).toContain(row.id);
    expect((await search(hxAdmin, row.vin)).data.total).toBe(0);
    const found = (await search(admin, row.vin)).data.rows.find((entry) => entry.id === row.id)!;
    expect(found.coverages.length).toBeGreaterThan(0);
    expect(found.agentName).not.toBe('');
  });
});

describe('quotes', () => {
  let vehicleId: number;
  let today: string;
  beforeAll(async () => {
    // A 城东店 car whose latest term is still 待跟进 (no follow-up row yet).
    const row = await server.db.one<{ vehicleId: number }>(sql`
      SELECT p.vehicle_id AS "vehicleId" FROM insurance_policy p WHERE p.store_id = 2
         AND NOT p.superseded
         AND NOT EXISTS (SELECT 1 FROM insurance_renewal r WHERE r.policy_id = p.id) ORDER BY p.id LIMIT 1`);
    vehicleId = row!.vehicleId;
    today = (await renewals(admin)).today;
  });
  const input = () => ({
    vehicleId, region: '浙江', seats: 5, displacement: 1.5, energy: 'fuel', history: 'claimFree3', ncdLevel: -2,
    startDate: addDays(today, 10), endDate: addDays(addMonths(addDays(today, 10), 12), -1),
    vehiclePriceFen: 180_000_00, thirdPartyLimit: 2_000_000, driverSeatLimit: 20_000, passengerSeatLimit: 10_000, addOns: ['outsideMedical'],
  });
  const compute = (token: string, body: Record<string, unknown>) => server.call<Sheet>('POST', '/insurance/quote/compute', { token, body });

  it('prices 交强险 on the official table, 车船税 by band, 商业险 per insurer', async () => {
    const answer = await compute(admin, input());
    expect(answer.code, answer.msg).toBe(0);
    const sheet = answer.data;
    expect(sheet.regionGroup).toBe('E');
    expect(sheet.compulsory).toMatchObject({ base: 950, rate: -0.3, premiumFen: 66_500 });
    expect(sheet.compulsory.premiumFen).toBe(Math.round(compulsoryPremiumOf({ vehicleClass: 'family_lt6', regionGroup: 'E', history: 'claimFree3' }).premium * 100));
    expect(sheet.vehicleTax.yearlyFen).toBe(vehicleTax({ displacement: 1.5, region: '浙江', energy: 'fuel' }).yearlyFen);
    expect(sheet.offers.map((offer) => offer.insurerName)).toEqual(['中国人保', '平安产险', '太平洋产险']); // 大地保险 is switched off
    const picc = sheet.offers[0]!;
    const expected = commercialPremium(DEFAULT_INSURERS[0]!, { vehicleDamage: true, vehiclePriceFen: 180_000_00, thirdPartyLimit: 2_000_000, driverSeatLimit: 20_000, passengerSeatLimit: 10_000, passengerSeats: 4, addOns: ['outsideMedical'] }, { ncdLevel: -2, region: '浙江' });
    expect(picc.commercialFen).toBe(expected.premiumFen);
    expect(picc.totalFen).toBe(expected.premiumFen + 66_500 + sheet.vehicleTax.yearlyFen);
    expect(picc.lines.map((line) => line.code)).toContain('outsideMedical');
  });

  it('refuses bad input in Chinese', async () => {
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ startDate: addDays(today, -1) }, INSURANCE_MESSAGES.startInPast],
      [{ endDate: addDays(today, 5) }, INSURANCE_MESSAGES.endBeforeStart],
      [{ seats: 12 }, INSURANCE_MESSAGES.familySeats],
      [{ seats: 0 }, /座位数不能小于 1/],
      [{ displacement: 0 }, INSURANCE_MESSAGES.displacement],
      [{ displacement: 25 }, /排量不能超过 10/],
      [{ region: '火星' }, INSURANCE_MESSAGES.region],
      [{ history: 'sometimes' }, /上年交强险出险情况/],
      [{ vehicleClass: 'family_lt6', seats: 7 }, /2–5 座/],
      [{ thirdPartyLimit: 123 }, /三者险保额/],
      [{ insurers: ['nobody'] }, MSG.insurerUnknown('nobody')],
      [{ startDate: '2026-02-30' }, /起保日期不是有效的日期/],
    ];
    for (const [change, message] of cases) {
      const answer = await compute(admin, { ...input(), ...change });
      expect(answer.code, JSON.stringify(change)).toBe(400);
      if (typeof message === 'string') expect(answer.msg).toBe(message);
      else expect(answer.msg).toMatch(message);
    }
  });

  it('saves the whole sheet or nothing, marks the renewal 已报价, and shows in the vehicle history', async () => {
    const count = async () => (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insurance_quote`))!.n;
    const before = await count();
    const refused = await server.call('POST', '/insurance/quote', { token: admin, body: { ...input(), insurers: ['picc', 'nobody'] } });
    expect(refused.code).toBe(400);
    expect(await count()).toBe(before);

    const saved = await server.call<{ id: number }>('POST', '/insurance/quote', { token: manager, body: { ...input(), insurers: ['picc', 'pingan'] } });
    expect(saved.code, saved.msg).toBe(0);
    const vehicle = await server.call<AnswerOf<typeof calls.vehiclePolicies>>('GET', '/insurance/vehicle', { token: manager, query: { vehicleId } });
    expect(vehicle.data.canQuote).toBe(true);
    expect(vehicle.data.quotes[0]).toMatchObject({ id: saved.data.id, insurers: ['中国人保', '平安产险'] });
    expect(vehicle.data.policies[0]!.state).toBe('quoted');
    expect((await server.call('GET', '/insurance/vehicle', { token: hxAdmin, query: { vehicleId } })).code).toBe(404);
    expect((await server.call('POST', '/insurance/quote/compute', { token: hxAdmin, body: input() })).code).toBe(404);
  });
});

describe('share links', () => {
  let quoteId: number;
  beforeAll(async () => {
    const row = (await renewals(admin, { bucket: 'd60' })).rows[0]!;
    const today = (await renewals(admin)).today;
    const saved = await server.call<{ id: number }>('POST', '/insurance/quote', {
      token: admin,
      body: { vehicleId: row.vehicleId, region: '北京', seats: 7, displacement: 2.0, history: 'first', startDate: today, endDate: addDays(addMonths(today, 12), -1), violation: 1.1 },
    });
    expect(saved.code, saved.msg).toBe(0);
    quoteId = saved.data.id;
  });
  const open = (token: string) => server.call<AnswerOf<typeof calls.sharedQuote>>('GET', '/insurance/shared', { query: { token } });

  it('opens without login, read-only, masked, only that quote', async () => {
    const share = await server.call<AnswerOf<typeof calls.shareQuote>>('POST', '/insurance/quote/share', { token: admin, body: { id: quoteId, days: 3 } });
    expect(share.code, share.msg).toBe(0);
    expect(share.data.token.length).toBeGreaterThanOrEqual(32);
    expect(share.data.path).toContain(share.data.token);
    const stored = await server.db.rows<{ token_hash: string }>(sql`SELECT token_hash FROM insurance_quote_share`);
    expect(stored.some((row) => row.token_hash === share.data.token)).toBe(false);

    const sheet = await open(share.data.token);
    expect(sheet.code, sheet.msg).toBe(0);
    // What a forwarded link needs to show, no more: the customer's surname, the plate's region and last two, no mobile.
    const owner = (await server.db.one<{ name: string; plate: string }>(sql`
      SELECT c.name, v.plate FROM insurance_quote q JOIN customer c ON c.id = q.customer_id JOIN vehicle v ON v.id = q.vehicle_id WHERE q.id = ${quoteId}`))!;
    expect(sheet.data.vehicle.customerName).toBe(`${[...owner.name][0]}${'*'.repeat([...owner.name].length - 1)}`);
    expect(sheet.data.vehicle.customerName).not.toBe(owner.name);
    expect(sheet.data.vehicle.plate).toBe(`${owner.plate.slice(0, 2)}${'*'.repeat(owner.plate.length - 4)}${owner.plate.slice(-2)}`);
    expect(sheet.data.vehicle.mobile).toBe('');
    expect(JSON.stringify(sheet.data)).not.toContain(owner.name);
    expect(sheet.data.sheet.compulsory).toMatchObject({ base: 1100, rate: 0 });
    expect(sheet.data.sheet.offers[0]!.violation).toBe(1.1);
    // Extra parameters change nothing: the token alone says which sheet.
    const nudged = await server.call<AnswerOf<typeof calls.sharedQuote>>('GET', '/insurance/shared', { query: { token: share.data.token, id: quoteId + 1 } });
    expect(nudged.data.sheet).toEqual(sheet.data.sheet);
    expect(Object.keys(sheet.data).sort()).toEqual(['createdAt', 'expiresAt', 'sheet', 'storeName', 'storePhone', 'vehicle']);
    // The token opens nothing else: no other route answers without login.
    for (const refused of [
      await server.call('GET', '/insurance/quote', { query: { id: quoteId } }),
      await server.call('GET', '/insurance/renewals', { headers: { authorization: `Bearer ${share.data.token}` } }),
    ]) {
      expect(refused.code).not.toBe(0);
      expect(refused.data ?? null).toBeNull();
    }
  });

  it('can be revoked before it expires: the link then says it is no longer valid, the quote lists it as 已撤销, audited', async () => {
    const share = await server.call<AnswerOf<typeof calls.shareQuote>>('POST', '/insurance/quote/share', { token: admin, body: { id: quoteId, days: 7 } });
    expect((await open(share.data.token)).code).toBe(0);
    // Another chain, and staff without 保险, cannot revoke it.
    expect(await server.call('POST', '/insurance/quote/share/revoke', { token: hxAdmin, body: { id: share.data.id } })).toMatchObject({ code: 404, msg: MSG.shareGone });
    expect((await server.call('POST', '/insurance/quote/share/revoke', { token: frontdesk, body: { id: share.data.id } })).code).toBe(403);
    expect((await open(share.data.token)).code).toBe(0);

    const revoked = await server.call<AnswerOf<typeof calls.revokeQuoteShare>>('POST', '/insurance/quote/share/revoke', { token: admin, body: { id: share.data.id } });
    expect(revoked.code, revoked.msg).toBe(0);
    expect(revoked.data).toMatchObject({ id: share.data.id, state: 'revoked', stateName: '已撤销', revokedBy: '陈总' });
    const refused = await open(share.data.token);
    expect(refused).toMatchObject({ code: 403, msg: '该报价单链接已被门店撤销，请联系门店重新发送', data: null });
    expect(await server.call('POST', '/insurance/quote/share/revoke', { token: admin, body: { id: share.data.id } })).toMatchObject({ code: 409, msg: '该链接已撤销，无需撤销' });

    const detail = await server.call<AnswerOf<typeof calls.quoteDetail>>('GET', '/insurance/quote', { token: admin, query: { id: quoteId } });
    expect(detail.data.shares[0]).toMatchObject({ id: share.data.id, state: 'revoked', createdBy: '陈总' });
    const audits = await server.db.rows<{ action: string; actor_name: string }>(sql`SELECT action, actor_name FROM audit_log WHERE target_type = 'insurance' AND target_id = ${share.data.id} ORDER BY id`);
    expect(audits).toEqual([{ action: 'insurance.share.create', actor_name: '陈总' }, { action: 'insurance.share.revoke', actor_name: '陈总' }]);
  });

  it('expires, and an unknown or malformed token is refused in Chinese', async () => {
    const share = await server.call<AnswerOf<typeof calls.shareQuote>>('POST', '/insurance/quote/share', { token: admin, body: { id: quoteId } });
    await server.db.run(sql`UPDATE insurance_quote_share SET expires_at = now() - interval '1 minute' WHERE quote_id = ${quoteId}`);
    expect((await open(share.data.token)).msg).toBe(MSG.shareExpired);
    expect((await open('A'.repeat(32))).msg).toBe(MSG.shareNotFound);
    expect((await open("x' OR 1=1 --")).msg).toBe('报价单链接无效');
    expect((await server.call('POST', '/insurance/quote/share', { token: admin, body: { id: quoteId, days: 90 } })).msg).toMatch(/有效天数不能超过 30/);
  });

  it("another chain can neither read, share nor open this chain's quote", async () => {
    expect((await server.call('GET', '/insurance/quote', { token: hxAdmin, query: { id: quoteId } })).code).toBe(404);
    expect((await server.call('POST', '/insurance/quote/share', { token: hxAdmin, body: { id: quoteId } })).code).toBe(404);
    expect((await server.call('GET', '/insurance/quote', { token: admin, query: { id: quoteId } })).code).toBe(0);
  });
});

describe('analysis and insurer settings', () => {
  it('aggregates within the chain and range; the second chain has not bought 保险分析', async () => {
    const today = (await renewals(admin)).today;
    const range = { from: addDays(today, -90), to: addDays(today, 90) };
    const answer = await server.call<AnswerOf<typeof calls.analysis>>('GET', '/insurance/analysis', { token: admin, query: range });
    expect(answer.code, answer.msg).toBe(0);
    const data = answer.data;
    expect(data.totals.due).toBe(data.funnel.reduce((sum, step) => sum + step.count, 0));
    expect(data.totals.due).toBe(data.renewalByMonth.reduce((sum, row) => sum + row.due, 0));
    expect(data.lostReasons.reduce((sum, row) => sum + row.count, 0)).toBe(data.totals.lost);
    expect(data.premiumsByInsurer.length).toBeGreaterThan(0);
    expect(data.staff.length).toBeGreaterThan(0);
    const east = await server.call<AnswerOf<typeof calls.analysis>>('GET', '/insurance/analysis', { token: manager, query: { ...range, storeIds: '2,3' } });
    expect(east.data.renewalByMonth.every((row) => row.storeName === '城东店')).toBe(true);

    const refused = await server.call('GET', '/insurance/analysis', { token: hxAdmin, query: range });
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain('保险分析');
    expect((await server.call('GET', '/insurance/analysis', { token: admin, query: { from: range.to, to: range.from } })).msg).toBe('结束日期不能早于开始日期');
  });

  it('saves a chain’s insurer table with its version; the quote follows it; only 设置中心 may change it', async () => {
    const current = await server.call<AnswerOf<typeof calls.insurerSettings>>('GET', '/insurance/insurers', { token: hxAdmin });
    expect(current.data.version).toBe(0);
    const changed = current.data.insurers.map((insurer) => ({ ...insurer, independentCoefficient: 0.5 }));
    expect((await server.call('PUT', '/insurance/insurers', { token: hxAdmin, body: { insurers: changed, version: 3 } })).msg).toBe(MSG.changedByOthers);
    expect((await server.call('PUT', '/insurance/insurers', { token: hxAdmin, body: { insurers: [{ ...changed[0], independentCoefficient: 2 }], version: 0 } })).msg).toMatch(/自主定价系数不能超过 1.5/);
    const saved = await server.call<{ version: number }>('PUT', '/insurance/insurers', { token: hxAdmin, body: { insurers: changed, version: 0 } });
    expect(saved.code, saved.msg).toBe(0);
    expect((await server.call<AnswerOf<typeof calls.insurerSettings>>('GET', '/insurance/insurers', { token: hxAdmin })).data.insurers[0]!.independentCoefficient).toBe(0.5);
    // The demo chain's table is its own.
    expect((await server.call<AnswerOf<typeof calls.insurerSettings>>('GET', '/insurance/insurers', { token: admin })).data.insurers[0]!.independentCoefficient).toBe(DEFAULT_INSURERS[0]!.independentCoefficient);
    expect((await server.call('PUT', '/insurance/insurers', { token: manager, body: { insurers: changed, version: 1 } })).code).toBe(403);
  });
});
