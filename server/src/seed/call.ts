/**
 * Demo data of the web phone: every demo garage starts with call minutes. No SIP account is
 * seeded: accounts belong to a real signalling server and are provisioned by an admin
 * (POST /call/sip-account/provision), so a fresh demo shows the phone disabled with the reason.
 */
import { setBalanceMinutes, type SqlExecutor } from '../repositories/call';

export const DEMO_CALL_MINUTES = 1000;

export async function seedCall(db: SqlExecutor, garageIds: Array<string | number>): Promise<void> {
  for (const garageId of garageIds) await setBalanceMinutes(db, String(garageId), DEMO_CALL_MINUTES);
}
