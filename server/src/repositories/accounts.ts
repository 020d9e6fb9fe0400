/** Users, roles, garages: the SQL behind login, /user/*, /sys/* and /garage/switch*. */
import { sql, type Queryable } from '../db/database';
import type { AuthContext, AuthRow } from '../auth/context';
import { REMEMBERED_ADDRESS_DAYS } from './login';

/**
 * Auth rows by token id, for a few seconds. The token check is the one query every request makes
 * and costs about 1.8 ms on PGlite (most of a simple request: see tests/bench/RESULTS.md). Every
 * write below that changes what the row says forgets it at once in this process; other processes
 * sharing a PostgreSQL server see the change within AUTH_CACHE_MS. Token ids are random, so one
 * map serves every database a process opens (tests open many).
 */
const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 10_000;
const authCache = new Map<string, { row: AuthRow; until: number }>();

export function forgetUser(userId: number): void {
  for (const [jti, entry] of authCache) if (entry.row.id === userId) authCache.delete(jti);
}

/** A role's permissions or scope changed: every member of the chain is read afresh. */
export function forgetChain(chainId: number): void {
  for (const [jti, entry] of authCache) if (entry.row.chain_id === chainId) authCache.delete(jti);
}

/** Everything a request's AuthContext needs, in one round trip (it runs on every request). */
export async function loadAuthRow(db: Queryable, userId: number, jti: string): Promise<AuthRow | undefined> {
  const cached = authCache.get(jti);
  if (cached && cached.until > Date.now() && cached.row.id === userId) return cached.row;
  const row = await queryAuthRow(db, userId, jti);
  if (row && !row.revoked) {
    if (authCache.size >= AUTH_CACHE_MAX) authCache.delete(authCache.keys().next().value as string);
    authCache.set(jti, { row, until: Date.now() + AUTH_CACHE_MS });
  } else {
    authCache.delete(jti);
  }
  return row;
}

function queryAuthRow(db: Queryable, userId: number, jti: string): Promise<AuthRow | undefined> {
  return db.one<AuthRow>(sql`
    SELECT u.id, u.chain_id, u.username, u.nick_name, u.phone, u.wechat_user_id, u.store_ids, u.selected_store_ids,
           u.token_version, u.must_change_password, g.id AS garage_id, g.code AS garage_code, g.name AS garage_name, g.is_hq AS garage_is_hq,
           c.corp_id,
           COALESCE((SELECT json_agg(json_build_object('code', r.code, 'name', r.name, 'dataScope', r.data_scope,
                                                       'permissions', r.permission_ids) ORDER BY r.id)
                     FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]'::json) AS roles,
           (SELECT array_agg(s.id ORDER BY s.sort, s.id) FROM garage s
             WHERE s.chain_id = u.chain_id AND NOT s.is_hq AND s.enabled) AS chain_store_ids,
           EXISTS (SELECT 1 FROM revoked_token t WHERE t.jti = ${jti}) AS revoked
      FROM app_user u
      JOIN garage g ON g.id = u.current_garage_id
      JOIN chain c ON c.id = u.chain_id
     WHERE u.id = ${userId} AND u.enabled`);
}

export interface LoginUser {
  id: number;
  chain_id: number;
  nick_name: string;
  password_hash: string;
  token_version: number;
  current_garage_id: number;
  /** Signed in lately from the address asked about (findUserByUsername, findUserByPhone). */
  remembered?: boolean;
}

const LOGIN_COLUMNS = sql`id, chain_id, nick_name, password_hash, token_version, current_garage_id`;

/**
 * With `address` (auth/throttle.ts addressKey): whether the user signed in from there lately, which
 * spares them that address's limit. In the same query, so a known username costs what an unknown one does.
 */
const rememberedFrom = (address: string | undefined) =>
  address === undefined
    ? sql`false AS remembered`
    : sql`EXISTS (SELECT 1 FROM login_address a WHERE a.user_id = app_user.id AND a.address = ${address}
                   AND a.last_login_at > now() - make_interval(days => ${REMEMBERED_ADDRESS_DAYS})) AS remembered`;

export function findUserByUsername(db: Queryable, username: string, address?: string) {
  return db.one<LoginUser>(sql`SELECT ${LOGIN_COLUMNS}, ${rememberedFrom(address)} FROM app_user WHERE lower(username) = lower(${username}) AND enabled`);
}

export function findUserByPhone(db: Queryable, phone: string, address?: string) {
  return db.one<LoginUser>(sql`SELECT ${LOGIN_COLUMNS}, ${rememberedFrom(address)} FROM app_user WHERE phone = ${phone} AND enabled`);
}

/** WeCom user ids are unique inside one corp only, so the corp must match too. */
export function findUserByWechat(db: Queryable, corpId: string, wechatUserId: string) {
  return db.one<LoginUser>(sql`
    SELECT u.id, u.chain_id, u.nick_name, u.password_hash, u.token_version, u.current_garage_id
      FROM app_user u JOIN chain c ON c.id = u.chain_id
     WHERE c.corp_id = ${corpId} AND u.wechat_user_id = ${wechatUserId} AND u.enabled`);
}

export function passwordHashOf(db: Queryable, userId: number) {
  return db.one<{ password_hash: string }>(sql`SELECT password_hash FROM app_user WHERE id = ${userId}`);
}

/** New hash and a new token version: every token issued before is revoked. */
export async function updatePassword(db: Queryable, userId: number, passwordHash: string): Promise<number> {
  const row = await db.one<{ token_version: number }>(sql`
    UPDATE app_user SET password_hash = ${passwordHash}, token_version = token_version + 1, must_change_password = false, updated_at = now()
     WHERE id = ${userId} RETURNING token_version`);
  forgetUser(userId);
  return row?.token_version ?? 0;
}

export function tokenVersionOf(db: Queryable, userId: number) {
  return db.one<{ token_version: number }>(sql`SELECT token_version FROM app_user WHERE id = ${userId}`);
}

export async function revokeToken(db: Queryable, jti: string, expiresAt: number): Promise<void> {
  await db.run(sql`DELETE FROM revoked_token WHERE expires_at < now()`);
  await db.run(sql`INSERT INTO revoked_token (jti, expires_at) VALUES (${jti}, to_timestamp(${expiresAt}))
                   ON CONFLICT (jti) DO NOTHING`);
  authCache.delete(jti);
}

export async function setSelectedStores(db: Queryable, userId: number, storeIds: number[]): Promise<void> {
  await db.run(sql`UPDATE app_user SET selected_store_ids = ${sql.param(storeIds)}::int[], updated_at = now() WHERE id = ${userId}`);
  forgetUser(userId);
}

export interface GarageRow {
  id: number;
  code: string;
  name: string;
  is_hq: boolean;
  is_old_version: boolean;
}

/** Garages the user may work in: headquarters and every store (data scope 1), else their own stores. */
export function switchableGarages(db: Queryable, auth: AuthContext) {
  return db.rows<GarageRow>(sql`
    SELECT id, code, name, is_hq, is_old_version FROM garage
     WHERE chain_id = ${auth.chainId} AND enabled
       AND (${auth.dataScope === 1} OR id = ANY(${sql.param(auth.accessibleStoreIds)}::int[]))
     ORDER BY is_hq DESC, sort, id`);
}

/** Moves the user into a garage; answers false when it is not one of their switchable garages. */
export async function switchGarage(db: Queryable, auth: AuthContext, garageId: number): Promise<boolean> {
  const garages = await switchableGarages(db, auth);
  const target = garages.find((garage) => garage.id === garageId);
  if (!target) return false;
  // Entering a store narrows the selection to it; entering headquarters starts with all stores.
  await db.run(sql`UPDATE app_user SET current_garage_id = ${garageId},
                          selected_store_ids = ${sql.param(target.is_hq ? [] : [garageId])}::int[], updated_at = now()
                    WHERE id = ${auth.userId}`);
  forgetUser(auth.userId);
  return true;
}
