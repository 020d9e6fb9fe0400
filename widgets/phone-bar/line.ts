/**
 * One phone line per page, shared by every <garage-phone-bar> on it (a page has one microphone
 * and one SIP registration). It follows the session token, starts calls asked for by other
 * widgets (`garage-call` events) and ends the call and the registration when the page goes away.
 */
import { GARAGE_EVENTS, type CallDetail } from '../../contracts/events';
import { effect, getConfig, session, stored } from '../core/base';
import { checkCall, fetchBalanceMinutes, fetchSipAccount, reportCallAnswered, reportCallStart, saveCallRecord } from './api';
import { messages } from './messages';
import type { PhoneController, SipAccount } from './phone';
import { PhoneState, type PhoneView } from './phone-state';

/** Event any widget dispatches (on itself, bubbling+composed, or on document) to place a call. */
export const CALL_EVENT = GARAGE_EVENTS.call;
export type CallEventDetail = CallDetail;

export interface PhoneLineSettings {
  /** Overrides the SIP WebSocket URL the server gives (deployments, tests). */
  sipServer?: string;
  /** Overrides the STUN server the server gives; '' = none. */
  stunServer?: string;
}

/**
 * The persisted `webPhone` entry goes through the core: the spec's key on our host app, our own
 * namespaced key on a partner page (whose `webPhone`, if it has one, is not ours).
 */
const phoneSettingStorage = {
  getItem: () => {
    const setting = stored.webPhone.read();
    return setting && JSON.stringify(setting);
  },
  setItem: (_key: string, value: string) => {
    const setting = JSON.parse(value) as { enabled?: unknown; status?: unknown };
    stored.webPhone.write({ enabled: setting.enabled === true, status: typeof setting.status === 'string' ? setting.status : '' });
  },
};

/**
 * The page's phone: the bar renders its signals at once; the controller (phone.ts) that drives
 * them is loaded by the first start or call, i.e. after the first render (docs/DECISIONS.md).
 */
class PageLine extends PhoneState implements PhoneView {
  private controller: PhoneController | null = null;
  private loadingController: Promise<PhoneController> | null = null;

  load(): Promise<PhoneController> {
    this.loadingController ??= import('./phone').then(
      ({ PhoneController }) =>
        (this.controller = new PhoneController({
          state: this,
          storage: phoneSettingStorage,
          checkBalance: fetchBalanceMinutes,
          checkCall,
          // Reports are best effort: billing follows Kamailio (or the server's clock), not them.
          onCallStarted: (call) => void reportCallStart(call).catch(() => undefined),
          onCallAnswered: (callId) => void reportCallAnswered(callId).catch(() => undefined),
          onCallFinished: (record) => {
            void saveCallRecord(record)
              .catch(() => {
                // The call already happened; a lost record is the server's reconciliation, not the user's.
              })
              .finally(() => void this.controller?.refreshBalance());
          },
        })),
      (error: unknown) => {
        this.loadingController = null; // the next start tries again
        throw error;
      },
    );
    return this.loadingController;
  }

  async start(account: Partial<SipAccount> | null, reason?: string): Promise<void> {
    const controller = await this.load().catch(() => null);
    if (controller) {
      await controller.start(account, reason);
      return;
    }
    // The page could not fetch the phone's code: as unusable as an unreadable account.
    this.loading.value = false;
    this.enabled.value = false;
    this.disabledReason.value = messages.disabledLoadFailed;
  }

  async call(number: string, details?: { customerId?: string | null }): Promise<boolean> {
    const controller = await this.load().catch(() => null);
    if (controller) return controller.call(number, details);
    this.notice.value = { kind: 'error', text: messages.notReady };
    return false;
  }

  /** No controller yet means no call and no registration to end. */
  hangUp(): void {
    this.controller?.hangUp();
  }

  stop(): void {
    this.controller?.stop();
  }
}

let phone: PageLine | null = null;
let attachedBars = 0;
let stopFollowingSession: (() => void) | null = null;
let settings: PhoneLineSettings = {};

export function getPhone(): PageLine {
  phone ??= new PageLine();
  return phone;
}

/**
 * The public `call(number)` of dist/garage-widgets.js: dials through the page's phone line (a
 * `<garage-phone-bar>` must be on the page to show the call). Resolves false when no call started.
 */
export function call(number: string, customerId?: string | null): Promise<boolean> {
  return getPhone().call(number, { customerId: customerId ?? null });
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
  // The controller loads while the account is on its way.
  line.load().catch(() => undefined);
  let account: Partial<SipAccount> | null;
  let unavailable: string | undefined;
  try {
    ({ account, unavailable } = await fetchSipAccount());
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
  await line.start(withOverrides, unavailable);
}

function onCallEvent(event: Event): void {
  const detail = (event as CustomEvent<CallEventDetail>).detail;
  if (!detail?.number) return;
  void getPhone().call(detail.number, { customerId: detail.customerId == null ? null : String(detail.customerId) });
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
