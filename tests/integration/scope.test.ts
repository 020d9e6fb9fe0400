/**
 * Tenancy and data scope on every route, generated from the route schemas (the OpenAPI document):
 * each id-like field of each call is filled with ids of the OTHER chain, as every demo role, and
 * with ids of other stores as a store-level user. Nothing of the other chain (or store) may come
 * back, nothing of it may change, and nothing of ours may be linked to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { apiRoutes, type ApiRoute } from '../support/api-routes';

/** Calls that would end the session the test runs on, or change who the caller is. */
const SKIPPED = new Set(['POST /api/user/logout', 'POST /api/user/pwd/update']);

/** Ids of one chain (or of stores a user may not see), by the kind of thing they name. */
interface Foreign {
  customer: number[];
  vehicle: number[];
  group: number[];
  tag: number[];
  condition: number[];
  store: number[];
  user: number[];
  role: number[];
  department: number[];
  /** 指标库 custom metrics and 指标树 targets. */
  metric: number[];
  metricNode: number[];
  job: number[];
  /** 批量导入 tasks (import_task). */
  importTask: number[];
  /** 商城 orders (chain-wide: headquarters buys for its stores). */
  order: number[];
  /** 潜在客户 leads. */
  lead: number[];
  /** Insurance policies (保险查询's renewal rows). */
  policy: number[];
  /** SIP Call-IDs of the chain's calls (the phone bar and Kamailio name calls by them). */
  call: string[];
  /** 短信模板 (the chain's, or one store's own) and 短信发送记录 (store-owned). */
  smsTemplate: number[];
  smsCampaign: number[];
  /** 企业微信 external contacts (external_userid) of the chain, or bound to customers of other stores. */
  wecomContact: string[];
  /** 退订名单 rows (chain-wide; the id of DELETE /sms/opt-out). */
  smsOptOut: number[];
  /** Saved insurance quotes (store-owned) and their share links. */
  quote: number[];
  quoteShare: number[];
  /** Strings that identify those rows and must never reach the caller: mobiles, plates, VINs, names. */
  secrets: string[];
}

type Route = Omit<ApiRoute, 'fields'> & { fields: string[] };

let server: TestServer;
let routes: Route[];
const tokens: Record<string, string> = {};

/**
 * Id fields that name no tenant's row: the spec's permission ids (the same in every chain) and an
 * invoice's 纳税人识别号 (a company's tax number, typed by the buyer).
 */
const SHARED_CODES = new Set(['permissionIds', 'taxId']);

/** Every kind non-empty: asks candidates() whether it knows a field at all. */
const FIELD_KINDS_PROBE: Foreign = { customer: [1], vehicle: [1], group: [1], tag: [1], condition: [1], store: [1], user: [1], role: [1], department: [1], metric: [1], metricNode: [1], job: [1], importTask: [1], order: [1], lead: [1], policy: [1], call: ['x'], smsTemplate: [1], smsCampaign: [1], wecomContact: ['x'], smsOptOut: [1], quote: [1], quoteShare: [1], secrets: [] };

/** The foreign ids a field may name, from its name and the call's path. */
function candidates(field: string, path: string, foreign: Foreign): (number | string)[][] {
  const one = (ids: (number | string)[]) => ids.slice(0, 2).map((id) => [id]);
  if (/^customerIds?$/.test(field)) return one(foreign.customer);
  if (/^vehicleIds?$/.test(field)) return one(foreign.vehicle);
  if (/^groupIds?$/.test(field)) return one(foreign.group);
  if (/^tagIds?$|^(from|to|target)Id$|^sourceIds$/.test(field)) return one(foreign.tag);
  if (field === 'callId') return one(foreign.call);
  if (field === 'externalUserId') return one(foreign.wecomContact);
  if (/^(storeIds?|garageId|targetStoreId|fromStoreId|toStoreId)$/.test(field)) return one(foreign.store);
  if (/^(userIds?|ownerId|advisorId)$/.test(field)) return one(foreign.user);
  if (field === 'orderId') return one(foreign.order);
  if (/^policyIds?$/.test(field)) return one(foreign.policy);
  if (/^(roleIds?|defaultRoleId)$/.test(field)) return one(foreign.role);
  if (/^(departmentId|parentId)$/.test(field)) return one(foreign.department);
  if (field === 'jobId') return one(foreign.job);
  if (field === 'taskId' && path.includes('/client/import')) return one(foreign.importTask);
  if (/^(conditionId)$/.test(field)) return one(foreign.condition);
  if (field === 'templateId' && path.includes('/sms/')) return one(foreign.smsTemplate);
  if (field === 'parentId' && path.includes('metrics/tree')) return one(foreign.metricNode);
  if (/^ids?$/.test(field)) {
    if (path.includes('/sms/opt-out')) return one(foreign.smsOptOut);
    if (path.includes('/mall/order')) return one(foreign.order);
    if (path.includes('/potential')) return one(foreign.lead);
    if (path.includes('metrics/tree')) return one(foreign.metricNode);
    if (path.includes('metrics/custom')) return one(foreign.metric);
    if (path.includes('authority/staff') || path.includes('department/staff')) return one(foreign.user);
    if (path.includes('organization/department')) return one(foreign.department);
    if (path.includes('organization/job')) return one(foreign.job);
    if (path.includes('authority/role')) return one(foreign.role);
    if (path.includes('/sms/template')) return one(foreign.smsTemplate);
    if (path.includes('/sms/campaign')) return one(foreign.smsCampaign);
    if (path.includes('/insurance/quote/share/revoke')) return one(foreign.quoteShare);
    if (path.includes('/insurance/quote')) return one(foreign.quote);
    if (path.startsWith('/api/store')) return one(foreign.store);
    if (path.includes('group')) return one(foreign.group);
    if (path.includes('tag')) return one(foreign.tag);
    if (path.includes('ondition')) return one(foreign.condition);
    if (path.includes('vehicle')) return one(foreign.vehicle);
    return [...one(foreign.customer), ...one(foreign.group), ...one(foreign.tag), ...one(foreign.condition)];
  }
  return [];
}

async function foreignOf(chainId: number, exceptChainId: number, ownStore?: number): Promise<Foreign> {
  const db = server.db;
  const ids = async (query: ReturnType<typeof sql>) => (await db.rows<{ id: number }>(query)).map((row) => Number(row.id));
  const customers = await db.rows<{ id: number; store_id: number; mobile: string }>(sql`SELECT id, store_id, mobile FROM customer WHERE chain_id = ${chainId} ORDER BY id`);
  const vehicles = await db.rows<{ id: number; store_id: number; plate: string; vin: string }>(sql`SELECT id, store_id, plate, vin FROM vehicle WHERE chain_id = ${chainId} ORDER BY id`);
  const inScope = (storeId: number) => ownStore === undefined || Number(storeId) !== ownStore;
  const pickedCustomers = customers.filter((row) => inScope(row.store_id));
  const pickedVehicles = vehicles.filter((row) => inScope(row.store_id));
  // A mobile or plate that also exists where the caller may look identifies nothing foreign.
  const visible = new Set(
    (
      await db.rows<{ value: string }>(sql`
        SELECT mobile AS value FROM customer WHERE chain_id = ${exceptChainId} AND (${ownStore ?? null}::int IS NULL OR store_id = ${ownStore ?? null}::int)
        UNION SELECT plate FROM vehicle WHERE chain_id = ${exceptChainId} AND (${ownStore ?? null}::int IS NULL OR store_id = ${ownStore ?? null}::int)
        UNION SELECT vin FROM vehicle WHERE chain_id = ${exceptChainId} AND (${ownStore ?? null}::int IS NULL OR store_id = ${ownStore ?? null}::int)`)
    ).map((row) => row.value),
  );
  const ownNames = new Set((await db.rows<{ name: string }>(sql`SELECT name FROM customer_group WHERE chain_id = ${exceptChainId} UNION SELECT name FROM tag WHERE chain_id = ${exceptChainId} UNION SELECT name FROM metric_custom WHERE chain_id = ${exceptChainId}`)).map((row) => row.name));
  const sameChain = chainId === exceptChainId;
  const names = sameChain ? [] : (await db.rows<{ name: string }>(sql`SELECT name FROM customer_group WHERE chain_id = ${chainId} UNION SELECT name FROM tag WHERE chain_id = ${chainId} UNION SELECT name FROM metric_custom WHERE chain_id = ${chainId}`)).map((row) => row.name).filter((name) => !ownNames.has(name) && name.length >= 3);
  const secrets = [
    ...pickedCustomers.map((row) => row.mobile),
    ...pickedVehicles.flatMap((row) => [row.plate, row.vin]),
    ...names,
  ].filter((value) => value && !visible.has(value));
  return {
    customer: pickedCustomers.map((row) => Number(row.id)),
    vehicle: pickedVehicles.map((row) => Number(row.id)),
    group: sameChain ? [] : await ids(sql`SELECT id FROM customer_group WHERE chain_id = ${chainId} ORDER BY id`),
    tag: sameChain ? [] : await ids(sql`SELECT id FROM tag WHERE chain_id = ${chainId} ORDER BY id`),
    condition: sameChain ? [] : await ids(sql`SELECT id FROM saved_condition WHERE chain_id = ${chainId} ORDER BY id`),
    store: sameChain ? [] : await ids(sql`SELECT id FROM garage WHERE chain_id = ${chainId} ORDER BY id`),
    user: sameChain ? [] : await ids(sql`SELECT id FROM app_user WHERE chain_id = ${chainId} ORDER BY id`),
    role: sameChain ? [] : await ids(sql`SELECT id FROM role WHERE chain_id = ${chainId} ORDER BY id`),
    department: sameChain ? [] : await ids(sql`SELECT id FROM department WHERE chain_id = ${chainId} ORDER BY id`),
    metric: sameChain ? [] : await ids(sql`SELECT id FROM metric_custom WHERE chain_id = ${chainId} ORDER BY id`),
    metricNode: await ids(sql`SELECT id FROM metric_tree_node WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id IS DISTINCT FROM ${ownStore ?? null}::int) ORDER BY id`),
    job: sameChain ? [] : await ids(sql`SELECT id FROM job WHERE chain_id = ${chainId} ORDER BY id`),
    importTask: await ids(sql`SELECT id FROM import_task WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id <> ${ownStore ?? null}::int) ORDER BY id`),
    order: sameChain ? [] : await ids(sql`SELECT id FROM mall_order WHERE chain_id = ${chainId} ORDER BY id`),
    policy: await ids(sql`SELECT id FROM insurance_policy WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id <> ${ownStore ?? null}::int) ORDER BY id`),
    lead: await ids(sql`SELECT id FROM potential_customer WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id <> ${ownStore ?? null}::int) ORDER BY id`),
    // call_record.garage_id holds the chain id (as text).
    call: sameChain ? [] : (await db.rows<{ id: string }>(sql`SELECT sip_call_id AS id FROM call_record WHERE garage_id = ${String(chainId)} AND sip_call_id IS NOT NULL ORDER BY id`)).map((row) => row.id),
    // Within a chain, only another store's own templates are foreign (the chain's are everyone's).
    smsTemplate: await ids(sql`SELECT id FROM sms_template WHERE chain_id = ${chainId} AND (NOT ${sameChain}::boolean OR store_id IS DISTINCT FROM ${ownStore ?? null}::int AND store_id IS NOT NULL) ORDER BY id`),
    smsCampaign: await ids(sql`SELECT id FROM sms_campaign WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id IS DISTINCT FROM ${ownStore ?? null}::int) ORDER BY id`),
    wecomContact: (
      await db.rows<{ id: string }>(sql`
        SELECT w.external_userid AS id FROM wecom_contact w LEFT JOIN customer c ON c.id = w.customer_id
         WHERE w.chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR c.store_id <> ${ownStore ?? null}::int) ORDER BY 1`)
    ).map((row) => row.id),
    smsOptOut: sameChain ? [] : await ids(sql`SELECT id FROM sms_opt_out WHERE chain_id = ${chainId} ORDER BY id`),
    quote: await ids(sql`SELECT id FROM insurance_quote WHERE chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR store_id <> ${ownStore ?? null}::int) ORDER BY id`),
    quoteShare: await ids(sql`
      SELECT s.id FROM insurance_quote_share s JOIN insurance_quote q ON q.id = s.quote_id
       WHERE s.chain_id = ${chainId} AND (${ownStore ?? null}::int IS NULL OR q.store_id <> ${ownStore ?? null}::int) ORDER BY s.id`),
    secrets: [...new Set(secrets)],
  };
}

/** A fingerprint of every row a chain owns, to prove nothing of it changed. */
async function fingerprint(chainId: number): Promise<Record<string, string>> {
  const tables = await server.db.rows<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.columns
     WHERE column_name = 'chain_id' AND table_schema = current_schema() ORDER BY table_name`);
  const prints: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const row = await server.db.one<{ print: string | null }>(
      sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM ${sql.identifier(table)} t WHERE chain_id = ${chainId}`,
    );
    prints[table] = row?.print ?? '';
  }
  const calls = await server.db.one<{ print: string | null }>(sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM call_record t WHERE garage_id = ${String(chainId)}`);
  prints.call_record = calls?.print ?? '';
  return prints;
}

async function call(route: Route, token: string, input: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const url = new URL(`${server.url}${route.path}`);
  url.searchParams.set('yj-test', '1');
  let body: string | undefined;
  if (route.inQuery) {
    for (const [name, value] of Object.entries(input)) for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  } else {
    body = JSON.stringify(input);
  }
  const response = await fetch(url, { method: route.method, headers: { token, ...(body ? { 'content-type': 'application/json' } : {}) }, body });
  return { status: response.status, text: await response.text() };
}

/** Every id field of every route, filled with foreign ids, as `role`; answers what leaked. */
async function probe(role: string, foreign: Foreign): Promise<{ sent: number; leaks: string[]; unprobed: string[] }> {
  const leaks: string[] = [];
  const unprobed: string[] = [];
  let sent = 0;
  for (const route of routes) {
    const attempts: Record<string, unknown>[] = [];
    for (const field of route.fields) {
      for (const ids of candidates(field, route.path, foreign)) {
        attempts.push({ [field]: /s$/.test(field) ? ids : ids[0] });
        if (field === 'customerIds') attempts.push({ [field]: ids, groupId: foreign.group[0], action: 'add' });
      }
      if (field === 'condition' && foreign.store.length) attempts.push({ condition: { storeIds: foreign.store.slice(0, 1) } });
      // A new id field this test does not know would silently escape it.
      if (/(^id|Id|Ids)$/.test(field) && !SHARED_CODES.has(field) && candidates(field, route.path, FIELD_KINDS_PROBE).length === 0) unprobed.push(`${route.method} ${route.path} ${field}`);
    }
    for (const input of attempts) {
      const answer = await call(route, tokens[role], input);
      sent += 1;
      const leaked = foreign.secrets.filter((secret) => answer.text.includes(secret));
      if (answer.status >= 500) leaks.push(`${role} ${route.method} ${route.path} ${JSON.stringify(input)} → HTTP ${answer.status}`);
      if (leaked.length) leaks.push(`${role} ${route.method} ${route.path} ${JSON.stringify(input)} → shows ${leaked.slice(0, 3).join(', ')}`);
    }
  }
  return { sent, leaks, unprobed };
}

/** Links from one chain's rows to another chain's customers (tagging, grouping, calling them). */
async function crossChainLinks(): Promise<number> {
  const row = await server.db.one<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM customer_group_member m JOIN customer c ON c.id = m.customer_id JOIN customer_group g ON g.id = m.group_id WHERE c.chain_id <> g.chain_id OR m.chain_id <> c.chain_id)
         + (SELECT count(*) FROM customer_tag ct JOIN customer c ON c.id = ct.customer_id JOIN tag t ON t.id = ct.tag_id WHERE c.chain_id <> t.chain_id OR ct.chain_id <> c.chain_id)
         + (SELECT count(*) FROM call_record r JOIN customer c ON c.id::text = r.customer_id WHERE c.chain_id::text <> r.garage_id) AS n`);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['admin', 'manager', 'frontdesk', 'hx-admin', 'hx-manager']) tokens[role] = await server.loginToken(role);
  // Each chain has a call in progress, so the calls that name a call by its SIP Call-ID are probed too.
  for (const chain of [1, 2]) {
    const customer = await server.db.one<{ id: number; mobile: string; user_id: number }>(sql`
      SELECT c.id, c.mobile, (SELECT min(id) FROM app_user u WHERE u.chain_id = ${chain}) AS user_id FROM customer c WHERE c.chain_id = ${chain} ORDER BY c.id LIMIT 1`);
    await server.db.run(sql`INSERT INTO call_record (garage_id, user_id, customer_id, number, started_at, ended_at, result, sip_call_id)
      VALUES (${String(chain)}, ${String(customer!.user_id)}, ${String(customer!.id)}, ${customer!.mobile}, now(), NULL, 'calling', ${`scope-test-call-${chain}`})`);
  }
  // Each chain's stores have a finished import (批量导入), so the calls that name a task are probed too.
  for (const [chain, store] of [[1, 2], [1, 3], [2, 6]]) {
    await server.db.run(sql`INSERT INTO import_task (chain_id, store_id, scope_store_ids, kind, status, duplicates, mapping, file_name, format, file_bytes, created_by)
      VALUES (${chain}, ${store}, ARRAY[${store}]::int[], 'customer', 'done', 'skip', '[]'::jsonb, ${`scope-test-${chain}-${store}.xlsx`}, 'xlsx', '\\x00'::bytea,
              (SELECT min(id) FROM app_user WHERE chain_id = ${chain}))`);
  }
  // Each chain has a saved quote with a live share link in a store, so the calls that name them are probed too.
  for (const [chain, store] of [[1, 3], [2, 6]]) {
    const quote = await server.db.one<{ id: number }>(sql`
      INSERT INTO insurance_quote (chain_id, store_id, vehicle_id, customer_id, input, sheet, lowest_total_fen, created_by)
      SELECT ${chain}, v.store_id, v.id, v.customer_id, '{}'::jsonb, '{}'::jsonb, 0, (SELECT min(id) FROM app_user WHERE chain_id = ${chain})
        FROM vehicle v WHERE v.chain_id = ${chain} AND v.store_id = ${store} ORDER BY v.id LIMIT 1 RETURNING id`);
    await server.db.run(sql`INSERT INTO insurance_quote_share (chain_id, quote_id, token_hash, expires_at) VALUES (${chain}, ${quote!.id}, ${`scope-test-share-${chain}`}, now() + interval '7 days')`);
  }
  // 华星 has a WeCom contact bound to one of its customers, so the calls that name a contact are probed too.
  await server.db.run(sql`INSERT INTO wecom_contact (chain_id, external_userid, name, customer_id, bound_by)
    VALUES (2, 'wmScopeHuaxing1', '华星的联系人', (SELECT min(id) FROM customer WHERE chain_id = 2), 'manual')`);
  routes = (await apiRoutes(server.url, SKIPPED)).map((route) => ({ ...route, fields: route.fields.map((field) => field.name) }));
});
afterAll(() => server?.close());

describe('tenancy and data scope on every route', () => {
  it('no role of one chain reads, changes or links anything of the other chain, whatever ids it sends', { timeout: 600_000 }, async () => {
    const antu = 1;
    const huaxing = 2;
    const before = { [antu]: await fingerprint(antu), [huaxing]: await fingerprint(huaxing) };
    const againstHuaxing = await foreignOf(huaxing, antu);
    const againstAntu = await foreignOf(antu, huaxing);
    expect(againstHuaxing.secrets.length).toBeGreaterThan(50);
    let sent = 0;
    const leaks: string[] = [];
    const unprobed = new Set<string>();
    for (const [role, foreign] of [['admin', againstHuaxing], ['manager', againstHuaxing], ['frontdesk', againstHuaxing], ['hx-admin', againstAntu], ['hx-manager', againstAntu]] as const) {
      const result = await probe(role, foreign);
      sent += result.sent;
      leaks.push(...result.leaks);
      result.unprobed.forEach((field) => unprobed.add(field));
    }
    expect([...unprobed]).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(5 * routes.filter((route) => route.fields.some((field: string) => /(^id|Id|Ids)$/.test(field))).length);
    expect(leaks).toEqual([]);
    expect(await fingerprint(huaxing)).toEqual(before[huaxing]);
    expect(await crossChainLinks()).toBe(0);
  });

  it('a store-level user sees nothing of the chain’s other stores through any id', { timeout: 600_000 }, async () => {
    // 李店长 sees only 城东店 (store 2); the customers and vehicles of 城西店 and 滨江店 are foreign to him.
    const otherStores = await foreignOf(1, 1, 2);
    const { sent, leaks } = await probe('manager', { ...otherStores, store: [3, 4] });
    expect(sent).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });
});
