/** ERP bindings of a garage (POST /api/erp/bind). */
import { sql, type Queryable } from '../db/database';
import type { AuthContext } from '../auth/context';

export function bindErp(db: Queryable, auth: AuthContext, input: { erpType: string; account: string; storeCode: string }) {
  return db.one<{ id: number; erpType: string; account: string; storeCode: string; boundAt: string }>(sql`
    INSERT INTO erp_binding (chain_id, garage_id, erp_type, account, erp_store_code, bound_by)
    VALUES (${auth.chainId}, ${auth.garage.id}, ${input.erpType}, ${input.account}, ${input.storeCode}, ${auth.userId})
    ON CONFLICT (garage_id, erp_type) DO UPDATE
      SET account = EXCLUDED.account, erp_store_code = EXCLUDED.erp_store_code, bound_by = EXCLUDED.bound_by, bound_at = now()
    RETURNING id, erp_type AS "erpType", account, erp_store_code AS "storeCode", bound_at AS "boundAt"`);
}
