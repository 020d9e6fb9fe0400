/**
 * Tenancy and data scope, in one place. Every business query takes the request's TenantScope and
 * builds its WHERE clause from it; no repository writes chain_id / store_id conditions by hand.
 *
 *   const rows = await db.rows(sql`SELECT … FROM customer c WHERE ${scope.storeRows('c')} AND …`);
 *   await db.run(sql`UPDATE tag SET … WHERE id = ${id} AND ${scope.chainRows()}`);
 *   const storeId = scope.requireStore(input.storeId);        // before inserting a store-owned row
 *
 * Store-owned tables carry chain_id + store_id (customer, vehicle, maintenance_record, …);
 * chain-wide tables carry chain_id only (tag, customer_group, …); sms_template rows are the
 * chain's (store_id NULL) or one store's own (routes/sms.ts visibleTemplates).
 */
import { GARAGE_TIME_ZONE, today } from '../../../contracts/dates';
import { sql, type SQL } from '../db/database';
import type { AuthContext } from '../auth/context';
import { ApiError, Code } from '../http/envelope';

function column(alias: string, name: string): SQL {
  if (alias && !/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`bad SQL alias ${alias}`);
  return sql.raw(alias ? `${alias}.${name}` : name);
}

export class TenantScope {
  constructor(
    readonly auth: AuthContext,
    /** The garage's time zone (config.timeZone): its days are the business days. */
    readonly timeZone = GARAGE_TIME_ZONE,
  ) {}

  /**
   * Today in the garage's time zone as a SQL date, for "within N days" and the like. Day rules
   * take today from contracts/dates.ts, like the widgets and the timeline estimator, never from the
   * database's current_date. Comparing it with a timestamptz column still relies on the session
   * time zone being the garage's (db/database.ts sets it).
   */
  today(): SQL {
    return sql`${today(this.timeZone)}::date`;
  }

  get chainId(): number {
    return this.auth.chainId;
  }

  /** Stores whose rows the caller sees now (data scope ∩ current garage). */
  get storeIds(): number[] {
    return this.auth.visibleStoreIds;
  }

  /** Condition for rows of a chain-wide table. */
  chainRows(alias = ''): SQL {
    return sql`${column(alias, 'chain_id')} = ${this.auth.chainId}`;
  }

  /** Condition for rows of a store-owned table: this chain and a visible store. */
  storeRows(alias = ''): SQL {
    return sql`(${column(alias, 'chain_id')} = ${this.auth.chainId} AND ${column(alias, 'store_id')} = ANY(${sql.param(this.auth.visibleStoreIds)}::int[]))`;
  }

  /**
   * Like storeRows, narrowed to the given stores (e.g. a filter from the client); stores outside
   * the scope are silently dropped, so a forged filter yields nothing rather than someone else's rows.
   */
  storeRowsIn(alias: string, storeIds: number[] | undefined): SQL {
    if (!storeIds || storeIds.length === 0) return this.storeRows(alias);
    const allowed = storeIds.filter((id) => this.canSeeStore(id));
    return sql`(${column(alias, 'chain_id')} = ${this.auth.chainId} AND ${column(alias, 'store_id')} = ANY(${sql.param(allowed)}::int[]))`;
  }

  canSeeStore(storeId: number): boolean {
    return this.auth.visibleStoreIds.includes(storeId);
  }

  /** The store for a new or moved row; refuses stores outside the caller's scope. */
  requireStore(storeId: number | undefined): number {
    const id = storeId ?? this.defaultStoreId();
    if (id === undefined || !this.canSeeStore(id)) throw new ApiError(Code.forbidden, '无权操作该门店的数据');
    return id;
  }

  /** The store new rows go to when the client names none: the first selected store. */
  defaultStoreId(): number | undefined {
    return this.auth.selectedStoreIds[0] ?? this.auth.visibleStoreIds[0];
  }
}
