/** The phone's server calls (spec section 7). Silent: the bar shows its own message for each. */
import { http } from '../core/base';
import type { CallRecord, SipAccount } from './phone';

/** Envelope data of GET /call/sip-account: the account sits at response.data (spec). */
interface SipAccountAnswer {
  response?: { data?: Partial<SipAccount> | null } | null;
}

export interface CallBalance {
  minutes: number;
}

export async function fetchSipAccount(): Promise<Partial<SipAccount> | null> {
  const answer = await http.main.get<SipAccountAnswer>('/call/sip-account', { silent: true });
  return answer?.response?.data ?? null;
}

export async function fetchBalanceMinutes(): Promise<number> {
  const balance = await http.main.get<CallBalance>('/call/balance', { silent: true, allowDuplicate: true });
  return Number(balance?.minutes ?? 0);
}

export async function saveCallRecord(record: CallRecord): Promise<void> {
  await http.main.post('/call/record', record, { silent: true, allowDuplicate: true });
}
