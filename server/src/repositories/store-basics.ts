/**
 * The SQL of 门店基础信息: store profiles (garage rows of one chain), adding, closing and reopening
 * stores, and moving a closed store's customers. A closed store is `enabled = false`: the auth row's
 * chain stores, the store selector and the garage switcher already leave those out.
 */
import { sql, type Queryable } from '../db/database';

export interface StoreProfileRecord {
  id: number;
  code: string;
  is_hq: boolean;
  name: string;
  short_name: string;
  province: string;
  city: string;
  district: string;
  address: string;
  phone: string;
  opens_at: string;
  closes_at: string;
  bays: number;
  licence_no: string;
  opened_on: string | null;
  enabled: boolean;
  closed_at: string | null;
  customer_count: number;
  store_only_staff: { id: number; nickName: string; username: string }[];
  version: number;
}

export interface StoreProfileFields {
  name: string;
  shortName: string;
  province: string;
  city: string;
  district: string;
  address: string;
  phone: string;
  opensAt: string;
  closesAt: string;
  bays: number;
  licenceNo: string;
  openedOn?: string;
}

/**
 * Enabled accounts whose only store is `g` and who hold no all-stores role: without that store
 * they have nothing to work on (closing the store disables them).
 */
const storeOnlyStaff = (garage: string) => sql`
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'nickName', u.nick_name, 'username', u.username) ORDER BY u.id)
              FROM app_user u
             WHERE u.chain_id = ${sql.raw(garage)}.chain_id AND u.enabled AND u.store_ids = ARRAY[${sql.raw(garage)}.id]
               AND NOT EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.data_scope = 1)), '[]'::json)`;

/**
 * Headquarters and the stores of a chain, open ones first; `storeIds` narrows to those stores (a
 * store-level admin's), `null` is every garage of the chain, closed stores included.
 */
export function listStoreProfiles(db: Queryable, chainId: number, storeIds: number[] | null) {
  const narrowed = storeIds === null ? sql`TRUE` : sql`g.id = ANY(${sql.param(storeIds)}::int[])`;
  return db.rows<StoreProfileRecord>(sql`
    SELECT g.id, g.code, g.is_hq, g.name, g.short_name, g.province, g.city, g.district, g.address, g.phone, g.opens_at, g.closes_at,
           g.bays, g.licence_no, to_char(g.opened_on, 'YYYY-MM-DD') AS opened_on, g.enabled, g.closed_at, g.version,
           COALESCE(n.count, 0)::int AS customer_count, ${storeOnlyStaff('g')} AS store_only_staff
      FROM garage g
      LEFT JOIN (SELECT c.store_id, count(*) AS count FROM customer c WHERE c.chain_id = ${chainId} GROUP BY c.store_id) n ON n.store_id = g.id
     WHERE g.chain_id = ${chainId} AND ${narrowed}
     ORDER BY g.is_hq DESC, g.enabled DESC, g.sort, g.id`);
}

export function findGarage(db: Queryable, chainId: number, id: number) {
  return db.one<{ id: number; name: string; is_hq: boolean; enabled: boolean; version: number }>(sql`
    SELECT id, name, is_hq, enabled, version FROM garage WHERE chain_id = ${chainId} AND id = ${id}`);
}

export async function openStoreCount(db: Queryable, chainId: number): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM garage WHERE chain_id = ${chainId} AND NOT is_hq AND enabled`);
  return row?.n ?? 0;
}

/** Two open garages of one chain with one name would be indistinguishable in every selector. */
export async function nameTaken(db: Queryable, chainId: number, name: string, exceptId = 0): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM garage WHERE chain_id = ${chainId} AND enabled AND name = ${name} AND id <> ${exceptId}`));
}

const profileSet = (profile: StoreProfileFields) => sql`
  name = ${profile.name}, short_name = ${profile.shortName}, province = ${profile.province}, city = ${profile.city},
  district = ${profile.district}, address = ${profile.address}, phone = ${profile.phone}, opens_at = ${profile.opensAt},
  closes_at = ${profile.closesAt}, bays = ${profile.bays}, licence_no = ${profile.licenceNo}, opened_on = ${profile.openedOn ?? null}::date`;

/** A new store: the next free number (S04…), last in the list, with headquarters' display settings. */
export async function insertStore(tx: Queryable, chainId: number, profile: StoreProfileFields): Promise<{ id: number; code: string }> {
  const numbers = await tx.rows<{ code: string }>(sql`SELECT code FROM garage WHERE chain_id = ${chainId}`);
  const used = new Set(numbers.map((row) => row.code));
  let next = numbers.length;
  let code = '';
  do code = `S${String(next++).padStart(2, '0')}`;
  while (used.has(code));
  const row = await tx.one<{ id: number }>(sql`
    INSERT INTO garage (chain_id, code, name, is_hq, sort, short_name, province, city, district, address, phone, opens_at, closes_at,
                        bays, licence_no, opened_on)
    VALUES (${chainId}, ${code}, ${profile.name}, false, (SELECT COALESCE(max(sort), 0) + 1 FROM garage WHERE chain_id = ${chainId}),
            ${profile.shortName}, ${profile.province}, ${profile.city}, ${profile.district}, ${profile.address}, ${profile.phone},
            ${profile.opensAt}, ${profile.closesAt}, ${profile.bays}, ${profile.licenceNo}, ${profile.openedOn ?? null}::date)
    RETURNING id`);
  await tx.run(sql`
    INSERT INTO garage_setting (garage_id, chain_id, is_show_price, is_show_diagnostic, is_show_phone, is_show_all, salesman, page_size)
    SELECT ${row!.id}, s.chain_id, s.is_show_price, s.is_show_diagnostic, s.is_show_phone, s.is_show_all, s.salesman, s.page_size
      FROM garage_setting s JOIN garage g ON g.id = s.garage_id WHERE g.chain_id = ${chainId} AND g.is_hq`);
  await tx.run(sql`INSERT INTO garage_setting (garage_id, chain_id) VALUES (${row!.id}, ${chainId}) ON CONFLICT (garage_id) DO NOTHING`);
  return { id: row!.id, code };
}

/** Answers the new version, or undefined when `version` is no longer current (changed by somebody else). */
export async function updateStoreProfile(tx: Queryable, chainId: number, id: number, version: number, profile: StoreProfileFields) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE garage SET ${profileSet(profile)}, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} RETURNING version`);
  return row?.version;
}

export async function setStoreOpen(tx: Queryable, chainId: number, id: number, version: number, open: boolean, userId: number) {
  const row = await tx.one<{ version: number }>(sql`
    UPDATE garage SET enabled = ${open}, closed_at = CASE WHEN ${open} THEN NULL ELSE now() END,
           closed_by = CASE WHEN ${open} THEN NULL ELSE ${userId}::int END, version = version + 1
     WHERE chain_id = ${chainId} AND id = ${id} AND version = ${version} AND NOT is_hq AND enabled <> ${open} RETURNING version`);
  return row?.version;
}

/**
 * Everybody's sessions after a store closed: staff whose only store it was are disabled (their
 * logins end: token version), the others keep their other stores, and whoever was working in it
 * is back at headquarters. Answers the disabled accounts and everybody touched.
 */
export async function releaseStaffOf(tx: Queryable, chainId: number, storeId: number): Promise<{ disabled: { id: number; nick_name: string; username: string }[]; touched: number[] }> {
  const disabled = await tx.rows<{ id: number; nick_name: string; username: string }>(sql`
    UPDATE app_user u SET enabled = false, token_version = token_version + 1, version = version + 1, updated_at = now()
     WHERE u.chain_id = ${chainId} AND u.enabled AND u.store_ids = ARRAY[${storeId}::int]
       AND NOT EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.data_scope = 1)
    RETURNING u.id, u.nick_name, u.username`);
  const kept = disabled.map((row) => row.id);
  const moved = await tx.rows<{ id: number }>(sql`
    UPDATE app_user u
       SET store_ids = CASE WHEN u.id = ANY(${sql.param(kept)}::int[]) THEN u.store_ids ELSE array_remove(u.store_ids, ${storeId}::int) END,
           selected_store_ids = array_remove(u.selected_store_ids, ${storeId}::int),
           current_garage_id = CASE WHEN u.current_garage_id = ${storeId} THEN (SELECT id FROM garage WHERE chain_id = ${chainId} AND is_hq)
                                    ELSE u.current_garage_id END,
           version = version + CASE WHEN ${storeId}::int = ANY(u.store_ids) AND NOT u.id = ANY(${sql.param(kept)}::int[]) THEN 1 ELSE 0 END,
           updated_at = now()
     WHERE u.chain_id = ${chainId}
       AND (${storeId}::int = ANY(u.store_ids) OR ${storeId}::int = ANY(u.selected_store_ids) OR u.current_garage_id = ${storeId})
    RETURNING u.id`);
  return { disabled, touched: [...new Set([...kept, ...moved.map((row) => row.id)])] };
}

/** Every customer of one store, with their vehicles, to another store of the chain. Answers how many. */
export async function moveStoreCustomers(tx: Queryable, chainId: number, fromStoreId: number, toStoreId: number): Promise<number> {
  await tx.run(sql`
    UPDATE vehicle v SET store_id = ${toStoreId}, updated_at = now()
      FROM customer c
     WHERE c.id = v.customer_id AND c.chain_id = ${chainId} AND c.store_id = ${fromStoreId} AND v.chain_id = ${chainId}`);
  return tx.run(sql`UPDATE customer SET store_id = ${toStoreId}, updated_at = now() WHERE chain_id = ${chainId} AND store_id = ${fromStoreId}`);
}
