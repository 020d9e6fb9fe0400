/**
 * 企业微信 external contacts and their binding to customers (migration 530). A contact row is the
 * contact as last read from WeCom; `customer_id` is the customer it is (bound by a remark mobile,
 * by hand, or made from the contact), `potential_id` the lead made for it when nobody matched.
 * absorbContact is the one rule for a contact read from WeCom, used by the sync and the sidebar.
 */
import { sql, type Queryable, type SQL } from '../db/database';
import { isMobile, maskMobile } from '../../../contracts/rules/mobile';
import type { ExternalContactDetail } from '../providers/wecom';
import type { TenantScope } from './scope';
import { addFollowUpRow } from './potential';

export type BindingSource = 'mobile' | 'manual' | 'created';

export interface ContactRow {
  externalUserId: string;
  name: string;
  type: number;
  avatar: string;
  followUsers: { userid: string; remark: string; remarkMobiles: string[]; createtime: number }[];
  mobiles: string[];
  customerId: number | null;
  boundBy: BindingSource | null;
  potentialId: number | null;
  syncedAt: string | null;
}

export const LEAD_SOURCE = '企业微信';

const CONTACT_COLUMNS = sql`external_userid AS "externalUserId", name, type, avatar, follow_users AS "followUsers", mobiles,
  customer_id AS "customerId", bound_by AS "boundBy", potential_id AS "potentialId", synced_at AS "syncedAt"`;

export function findContact(db: Queryable, chainId: number, externalUserId: string, lock = false) {
  return db.one<ContactRow>(sql`SELECT ${CONTACT_COLUMNS} FROM wecom_contact WHERE chain_id = ${chainId} AND external_userid = ${externalUserId}
                                ${lock ? sql`FOR UPDATE` : sql``}`);
}

/** The remark mobiles of every follow user that are mainland mobiles, in order, once each. */
export const contactMobiles = (detail: ExternalContactDetail): string[] => [...new Set(detail.followUsers.flatMap((user) => user.remarkMobiles).filter(isMobile))];

/** Stores the contact as read from WeCom (new or changed), leaving its binding alone; answers the row, locked. */
export async function saveContact(tx: Queryable, chainId: number, detail: ExternalContactDetail): Promise<ContactRow> {
  await tx.run(sql`
    INSERT INTO wecom_contact (chain_id, external_userid, name, type, avatar, follow_users, mobiles, synced_at)
    VALUES (${chainId}, ${detail.externalUserId}, ${detail.name}, ${detail.type}, ${detail.avatar}, ${JSON.stringify(detail.followUsers)}::jsonb,
            ${sql.param(contactMobiles(detail))}::text[], now())
    ON CONFLICT (chain_id, external_userid) DO UPDATE
       SET name = EXCLUDED.name, type = EXCLUDED.type, avatar = EXCLUDED.avatar, follow_users = EXCLUDED.follow_users,
           mobiles = EXCLUDED.mobiles, synced_at = now()`);
  return (await findContact(tx, chainId, detail.externalUserId, true))!;
}

/** A customer of the chain with one of these mobiles who has no contact bound yet. */
function unboundCustomerWithMobile(tx: Queryable, chainId: number, mobiles: string[]) {
  return tx.one<{ id: number }>(sql`
    SELECT c.id FROM customer c
     WHERE c.chain_id = ${chainId} AND c.mobile = ANY(${sql.param(mobiles)}::text[])
       AND NOT EXISTS (SELECT 1 FROM wecom_contact w WHERE w.chain_id = c.chain_id AND w.customer_id = c.id)
     ORDER BY array_position(${sql.param(mobiles)}::text[], c.mobile), c.id LIMIT 1`);
}

/** The staff member who added the contact (first follow user with an account) and the store their leads go to. */
async function leadHome(tx: Queryable, chainId: number, detail: ExternalContactDetail) {
  const userids = detail.followUsers.map((user) => user.userid);
  const staff = await tx.one<{ id: number; storeId: number | null }>(sql`
    SELECT u.id, u.store_ids[1] AS "storeId" FROM app_user u
     WHERE u.chain_id = ${chainId} AND u.enabled AND u.wechat_user_id = ANY(${sql.param(userids)}::text[])
     ORDER BY array_position(${sql.param(userids)}::text[], u.wechat_user_id), u.id LIMIT 1`);
  const store = staff?.storeId
    ? { id: staff.storeId }
    : await tx.one<{ id: number }>(sql`SELECT id FROM garage WHERE chain_id = ${chainId} ORDER BY is_hq, sort, id LIMIT 1`);
  return { ownerId: staff?.id ?? null, storeId: store!.id };
}

/**
 * A contact read from WeCom: stored, then — if it is neither bound nor a lead yet — linked to the
 * customer with one of its remark mobiles, else to the open lead with that mobile, else made a new
 * lead (source 企业微信, owned by the staff member who added it). Idempotent: absorbing the same
 * contact again changes nothing but its stored fields. Run inside a transaction.
 */
export async function absorbContact(tx: Queryable, chainId: number, detail: ExternalContactDetail): Promise<{ linked: boolean; newLead: boolean }> {
  const row = await saveContact(tx, chainId, detail);
  if (row.customerId !== null || row.potentialId !== null) return { linked: false, newLead: false };
  const mobiles = row.mobiles;
  if (mobiles.length > 0) {
    const customer = await unboundCustomerWithMobile(tx, chainId, mobiles);
    if (customer) {
      await setBinding(tx, chainId, detail.externalUserId, customer.id, 'mobile', null);
      return { linked: true, newLead: false };
    }
    const lead = await tx.one<{ id: number }>(sql`
      SELECT id FROM potential_customer WHERE chain_id = ${chainId} AND mobile = ANY(${sql.param(mobiles)}::text[]) AND customer_id IS NULL
       ORDER BY id LIMIT 1`);
    if (lead) {
      await tx.run(sql`UPDATE wecom_contact SET potential_id = ${lead.id} WHERE chain_id = ${chainId} AND external_userid = ${detail.externalUserId}`);
      return { linked: false, newLead: false };
    }
  }
  const home = await leadHome(tx, chainId, detail);
  const remark = detail.followUsers.map((user) => user.remark).filter(Boolean).join('；');
  const made = await tx.one<{ id: number }>(sql`
    INSERT INTO potential_customer (chain_id, store_id, name, mobile, source, remark, owner_id)
    VALUES (${chainId}, ${home.storeId}, ${(detail.name || remark).slice(0, 32)}, ${mobiles[0] ?? ''}, ${LEAD_SOURCE},
            ${remark ? `企业微信备注：${remark}`.slice(0, 200) : ''}, ${home.ownerId}) RETURNING id`);
  await addFollowUpRow(tx, { chainId, leadId: made!.id, userId: null, status: 'pending', note: '企业微信新添加的客户' });
  await tx.run(sql`UPDATE wecom_contact SET potential_id = ${made!.id} WHERE chain_id = ${chainId} AND external_userid = ${detail.externalUserId}`);
  return { linked: false, newLead: true };
}

/** Binds (or with customerId null, unbinds) a stored contact. */
export function setBinding(tx: Queryable, chainId: number, externalUserId: string, customerId: number | null, source: BindingSource | null, userId: number | null) {
  return tx.run(sql`
    UPDATE wecom_contact SET customer_id = ${customerId}, bound_by = ${source}, bound_user_id = ${userId},
           bound_at = ${customerId === null ? null : sql`now()`}
     WHERE chain_id = ${chainId} AND external_userid = ${externalUserId}`);
}

/** The contact bound to this customer, if any. */
export function contactOfCustomer(tx: Queryable, chainId: number, customerId: number) {
  return tx.one<{ externalUserId: string; name: string }>(sql`
    SELECT external_userid AS "externalUserId", name FROM wecom_contact WHERE chain_id = ${chainId} AND customer_id = ${customerId}`);
}

export interface BoundCustomer {
  id: number;
  name: string;
  mobile: string;
  storeId: number;
  storeName: string;
  plates: string[];
}

function customerSummarySql(showPhone: boolean): SQL {
  return sql`c.id, c.name, c.mobile, c.store_id AS "storeId", g.name AS "storeName",
    COALESCE((SELECT array_agg(v.plate ORDER BY v.id) FROM vehicle v WHERE v.customer_id = c.id AND v.plate <> ''), '{}') AS plates,
    ${showPhone} AS "showPhone"`;
}

const masked = <T extends { mobile: string; showPhone?: boolean }>(row: T) => {
  const { showPhone, ...rest } = row;
  return { ...rest, mobile: showPhone ? row.mobile : maskMobile(row.mobile) };
};

/** The customer as the sidebar header shows it, if the caller's scope sees it. */
export async function visibleCustomer(db: Queryable, scope: TenantScope, customerId: number, showPhone: boolean): Promise<BoundCustomer | undefined> {
  const row = await db.one<BoundCustomer & { showPhone: boolean }>(sql`
    SELECT ${customerSummarySql(showPhone)} FROM customer c JOIN garage g ON g.id = c.store_id
     WHERE c.id = ${customerId} AND ${scope.storeRows('c')}`);
  return row && masked(row);
}

/** Customers of the caller's scope by name, mobile or plate, for binding; with the contact each is bound to. */
export async function searchCustomers(db: Queryable, scope: TenantScope, keyword: string, showPhone: boolean, limit = 20) {
  const like = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const plate = keyword.replace(/[\s·.]/g, '').toUpperCase();
  const rows = await db.rows<BoundCustomer & { showPhone: boolean; boundTo: string | null }>(sql`
    SELECT ${customerSummarySql(showPhone)},
           (SELECT COALESCE(NULLIF(w.name, ''), w.external_userid) FROM wecom_contact w WHERE w.chain_id = c.chain_id AND w.customer_id = c.id) AS "boundTo"
      FROM customer c JOIN garage g ON g.id = c.store_id
     WHERE ${scope.storeRows('c')}
       AND (c.name LIKE ${like} OR c.mobile = ${keyword} OR (length(${keyword}) >= 4 AND c.mobile LIKE ${like})
            OR EXISTS (SELECT 1 FROM vehicle v WHERE v.customer_id = c.id AND v.chain_id = c.chain_id AND v.plate LIKE ${`%${plate}%`} AND length(${plate}) >= 3))
     ORDER BY (c.name = ${keyword} OR c.mobile = ${keyword}) DESC, c.id
     LIMIT ${limit}`);
  return rows.map((row) => ({ ...masked(row), boundTo: row.boundTo }));
}

/** Whether a customer (any store of the chain) is bound: the sidebar says 「已绑定其他门店的客户」 for one it cannot see. */
export function customerStoreOf(db: Queryable, chainId: number, customerId: number) {
  return db.one<{ storeId: number }>(sql`SELECT store_id AS "storeId" FROM customer WHERE id = ${customerId} AND chain_id = ${chainId}`);
}

/** External contacts stored for the chain, and how many are bound to a customer (系统设置 › 企业微信). */
export async function contactCounts(db: Queryable, chainId: number): Promise<{ contacts: number; bound: number }> {
  const row = await db.one<{ contacts: number; bound: number }>(sql`
    SELECT count(*)::int AS contacts, count(customer_id)::int AS bound FROM wecom_contact WHERE chain_id = ${chainId}`);
  return row ?? { contacts: 0, bound: 0 };
}

/** A chat of the development WeCom client (/sidebar/dev): the contact, who follows it, the customer it is bound to. */
export interface DemoChat {
  externalUserId: string;
  /** The follow user's account: WeCom signs them in (the development adapter's code dev:<corpId>:<userid>). */
  userid: string;
  staff: string | null;
  customer: string | null;
  store: string | null;
  /** The bound customer has maintenance records: the card then draws its timeline. */
  hasTimeline: boolean;
}

export function demoChats(db: Queryable, corpId: string, chats: { externalUserId: string; userid: string }[]) {
  return db.rows<DemoChat>(sql`
    SELECT x.external_userid AS "externalUserId", x.userid, u.nick_name AS staff, c.name AS customer, g.name AS store,
           EXISTS (SELECT 1 FROM maintenance_record r WHERE r.customer_id = c.id) AS "hasTimeline"
      FROM chain ch
     CROSS JOIN unnest(${sql.param(chats.map((chat) => chat.externalUserId))}::text[], ${sql.param(chats.map((chat) => chat.userid))}::text[])
           WITH ORDINALITY AS x(external_userid, userid, position)
      LEFT JOIN wecom_contact w ON w.chain_id = ch.id AND w.external_userid = x.external_userid
      LEFT JOIN customer c ON c.id = w.customer_id
      LEFT JOIN garage g ON g.id = c.store_id
      LEFT JOIN app_user u ON u.chain_id = ch.id AND u.wechat_user_id = x.userid AND u.enabled
     WHERE ch.corp_id = ${corpId}
     ORDER BY x.position`);
}

// ── Sync state ───────────────────────────────────────────────────────────────────────────

export interface SyncRow {
  state: 'idle' | 'running' | 'done' | 'failed';
  fullSync: boolean;
  run: number;
  users: string[];
  usersDone: number;
  contactsSeen: number;
  linked: number;
  newLeads: number;
  startedAt: string | null;
  finishedAt: string | null;
  error: string;
}

const SYNC_COLUMNS = sql`state, full_sync AS "fullSync", run, users, users_done AS "usersDone", contacts_seen AS "contactsSeen", linked,
  new_leads AS "newLeads", started_at AS "startedAt", finished_at AS "finishedAt", error`;

export function syncOf(db: Queryable, chainId: number, lock = false) {
  return db.one<SyncRow>(sql`SELECT ${SYNC_COLUMNS} FROM wecom_sync WHERE chain_id = ${chainId} ${lock ? sql`FOR UPDATE` : sql``}`);
}

/** Starts a run unless one is running; answers the run number, or null when one already runs. */
export async function beginSync(tx: Queryable, chainId: number, full: boolean, userId: number): Promise<number | null> {
  await tx.run(sql`INSERT INTO wecom_sync (chain_id) VALUES (${chainId}) ON CONFLICT (chain_id) DO NOTHING`);
  const current = await syncOf(tx, chainId, true);
  if (current!.state === 'running') return null;
  const row = await tx.one<{ run: number }>(sql`
    UPDATE wecom_sync SET state = 'running', full_sync = ${full}, run = run + 1, users = '{}', users_done = 0, contacts_seen = 0,
           linked = 0, new_leads = 0, started_by = ${userId}, started_at = now(), finished_at = NULL, error = ''
     WHERE chain_id = ${chainId} RETURNING run`);
  return row!.run;
}

export function runningSyncs(db: Queryable) {
  return db.rows<{ chainId: number; run: number }>(sql`SELECT chain_id AS "chainId", run FROM wecom_sync WHERE state = 'running'`);
}

export function updateSync(db: Queryable, chainId: number, run: number, change: SQL) {
  return db.run(sql`UPDATE wecom_sync SET ${change} WHERE chain_id = ${chainId} AND run = ${run} AND state = 'running'`);
}
