/**
 * Demo data of the web phone: every demo chain starts with call minutes (the balance belongs to the
 * tenant, the chain). No SIP account is seeded: accounts belong to a real signalling server and are
 * provisioned by an admin (POST /call/sip-account/provision), so a fresh demo shows the phone
 * disabled with the reason.
 */
import { setBalanceMinutes, type SqlExecutor } from '../repositories/call';
import type { DemoInfo } from './index';

export const DEMO_CALL_MINUTES = 1000;

export async function seed(db: SqlExecutor, demo: DemoInfo): Promise<void> {
  for (const chain of demo.chains) await setBalanceMinutes(db, String(chain.id), DEMO_CALL_MINUTES);
}
