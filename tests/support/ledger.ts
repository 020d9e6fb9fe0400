/**
 * A balance a test starts from, set the only way outside orders and bills: an operator's recorded
 * adjustment (server/src/repositories/ledger.ts, adjustBalance).
 *
 *   await setTestBalance(server.db, 1, 'sms', 100);
 */
import type { Database, Queryable } from '../../server/src/db/database';
import { adjustBalance } from '../../server/src/repositories/ledger';
import type { LedgerKind } from '../../contracts/rules/mall';

export const setTestBalance = (db: Database | Queryable, chainId: number, kind: LedgerKind, to: number) =>
  adjustBalance(db, { chainId, kind, to, by: '测试', why: '测试前置余额' }, true);
