/**
 * The SQL of 保险: policies within the caller's data scope, the renewal pipeline (one follow-up
 * row per policy, absent = 待跟进 version 1), saved quotes and their share links, analysis, and
 * the chain's insurer settings. 002's premiums are numeric yuan: read here as integer fen.
 */
import { addDays, today as garageToday, type Day } from '../../../contracts/dates';
import { maskMobile } from '../../../contracts/rules/mobile';
import { DEFAULT_INSURERS, RENEWAL_BUCKET_DAYS, RENEWAL_WINDOW_DAYS, RENEWAL_BUCKETS, RENEWAL_STATES, type InsurerTariff, type RenewalBucket, type RenewalState, type ShareState } from '../../../contracts/insurance';
import { sql, type Queryable, type SQL } from '../db/database';
import type { TenantScope } from './scope';

export interface PolicyRecord {
  id: number;
  storeId: number;
  storeName: string;
  vehicleId: number;
  customerId: number;
  customerName: string;
  mobile: string;
  plate: string;
  vin: string;
  brand: string;
  insurer: string;
  policyNo: string;
  startDate: string;
  expiryDate: string;
  daysLeft: number;
  compulsoryFen: number;
  commercialFen: number;
  vehicleTaxFen: number;
  coverages: { code: string; name: string; limit: number; premiumFen: number }[];
  agentName: string;
  state: RenewalState;
  lostReason: string;
  ownerId: number | null;
  ownerName: string;
  note: string;
  nextContact: string | null;
  version: number;
}

interface PolicyRow extends Omit<PolicyRecord, 'coverages'> {
  oldCoverages: { name: string; amount?: number }[];
  lines: PolicyRecord['coverages'];
}

const columns = (today: Day) => sql`
  p.id, p.store_id AS "storeId", g.name AS "storeName", p.vehicle_id AS "vehicleId", p.customer_id AS "customerId",
  c.name AS "customerName", c.mobile, v.plate, v.vin, v.brand, p.insurer, p.policy_no AS "policyNo",
  p.start_date AS "startDate", p.expiry_date AS "expiryDate", (p.expiry_date - ${today}::date)::int AS "daysLeft",
  round(p.compulsory_premium * 100)::int AS "compulsoryFen", round(p.commercial_premium * 100)::int AS "commercialFen",
  p.vehicle_tax_fen AS "vehicleTaxFen", p.coverages AS "oldCoverages", p.commercial_lines AS lines, p.agent_name AS "agentName",
  COALESCE(r.state, 'pending') AS state, COALESCE(r.lost_reason, '') AS "lostReason", r.owner_id AS "ownerId",
  COALESCE(o.nick_name, '') AS "ownerName", COALESCE(r.note, '') AS note, r.next_contact AS "nextContact", COALESCE(r.version, 1) AS version`;

const joins = sql`
  JOIN garage g ON g.id = p.store_id
  JOIN customer c ON c.id = p.customer_id
  JOIN vehicle v ON v.id = p.vehicle_id
  LEFT JOIN insurance_renewal r ON r.policy_id = p.id
  LEFT JOIN app_user o ON o.id = r.owner_id`;

/** The vehicle's latest term: the one the renewal pipeline follows (kept by migration 490's triggers). */
const latestTerm = sql`NOT p.superseded`;

function shape(row: PolicyRow, showPhone: boolean): PolicyRecord {
  const { oldCoverages, lines, ...rest } = row;
  const coverages = lines.length > 0 ? lines : oldCoverages.map((entry) => ({ code: '', name: entry.name, limit: entry.amount ?? 0, premiumFen: 0 }));
  return { ...rest, mobile: showPhone ? rest.mobile : maskMobile(rest.mobile), coverages };
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Plate (with or without province or separators), VIN, customer name or mobile. */
function keywordSql(keyword: string | undefined): SQL | null {
  if (!keyword) return null;
  const like = likeText(keyword);
  const plate = likeText(keyword.toUpperCase().replace(/[\s·.\-]/g, ''));
  return sql`(v.plate LIKE ${plate} OR v.vin LIKE ${plate} OR c.name ILIKE ${like} OR c.mobile LIKE ${like})`;
}

export async function searchPolicies(db: Queryable, scope: TenantScope, input: { keyword?: string; storeIds?: number[]; page: number; pageSize: number }, showPhone: boolean) {
  const today = todayOf(scope);
  const parts: SQL[] = [scope.storeRowsIn('p', input.storeIds)];
  const keyword = keywordSql(input.keyword);
  if (keyword) parts.push(keyword);
  const where = sql.join(parts, sql` AND `);
  const [rows, total] = await Promise.all([
    db.rows<PolicyRow>(sql`SELECT ${columns(today)} FROM insurance_policy p ${joins} WHERE ${where}
                           ORDER BY p.expiry_date DESC, p.id DESC LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
    db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM insurance_policy p
                              ${keyword ? sql`JOIN customer c ON c.id = p.customer_id JOIN vehicle v ON v.id = p.vehicle_id` : sql``} WHERE ${where}`),
  ]);
  return { rows: rows.map((row) => shape(row, showPhone)), total: total?.n ?? 0 };
}

export const todayOf = (scope: TenantScope): Day => garageToday(scope.timeZone);

export interface RenewalFilter {
  from: number;
  to: number;
  state?: RenewalState;
  ownerId?: number;
  keyword?: string;
  due: boolean;
  storeIds?: number[];
}

/**
 * Scope, store, owner and keyword: the filters the bucket tabs count under. The follow-up's state
 * and owner are read from the policy row (migration 550 copies them there), so only the due filter
 * needs the follow-up itself.
 */
function renewalBase(scope: TenantScope, filter: Omit<RenewalFilter, 'from' | 'to' | 'state'>): SQL {
  const parts: SQL[] = [scope.storeRowsIn('p', filter.storeIds), latestTerm];
  if (filter.ownerId !== undefined) parts.push(filter.ownerId === 0 ? sql`p.renewal_owner IS NULL` : sql`p.renewal_owner = ${filter.ownerId}`);
  const keyword = keywordSql(filter.keyword);
  if (keyword) parts.push(keyword);
  if (filter.due) parts.push(sql`r.next_contact <= ${scope.today()} AND r.state IN ('pending', 'contacted', 'quoted')`);
  return sql.join(parts, sql` AND `);
}

const windowSql = (today: Day, from: number, to: number, column = sql`p.expiry_date`) =>
  sql`${column} BETWEEN ${addDays(today, from)}::date AND ${addDays(today, to)}::date`;

/**
 * The bucket tabs and the window's state chips in one pass, over the chosen window and 90 days
 * either side of today. Without keyword or due filter they come from migration 550's per-day
 * summary (a few thousand rows whatever the chain's size); with one, from the current terms.
 */
function tallySql(scope: TenantScope, filter: RenewalFilter, today: Day): SQL {
  const summary = !filter.keyword && !filter.due;
  const day = summary ? sql`t.expiry_date` : sql`p.expiry_date`;
  const state = summary ? sql`t.state` : sql`p.renewal_state`;
  const add = summary ? sql`t.n` : sql`1`;
  const span = windowSql(today, Math.min(filter.from, -90), Math.max(filter.to, 90), day);
  const inWindow = windowSql(today, filter.from, filter.to, day);
  const counts = sql.join(
    [
      ...RENEWAL_BUCKETS.map((bucket) => sql`COALESCE(sum(${add}) FILTER (WHERE ${windowSql(today, RENEWAL_BUCKET_DAYS[bucket].from, RENEWAL_BUCKET_DAYS[bucket].to, day)}), 0)::int AS ${sql.raw(`"${bucket}"`)}`),
      ...RENEWAL_STATES.map((name) => sql`COALESCE(sum(${add}) FILTER (WHERE ${inWindow} AND ${state} = ${name}), 0)::int AS ${sql.raw(`"state_${name}"`)}`),
    ],
    sql`, `,
  );
  if (summary) {
    // owner_key: −1 every owner, 0 未分配, else the owner's id.
    const ownerKey = filter.ownerId ?? -1;
    return sql`SELECT ${counts} FROM insurance_renewal_tally t WHERE ${scope.storeRowsIn('t', filter.storeIds)} AND t.owner_key = ${ownerKey} AND ${span}`;
  }
  const people = filter.keyword ? sql`JOIN customer c ON c.id = p.customer_id JOIN vehicle v ON v.id = p.vehicle_id` : sql``;
  const followUp = filter.due ? sql`JOIN insurance_renewal r ON r.policy_id = p.id` : sql``;
  return sql`SELECT ${counts} FROM insurance_policy p ${people} ${followUp} WHERE ${renewalBase(scope, filter)} AND ${span}`;
}

/**
 * The pipeline page: the 10 rows (their ids straight off migration 550's pipeline index in display
 * order, then their details), and the tab and chip counts; the total is the state counts' sum.
 */
export async function listRenewals(db: Queryable, scope: TenantScope, filter: RenewalFilter, page: { page: number; pageSize: number; showPhone: boolean }) {
  const today = todayOf(scope);
  const base = renewalBase(scope, filter);
  const inWindow = windowSql(today, filter.from, filter.to);
  const withState = filter.state ? sql`${base} AND ${inWindow} AND p.renewal_state = ${filter.state}` : sql`${base} AND ${inWindow}`;
  // customer, vehicle and the follow-up only when a keyword or the due filter needs them.
  const people = filter.keyword ? sql`JOIN customer c ON c.id = p.customer_id JOIN vehicle v ON v.id = p.vehicle_id` : sql``;
  const followUp = filter.due ? sql`JOIN insurance_renewal r ON r.policy_id = p.id` : sql``;
  const [rows, tally] = await Promise.all([
    db.rows<PolicyRow>(sql`SELECT ${columns(today)} FROM insurance_policy p ${joins}
                            WHERE p.id IN (SELECT p.id FROM insurance_policy p ${people} ${followUp} WHERE ${withState}
                                            ORDER BY p.expiry_date ASC, p.id ASC LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize})
                            ORDER BY p.expiry_date ASC, p.id ASC`),
    db.one<Record<string, number>>(tallySql(scope, filter, today)),
  ]);
  const states = Object.fromEntries(RENEWAL_STATES.map((state) => [state, tally?.[`state_${state}`] ?? 0]));
  return {
    rows: rows.map((row) => shape(row, page.showPhone)),
    total: filter.state ? states[filter.state]! : Object.values(states).reduce((sum, n) => sum + n, 0),
    buckets: Object.fromEntries(RENEWAL_BUCKETS.map((bucket) => [bucket, tally?.[bucket] ?? 0])),
    states,
  };
}

/** One policy the caller may see, or undefined. */
export async function findPolicy(db: Queryable, scope: TenantScope, id: number, showPhone = false) {
  const row = await db.one<PolicyRow>(sql`SELECT ${columns(todayOf(scope))} FROM insurance_policy p ${joins} WHERE p.id = ${id} AND ${scope.storeRows('p')}`);
  return row ? shape(row, showPhone) : undefined;
}

export async function vehiclePoliciesOf(db: Queryable, scope: TenantScope, vehicleId: number, showPhone: boolean) {
  const rows = await db.rows<PolicyRow>(sql`SELECT ${columns(todayOf(scope))} FROM insurance_policy p ${joins}
                                           WHERE p.vehicle_id = ${vehicleId} AND ${scope.storeRows('p')} ORDER BY p.expiry_date DESC, p.id DESC`);
  return rows.map((row) => shape(row, showPhone));
}

export function vehicleOf(db: Queryable, scope: TenantScope, vehicleId: number) {
  return db.one<{ id: number; storeId: number; plate: string; vin: string; brand: string; series: string; customerId: number; customerName: string; mobile: string; energy: string }>(sql`
    SELECT v.id, v.store_id AS "storeId", v.plate, v.vin, v.brand, v.series, v.customer_id AS "customerId", c.name AS "customerName", c.mobile, v.energy_type AS energy
      FROM vehicle v JOIN customer c ON c.id = v.customer_id WHERE v.id = ${vehicleId} AND ${scope.storeRows('v')}`);
}

/**
 * Writes the follow-up if its version is still `version` (no row = version 1); answers the new
 * version, or undefined when somebody changed it first.
 */
export async function writeRenewal(
  tx: Queryable,
  policy: { id: number; chainId: number; storeId: number },
  version: number,
  change: { state: RenewalState; lostReason: string; note: string; nextContact: string | null; userId: number },
) {
  const row = await tx.one<{ version: number }>(sql`
    INSERT INTO insurance_renewal AS r (policy_id, chain_id, store_id, state, lost_reason, note, next_contact, updated_by, version)
    SELECT ${policy.id}, ${policy.chainId}, ${policy.storeId}, ${change.state}, ${change.lostReason}, ${change.note}, ${change.nextContact}::date, ${change.userId}, 2
     WHERE ${version} = 1
    ON CONFLICT (policy_id) DO NOTHING
    RETURNING r.version`);
  if (row) return row.version;
  // A stored row starts at version 2, so a client's 1 that hit a row is stale (somebody wrote first).
  if (version === 1) return undefined;
  const updated = await tx.one<{ version: number }>(sql`
    UPDATE insurance_renewal r SET state = ${change.state}, lost_reason = ${change.lostReason}, note = ${change.note},
           next_contact = ${change.nextContact}::date, updated_by = ${change.userId}, updated_at = now(), version = r.version + 1
     WHERE r.policy_id = ${policy.id} AND r.version = ${version} RETURNING r.version`);
  return updated?.version;
}

export async function logRenewal(tx: Queryable, entry: { chainId: number; policyId: number; userId: number | null; state: RenewalState; lostReason: string; note: string; nextContact: string | null }) {
  await tx.run(sql`INSERT INTO insurance_renewal_log (chain_id, policy_id, user_id, state, lost_reason, note, next_contact)
                   VALUES (${entry.chainId}, ${entry.policyId}, ${entry.userId}, ${entry.state}, ${entry.lostReason}, ${entry.note}, ${entry.nextContact}::date)`);
}

/** Policies of the scope among `ids`, locked (others are silently not there). */
export function lockPolicies(tx: Queryable, scope: TenantScope, ids: number[]) {
  return tx.rows<{ id: number; storeId: number; state: RenewalState }>(sql`
    SELECT p.id, p.store_id AS "storeId", COALESCE(r.state, 'pending') AS state FROM insurance_policy p LEFT JOIN insurance_renewal r ON r.policy_id = p.id
     WHERE p.id = ANY(${sql.param(ids)}::int[]) AND ${scope.storeRows('p')} ORDER BY p.id FOR UPDATE OF p`);
}

export async function assignRenewalOwner(tx: Queryable, chainId: number, policies: { id: number; storeId: number }[], ownerId: number, userId: number) {
  if (policies.length === 0) return 0;
  // One statement, so migration 550's triggers move the counts once, in key order (two bulk
  // assignments at once cannot deadlock on the summary's rows).
  await tx.run(sql`
    INSERT INTO insurance_renewal AS r (policy_id, chain_id, store_id, owner_id, updated_by)
    SELECT u.id, ${chainId}, u.store_id, ${ownerId}, ${userId}
      FROM unnest(${sql.param(policies.map((policy) => policy.id))}::int[], ${sql.param(policies.map((policy) => policy.storeId))}::int[]) AS u (id, store_id)
     ORDER BY u.id
    ON CONFLICT (policy_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, updated_by = EXCLUDED.updated_by, updated_at = now(), version = r.version + 1`);
  return policies.length;
}

export function renewalLogOf(db: Queryable, scope: TenantScope, policyId: number) {
  return db.rows<{ id: number; at: string; userName: string; state: RenewalState; lostReason: string; note: string; nextContact: string | null }>(sql`
    SELECT l.id, l.created_at AS at, COALESCE(u.nick_name, '') AS "userName", l.state, l.lost_reason AS "lostReason", l.note, l.next_contact AS "nextContact"
      FROM insurance_renewal_log l JOIN insurance_policy p ON p.id = l.policy_id LEFT JOIN app_user u ON u.id = l.user_id
     WHERE l.policy_id = ${policyId} AND ${scope.storeRows('p')} ORDER BY l.created_at DESC, l.id DESC`);
}

// ---------------------------------------------------------------- quotes and share links

export async function insertQuote(tx: Queryable, quote: { chainId: number; storeId: number; vehicleId: number; customerId: number; input: unknown; sheet: unknown; lowestTotalFen: number; userId: number }) {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO insurance_quote (chain_id, store_id, vehicle_id, customer_id, input, sheet, lowest_total_fen, created_by)
    VALUES (${quote.chainId}, ${quote.storeId}, ${quote.vehicleId}, ${quote.customerId}, ${JSON.stringify(quote.input)}::jsonb, ${JSON.stringify(quote.sheet)}::jsonb,
            ${quote.lowestTotalFen}, ${quote.userId}) RETURNING id`);
  return row!.id;
}

export function quotesOfVehicle(db: Queryable, scope: TenantScope, vehicleId: number) {
  return db.rows<{ id: number; createdAt: string; userName: string; startDate: string; insurers: string[]; lowestTotalFen: number }>(sql`
    SELECT q.id, q.created_at AS "createdAt", COALESCE(u.nick_name, '') AS "userName", q.sheet->>'startDate' AS "startDate",
           ARRAY(SELECT o->>'insurerName' FROM jsonb_array_elements(q.sheet->'offers') o) AS insurers, q.lowest_total_fen AS "lowestTotalFen"
      FROM insurance_quote q LEFT JOIN app_user u ON u.id = q.created_by
     WHERE q.vehicle_id = ${vehicleId} AND ${scope.storeRows('q')} ORDER BY q.created_at DESC, q.id DESC LIMIT 50`);
}

export interface QuoteRecord {
  id: number;
  chainId: number;
  storeId: number;
  createdAt: string;
  userName: string;
  storeName: string;
  storePhone: string;
  plate: string;
  brand: string;
  series: string;
  customerName: string;
  mobile: string;
  sheet: unknown;
}

const quoteColumns = sql`
  q.id, q.chain_id AS "chainId", q.store_id AS "storeId", q.created_at AS "createdAt", COALESCE(u.nick_name, '') AS "userName", g.name AS "storeName", g.phone AS "storePhone",
  v.plate, v.brand, v.series, c.name AS "customerName", c.mobile, q.sheet`;
const quoteJoins = sql`JOIN garage g ON g.id = q.store_id JOIN vehicle v ON v.id = q.vehicle_id JOIN customer c ON c.id = q.customer_id LEFT JOIN app_user u ON u.id = q.created_by`;

export function findQuote(db: Queryable, scope: TenantScope, id: number) {
  return db.one<QuoteRecord>(sql`SELECT ${quoteColumns} FROM insurance_quote q ${quoteJoins} WHERE q.id = ${id} AND ${scope.storeRows('q')}`);
}

export async function insertShare(tx: Queryable, share: { chainId: number; quoteId: number; tokenHash: string; days: number; userId: number }) {
  const row = await tx.one<{ id: number; expiresAt: string }>(sql`
    INSERT INTO insurance_quote_share (chain_id, quote_id, token_hash, expires_at, created_by)
    VALUES (${share.chainId}, ${share.quoteId}, ${share.tokenHash}, now() + make_interval(days => ${share.days}::int), ${share.userId}) RETURNING id, expires_at AS "expiresAt"`);
  return row!;
}

export interface ShareRecord {
  id: number;
  quoteId: number;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  state: ShareState;
  revokedAt: string | null;
  revokedBy: string;
}

const shareColumns = sql`
  s.id, s.quote_id AS "quoteId", s.created_at AS "createdAt", COALESCE((SELECT u.nick_name FROM app_user u WHERE u.id = s.created_by), '') AS "createdBy",
  s.expires_at AS "expiresAt", CASE WHEN s.revoked_at IS NOT NULL THEN 'revoked' WHEN s.expires_at <= now() THEN 'expired' ELSE 'active' END AS state,
  s.revoked_at AS "revokedAt", COALESCE((SELECT u.nick_name FROM app_user u WHERE u.id = s.revoked_by), '') AS "revokedBy"`;

/** The share links of a quote the caller sees, newest first. */
export function sharesOfQuote(db: Queryable, scope: TenantScope, quoteId: number) {
  return db.rows<ShareRecord>(sql`
    SELECT ${shareColumns} FROM insurance_quote_share s JOIN insurance_quote q ON q.id = s.quote_id
     WHERE s.quote_id = ${quoteId} AND ${scope.storeRows('q')} ORDER BY s.id DESC`);
}

/** One share link of a quote the caller sees, locked for a change. */
export function findShare(tx: Queryable, scope: TenantScope, id: number) {
  return tx.one<ShareRecord & { plate: string; storeId: number }>(sql`
    SELECT ${shareColumns}, v.plate, q.store_id AS "storeId" FROM insurance_quote_share s JOIN insurance_quote q ON q.id = s.quote_id JOIN vehicle v ON v.id = q.vehicle_id
     WHERE s.id = ${id} AND ${scope.storeRows('q')} FOR UPDATE OF s`);
}

export async function revokeShare(tx: Queryable, id: number, userId: number) {
  return (await tx.run(sql`UPDATE insurance_quote_share SET revoked_at = now(), revoked_by = ${userId} WHERE id = ${id} AND revoked_at IS NULL AND expires_at > now()`)) > 0;
}

/** The quote a share token opens (by its hash), with whether the link still opens it. Nothing else. */
export function sharedQuoteOf(db: Queryable, tokenHash: string) {
  return db.one<QuoteRecord & { expiresAt: string; expired: boolean; revoked: boolean }>(sql`
    SELECT ${quoteColumns}, s.expires_at AS "expiresAt", s.expires_at <= now() AS expired, s.revoked_at IS NOT NULL AS revoked
      FROM insurance_quote_share s JOIN insurance_quote q ON q.id = s.quote_id AND q.chain_id = s.chain_id ${quoteJoins}
     WHERE s.token_hash = ${tokenHash}`);
}

/** Moves the vehicle's open renewal (待跟进/已联系) to 已报价 after a quote is saved. */
export async function markQuoted(tx: Queryable, scope: TenantScope, vehicleId: number, userId: number) {
  const policy = await tx.one<{ id: number; storeId: number; state: RenewalState }>(sql`
    SELECT p.id, p.store_id AS "storeId", COALESCE(r.state, 'pending') AS state FROM insurance_policy p LEFT JOIN insurance_renewal r ON r.policy_id = p.id
     WHERE p.vehicle_id = ${vehicleId} AND ${scope.storeRows('p')} ORDER BY p.expiry_date DESC, p.id DESC LIMIT 1 FOR UPDATE OF p`);
  if (!policy || (policy.state !== 'pending' && policy.state !== 'contacted')) return;
  await tx.run(sql`
    INSERT INTO insurance_renewal AS r (policy_id, chain_id, store_id, state, updated_by) VALUES (${policy.id}, ${scope.chainId}, ${policy.storeId}, 'quoted', ${userId})
    ON CONFLICT (policy_id) DO UPDATE SET state = 'quoted', updated_by = EXCLUDED.updated_by, updated_at = now(), version = r.version + 1`);
  await logRenewal(tx, { chainId: scope.chainId, policyId: policy.id, userId, state: 'quoted', lostReason: '', note: '保存报价', nextContact: null });
}

// ---------------------------------------------------------------- analysis

/**
 * Whether term `p` was renewed (issue 33; rule: contracts/insurance.ts, isRenewed): its follow-up
 * says 已续保 (migration 550 copies the state onto the policy row), or the same car's next term with
 * us starts within the renewal window around this term's expiry.
 */
export function renewedSql(alias = 'p'): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.renewal_state = 'renewed' OR EXISTS (
    SELECT 1 FROM insurance_policy n
     WHERE n.vehicle_id = ${p}.vehicle_id AND n.chain_id = ${p}.chain_id AND n.id <> ${p}.id AND n.expiry_date > ${p}.expiry_date
       AND n.start_date BETWEEN ${p}.expiry_date - ${RENEWAL_WINDOW_DAYS.before}::int AND ${p}.expiry_date + ${RENEWAL_WINDOW_DAYS.after}::int))`;
}

/** Where the renewal figures count: every term (current or not) of these stores expiring in [from, to]. */
export interface RenewalSpan {
  chainId: number;
  storeIds: number[];
  from: Day;
  to: Day;
}
const dueIn = (span: RenewalSpan) =>
  sql`p.chain_id = ${span.chainId} AND p.store_id = ANY(${sql.param(span.storeIds)}::int[]) AND p.expiry_date BETWEEN ${span.from}::date AND ${span.to}::date`;

/**
 * 续保率's one SQL home: per month of expiry and store, the terms due and how many were renewed
 * (保险分析, 诊断表 and 指标库/指标树's 续保率 all read it).
 */
export function renewalCounts(db: Queryable, span: RenewalSpan) {
  return db.rows<{ month: string; storeId: number; storeName: string; due: number; renewed: number }>(sql`
    SELECT to_char(p.expiry_date, 'YYYY-MM') AS month, p.store_id AS "storeId", g.name AS "storeName", count(*)::int AS due,
           count(*) FILTER (WHERE ${renewedSql('p')})::int AS renewed
      FROM insurance_policy p JOIN garage g ON g.id = p.store_id
     WHERE ${dueIn(span)} GROUP BY 1, 2, 3, g.sort ORDER BY 1, g.sort, 2`);
}

/** The stores of a range: the filter within the caller's scope, else every store the caller sees. */
export const storesIn = (scope: TenantScope, storeIds: number[] | undefined) =>
  storeIds && storeIds.length > 0 ? storeIds.filter((id) => scope.canSeeStore(id)) : scope.storeIds;

export async function analysisOf(db: Queryable, scope: TenantScope, range: { from: Day; to: Day; storeIds?: number[] }) {
  const span: RenewalSpan = { chainId: scope.chainId, storeIds: storesIn(scope, range.storeIds), from: range.from, to: range.to };
  const where = dueIn(span);
  // A term's state in the funnel: 已续保 by the rule above, else its follow-up's.
  const state = sql`CASE WHEN ${renewedSql('p')} THEN 'renewed' ELSE p.renewal_state END`;
  const [byMonth, byInsurer, funnel, lost, staff] = await Promise.all([
    renewalCounts(db, span),
    db.rows<{ insurer: string; policies: number; compulsoryFen: number; commercialFen: number }>(sql`
      SELECT p.insurer, count(*)::int AS policies, COALESCE(sum(round(p.compulsory_premium * 100)), 0)::int8 AS "compulsoryFen",
             COALESCE(sum(round(p.commercial_premium * 100)), 0)::int8 AS "commercialFen"
        FROM insurance_policy p WHERE ${scope.storeRowsIn('p', range.storeIds)} AND p.start_date BETWEEN ${range.from}::date AND ${range.to}::date
       GROUP BY 1 ORDER BY 3 DESC`),
    db.rows<{ state: RenewalState; n: number }>(sql`SELECT ${state} AS state, count(*)::int AS n FROM insurance_policy p WHERE ${where} GROUP BY 1`),
    db.rows<{ reason: string; count: number }>(sql`
      SELECT r.lost_reason AS reason, count(*)::int AS count FROM insurance_policy p JOIN insurance_renewal r ON r.policy_id = p.id
       WHERE ${where} AND r.state = 'lost' AND NOT ${renewedSql('p')} GROUP BY 1 ORDER BY 2 DESC, 1`),
    db.rows<{ userId: number; name: string; assigned: number; renewed: number; premiumFen: number }>(sql`
      SELECT u.id AS "userId", u.nick_name AS name, count(*)::int AS assigned, count(*) FILTER (WHERE ${renewedSql('p')})::int AS renewed,
             COALESCE(sum(round((p.compulsory_premium + p.commercial_premium) * 100)) FILTER (WHERE ${renewedSql('p')}), 0)::int8 AS "premiumFen"
        FROM insurance_policy p JOIN insurance_renewal r ON r.policy_id = p.id JOIN app_user u ON u.id = r.owner_id
       WHERE ${where} GROUP BY 1, 2 ORDER BY renewed DESC, assigned DESC, 1`),
  ]);
  return { byMonth, byInsurer, funnel, lost, staff };
}

// ---------------------------------------------------------------- insurer settings

export async function insurersOf(db: Queryable, chainId: number): Promise<{ insurers: InsurerTariff[]; version: number }> {
  const row = await db.one<{ insurers: InsurerTariff[]; version: number }>(sql`SELECT insurers, version FROM insurance_insurer_setting WHERE chain_id = ${chainId}`);
  return row ?? { insurers: structuredClone(DEFAULT_INSURERS) as InsurerTariff[], version: 0 };
}

/** Saves the whole table if `version` is current (0 = never saved); answers the new version or undefined. */
export async function saveInsurers(tx: Queryable, chainId: number, insurers: InsurerTariff[], version: number, userId: number) {
  const row = await tx.one<{ version: number }>(sql`
    INSERT INTO insurance_insurer_setting AS s (chain_id, insurers, version, updated_by)
    SELECT ${chainId}, ${JSON.stringify(insurers)}::jsonb, 1, ${userId} WHERE ${version} = 0
    ON CONFLICT (chain_id) DO NOTHING RETURNING s.version`);
  if (row) return row.version;
  const updated = await tx.one<{ version: number }>(sql`
    UPDATE insurance_insurer_setting s SET insurers = ${JSON.stringify(insurers)}::jsonb, version = s.version + 1, updated_by = ${userId}, updated_at = now()
     WHERE s.chain_id = ${chainId} AND s.version = ${version} AND ${version} > 0 RETURNING s.version`);
  return updated?.version;
}

// ---------------------------------------------------------------- writing policies

/** One term as written (the premiums in fen; 002's numeric yuan columns get fen / 100, exact). */
export interface PolicyWrite {
  chainId: number;
  storeId: number;
  vehicleId: number;
  customerId: number;
  insurer: string;
  policyNo: string;
  compulsoryFen: number;
  commercialFen: number;
  vehicleTaxFen: number;
  lines: { code: string; name: string; limit: number; premiumFen: number }[];
  agentId: number | null;
  agentName: string;
  startDate: string;
  expiryDate: string;
}

/**
 * Inserts terms in one statement (any number); migration 490's statement trigger then marks each
 * vehicle's latest term, which is what the renewal pipeline follows (no follow-up row = 待跟进).
 * The vehicles' 保险到期 moves to their latest term.
 */
export async function insertPolicies(tx: Queryable, policies: PolicyWrite[]): Promise<number[]> {
  if (policies.length === 0) return [];
  const p = policies;
  const rows = await tx.rows<{ id: number }>(sql`
    INSERT INTO insurance_policy (chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_premium, commercial_premium,
                                  vehicle_tax_fen, commercial_lines, agent_id, agent_name, start_date, expiry_date)
    SELECT u.chain_id, u.store_id, u.vehicle_id, u.customer_id, u.insurer, u.policy_no, u.compulsory_fen::numeric / 100, u.commercial_fen::numeric / 100,
           u.tax_fen, u.lines::jsonb, u.agent_id, u.agent_name, u.start_date::date, u.expiry_date::date
      FROM unnest(${sql.param(p.map((x) => x.chainId))}::int[], ${sql.param(p.map((x) => x.storeId))}::int[], ${sql.param(p.map((x) => x.vehicleId))}::int[],
                  ${sql.param(p.map((x) => x.customerId))}::int[], ${sql.param(p.map((x) => x.insurer))}::text[], ${sql.param(p.map((x) => x.policyNo))}::text[],
                  ${sql.param(p.map((x) => x.compulsoryFen))}::int[], ${sql.param(p.map((x) => x.commercialFen))}::int[], ${sql.param(p.map((x) => x.vehicleTaxFen))}::int[],
                  ${sql.param(p.map((x) => JSON.stringify(x.lines)))}::text[], ${sql.param(p.map((x) => x.agentId))}::int[], ${sql.param(p.map((x) => x.agentName))}::text[],
                  ${sql.param(p.map((x) => x.startDate))}::text[], ${sql.param(p.map((x) => x.expiryDate))}::text[])
           AS u(chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_fen, commercial_fen, tax_fen, lines, agent_id, agent_name, start_date, expiry_date)
    RETURNING id`);
  await syncVehicleExpiry(tx, policies[0].chainId, p.map((x) => x.vehicleId));
  return rows.map((row) => row.id);
}

/** Rewrites terms whole (the caller merged them); a changed expiry re-marks the latest term by 490's row trigger. */
export async function updatePolicies(tx: Queryable, chainId: number, policies: (PolicyWrite & { id: number })[]): Promise<void> {
  if (policies.length === 0) return;
  const p = policies;
  await tx.run(sql`
    UPDATE insurance_policy t SET insurer = u.insurer, compulsory_premium = u.compulsory_fen::numeric / 100, commercial_premium = u.commercial_fen::numeric / 100,
           vehicle_tax_fen = u.tax_fen, commercial_lines = u.lines::jsonb, agent_id = u.agent_id, agent_name = u.agent_name,
           start_date = u.start_date::date, expiry_date = u.expiry_date::date
      FROM unnest(${sql.param(p.map((x) => x.id))}::int[], ${sql.param(p.map((x) => x.insurer))}::text[], ${sql.param(p.map((x) => x.compulsoryFen))}::int[],
                  ${sql.param(p.map((x) => x.commercialFen))}::int[], ${sql.param(p.map((x) => x.vehicleTaxFen))}::int[], ${sql.param(p.map((x) => JSON.stringify(x.lines)))}::text[],
                  ${sql.param(p.map((x) => x.agentId))}::int[], ${sql.param(p.map((x) => x.agentName))}::text[], ${sql.param(p.map((x) => x.startDate))}::text[],
                  ${sql.param(p.map((x) => x.expiryDate))}::text[])
           AS u(id, insurer, compulsory_fen, commercial_fen, tax_fen, lines, agent_id, agent_name, start_date, expiry_date)
     WHERE t.id = u.id AND t.chain_id = ${chainId}`);
  await syncVehicleExpiry(tx, chainId, p.map((x) => x.vehicleId));
}

/** A vehicle's 保险到期 (customer list, reminders) is at least its latest term's end. */
async function syncVehicleExpiry(tx: Queryable, chainId: number, vehicleIds: number[]) {
  await tx.run(sql`
    UPDATE vehicle v SET insurance_expiry = l.expiry, updated_at = now()
      FROM (SELECT vehicle_id, max(expiry_date) AS expiry FROM insurance_policy WHERE chain_id = ${chainId} AND vehicle_id = ANY(${sql.param([...new Set(vehicleIds)])}::int[]) GROUP BY 1) l
     WHERE v.id = l.vehicle_id AND v.chain_id = ${chainId} AND (v.insurance_expiry IS NULL OR v.insurance_expiry < l.expiry)`);
}
