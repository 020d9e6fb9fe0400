/** The phone's server calls (spec section 7). Silent: the bar shows its own message for each. */
import { ApiError, http, TRANSPORT_FAILURE_CODE } from '../core/base';
import type { CallCheck, CallRecord, SipAccount } from './phone';
import type * as calls from '../../contracts/api/call';
import type { AnswerOf } from '../../contracts/api/route';

/** Envelope data of GET /call/sip-account: the account sits at response.data (spec). */
type SipAccountAnswer = AnswerOf<typeof calls.sipAccount>;

export type CallBalance = AnswerOf<typeof calls.callBalance>;

/** The account, or null and the server's reason when it knows one (npm start without Kamailio). */
export async function fetchSipAccount(): Promise<{ account: Partial<SipAccount> | null; unavailable?: string }> {
  const answer = await http.main.get<SipAccountAnswer>('/call/sip-account', { silent: true });
  return { account: answer?.response?.data ?? null, unavailable: answer?.response?.unavailable };
}

export async function fetchBalanceMinutes(): Promise<number> {
  const balance = await http.main.get<CallBalance>('/call/balance', { silent: true, allowDuplicate: true });
  return Number(balance?.minutes ?? 0);
}

/**
 * Before dialling: the server refuses a customer outside the user's stores (its Chinese message
 * is shown) and answers the minutes left. A transport failure rejects: the balance is unknown.
 */
export async function checkCall(call: { number: string; customerId: string | null }): Promise<CallCheck> {
  try {
    const answer = await http.main.post<AnswerOf<typeof calls.checkCall>>('/call/check', call, { silent: true, allowDuplicate: true });
    return { minutes: Number(answer?.minutes ?? 0) };
  } catch (error) {
    if (error instanceof ApiError && error.code !== TRANSPORT_FAILURE_CODE && error.msg) return { refused: error.msg };
    throw error;
  }
}

/** The INVITE's Call-ID, so the server can match Kamailio's reports of this call to the customer. */
export async function reportCallStart(call: Omit<CallRecord, 'result'>): Promise<void> {
  await http.main.post('/call/start', call, { silent: true, allowDuplicate: true });
}

export async function reportCallAnswered(callId: string): Promise<void> {
  await http.main.post('/call/answered', { callId }, { silent: true, allowDuplicate: true });
}

export async function saveCallRecord(record: CallRecord): Promise<void> {
  await http.main.post('/call/record', record, { silent: true, allowDuplicate: true });
}
