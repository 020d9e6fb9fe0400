/**
 * Demo data of the web phone: every demo chain starts with call minutes on its call-minutes ledger
 * (the balance belongs to the tenant, the chain). No SIP account is seeded: accounts belong to a
 * real signalling server and are provisioned by an admin (POST /call/sip-account/provision), so a
 * fresh demo shows the phone disabled with the reason.
 */
import type { Queryable } from '../db/database';
import { credit } from '../repositories/ledger';
import type { DemoInfo } from './index';

export const DEMO_CALL_MINUTES = 1000;

export async function seed(db: Queryable, demo: DemoInfo): Promise<void> {
  for (const chain of demo.chains) await credit(db, chain.id, 'minutes', DEMO_CALL_MINUTES, 'grant', 'welcome', '开通赠送');
}
