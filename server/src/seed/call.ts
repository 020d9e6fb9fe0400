/**
 * Demo data of the web phone: every demo chain starts with call minutes on its call-minutes ledger
 * (the balance belongs to the tenant, the chain). No SIP account is seeded: accounts belong to a
 * real signalling server and are provisioned by an admin (POST /call/sip-account/provision), so a
 * fresh demo shows the phone disabled with the reason.
 */
import type { Queryable } from '../db/database';
import { adjustBalance } from '../repositories/ledger';
import type { DemoInfo } from './index';

export const DEMO_CALL_MINUTES = 1000;

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  // A recorded 赠送; the demo is never seeded in production, so adjustments are on here.
  for (const chain of demo.chains) {
    await adjustBalance(db, { chainId: chain.id, kind: 'minutes', change: DEMO_CALL_MINUTES, by: '演示数据', why: '开通赠送', reason: 'grant', ref: 'welcome' }, true);
  }
}
