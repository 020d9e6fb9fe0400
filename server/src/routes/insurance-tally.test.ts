/**
 * 续保跟进's tabs and chips come from migration 550's per-day summary and its rows from the
 * pipeline index: after every kind of write (follow-ups, bulk assignment, a new term, a deleted
 * term, a moved expiry, a bulk insert, an owner's account removed) the counts a user sees still
 * equal the rows they can page through, in every data scope, and the summary equals a fresh count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/insurance';
import { RENEWAL_BUCKETS, RENEWAL_STATES } from '../../../contracts/insurance';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';

type Renewals = AnswerOf<typeof calls.renewalList>;

let server: TestServer;
let admin: string;
let manager: string;
let hxAdmin: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, hxAdmin] = await Promise.all(['admin', 'manager', 'hx-admin'].map((name) => server.loginToken(name)));
});
afterAll(() => server?.close());

const renewals = async (token: string, query: Record<string, string | number> = {}) => {
  const answer = await server.call<Renewals>('GET', '/insurance/renewals', { token, query: { pageSize: 100, ...query } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};

/** Every row of a filter, page by page, as the user would see them. */
async function allRows(token: string, query: Record<string, string | number>) {
  const rows: Renewals['rows'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await renewals(token, { ...query, page });
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length === 0) return { rows, first: await renewals(token, query) };
  }
}

/** The chips and the total equal the rows listed; the tab of the chosen bucket equals the total. */
async function expectCountsMatchRows(token: string, query: Record<string, string | number>) {
  const { rows, first } = await allRows(token, query);
  expect(rows.length).toBe(first.total);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  // The chips count the whole window; a chosen state narrows the rows to its chip.
  if (typeof query.state === 'string') expect(first.states[query.state]).toBe(rows.length);
  if (query.state === undefined) for (const state of RENEWAL_STATES) expect(first.states[state], state).toBe(rows.filter((row) => row.state === state).length);
  if (typeof query.bucket === 'string') expect(first.buckets[query.bucket]).toBe(first.total);
  if (query.ownerId !== undefined) expect(rows.every((row) => (row.ownerId ?? 0) === query.ownerId)).toBe(true);
  for (let i = 1; i < rows.length; i += 1) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    expect(a.expiryDate < b.expiryDate || (a.expiryDate === b.expiryDate && a.id < b.id)).toBe(true);
  }
}

/** The summary equals a count from scratch of the current terms and their follow-ups. */
async function expectSummaryFresh() {
  const stale = await server.db.rows(sql`
    WITH fresh AS (
      SELECT p.chain_id, k.owner_key, p.expiry_date, p.store_id, COALESCE(r.state, 'pending') AS state, count(*)::int AS n
        FROM insurance_policy p LEFT JOIN insurance_renewal r ON r.policy_id = p.id
             CROSS JOIN LATERAL (VALUES (-1), (COALESCE(r.owner_id, 0))) k (owner_key)
       WHERE NOT p.superseded GROUP BY 1, 2, 3, 4, 5),
    kept AS (SELECT chain_id, owner_key, expiry_date, store_id, state, n FROM insurance_renewal_tally WHERE n <> 0)
    (SELECT 'missing' AS side, * FROM fresh EXCEPT SELECT 'missing', * FROM kept)
    UNION ALL
    (SELECT 'extra', * FROM kept EXCEPT SELECT 'extra', * FROM fresh)`);
  expect(stale).toEqual([]);
}

const ownerOf = async (name: string) => (await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = ${name}`))!.id;

describe('the pipeline counts from the summary', () => {
  it('equal the rows listed, for headquarters, a store manager and the other chain', async () => {
    await expectSummaryFresh();
    const managerId = await ownerOf('manager');
    for (const bucket of RENEWAL_BUCKETS) await expectCountsMatchRows(admin, { bucket });
    await expectCountsMatchRows(admin, { withinDays: 30, state: 'pending' });
    await expectCountsMatchRows(admin, { bucket: 'd90', ownerId: 0 });
    await expectCountsMatchRows(admin, { bucket: 'd30', ownerId: managerId, storeIds: '2' });
    await expectCountsMatchRows(manager, { bucket: 'd30' });
    await expectCountsMatchRows(hxAdmin, { withinDays: 60 });
    // Keyword and 今日待联系 count live over the current terms; their counts equal their rows too.
    const sample = (await renewals(admin, { bucket: 'd30' })).rows[0]!;
    const byPlate = await renewals(admin, { withinDays: 90, keyword: sample.plate.slice(1) });
    expect(byPlate.rows.map((row) => row.id)).toContain(sample.id);
    expect(byPlate.buckets.d30).toBeGreaterThanOrEqual(1);
    await expectCountsMatchRows(admin, { withinDays: 90, keyword: sample.plate.slice(1) });
    await expectCountsMatchRows(admin, { bucket: 'd30', keyword: sample.customerName });
    const due = await allRows(admin, { withinDays: 90, due: 'true' });
    expect(due.rows.length).toBeGreaterThan(0);
    expect(due.rows.every((row) => row.nextContact !== null && row.nextContact <= due.first.today && ['pending', 'contacted', 'quoted'].includes(row.state))).toBe(true);
    await expectCountsMatchRows(admin, { withinDays: 90, due: 'true' });
    // Tabs are the same under either window; another chain's tabs are its own.
    const mine = await renewals(admin, { bucket: 'd7' });
    expect((await renewals(admin, { withinDays: 90 })).buckets).toEqual(mine.buckets);
    const theirs = await renewals(hxAdmin, { bucket: 'd7' });
    expect(theirs.rows.some((row) => mine.rows.some((own) => own.id === row.id))).toBe(false);
    // A store manager's tabs count only the own store.
    const east = await renewals(admin, { bucket: 'd7', storeIds: '2' });
    expect((await renewals(manager, { bucket: 'd7' })).buckets).toEqual(east.buckets);
  });

  it('follow every kind of write', async () => {
    const managerId = await ownerOf('manager');
    // Follow-ups and a bulk assignment through the API.
    const open = (await renewals(admin, { bucket: 'd90', state: 'pending', storeIds: '2' })).rows.slice(0, 3);
    expect(open).toHaveLength(3);
    const contacted = await server.call<{ version: number }>('PUT', '/insurance/renewal', {
      token: admin, body: { policyId: open[0]!.id, version: open[0]!.version, state: 'contacted', note: '已电话联系' },
    });
    expect(contacted.code, contacted.msg).toBe(0);
    const assigned = await server.call('POST', '/insurance/renewal/assign', { token: admin, body: { policyIds: open.map((row) => row.id), ownerId: managerId } });
    expect(assigned.code, assigned.msg).toBe(0);
    await expectSummaryFresh();
    await expectCountsMatchRows(admin, { bucket: 'd90', ownerId: managerId });

    // A newer term takes the car out of its bucket; deleting it brings the old one back.
    const row = (await renewals(admin, { bucket: 'd7' })).rows[0]!;
    const before = await renewals(admin, { bucket: 'd7' });
    const inserted = (await server.db.one<{ id: number }>(sql`
      INSERT INTO insurance_policy (chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_premium, commercial_premium, start_date, expiry_date)
      SELECT chain_id, store_id, vehicle_id, customer_id, '中国人保', 'PDAA-TALLY-1', 950, 3000, expiry_date + 1, expiry_date + 365
        FROM insurance_policy WHERE id = ${row.id} RETURNING id`))!;
    await expectSummaryFresh();
    expect((await renewals(admin, { bucket: 'd7' })).buckets.d7).toBe(before.buckets.d7 - 1);
    await server.db.run(sql`DELETE FROM insurance_policy WHERE id = ${inserted.id}`);
    await expectSummaryFresh();
    expect((await renewals(admin, { bucket: 'd7' })).buckets).toEqual(before.buckets);

    // A moved expiry and a moved store.
    await server.db.run(sql`UPDATE insurance_policy SET expiry_date = expiry_date + 40 WHERE id = ${row.id}`);
    await server.db.run(sql`UPDATE insurance_policy SET store_id = 3 WHERE id = ${open[1]!.id}`);
    await expectSummaryFresh();
    await expectCountsMatchRows(admin, { bucket: 'd60' });

    // A bulk insert of several cars' new terms at once (as an import would), then their removal.
    const bulk = await server.db.rows<{ id: number }>(sql`
      INSERT INTO insurance_policy (chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_premium, commercial_premium, start_date, expiry_date)
      SELECT chain_id, store_id, vehicle_id, customer_id, '平安保险', 'PDAA-TALLY-' || id, 950, 3000, expiry_date - 364, expiry_date + 3
        FROM insurance_policy WHERE NOT superseded AND chain_id = 1 ORDER BY id LIMIT 50 RETURNING id`);
    await expectSummaryFresh();
    await expectCountsMatchRows(admin, { withinDays: 30 });
    await server.db.run(sql`DELETE FROM insurance_policy WHERE id = ANY(${sql.param(bulk.map((entry) => entry.id))}::int[])`);
    await expectSummaryFresh();

    // An owner's account removed: their follow-ups fall to 未分配.
    const owner = await server.db.one<{ id: number }>(sql`
      INSERT INTO app_user (chain_id, username, nick_name, password_hash, store_ids, current_garage_id)
      SELECT chain_id, 'tally-owner', '临时负责人', password_hash, store_ids, current_garage_id FROM app_user WHERE username = 'manager' RETURNING id`);
    await server.db.run(sql`UPDATE insurance_renewal SET owner_id = ${owner!.id} WHERE policy_id = ${open[2]!.id}`);
    await expectSummaryFresh();
    await server.db.run(sql`DELETE FROM app_user WHERE id = ${owner!.id}`);
    await expectSummaryFresh();
    await expectCountsMatchRows(admin, { bucket: 'd90', ownerId: 0 });
  });
});
