/**
 * The SQL of 潜在客户: leads of one chain within the caller's data scope, their follow-ups, owners,
 * and the conversion of a lead into a customer. `convertMatchingLeads` is for every path that
 * creates a customer or records a visit (转为客户 here, the batch import): the leads with the
 * same mobile or plate become 已到店 and keep their history.
 */
import { sql, type Queryable, type SQL } from '../db/database';
import { maskMobile } from '../../../contracts/rules/mobile';
import { plateEnergy } from '../../../contracts/rules/import';
import { CONVERTED_NOTE, type PotentialStatus } from '../../../contracts/rules/potential';
import type { TenantScope } from './scope';

export interface PotentialRecord {
  id: number;
  storeId: number;
  storeName: string;
  name: string;
  mobile: string;
  plate: string;
  source: string;
  intent: string;
  remark: string;
  status: PotentialStatus;
  ownerId: number | null;
  ownerName: string;
  nextFollowUp: string | null;
  lastFollowUpAt: string | null;
  lastNote: string;
  customerId: number | null;
  convertedAt: string | null;
  createdAt: string;
  version: number;
}

const columns = sql`
  p.id, p.store_id AS "storeId", g.name AS "storeName", p.name, p.mobile, p.plate, p.source, p.intent, p.remark, p.status,
  p.owner_id AS "ownerId", COALESCE(o.nick_name, '') AS "ownerName", p.next_follow_up AS "nextFollowUp",
  f.created_at AS "lastFollowUpAt", COALESCE(f.note, '') AS "lastNote", p.customer_id AS "customerId",
  p.converted_at AS "convertedAt", p.created_at AS "createdAt", p.version`;

const joins = sql`
  JOIN garage g ON g.id = p.store_id
  LEFT JOIN app_user o ON o.id = p.owner_id
  LEFT JOIN LATERAL (SELECT created_at, note FROM potential_follow_up WHERE potential_id = p.id ORDER BY created_at DESC, id DESC LIMIT 1) f ON true`;

export interface PotentialFilter {
  status?: PotentialStatus;
  ownerId?: number;
  source?: string;
  keyword?: string;
  due: boolean;
  storeIds?: number[];
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Everything but the status (the chips count per status under the other filters). */
/** An open lead `p` whose next follow-up day has come (the 待跟进 chip, 工作台's link). */
const dueSql = (scope: TenantScope) => sql`p.next_follow_up <= ${scope.today()} AND p.status IN ('pending', 'following')`;

function filterSql(scope: TenantScope, filter: PotentialFilter): SQL {
  const parts: SQL[] = [scope.storeRowsIn('p', filter.storeIds)];
  if (filter.ownerId !== undefined) parts.push(filter.ownerId === 0 ? sql`p.owner_id IS NULL` : sql`p.owner_id = ${filter.ownerId}`);
  if (filter.source) parts.push(sql`p.source = ${filter.source}`);
  if (filter.keyword) {
    const like = likeText(filter.keyword);
    const plate = likeText(filter.keyword.toUpperCase().replace(/[\s·.\-]/g, ''));
    parts.push(sql`(p.name ILIKE ${like} OR p.mobile LIKE ${like} OR p.plate LIKE ${plate})`);
  }
  if (filter.due) parts.push(dueSql(scope));
  return sql.join(parts, sql` AND `);
}

/** Open leads due for follow-up (today or before) in the caller's stores, or only those `ownerId` owns (工作台). */
export async function dueLeadCount(db: Queryable, scope: TenantScope, ownerId?: number): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM potential_customer p
     WHERE ${scope.storeRows('p')} AND ${dueSql(scope)} ${ownerId === undefined ? sql`` : sql`AND p.owner_id = ${ownerId}`}`);
  return row?.n ?? 0;
}

export async function listPotential(db: Queryable, scope: TenantScope, filter: PotentialFilter, page: { page: number; pageSize: number; showPhone: boolean }) {
  const where = filterSql(scope, filter);
  const withStatus = filter.status ? sql`${where} AND p.status = ${filter.status}` : where;
  const [rows, counts, total, due] = await Promise.all([
    db.rows<PotentialRecord>(sql`
      SELECT ${columns} FROM potential_customer p ${joins} WHERE ${withStatus}
       ORDER BY (p.status IN ('pending', 'following')) DESC, p.next_follow_up ASC NULLS LAST, p.id DESC
       LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`),
    db.rows<{ status: string; n: number }>(sql`SELECT p.status, count(*)::int AS n FROM potential_customer p WHERE ${where} GROUP BY p.status`),
    db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM potential_customer p WHERE ${withStatus}`),
    dueLeadCount(db, scope),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, mobile: page.showPhone ? row.mobile : maskMobile(row.mobile) })),
    counts: Object.fromEntries(counts.map((row) => [row.status, row.n])),
    total: total?.n ?? 0,
    due,
  };
}

/** One lead the caller may see (data scope), or undefined. */
export function findPotential(db: Queryable, scope: TenantScope, id: number) {
  return db.one<PotentialRecord>(sql`SELECT ${columns} FROM potential_customer p ${joins} WHERE p.id = ${id} AND ${scope.storeRows('p')}`);
}

/** Leads of the caller's scope among `ids` (others are silently not there). */
export function findPotentials(db: Queryable, scope: TenantScope, ids: number[]) {
  return db.rows<{ id: number; storeId: number; name: string; ownerId: number | null }>(sql`
    SELECT p.id, p.store_id AS "storeId", p.name, p.owner_id AS "ownerId" FROM potential_customer p
     WHERE p.id = ANY(${sql.param(ids)}::int[]) AND ${scope.storeRows('p')} ORDER BY p.id FOR UPDATE`);
}

export function sourcesOf(db: Queryable, scope: TenantScope) {
  return db.rows<{ source: string }>(sql`
    SELECT DISTINCT p.source FROM potential_customer p WHERE ${scope.storeRows('p')} AND p.source <> '' ORDER BY p.source LIMIT 100`);
}

export interface LeadOwner {
  id: number;
  name: string;
  storeIds: number[];
  /** Headquarters staff (a role with data scope 全部门店) may own leads of every store. */
  wholeChain: boolean;
}

/** Enabled staff of the chain: who may own leads. */
export function staffOf(db: Queryable, chainId: number) {
  return db.rows<LeadOwner>(sql`
    SELECT u.id, u.nick_name AS name, u.store_ids AS "storeIds",
           EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.data_scope = 1) AS "wholeChain"
      FROM app_user u WHERE u.chain_id = ${chainId} AND u.enabled ORDER BY u.id`);
}

export const ownsStore = (owner: LeadOwner, storeId: number) => owner.wholeChain || owner.storeIds.includes(storeId);

/** Enabled staff who work in at least one of `storeIds` (or chain-wide): owners and advisors a caller may name. */
export async function staffServing(db: Queryable, chainId: number, storeIds: number[]) {
  return (await staffOf(db, chainId)).filter((person) => storeIds.some((storeId) => ownsStore(person, storeId)));
}

/** A lead or customer of the chain with this mobile or plate, for refusing duplicates. */
export async function matchingPerson(db: Queryable, chainId: number, mobile: string, plate: string, exceptLead = 0) {
  const lead = await db.one<{ status: PotentialStatus }>(sql`
    SELECT status FROM potential_customer
     WHERE chain_id = ${chainId} AND id <> ${exceptLead} AND customer_id IS NULL
       AND ((${mobile} <> '' AND mobile = ${mobile}) OR (${plate} <> '' AND plate = ${plate})) LIMIT 1`);
  if (lead) return { lead: lead.status, customer: null };
  const customer = await matchingCustomer(db, chainId, mobile, plate);
  return customer ? { lead: null, customer: customer.id } : null;
}

/** A customer of the chain with this mobile, or owning a vehicle with this plate. */
export function matchingCustomer(db: Queryable, chainId: number, mobile: string, plate: string) {
  return db.one<{ id: number; storeId: number }>(sql`
    SELECT c.id, c.store_id AS "storeId" FROM customer c
     WHERE c.chain_id = ${chainId}
       AND ((${mobile} <> '' AND c.mobile = ${mobile})
         OR (${plate} <> '' AND EXISTS (SELECT 1 FROM vehicle v WHERE v.customer_id = c.id AND v.chain_id = ${chainId} AND v.plate = ${plate})))
     ORDER BY (${mobile} <> '' AND c.mobile = ${mobile}) DESC, c.id LIMIT 1`);
}

export interface LeadFields {
  name: string;
  mobile: string;
  plate: string;
  source: string;
  intent: string;
  remark: string;
  nextFollowUp: string | null;
}

export async function insertPotential(tx: Queryable, lead: LeadFields & { chainId: number; storeId: number; ownerId: number | null; userId: number }) {
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO potential_customer (chain_id, store_id, name, mobile, plate, source, intent, remark, owner_id, next_follow_up)
    VALUES (${lead.chainId}, ${lead.storeId}, ${lead.name}, ${lead.mobile}, ${lead.plate}, ${lead.source}, ${lead.intent}, ${lead.remark},
            ${lead.ownerId}, ${lead.nextFollowUp}::date) RETURNING id`);
  await addFollowUpRow(tx, { chainId: lead.chainId, leadId: row!.id, userId: lead.userId, status: 'pending', note: '新增潜在客户' });
  return row!.id;
}

/** Changes a lead if its version is still `version`; answers the new version, or undefined when stale. */
export async function updatePotentialRow(tx: Queryable, scope: TenantScope, id: number, version: number, change: SQL) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE potential_customer p SET ${change}, version = version + 1, updated_at = now()
     WHERE p.id = ${id} AND p.version = ${version} AND ${scope.storeRows('p')} RETURNING version`);
  return row?.version;
}

export const leadFieldsSql = (lead: LeadFields) =>
  sql`name = ${lead.name}, mobile = ${lead.mobile}, plate = ${lead.plate}, source = ${lead.source}, intent = ${lead.intent},
      remark = ${lead.remark}, next_follow_up = ${lead.nextFollowUp}::date`;

export async function addFollowUpRow(tx: Queryable, entry: { chainId: number; leadId: number; userId: number | null; status: PotentialStatus; note: string }) {
  await tx.run(sql`INSERT INTO potential_follow_up (chain_id, potential_id, user_id, status, note)
                   VALUES (${entry.chainId}, ${entry.leadId}, ${entry.userId}, ${entry.status}, ${entry.note})`);
}

export async function assignOwnerRows(tx: Queryable, scope: TenantScope, ids: number[], ownerId: number) {
  return tx.run(sql`
    UPDATE potential_customer p SET owner_id = ${ownerId}, version = version + 1, updated_at = now()
     WHERE p.id = ANY(${sql.param(ids)}::int[]) AND ${scope.storeRows('p')}`);
}

export function followUpsOf(db: Queryable, scope: TenantScope, id: number) {
  return db.rows<{ id: number; at: string; userName: string; status: PotentialStatus; note: string }>(sql`
    SELECT f.id, f.created_at AS at, COALESCE(u.nick_name, '') AS "userName", f.status, f.note
      FROM potential_follow_up f JOIN potential_customer p ON p.id = f.potential_id LEFT JOIN app_user u ON u.id = f.user_id
     WHERE f.potential_id = ${id} AND ${scope.storeRows('p')} ORDER BY f.created_at DESC, f.id DESC`);
}

/**
 * A customer with this mobile or plate exists now (created, or visited today): the chain's leads
 * with the same mobile or plate that are still open become 已到店, linked to the customer, with a
 * follow-up row 「到店，已转为客户」. 无效 leads and leads already converted are left as they are.
 * Leads of every store of the chain match: the person came to the chain. Answers the lead ids.
 */
export async function convertMatchingLeads(
  tx: Queryable,
  match: { chainId: number; storeId: number; customerId: number; mobile: string; plate: string; userId?: number | null },
): Promise<number[]> {
  return convertMatchingLeadsInBulk(tx, match.chainId, [match], match.userId ?? null);
}

/**
 * convertMatchingLeads for many customers at once (the batch import: one statement per batch, not
 * one per row; one customer is a batch of one). Each open lead of the chain with one of the mobiles
 * or plates becomes 已到店, linked to the customer it matched (the lowest id when several match).
 * Answers the lead ids.
 */
export async function convertMatchingLeadsInBulk(
  tx: Queryable,
  chainId: number,
  visits: readonly { customerId: number; mobile: string; plate: string }[],
  userId: number | null = null,
): Promise<number[]> {
  const wanted = visits.filter((visit) => visit.mobile || visit.plate);
  if (wanted.length === 0) return [];
  // Most imports meet no open lead: one indexed probe instead of the join.
  const open = await tx.one(sql`SELECT 1 AS found FROM potential_customer WHERE chain_id = ${chainId} AND customer_id IS NULL AND status IN ('pending', 'following') LIMIT 1`);
  if (!open) return [];
  const rows = await tx.rows<{ id: number }>(sql`
    WITH visit AS (
      SELECT * FROM unnest(${sql.param(wanted.map((v) => v.customerId))}::int[], ${sql.param(wanted.map((v) => v.mobile.trim()))}::text[],
                           ${sql.param(wanted.map((v) => v.plate.trim().toUpperCase()))}::text[]) AS u(customer_id, mobile, plate)),
    hit AS (
      SELECT DISTINCT ON (p.id) p.id, v.customer_id FROM potential_customer p
        JOIN visit v ON (v.mobile <> '' AND p.mobile = v.mobile) OR (v.plate <> '' AND p.plate = v.plate)
       WHERE p.chain_id = ${chainId} AND p.customer_id IS NULL AND p.status IN ('pending', 'following')
       ORDER BY p.id, v.customer_id),
    matched AS (
      UPDATE potential_customer p SET status = 'visited', customer_id = hit.customer_id, converted_at = now(), version = version + 1, updated_at = now()
        FROM hit WHERE p.id = hit.id
      RETURNING p.id)
    INSERT INTO potential_follow_up (chain_id, potential_id, user_id, status, note)
    SELECT ${chainId}, id, ${userId}::int, 'visited', ${CONVERTED_NOTE} FROM matched
    RETURNING potential_id AS id`);
  return rows.map((row) => row.id);
}

/** 转为客户 of one lead: a new customer in the lead's store (and its vehicle when it has a plate). */
export async function createCustomerFromLead(tx: Queryable, lead: { chainId: number; storeId: number; name: string; mobile: string; plate: string; source: string; remark: string }) {
  const customer = await tx.one<{ id: number }>(sql`
    INSERT INTO customer (chain_id, store_id, name, mobile, source, remark)
    VALUES (${lead.chainId}, ${lead.storeId}, ${lead.name}, ${lead.mobile}, ${lead.source || '潜在客户'}, ${lead.remark}) RETURNING id`);
  return customer!.id;
}

/** The vehicle with this plate in the chain, or a new one for the customer (make and VIN left for the counter). */
export async function vehicleForPlate(tx: Queryable, owner: { chainId: number; storeId: number; customerId: number }, plate: string) {
  const found = await tx.one<{ id: number }>(sql`SELECT id FROM vehicle WHERE chain_id = ${owner.chainId} AND plate = ${plate} LIMIT 1`);
  if (found) return found.id;
  const made = await tx.one<{ id: number }>(sql`
    INSERT INTO vehicle (chain_id, store_id, customer_id, plate, energy_type, vin, brand, series, model)
    VALUES (${owner.chainId}, ${owner.storeId}, ${owner.customerId}, ${plate}, ${plateEnergy(plate)}, '', '', '', '') RETURNING id`);
  return made!.id;
}

/** A lead of the scope locked for the rest of the transaction (转为客户 runs once per lead). */
export function lockPotential(tx: Queryable, scope: TenantScope, id: number) {
  return tx.one<{ id: number; storeId: number; name: string; mobile: string; plate: string; source: string; remark: string; status: PotentialStatus; version: number; customerId: number | null }>(sql`
    SELECT p.id, p.store_id AS "storeId", p.name, p.mobile, p.plate, p.source, p.remark, p.status, p.version, p.customer_id AS "customerId"
      FROM potential_customer p WHERE p.id = ${id} AND ${scope.storeRows('p')} FOR UPDATE`);
}

export async function markConverted(tx: Queryable, id: number, customerId: number, userId: number, chainId: number) {
  await tx.run(sql`UPDATE potential_customer SET status = 'visited', customer_id = ${customerId}, converted_at = now(), version = version + 1, updated_at = now()
                    WHERE id = ${id}`);
  await addFollowUpRow(tx, { chainId, leadId: id, userId, status: 'visited', note: CONVERTED_NOTE });
}
