/** ERP bindings of a garage (POST /api/erp/bind and the 系统设置 ERP section). */
import { sql, type Queryable } from '../db/database';
import type { AuthContext } from '../auth/context';
import type { ErpSync } from '../providers/erp';

export interface ErpBindingRow {
  id: number;
  erpType: 'f6' | 'yunxiu' | 'kaiche' | 'other';
  account: string;
  storeCode: string;
  erpStoreName: string;
  boundAt: string;
  boundBy: string;
  lastSyncAt: string | null;
  lastSyncResult: string;
  lastSyncCustomers: number;
  lastSyncOrders: number;
}

const columns = sql`b.id, b.erp_type AS "erpType", b.account, b.erp_store_code AS "storeCode", b.erp_store_name AS "erpStoreName",
  b.bound_at AS "boundAt", u.nick_name AS "boundBy", b.last_sync_at AS "lastSyncAt", b.last_sync_result AS "lastSyncResult",
  b.last_sync_customers AS "lastSyncCustomers", b.last_sync_orders AS "lastSyncOrders"`;

/** The current garage's bindings, in the order they were bound. */
export function erpBindingsOf(db: Queryable, auth: AuthContext) {
  return db.rows<ErpBindingRow>(sql`
    SELECT ${columns} FROM erp_binding b JOIN app_user u ON u.id = b.bound_by
     WHERE b.chain_id = ${auth.chainId} AND b.garage_id = ${auth.garage.id} ORDER BY b.id`);
}

export async function erpBindingOf(db: Queryable, auth: AuthContext, erpType: string) {
  return (await erpBindingsOf(db, auth)).find((binding) => binding.erpType === erpType) ?? null;
}

/** Binding again replaces the account and starts the sync history afresh. */
export async function bindErp(db: Queryable, auth: AuthContext, input: { erpType: string; account: string; storeCode: string; erpStoreName: string }) {
  await db.run(sql`
    INSERT INTO erp_binding (chain_id, garage_id, erp_type, account, erp_store_code, erp_store_name, bound_by)
    VALUES (${auth.chainId}, ${auth.garage.id}, ${input.erpType}, ${input.account}, ${input.storeCode}, ${input.erpStoreName}, ${auth.userId})
    ON CONFLICT (garage_id, erp_type) DO UPDATE
      SET account = EXCLUDED.account, erp_store_code = EXCLUDED.erp_store_code, erp_store_name = EXCLUDED.erp_store_name,
          bound_by = EXCLUDED.bound_by, bound_at = now(), last_sync_at = NULL, last_sync_result = '', last_sync_customers = 0, last_sync_orders = 0`);
  return (await erpBindingOf(db, auth, input.erpType))!;
}

export async function unbindErp(db: Queryable, auth: AuthContext, erpType: string): Promise<boolean> {
  const gone = await db.rows(sql`
    DELETE FROM erp_binding WHERE chain_id = ${auth.chainId} AND garage_id = ${auth.garage.id} AND erp_type = ${erpType} RETURNING id`);
  return gone.length > 0;
}

export async function recordErpSync(db: Queryable, auth: AuthContext, erpType: string, outcome: ErpSync | { refused: string }) {
  const done = 'refused' in outcome ? null : outcome;
  await db.run(sql`
    UPDATE erp_binding SET last_sync_at = now(), last_sync_result = ${done ? 'ok' : (outcome as { refused: string }).refused},
           last_sync_customers = ${done?.customers ?? 0}, last_sync_orders = ${done?.orders ?? 0}
     WHERE chain_id = ${auth.chainId} AND garage_id = ${auth.garage.id} AND erp_type = ${erpType}`);
  return erpBindingOf(db, auth, erpType);
}
