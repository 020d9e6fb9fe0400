/** Display settings per garage and the product modules of a chain. */
import { sql, type Queryable } from '../db/database';
import type { AuthContext } from '../auth/context';
import type { TenantScope } from './scope';

export interface GarageSettings {
  garageId: number;
  isShowPrice: boolean;
  isShowDiagnostic: boolean;
  isShowPhone: boolean;
  isShowAll: boolean;
  salesman: boolean;
  pageSize: number;
}

const SETTINGS_COLUMNS = sql`garage_id AS "garageId", is_show_price AS "isShowPrice", is_show_diagnostic AS "isShowDiagnostic",
  is_show_phone AS "isShowPhone", is_show_all AS "isShowAll", salesman, page_size AS "pageSize"`;

/** The current garage's settings; a garage without a row gets the defaults (the row appears on first change). */
export async function settingsOf(db: Queryable, auth: AuthContext): Promise<GarageSettings> {
  const row = await db.one<GarageSettings>(sql`SELECT ${SETTINGS_COLUMNS} FROM garage_setting
                                                WHERE garage_id = ${auth.garage.id} AND chain_id = ${auth.chainId}`);
  return row ?? { garageId: auth.garage.id, isShowPrice: true, isShowDiagnostic: true, isShowPhone: true, isShowAll: true, salesman: true, pageSize: 10 };
}

export type SettingColumn = 'is_show_price' | 'is_show_diagnostic' | 'page_size' | 'is_show_phone' | 'is_show_all' | 'salesman';

export async function changeSetting(db: Queryable, auth: AuthContext, column: SettingColumn, value: boolean | number): Promise<GarageSettings> {
  const name = sql.raw(column);
  await db.run(sql`INSERT INTO garage_setting (garage_id, chain_id, ${name}) VALUES (${auth.garage.id}, ${auth.chainId}, ${value})
                   ON CONFLICT (garage_id) DO UPDATE SET ${name} = EXCLUDED.${name}, updated_at = now()`);
  return settingsOf(db, auth);
}

export function modulesOf(db: Queryable, scope: TenantScope) {
  return db.rows<{ code: string; name: string; enabled: boolean; expiresAt: string | null; expired: boolean }>(sql`
    SELECT code, name, enabled, expires_at AS "expiresAt", (expires_at IS NOT NULL AND expires_at < ${scope.today()}) AS expired
      FROM garage_module WHERE ${scope.chainRows()} AND code <> 'edition' ORDER BY code`);
}
