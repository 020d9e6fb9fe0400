/** The store list with customer counts (GET /client/count/store). */
import { sql, type Queryable } from '../db/database';
import type { TenantScope } from './scope';

export function storesWithCustomerCounts(db: Queryable, scope: TenantScope) {
  return db.rows<{ id: number; code: string; name: string; count: number }>(sql`
    SELECT g.id, g.code, g.name, COALESCE(n.count, 0)::int AS count
      FROM garage g
      LEFT JOIN (SELECT c.store_id, count(*) AS count FROM customer c WHERE ${scope.storeRows('c')} GROUP BY c.store_id) n
             ON n.store_id = g.id
     WHERE g.chain_id = ${scope.chainId} AND g.id = ANY(${sql.param(scope.storeIds)}::int[])
     ORDER BY g.sort, g.id`);
}
