/**
 * Customers and vehicles: the customer condition translated to SQL, the list, the builder's
 * options, saved conditions, groups, detail and the lifecycle board. All SQL of the customer
 * feature lives here (tags in repositories/tag.ts); every query is scoped through TenantScope.
 */
import { sql, type Database, type Queryable, type SQL } from '../db/database';
import type { TenantScope } from './scope';
import type { z } from 'zod';
import { upgradeCondition, type CustomerCondition } from '../../../contracts/customer-condition';
import type { SortField } from '../../../contracts/rules/customer';
import { stageSql, stageToday } from './stages';
import { customerNextMaintenance, customerNextMaintenanceJson, maintenanceDueWithin } from './next-maintenance';
import type { customerDetail as customerDetailCall, customerRow, customerVehicleSummary, vehiclePanorama } from '../../../contracts/api/customer';
import type { AnswerOf } from '../../../contracts/api/route';
import { maskMobile } from '../../../contracts/rules/mobile';

const and = (parts: SQL[]): SQL => (parts.length === 0 ? sql`TRUE` : sql.join(parts.map((part) => sql`(${part})`), sql` AND `));
const or = (parts: SQL[]): SQL => (parts.length === 0 ? sql`FALSE` : sql.join(parts.map((part) => sql`(${part})`), sql` OR `));

/** LIKE patterns treat % and _ as wildcards; a keyword is always literal. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const reversed = (text: string) => [...text].reverse().join('');


/**
 * Keywords whose index entries (below) number more than this are "broad": testing each visible
 * customer once costs less than looking every match up by id, and is as cheap for 100,000
 * matches as for 5,001 (tests/bench/RESULTS.md, "Customer keyword search").
 */
const NARROW_KEYWORD = 5_000;

interface KeywordArm {
  /** An index range scan (migration 100) answering customer ids of this chain. */
  ids: SQL;
  /** The same match as a test of the customer `c`, or of one of its vehicles `v`. */
  test: SQL;
  onVehicle: boolean;
}

/**
 * What a keyword matches: name prefix, mobile prefix or last digits, plate with or without its
 * province character, VIN prefix or last digits. Vehicle arms first: measureKeyword finds those
 * empty (a mobile number is never a plate), and a test without them needs no vehicle at all.
 */
function keywordArms(scope: TenantScope, keyword: string | undefined): KeywordArm[] | null {
  const text = (keyword ?? '').replace(/\s+/g, '');
  if (!text) return null;
  const upper = text.toUpperCase();
  const prefix = `${likeLiteral(text)}%`;
  const onVehicle: ((alias: SQL) => SQL)[] = [];
  if (/^[\u4e00-\u9fa5A-Z0-9]{2,17}$/.test(upper)) {
    const vehiclePrefix = `${likeLiteral(upper)}%`;
    onVehicle.push((a) => sql`${a}.plate LIKE ${vehiclePrefix}`, (a) => sql`substr(${a}.plate, 2) LIKE ${vehiclePrefix}`, (a) => sql`${a}.vin LIKE ${vehiclePrefix}`);
    if (/^[A-Z0-9]{4,17}$/.test(upper)) onVehicle.push((a) => sql`reverse(${a}.vin) LIKE ${`${likeLiteral(reversed(upper))}%`}`);
  }
  const onCustomer: ((alias: SQL) => SQL)[] = [(a) => sql`${a}.name LIKE ${prefix}`];
  if (/^\d{3,11}$/.test(text)) {
    onCustomer.push((a) => sql`${a}.mobile LIKE ${prefix}`);
    if (text.length >= 4) onCustomer.push((a) => sql`reverse(${a}.mobile) LIKE ${`${likeLiteral(reversed(text))}%`}`);
  }
  const [k, v, c] = ['k', 'v', 'c'].map((alias) => sql.raw(alias));
  return [
    ...onVehicle.map((match) => ({ ids: sql`SELECT v.customer_id FROM vehicle v WHERE v.chain_id = ${scope.chainId} AND ${match(v)}`, test: match(v), onVehicle: true })),
    ...onCustomer.map((match) => ({ ids: sql`SELECT k.id FROM customer k WHERE k.chain_id = ${scope.chainId} AND ${match(k)}`, test: match(c), onVehicle: false })),
  ];
}

/**
 * The arms as a test of the customer `c` (FALSE without any). Over every customer the owners of the
 * matching cars are read once and hashed; a walk that stops after a page (`walking`) looks at each
 * customer's own cars instead.
 */
function keywordTest(scope: TenantScope, arms: KeywordArm[], walking = false): SQL {
  const tests = arms.filter((arm) => !arm.onVehicle).map((arm) => arm.test);
  const onVehicle = arms.filter((arm) => arm.onVehicle).map((arm) => arm.test);
  if (onVehicle.length > 0 && walking) {
    // OFFSET 0 leaves the planner one way in: the customer's cars by vehicle_customer, a few rows.
    // Without it PGlite may read each customer's cars through the plate index, every matching car
    // again for each customer (see the hashed form below).
    tests.push(sql`EXISTS (SELECT 1 FROM (SELECT v.plate, v.vin FROM vehicle v WHERE v.customer_id = c.id OFFSET 0) v WHERE ${or(onVehicle)})`);
  } else if (onVehicle.length > 0) {
    // The owners of the matching cars, read once and hashed. Inside an OR this is no join; and
    // unnest(ARRAY(…)) pins the planner's estimate at 10 rows, so the set is always hashed: an EXISTS
    // may be planned per customer on the plate index (every matching car read again for each one),
    // and a set estimated past hash_mem would be re-read per customer too.
    tests.push(sql`c.id IN (SELECT unnest(ARRAY(SELECT v.customer_id FROM vehicle v WHERE v.chain_id = ${scope.chainId} AND (${or(onVehicle)}))))`);
  }
  return or(tests);
}

interface MeasuredKeyword {
  narrow: boolean;
  /** The arms that may match: an arm read to its end before the cut without an entry is dropped. */
  arms: KeywordArm[];
}

/**
 * Reads the arms' index entries in order and stops after NARROW_KEYWORD + 1, so it costs the same
 * for any number of matches.
 */
async function measureKeyword(db: Queryable, arms: KeywordArm[]): Promise<MeasuredKeyword> {
  const counts = await db.rows<{ arm: number; entries: number }>(sql`
    SELECT m.arm, count(*)::int AS entries
      FROM (${sql.join(arms.map((arm, i) => sql`SELECT ${i}::int AS arm FROM (${arm.ids}) a`), sql` UNION ALL `)} LIMIT ${NARROW_KEYWORD + 1}) m
     GROUP BY m.arm`);
  const entries = counts.reduce((sum, row) => sum + row.entries, 0);
  const narrow = entries <= NARROW_KEYWORD;
  // Broad: the arm holding the cut, and those after it, were not read to their end.
  const cut = narrow ? arms.length : Math.max(...counts.map((row) => row.arm));
  return { narrow, arms: arms.filter((_, i) => i >= cut || counts.some((row) => row.arm === i)) };
}

/** Conditions on the customer's vehicles apply to one and the same vehicle (a BMW with over 100,000 km). */
function vehicleCondition(scope: TenantScope, condition: CustomerCondition): SQL | null {
  const parts: SQL[] = [];
  const today = scope.today();
  if (condition.brands && condition.brands.length > 0) parts.push(sql`v.brand = ANY(${sql.param(condition.brands)}::text[])`);
  if (condition.mileage?.min !== undefined) parts.push(sql`v.mileage >= ${condition.mileage.min}`);
  if (condition.mileage?.max !== undefined) parts.push(sql`v.mileage <= ${condition.mileage.max}`);
  if (condition.maintenanceDueWithinDays !== undefined) {
    parts.push(maintenanceDueWithin('v', today, condition.maintenanceDueWithinDays));
  }
  if (condition.insuranceExpiringWithinDays !== undefined) {
    parts.push(sql`v.insurance_expiry BETWEEN ${today} AND ${today} + ${condition.insuranceExpiringWithinDays}::int`);
  }
  if (parts.length === 0) return null;
  // The chain id lets the planner start from the (chain_id, …) indexes of migration 400.
  return sql`EXISTS (SELECT 1 FROM vehicle v WHERE v.customer_id = c.id AND v.chain_id = ${scope.chainId} AND ${and(parts)})`;
}

export interface GroupDefinition {
  id: number;
  kind: 'condition' | 'fixed';
  condition: unknown;
}

/**
 * The WHERE clause of a condition over `customer c`, the keyword as a test of each customer (a
 * driving set applies it instead: matchingCustomers). Groups are passed in already loaded (see
 * loadGroups); a live group's own group filter is ignored, so groups cannot recurse.
 */
function conditionSql(scope: TenantScope, condition: CustomerCondition, groups: GroupDefinition[], keyword: SQL | null): SQL {
  const parts: SQL[] = [scope.storeRowsIn('c', condition.storeIds)];
  if (keyword) parts.push(keyword);
  if (condition.tags && condition.tags.ids.length > 0) {
    const tagIds = [...new Set(condition.tags.ids)];
    const has = sql`SELECT 1 FROM customer_tag ct WHERE ct.customer_id = c.id AND ct.tag_id = ANY(${sql.param(tagIds)}::int[])`;
    if (condition.tags.mode === 'any') parts.push(sql`EXISTS (${has})`);
    if (condition.tags.mode === 'none') parts.push(sql`NOT EXISTS (${has})`);
    if (condition.tags.mode === 'all') {
      parts.push(sql`(SELECT count(*) FROM customer_tag ct WHERE ct.customer_id = c.id AND ct.tag_id = ANY(${sql.param(tagIds)}::int[])) = ${tagIds.length}`);
    }
  }
  if (condition.groupIds && condition.groupIds.length > 0) {
    const wanted = new Set(condition.groupIds);
    const arms = groups
      .filter((group) => wanted.has(group.id))
      .map((group) => {
        if (group.kind === 'fixed') return sql`EXISTS (SELECT 1 FROM customer_group_member m WHERE m.group_id = ${group.id} AND m.customer_id = c.id)`;
        const { groupIds: _ignored, ...inner } = upgradeCondition(group.condition);
        const arms = keywordArms(scope, inner.keyword);
        return conditionSql(scope, inner as CustomerCondition, [], arms && keywordTest(scope, arms));
      });
    parts.push(or(arms));
  }
  if (condition.lastVisit?.from) parts.push(sql`c.last_visit_at >= ${condition.lastVisit.from}::date`);
  if (condition.lastVisit?.to) parts.push(sql`c.last_visit_at < ${condition.lastVisit.to}::date + 1`);
  if (condition.notVisitedForDays !== undefined) {
    // Not visited for N days: the last visit was N or more days ago (or never).
    // Written over LAST_VISIT_KEY (never visited = -infinity) so it is one range of the list's index.
    parts.push(sql`${LAST_VISIT_KEY} < ${scope.today()} - ${condition.notVisitedForDays}::int + 1`);
  }
  if (condition.totalSpend?.min !== undefined) parts.push(sql`c.total_spend >= ${condition.totalSpend.min}`);
  if (condition.totalSpend?.max !== undefined) parts.push(sql`c.total_spend <= ${condition.totalSpend.max}`);
  if (condition.levels && condition.levels.length > 0) parts.push(sql`c.level = ANY(${sql.param(condition.levels)}::text[])`);
  if (condition.sources && condition.sources.length > 0) parts.push(sql`c.source = ANY(${sql.param(condition.sources)}::text[])`);
  if (condition.stage) parts.push(sql`${stageSql(stageToday(scope), 'c')} = ${condition.stage}`);
  const vehicles = vehicleCondition(scope, condition);
  if (vehicles) parts.push(vehicles);
  return and(parts);
}

/** The groups a condition refers to, from this chain only. */
async function loadGroups(db: Queryable, scope: TenantScope, condition: CustomerCondition): Promise<GroupDefinition[]> {
  if (!condition.groupIds || condition.groupIds.length === 0) return [];
  return db.rows<GroupDefinition>(sql`SELECT id, kind, condition FROM customer_group g
                                      WHERE ${scope.chainRows('g')} AND id = ANY(${sql.param(condition.groupIds)}::int[])`);
}

export interface Matching {
  /** `… c WHERE …`, FROM items naming the customer `c`: append ORDER BY / LIMIT, or `AND …`. */
  rows: SQL;
  /**
   * A narrow keyword: any page reads every match (the driving set), so counting them in the page's
   * own statement costs nothing more. Otherwise the count is its own statement and the page may stop
   * after its rows.
   */
  countInPage: boolean;
  /**
   * Without a narrow keyword: the rest of the condition over `c`, and the keyword as a test of each
   * customer that looks at its own cars (TRUE without a keyword; `onVehicles` if it may match cars),
   * for a page walked in the list's order.
   */
  walk: { others: SQL; keyword: SQL; onVehicles: boolean } | null;
  /** A broad keyword: the list counts its matches up to LIST_COUNT_CAP. */
  broad: boolean;
}

/**
 * The customers a condition matches. Reads the groups it names and measures its keyword first. A
 * narrow keyword's matches drive the query, each looked up by id: LATERAL … OFFSET 0 leaves the
 * planner no other order, so a wrong row estimate (PGlite never gathers statistics) cannot rescan
 * the matches once per customer of the chain, as `c.id IN (… UNION …)` did (issue 31). A broad one
 * is tested on each customer instead: as linear, and cheaper for that many.
 */
export async function matchingCustomers(db: Queryable, scope: TenantScope, condition: CustomerCondition): Promise<Matching> {
  const arms = keywordArms(scope, condition.keyword);
  const [groups, keyword] = await Promise.all([loadGroups(db, scope, condition), arms && measureKeyword(db, arms)]);
  if (keyword?.narrow && keyword.arms.length > 0) {
    return {
      rows: sql`(${sql.join(keyword.arms.map((arm) => arm.ids), sql` UNION `)}) m (id)
                CROSS JOIN LATERAL (SELECT * FROM customer c WHERE c.id = m.id OFFSET 0) c
                WHERE ${conditionSql(scope, condition, groups, null)}`,
      countInPage: true,
      walk: null,
      broad: false,
    };
  }
  const walk = {
    others: conditionSql(scope, condition, groups, null),
    keyword: keyword ? keywordTest(scope, keyword.arms, true) : sql`TRUE`,
    onVehicles: keyword?.arms.some((arm) => arm.onVehicle) ?? false,
  };
  return { rows: sql`customer c WHERE ${conditionSql(scope, condition, groups, keyword && keywordTest(scope, keyword.arms))}`, countInPage: false, walk, broad: keyword !== null && !keyword.narrow };
}

function sortSql(scope: TenantScope, field: SortField): SQL {
  switch (field) {
    case 'lastVisitAt':
      return sql`c.last_visit_at`;
    case 'totalSpend':
      return sql`c.total_spend`;
    case 'visitCount':
      return sql`c.visit_count`;
    case 'createdAt':
      return sql`c.created_at`;
    case 'name':
      return sql`c.name`;
    case 'mileage':
      return sql`(SELECT max(v.mileage) FROM vehicle v WHERE v.customer_id = c.id)`;
    case 'insuranceExpiry':
      return sql`(SELECT min(v.insurance_expiry) FROM vehicle v WHERE v.customer_id = c.id AND v.insurance_expiry >= ${scope.today()})`;
    case 'nextMaintenanceDate':
      return sql`(SELECT n.date FROM ${customerNextMaintenance('c', scope.today())} n)`;
  }
}

/**
 * Last visit with "never" as -infinity: newest first it orders exactly like `last_visit_at DESC
 * NULLS LAST`, and it is what index customer_chain_last_visit (migration 101) holds, so the default
 * list and "not visited for N days" walk that index instead of sorting every customer.
 */
const LAST_VISIT_KEY = sql`COALESCE(c.last_visit_at, '-infinity'::timestamptz)`;

/** The condition's sort key over `c` and its direction; id breaks ties so pages never repeat or skip a customer. */
function sorting(scope: TenantScope, condition: CustomerCondition): { key: SQL; direction: SQL; idDirection: SQL } {
  const sort = condition.sort ?? { field: 'lastVisitAt' as const, order: 'desc' as const };
  if (sort.field === 'lastVisitAt' && sort.order === 'desc') return { key: LAST_VISIT_KEY, direction: sql.raw('DESC'), idDirection: sql.raw('DESC') };
  const asc = sort.order === 'asc';
  return { key: sortSql(scope, sort.field), direction: sql.raw(asc ? 'ASC NULLS LAST' : 'DESC NULLS LAST'), idDirection: sql.raw(asc ? 'ASC' : 'DESC') };
}

/** ORDER BY of the condition over `c`, or over a row that carries the sort key already (`key`, `id`). */
function orderBy(scope: TenantScope, condition: CustomerCondition, key?: SQL, id = sql`c.id`): SQL {
  const sort = sorting(scope, condition);
  return sql`${key ?? sort.key} ${sort.direction}, ${id} ${sort.idDirection}`;
}

// The list's row shape is the contract's (contracts/api/customer.ts), shared with the widget.
export type CustomerListRow = z.output<typeof customerRow>;
export type CustomerVehicleSummary = z.output<typeof customerVehicleSummary>;
type CustomerDetail = AnswerOf<typeof customerDetailCall>;
type Panorama = AnswerOf<typeof vehiclePanorama>;

/**
 * A list whose keyword is broad counts its matches up to here and then answers 「5,000+」: counting
 * 100,000 matches for a page of 10 was most of such a search (issue 31). Actions on every match
 * count them exactly (countMatching, customerIdsMatching).
 */
export const LIST_COUNT_CAP = 5_000;

/** The list's own order, newest visit first: index customer_chain_last_visit holds it. */
const inListIndexOrder = (condition: CustomerCondition) => !condition.sort || (condition.sort.field === 'lastVisitAt' && condition.sort.order === 'desc');

/** A walk to a page reads at most this many customers per row of the page and the pages before it. */
const WALK_PER_ROW = 50;

/**
 * Reads that must stop early, planned as walks: no sort (a plan that sorts has read everything
 * first) and no bitmap scans (one gathers its whole bitmap before the first row, and for a customer's
 * one or two cars it cost PGlite twice a plain index lookup: without statistics it expects 313).
 * PGlite has no statistics, so its planner would choose either; PostgreSQL, with them, walks anyway.
 */
function walking<T>(db: Database, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.run(sql`SELECT set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
    return read(tx);
  });
}

/**
 * The ids of a page in the list's order (no narrow keyword): the chain's customers walked down the
 * index, each tested, stopping after the page — within a few rows when matches are dense. Where they
 * are sparse along the way (fewer than one in WALK_PER_ROW), it gives up (null) and the sorted
 * matches answer as before. Without statistics PGlite takes a chain for a few hundred customers and
 * would sort them all rather than walk (walking). The page's rows are read by another statement,
 * where a plan without a sort would walk the whole chain.
 */
async function walkToPage(db: Database, scope: TenantScope, condition: CustomerCondition, walk: NonNullable<Matching['walk']>): Promise<number[] | null> {
  const rows = await walking(db, (tx) =>
    tx.rows<{ id: number }>(sql`
      SELECT w.id FROM (SELECT c.id, (${walk.keyword}) AS hit FROM customer c WHERE ${walk.others}
                         ORDER BY ${orderBy(scope, condition)} LIMIT ${condition.page * condition.pageSize * WALK_PER_ROW}) w
       WHERE w.hit LIMIT ${condition.pageSize} OFFSET ${(condition.page - 1) * condition.pageSize}`),
  );
  return rows.length === condition.pageSize ? rows.map((row) => row.id) : null;
}

/** One page of customers and the total (at least LIST_COUNT_CAP when totalCapped), in the condition's order. */
export async function listCustomers(
  db: Database,
  scope: TenantScope,
  condition: CustomerCondition,
  options: { showPhone: boolean },
): Promise<{ total: number; totalCapped: boolean; page: number; pageSize: number; list: CustomerListRow[] }> {
  const matching = await matchingCustomers(db, scope, condition);
  const { walk, broad } = matching;
  const offset = (condition.page - 1) * condition.pageSize;
  // A broad keyword's count stops at the match after the cap. One that may match cars tests each
  // customer's cars, lookups a walk makes cheaper; without cars the planner keeps its bitmaps of the
  // keyword's own indexes (mobile prefix OR last digits).
  const count = async () => {
    if (!broad || !walk) return (await db.one<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${matching.rows}`))?.total ?? 0;
    const capped = sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM customer c WHERE ${walk.others} AND (${walk.keyword}) LIMIT ${LIST_COUNT_CAP + 1}) n`;
    return ((await (walk.onVehicles ? walking(db, (tx) => tx.one<{ total: number }>(capped)) : db.one<{ total: number }>(capped)))?.total ?? 0);
  };
  const limit = sql`LIMIT ${condition.pageSize} OFFSET ${offset}`;
  const [walked, counted] = await Promise.all([
    walk && inListIndexOrder(condition) ? walkToPage(db, scope, condition, walk) : null,
    matching.countInPage ? null : count(),
  ]);
  let page: SQL;
  if (matching.countInPage) {
    // The count over narrow rows in a subquery, so the page's order is a top-N sort above it (the
    // window alone would sort every match first).
    page = sql`SELECT p.id, p.total FROM (SELECT c.id, ${sorting(scope, condition).key} AS sort_key, count(*) OVER ()::int AS total FROM ${matching.rows}) p
                ORDER BY ${orderBy(scope, condition, sql`p.sort_key`, sql`p.id`)} ${limit}`;
  } else if (walked) {
    page = sql`SELECT unnest(${sql.param(walked)}::int[]) AS id, NULL::int AS total`;
  } else {
    page = sql`SELECT c.id, NULL::int AS total FROM ${matching.rows} ORDER BY ${orderBy(scope, condition)} ${limit}`;
  }
  const rows = await db.rows<Omit<CustomerListRow, 'tags' | 'vehicles'> & { total: number | null }>(sql`
    SELECT c.id, c.name, c.mobile, c.gender, c.level, c.source, c.store_id AS "storeId", g.name AS "storeName",
           c.visit_count AS "visitCount", c.total_spend AS "totalSpend", c.last_visit_at AS "lastVisitAt",
           c.created_at AS "createdAt", ${stageSql(stageToday(scope), 'c')} AS stage, p.total,
           ${customerNextMaintenanceJson('c', scope.today())} AS "nextMaintenance"
      FROM (${page}) p
      JOIN customer c ON c.id = p.id
      JOIN garage g ON g.id = c.store_id
     ORDER BY ${orderBy(scope, condition)}`);
  // A page past the end has no row to carry the total.
  const total = counted ?? rows[0]?.total ?? (offset > 0 ? await count() : 0);
  const details = await customerExtras(db, rows.map((row) => row.id));
  const list = rows.map(({ total: _total, ...row }) => ({
    ...row,
    mobile: options.showPhone ? row.mobile : maskMobile(row.mobile),
    tags: details.tags.get(row.id) ?? [],
    vehicles: details.vehicles.get(row.id) ?? [],
  }));
  const totalCapped = broad && total > LIST_COUNT_CAP;
  return { total: totalCapped ? LIST_COUNT_CAP : total, totalCapped, page: condition.page, pageSize: condition.pageSize, list };
}

/** Tags and vehicles of a page of customers, two queries for the whole page. */
async function customerExtras(db: Queryable, customerIds: number[]) {
  const tags = new Map<number, CustomerListRow['tags']>();
  const vehicles = new Map<number, CustomerVehicleSummary[]>();
  if (customerIds.length === 0) return { tags, vehicles };
  const ids = sql.param(customerIds);
  const [tagRows, vehicleRows] = await Promise.all([
    db.rows<{ customerId: number; id: number; name: string; colour: string }>(sql`
      SELECT ct.customer_id AS "customerId", t.id, t.name, t.colour
        FROM customer_tag ct JOIN tag t ON t.id = ct.tag_id
       WHERE ct.customer_id = ANY(${ids}::int[]) ORDER BY t.group_name, t.id`),
    db.rows<CustomerVehicleSummary & { customerId: number }>(sql`
      SELECT v.customer_id AS "customerId", v.id, v.plate, v.brand, v.series, v.model, v.vin, v.mileage,
             v.insurance_expiry AS "insuranceExpiry", v.next_maintenance_date AS "nextMaintenanceDate",
             v.next_maintenance_mileage AS "nextMaintenanceMileage"
        FROM vehicle v WHERE v.customer_id = ANY(${ids}::int[]) ORDER BY v.last_visit_at DESC NULLS LAST, v.id`),
  ]);
  for (const { customerId, ...tag } of tagRows) tags.set(customerId, [...(tags.get(customerId) ?? []), tag]);
  for (const { customerId, ...vehicle } of vehicleRows) vehicles.set(customerId, [...(vehicles.get(customerId) ?? []), vehicle]);
  return { tags, vehicles };
}

/** Ids of every customer a condition matches (bulk actions on "all results"), capped. */
export async function customerIdsMatching(db: Queryable, scope: TenantScope, condition: CustomerCondition, limit: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`SELECT c.id FROM ${(await matchingCustomers(db, scope, condition)).rows} ORDER BY c.id LIMIT ${limit}`);
  return rows.map((row) => row.id);
}

export async function countMatching(db: Queryable, scope: TenantScope, condition: CustomerCondition): Promise<number> {
  const row = await db.one<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${(await matchingCustomers(db, scope, condition)).rows}`);
  return row?.total ?? 0;
}

/** Of the given ids, those the caller may see (bulk actions never touch other stores' customers). */
export async function visibleCustomerIds(db: Queryable, scope: TenantScope, customerIds: number[]): Promise<number[]> {
  if (customerIds.length === 0) return [];
  const rows = await db.rows<{ id: number }>(sql`SELECT c.id FROM customer c WHERE ${scope.storeRows('c')} AND c.id = ANY(${sql.param(customerIds)}::int[])`);
  return rows.map((row) => row.id);
}

// ── Options of the condition builder ────────────────────────────────────────────────────────────

export interface ConditionOptions {
  stores: { id: number; name: string; count: number }[];
  tags: { id: number; name: string; colour: string; groupName: string; count: number }[];
  brands: { name: string; count: number }[];
  levels: { name: string; count: number }[];
  sources: { name: string; count: number }[];
  groups: { id: number; name: string; kind: 'condition' | 'fixed' }[];
}

/** Values to choose from, each with how many visible customers (in the chosen stores) have it. */
export async function conditionOptions(db: Queryable, scope: TenantScope, storeIds: number[] | undefined): Promise<ConditionOptions> {
  const inStores = scope.storeRowsIn('c', storeIds);
  const [stores, tags, brands, levels, sources, groups] = await Promise.all([
    db.rows<ConditionOptions['stores'][number]>(sql`
      SELECT g.id, g.name, COALESCE(n.count, 0)::int AS count FROM garage g
        LEFT JOIN (SELECT c.store_id, count(*) AS count FROM customer c WHERE ${scope.storeRows('c')} GROUP BY c.store_id) n ON n.store_id = g.id
       WHERE g.chain_id = ${scope.chainId} AND g.id = ANY(${sql.param(scope.storeIds)}::int[]) ORDER BY g.sort, g.id`),
    db.rows<ConditionOptions['tags'][number]>(sql`
      SELECT t.id, t.name, t.colour, t.group_name AS "groupName", COALESCE(n.count, 0)::int AS count FROM tag t
        LEFT JOIN (SELECT ct.tag_id, count(*) AS count FROM customer_tag ct JOIN customer c ON c.id = ct.customer_id WHERE ${inStores} GROUP BY ct.tag_id) n
               ON n.tag_id = t.id
       WHERE ${scope.chainRows('t')} ORDER BY t.group_name, t.id`),
    db.rows<{ name: string; count: number }>(sql`
      SELECT v.brand AS name, count(DISTINCT v.customer_id)::int AS count FROM vehicle v JOIN customer c ON c.id = v.customer_id
       WHERE ${inStores} GROUP BY v.brand ORDER BY count DESC, v.brand`),
    db.rows<{ name: string; count: number }>(sql`
      SELECT c.level AS name, count(*)::int AS count FROM customer c WHERE ${inStores} AND c.level <> '' GROUP BY c.level ORDER BY count DESC`),
    db.rows<{ name: string; count: number }>(sql`
      SELECT c.source AS name, count(*)::int AS count FROM customer c WHERE ${inStores} AND c.source <> '' GROUP BY c.source ORDER BY count DESC`),
    db.rows<ConditionOptions['groups'][number]>(sql`SELECT g.id, g.name, g.kind FROM customer_group g WHERE ${scope.chainRows('g')} ORDER BY g.id`),
  ]);
  return { stores, tags, brands, levels, sources, groups };
}

// ── Saved conditions (per user) ─────────────────────────────────────────────────────────────────

export interface SavedCondition {
  id: number;
  name: string;
  condition: Record<string, unknown>;
  createdAt: string;
}

export function savedConditions(db: Queryable, scope: TenantScope): Promise<SavedCondition[]> {
  return db.rows<SavedCondition>(sql`SELECT s.id, s.name, s.condition, s.created_at AS "createdAt" FROM saved_condition s
                                      WHERE ${scope.chainRows('s')} AND s.user_id = ${scope.auth.userId} ORDER BY s.id`);
}

/** Saving under an existing name replaces that condition (the user "updates" it). */
export async function saveCondition(db: Queryable, scope: TenantScope, name: string, condition: unknown): Promise<SavedCondition> {
  const row = await db.one<SavedCondition>(sql`
    INSERT INTO saved_condition (chain_id, user_id, name, condition) VALUES (${scope.chainId}, ${scope.auth.userId}, ${name}, ${JSON.stringify(condition)}::jsonb)
    ON CONFLICT (user_id, name) DO UPDATE SET condition = EXCLUDED.condition
    RETURNING id, name, condition, created_at AS "createdAt"`);
  return row as SavedCondition;
}

export function deleteCondition(db: Queryable, scope: TenantScope, id: number): Promise<number> {
  return db.run(sql`DELETE FROM saved_condition s WHERE s.id = ${id} AND ${scope.chainRows('s')} AND s.user_id = ${scope.auth.userId}`);
}

// ── Groups ──────────────────────────────────────────────────────────────────────────────────────

export interface CustomerGroupRow {
  id: number;
  name: string;
  kind: 'condition' | 'fixed';
  condition: unknown;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  createdById: number | null;
}

export function groupRows(db: Queryable, scope: TenantScope, id?: number): Promise<CustomerGroupRow[]> {
  return db.rows<CustomerGroupRow>(sql`
    SELECT g.id, g.name, g.kind, g.condition, g.created_at AS "createdAt", g.updated_at AS "updatedAt", u.nick_name AS "createdBy", g.created_by AS "createdById"
      FROM customer_group g LEFT JOIN app_user u ON u.id = g.created_by
     WHERE ${scope.chainRows('g')} ${id === undefined ? sql`` : sql`AND g.id = ${id}`} ORDER BY g.id`);
}

/** Members a group has now, counted within the caller's visible stores. */
export async function groupMemberCount(db: Queryable, scope: TenantScope, group: GroupDefinition): Promise<number> {
  return countMatching(db, scope, upgradeCondition({ version: 1, groupIds: [group.id] }));
}

export async function groupNames(db: Queryable, scope: TenantScope): Promise<string[]> {
  const rows = await db.rows<{ name: string }>(sql`SELECT g.name FROM customer_group g WHERE ${scope.chainRows('g')}`);
  return rows.map((row) => row.name);
}

export async function groupNameTaken(db: Queryable, scope: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const row = await db.one(sql`SELECT 1 FROM customer_group g WHERE ${scope.chainRows('g')} AND g.name = ${name}
                                ${exceptId === undefined ? sql`` : sql`AND g.id <> ${exceptId}`}`);
  return row !== undefined;
}

export async function insertGroup(db: Queryable, scope: TenantScope, group: { name: string; kind: 'condition' | 'fixed'; condition: unknown }): Promise<number> {
  const row = await db.one<{ id: number }>(sql`
    INSERT INTO customer_group (chain_id, name, kind, condition, created_by)
    VALUES (${scope.chainId}, ${group.name}, ${group.kind}, ${group.condition === null ? null : JSON.stringify(group.condition)}::jsonb, ${scope.auth.userId})
    RETURNING id`);
  return (row as { id: number }).id;
}

export function updateGroup(db: Queryable, scope: TenantScope, id: number, change: { name?: string; condition?: unknown }): Promise<number> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.name !== undefined) sets.push(sql`name = ${change.name}`);
  if (change.condition !== undefined) sets.push(sql`condition = ${JSON.stringify(change.condition)}::jsonb`);
  return db.run(sql`UPDATE customer_group g SET ${sql.join(sets, sql`, `)} WHERE g.id = ${id} AND ${scope.chainRows('g')}`);
}

export function deleteGroup(db: Queryable, scope: TenantScope, id: number): Promise<number> {
  return db.run(sql`DELETE FROM customer_group g WHERE g.id = ${id} AND ${scope.chainRows('g')}`);
}

/** Adds visible customers to a fixed group; answers how many were new to it. */
export function addGroupMembers(db: Queryable, scope: TenantScope, groupId: number, customerIds: number[]): Promise<number> {
  if (customerIds.length === 0) return Promise.resolve(0);
  return db.run(sql`
    INSERT INTO customer_group_member (chain_id, group_id, customer_id)
    SELECT ${scope.chainId}, ${groupId}, c.id FROM customer c WHERE ${scope.storeRows('c')} AND c.id = ANY(${sql.param(customerIds)}::int[])
    ON CONFLICT DO NOTHING`);
}

export function removeGroupMembers(db: Queryable, scope: TenantScope, groupId: number, customerIds: number[]): Promise<number> {
  if (customerIds.length === 0) return Promise.resolve(0);
  return db.run(sql`
    DELETE FROM customer_group_member m USING customer c
     WHERE m.group_id = ${groupId} AND m.customer_id = c.id AND ${scope.storeRows('c')} AND c.id = ANY(${sql.param(customerIds)}::int[])`);
}

// ── Detail ──────────────────────────────────────────────────────────────────────────────────────

export async function customerDetail(db: Queryable, scope: TenantScope, customerId: number, options: { showPhone: boolean }): Promise<CustomerDetail | null> {
  const customer = await db.one<Omit<CustomerDetail, 'tags' | 'vehicles' | 'groups'>>(sql`
    SELECT c.id, c.name, c.mobile, c.gender, c.birthday, c.source, c.level, c.remark, c.store_id AS "storeId", g.name AS "storeName",
           c.visit_count AS "visitCount", c.total_spend AS "totalSpend", c.first_visit_at AS "firstVisitAt",
           c.last_visit_at AS "lastVisitAt", c.created_at AS "createdAt", ${stageSql(stageToday(scope), 'c')} AS stage,
           ${customerNextMaintenanceJson('c', scope.today())} AS "nextMaintenance",
           CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.nick_name) END AS advisor
      FROM customer c JOIN garage g ON g.id = c.store_id LEFT JOIN app_user a ON a.id = c.advisor_id
     WHERE ${scope.storeRows('c')} AND c.id = ${customerId}`);
  if (!customer) return null;
  const extras = await customerExtras(db, [customerId]);
  const groups = await db.rows<{ id: number; name: string }>(sql`
    SELECT g.id, g.name FROM customer_group_member m JOIN customer_group g ON g.id = m.group_id
     WHERE m.customer_id = ${customerId} AND ${scope.chainRows('g')} ORDER BY g.id`);
  return {
    ...customer,
    mobile: options.showPhone ? customer.mobile : maskMobile(customer.mobile),
    tags: extras.tags.get(customerId) ?? [],
    vehicles: extras.vehicles.get(customerId) ?? [],
    groups,
  };
}

export async function vehicleDetail(db: Queryable, scope: TenantScope, vehicleId: number, options: { showPhone: boolean }): Promise<Panorama | null> {
  const vehicle = await db.one<Panorama['vehicle'] & { customerId: number }>(sql`
    SELECT v.id, v.plate, v.vin, v.brand, v.series, v.model, v.model_year AS "modelYear", v.colour, v.energy_type AS "energyType",
           v.registration_date AS "registrationDate", v.mileage, v.mileage_updated_at AS "mileageUpdatedAt", v.visit_count AS "visitCount",
           v.total_spend AS "totalSpend", v.last_visit_at AS "lastVisitAt", v.next_maintenance_date AS "nextMaintenanceDate",
           v.next_maintenance_mileage AS "nextMaintenanceMileage", v.insurance_expiry AS "insuranceExpiry",
           (v.insurance_expiry - ${scope.today()}) AS "insuranceDaysLeft", v.store_id AS "storeId", g.name AS "storeName",
           v.customer_id AS "customerId"
      FROM vehicle v JOIN garage g ON g.id = v.store_id WHERE ${scope.storeRows('v')} AND v.id = ${vehicleId}`);
  if (!vehicle) return null;
  const [owner, visits, policies, yearly] = await Promise.all([
    customerDetail(db, scope, vehicle.customerId, options),
    db.rows<Panorama['visits'][number]>(sql`
      SELECT r.id, r.order_no AS "orderNo", r.maint_date AS "maintDate", r.mileage, r.kind, r.items, r.amount, r.advisor, g.name AS "storeName"
        FROM maintenance_record r JOIN garage g ON g.id = r.store_id
       WHERE r.vehicle_id = ${vehicleId} AND r.chain_id = ${scope.chainId} ORDER BY r.maint_date DESC, r.id DESC LIMIT 50`),
    db.rows<Panorama['policies'][number]>(sql`
      SELECT p.id, p.insurer, p.policy_no AS "policyNo", p.compulsory_premium AS "compulsoryPremium", p.commercial_premium AS "commercialPremium",
             p.coverages, p.start_date AS "startDate", p.expiry_date AS "expiryDate"
        FROM insurance_policy p WHERE p.vehicle_id = ${vehicleId} AND p.chain_id = ${scope.chainId} ORDER BY p.expiry_date DESC`),
    db.rows<{ year: number; visits: number; spend: number }>(sql`
      SELECT extract(year FROM r.maint_date)::int AS year, count(*)::int AS visits, sum(r.amount) AS spend
        FROM maintenance_record r WHERE r.vehicle_id = ${vehicleId} AND r.chain_id = ${scope.chainId}
       GROUP BY 1 ORDER BY 1`),
  ]);
  // The owner is in the caller's scope whenever the vehicle is (one store holds both).
  if (!owner) return null;
  return { vehicle, owner, visits, policies, spendByYear: yearly };
}

/** Vehicles whose plate (with or without province) or VIN starts with the text, for the panorama's search. */
export function searchVehicles(db: Queryable, scope: TenantScope, text: string, limit = 10) {
  const upper = text.replace(/\s+/g, '').toUpperCase();
  const prefix = `${likeLiteral(upper)}%`;
  return db.rows<{ id: number; plate: string; brand: string; series: string; customerName: string }>(sql`
    SELECT v.id, v.plate, v.brand, v.series, c.name AS "customerName"
      FROM vehicle v JOIN customer c ON c.id = v.customer_id
     WHERE ${scope.storeRows('v')} AND (v.plate LIKE ${prefix} OR substr(v.plate, 2) LIKE ${prefix} OR v.vin LIKE ${prefix})
     ORDER BY v.plate LIMIT ${limit}`);
}

/**
 * 专属顾问, all or nothing: the customers of `ids` in the caller's scope, locked, with their store, so
 * the route can refuse before writing; setAdvisor then writes (null clears).
 */
export function customersForAdvisor(tx: Queryable, scope: TenantScope, ids: number[]) {
  return tx.rows<{ id: number; storeId: number; storeName: string }>(sql`
    SELECT c.id, c.store_id AS "storeId", g.name AS "storeName" FROM customer c JOIN garage g ON g.id = c.store_id
     WHERE ${scope.storeRows('c')} AND c.id = ANY(${sql.param(ids)}::int[]) ORDER BY c.id FOR UPDATE OF c`);
}

export async function setAdvisor(tx: Queryable, scope: TenantScope, ids: number[], advisorId: number | null): Promise<number> {
  const rows = await tx.rows(sql`
    UPDATE customer c SET advisor_id = ${advisorId}::int
     WHERE ${scope.storeRows('c')} AND c.id = ANY(${sql.param(ids)}::int[]) AND c.advisor_id IS DISTINCT FROM ${advisorId}::int
    RETURNING c.id`);
  return rows.length;
}
