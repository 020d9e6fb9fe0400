/**
 * One phone line per page, shared by every <garage-phone-bar> on it (a page has one microphone
 * and one SIP registration). It follows the session token, starts calls asked for by other
 * widgets (`garage-call` events) and ends the call and the registration when the page goes away.
 */
import { effect, getConfig, session } from '../core';
import { fetchBalanceMinutes, fetchSipAccount, saveCallRecord } from './api';
import { messages } from './messages';
import { PhoneController, type SipAccount } from './phone';

/** Event any widget dispatches (on itself, bubbling+composed, or on document) to place a call. */
export const CALL_EVENT = 'garage-call';
export interface CallEventDetail {
  number: string;
  customerId?: string | null;
}

export interface PhoneLineSettings {
  /** Overrides the SIP WebSocket URL the server gives (deployments, tests). */
  sipServer?: string;
  /** Overrides the STUN server the server gives; '' = none. */
  stunServer?: string;
}

let phone: PhoneController | null = null;
let attachedBars = 0;
let stopFollowingSession: (() => void) | null = null;
let settings: PhoneLineSettings = {};

export function getPhone(): PhoneController {
  phone ??= new PhoneController({
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    checkBalance: fetchBalanceMinutes,
    onCallFinished: (record) => {
      void saveCallRecord(record)
        .catch(() => {
          // The call already happened; a lost record is the server's reconciliation, not the user's.
        })
        .finally(() => void phone?.refreshBalance());
    },
  });
  return phone;
}

export function configurePhoneLine(next: PhoneLineSettings): void {
  const changed = next.sipServer !== settings.sipServer || next.stunServer !== settings.stunServer;
  settings = { ...settings, ...next };
  if (changed && attachedBars > 0) void startLine(session.usertoken.value);
}

let lineGeneration = 0;
async function startLine(token: string | null | undefined): Promise<void> {
  const line = getPhone();
  const generation = ++lineGeneration;
  if (!token) {
    await line.start(null, messages.disabledNotLoggedIn);
    return;
  }
  line.loading.value = true;
  let account: Partial<SipAccount> | null;
  try {
    account = await fetchSipAccount();
  } catch {
    if (generation === lineGeneration) await line.start(null, messages.disabledLoadFailed);
    return;
  }
  if (generation !== lineGeneration) return;
  const withOverrides = account && {
    ...account,
    ...(settings.sipServer || getConfig().sipServer ? { server: settings.sipServer || getConfig().sipServer } : {}),
    ...(settings.stunServer !== undefined ? { stun: settings.stunServer } : {}),
  };
  await line.start(withOverrides);
}

function onCallEvent(event: Event): void {
  const detail = (event as CustomEvent<CallEventDetail>).detail;
  if (!detail?.number) return;
  void getPhone().call(detail.number, { customerId: detail.customerId ?? null });
}

function onPageHide(): void {
  getPhone().stop();
}

function onPageShow(event: PageTransitionEvent): void {
  // Back/forward cache restored the page after pagehide stopped the line.
  if (event.persisted && attachedBars > 0) void startLine(session.usertoken.value);
}

/** Called by each mounted bar; the line runs while at least one bar is on the page. */
export function attachBar(): () => void {
  attachedBars++;
  if (attachedBars === 1) {
    document.addEventListener(CALL_EVENT, onCallEvent);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    let previousToken: string | null | undefined;
    stopFollowingSession = effect(() => {
      const token = session.usertoken.value;
      if (token === previousToken) return;
      previousToken = token;
      void startLine(token);
    });
  }
  return () => {
    attachedBars--;
    if (attachedBars > 0) return;
    document.removeEventListener(CALL_EVENT, onCallEvent);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    stopFollowingSession?.();
    stopFollowingSession = null;
    lineGeneration++;
    // Leaving the screen ends the call and the registration (spec).
    getPhone().stop();
  };
}
