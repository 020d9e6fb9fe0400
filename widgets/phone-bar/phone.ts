/**
 * The web phone, without any UI framework: one JsSIP user agent per page, outgoing calls only.
 * The view (PhoneBar.tsx) only reads the signals (phone-state.ts) and calls call()/hangUp().
 *
 * On partner pages this module loads when the line starts (line.ts), and JsSIP (~50 KB gzip)
 * after it, by start(): neither is needed for the bar's first render.
 */
import { effect } from '@preact/signals-core';
import { messages } from './messages';
import { PhoneState, type CallStatus, type PhoneNotice, type PhoneView, type RegistrationStatus } from './phone-state';

export { CALL_STATUSES, LIVE_CALL_STATUSES } from './phone-state';
export type { CallStatus, PhoneNotice, PhoneView, RegistrationStatus } from './phone-state';

export const PHONE_STORAGE_KEY = 'webPhone';

/**
 * RFC 4028 session timers. The spec's figures (expiry 120 s, minimum 360 s) contradict each other:
 * a peer enforcing Min-SE 360 answers 422 to Session-Expires 120, and JsSIP does not retry on 422.
 * We send 360 s: it satisfies that minimum, RFC 4028's floor (90 s) and JsSIP's (60 s), and a
 * vanished peer is noticed within 6 minutes, which bounds what a hung call can cost.
 */
export const SESSION_TIMERS_EXPIRES = 360;

/**
 * An unreachable SIP server is said in the bar after this long without a WebSocket connection, or
 * at the second failed attempt, whichever comes first (a refused port fails at once, a dropped one
 * only when the browser gives up). Well within 10 s; one failure alone may be a blip.
 */
export const UNREACHABLE_AFTER_MS = 8000;
export const UNREACHABLE_AFTER_FAILURES = 2;

export interface SipAccount {
  user: string;
  ha1: string;
  realm: string;
  /** SIP WebSocket URL; derived from the realm when absent. */
  server?: string;
  /** STUN server URL ("stun:host:port"); none when empty. */
  stun?: string;
  /** npm start's demo line (the server says so). */
  demo?: boolean;
}

export type CallResult = 'answered' | 'busy' | 'rejected' | 'no_answer' | 'unavailable' | 'not_found' | 'canceled' | 'failed';

/**
 * What the bar reports about a call. No times: the server bills from Kamailio's dialog events (or
 * its own clock), never from the browser (docs/DECISIONS.md).
 */
export interface CallRecord {
  /** The SIP Call-ID of the INVITE, how the server matches the bar's reports with Kamailio's. */
  callId: string;
  number: string;
  customerId: string | null;
  result: CallResult;
}

/** The server's answer before dialling: minutes left, or why this call is refused. */
export type CallCheck = { minutes: number } | { refused: string };

/** The part of JsSIP this controller uses (a fake implements it in unit tests). */
export interface JsSIPSessionLike {
  on(event: string, listener: (event: any) => void): unknown;
  terminate(options?: { status_code?: number }): void;
  isEnded(): boolean;
}
export interface JsSIPUaLike {
  on(event: string, listener: (event: any) => void): unknown;
  start(): void;
  // 'newRTCSession' ({ originator, request: { call_id } }) is emitted synchronously inside call().
  stop(): void;
  call(target: string, options: Record<string, unknown>): JsSIPSessionLike;
  isRegistered(): boolean;
}
export interface JsSIPLike {
  UA: new (configuration: any) => JsSIPUaLike;
  WebSocketInterface: new (url: string) => unknown;
}

export interface PhoneOptions {
  /** Signals to drive instead of new ones (the bar's, made before this module loaded). */
  state?: PhoneState;
  loadJsSIP?: () => Promise<JsSIPLike>;
  /** Minutes of call time left for the garage. */
  checkBalance?: () => Promise<number>;
  /** Before dialling: may this user call this customer, and minutes left (else checkBalance). */
  checkCall?: (call: { number: string; customerId: string | null }) => Promise<CallCheck>;
  /** The INVITE is about to go out with this Call-ID. */
  onCallStarted?: (call: Omit<CallRecord, 'result'>) => void;
  onCallAnswered?: (callId: string) => void;
  onCallFinished?: (record: CallRecord) => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  playRemoteAudio?: (stream: MediaStream | null) => void;
  /** Ringing longer than this is given up as "no answer". */
  ringTimeoutSeconds?: number;
  /** With a STUN server, stop waiting for more ICE candidates after this long. */
  iceGatheringTimeoutMs?: number;
  /** How long without a connection to the SIP server before the bar says it is unreachable. */
  unreachableAfterMs?: number;
  now?: () => number;
}

export async function loadJsSIP(): Promise<JsSIPLike> {
  const module = (await import('jssip')) as unknown as { default?: JsSIPLike } & JsSIPLike;
  return module.default ?? module;
}

export function webSocketUrlFor(account: Pick<SipAccount, 'realm' | 'server'>): string {
  return account.server?.trim() || `wss://${account.realm}/webrtc`;
}

export function isCompleteAccount(account: Partial<SipAccount> | null | undefined): account is SipAccount {
  return Boolean(account && account.user?.trim() && account.ha1?.trim() && account.realm?.trim());
}

/** Dialable: digits with an optional leading +, separators removed. */
export function normalizeNumber(raw: string): string | null {
  const number = raw.replace(/[\s\-()]/g, '');
  return /^\+?[0-9*#]{3,20}$/.test(number) ? number : null;
}

const CAUSE_MESSAGES: Record<string, string> = {
  'User Denied Media Access': messages.noMicrophone,
  Busy: messages.busy,
  Rejected: messages.rejected,
  'No Answer': messages.noAnswer,
  'Request Timeout': messages.noAnswer,
  Unavailable: messages.unavailable,
  'Not Found': messages.notFound,
  'Address Incomplete': messages.addressIncomplete,
  'Connection Error': messages.connectionError,
  'Authentication Error': messages.authenticationError,
};

const CAUSE_RESULTS: Record<string, CallResult> = {
  Busy: 'busy',
  Rejected: 'rejected',
  'No Answer': 'no_answer',
  'Request Timeout': 'no_answer',
  Unavailable: 'unavailable',
  'Not Found': 'not_found',
  Canceled: 'canceled',
};

export function messageForCause(cause: string | undefined): string {
  return (cause && CAUSE_MESSAGES[cause]) || messages.callFailed;
}

interface ActiveCall {
  callId: string | null;
  number: string;
  customerId: string | null;
  answeredAt: number | null;
  session: JsSIPSessionLike | null;
  localStream: MediaStream | null;
  hungUpByUser: boolean;
  finished: boolean;
  ringTimer: ReturnType<typeof setTimeout> | null;
}

function readPersisted(storage: PhoneOptions['storage']): { enabled?: boolean; status?: string } {
  try {
    return JSON.parse(storage?.getItem(PHONE_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

export class PhoneController extends PhoneState implements PhoneView {
  private readonly options: Required<Omit<PhoneOptions, 'checkBalance' | 'checkCall' | 'onCallStarted' | 'onCallAnswered' | 'onCallFinished' | 'storage' | 'state'>> & PhoneOptions;
  private account: SipAccount | null = null;
  private ua: JsSIPUaLike | null = null;
  private active: ActiveCall | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private wasRegistered = false;
  /** Call-ID of the last INVITE this user agent created (its 'newRTCSession' event). */
  private dialledCallId: string | null = null;
  private startGeneration = 0;
  private unreachableTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly disposePersistence: () => void;

  constructor(options: PhoneOptions = {}) {
    super(options.state);
    this.options = {
      loadJsSIP,
      getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
      playRemoteAudio: playThroughAudioElement(),
      ringTimeoutSeconds: 60,
      iceGatheringTimeoutMs: 500,
      unreachableAfterMs: UNREACHABLE_AFTER_MS,
      now: () => Date.now(),
      ...options,
    };
    const persisted = readPersisted(options.storage);
    this.enabled.value = persisted.enabled === true;
    this.disposePersistence = effect(() => {
      const entry = JSON.stringify({ enabled: this.enabled.value, status: this.status.value });
      try {
        this.options.storage?.setItem(PHONE_STORAGE_KEY, entry);
      } catch {
        // Storage full or blocked (private mode): the phone still works, only the entry is lost.
      }
    });
  }

  get isRunning(): boolean {
    return this.ua !== null;
  }

  /** Configures the line. A missing/incomplete account disables the phone with `reason`. */
  async start(account: Partial<SipAccount> | null, reason: string = messages.disabledNoAccount): Promise<void> {
    this.stop();
    const generation = ++this.startGeneration;
    if (!isCompleteAccount(account)) {
      this.account = null;
      this.demo.value = false;
      this.enabled.value = false;
      this.disabledReason.value = reason;
      this.status.value = '';
      this.registration.value = '';
      return;
    }
    this.account = { ...account, realm: account.realm.trim(), user: account.user.trim() };
    this.demo.value = account.demo === true;
    this.enabled.value = true;
    this.disabledReason.value = '';
    this.loading.value = true;
    let JsSIP: JsSIPLike;
    try {
      JsSIP = await this.options.loadJsSIP();
    } catch {
      if (generation === this.startGeneration) {
        this.loading.value = false;
        this.notice.value = { kind: 'error', text: messages.connectionError };
      }
      return;
    }
    if (generation !== this.startGeneration) return;
    this.loading.value = false;
    const { user, realm, ha1 } = this.account;
    const ua = new JsSIP.UA({
      sockets: [new JsSIP.WebSocketInterface(webSocketUrlFor(this.account))],
      uri: `sip:${user}@${realm}`,
      authorization_user: user,
      // HA1 + realm: the browser never holds the SIP password. The realm must equal the
      // server's challenge realm (the From domain) exactly.
      ha1,
      realm,
      register: true,
      session_timers: true,
      session_timers_refresh_method: 'UPDATE',
      user_agent: 'GarageSuite-WebPhone',
      connection_recovery_min_interval: 2,
      connection_recovery_max_interval: 30,
    });
    this.ua = ua;
    this.wasRegistered = false;
    this.watchConnection(ua);
    ua.on('newRTCSession', (event: { originator?: string; request?: { call_id?: string } }) => {
      if (this.ua === ua && event?.originator === 'local') this.dialledCallId = event.request?.call_id ?? null;
    });
    ua.on('registered', () => {
      if (this.ua !== ua) return;
      this.wasRegistered = true;
      this.setRegistration('reg.registered');
      if (this.notice.value?.text === messages.registrationLost) this.notice.value = null;
      void this.refreshBalance();
    });
    ua.on('unregistered', () => {
      if (this.ua !== ua) return;
      this.setRegistration('reg.unregistered');
      // JsSIP reports a dropped WebSocket as "unregistered" without a SIP answer; it reconnects
      // and registers again by itself.
      if (this.wasRegistered) this.notice.value = { kind: 'error', text: messages.registrationLost };
    });
    ua.on('registrationFailed', (event: { cause?: string }) => {
      if (this.ua !== ua) return;
      this.setRegistration('reg.failed');
      const text =
        event?.cause === 'Authentication Error' || event?.cause === 'Connection Error' ? messageForCause(event.cause) : messages.registrationFailed;
      this.notice.value = { kind: 'error', text };
    });
    ua.start();
  }

  /**
   * JsSIP retries a failed WebSocket by itself, with a growing random delay (2 s, then up to 30 s:
   * connection_recovery_min/max_interval) but tells nobody; without this the bar said
   * 「正在连接电话线路…」 forever. Said once it is clearly down, withdrawn when it connects.
   */
  private watchConnection(ua: JsSIPUaLike): void {
    let failures = 0;
    const report = () => {
      if (this.ua !== ua || this.unreachable.value) return;
      this.unreachable.value = true;
      this.notice.value = { kind: 'error', text: messages.serverUnreachable };
    };
    this.unreachableTimer = setTimeout(report, this.options.unreachableAfterMs);
    ua.on('connected', () => {
      if (this.ua !== ua) return;
      failures = 0;
      this.clearUnreachableTimer();
      if (!this.unreachable.value) return;
      this.unreachable.value = false;
      if (this.notice.value?.text === messages.serverUnreachable) this.notice.value = null;
    });
    ua.on('disconnected', (event: { error?: boolean }) => {
      if (this.ua !== ua || !event?.error) return;
      failures += 1;
      if (failures >= UNREACHABLE_AFTER_FAILURES) report();
    });
  }

  private clearUnreachableTimer(): void {
    if (this.unreachableTimer) clearTimeout(this.unreachableTimer);
    this.unreachableTimer = null;
  }

  /** Ends any call and the user agent (page hide, leaving the screen). */
  stop(): void {
    this.startGeneration++;
    this.clearUnreachableTimer();
    this.unreachable.value = false;
    if (this.active) this.hangUp();
    const ua = this.ua;
    this.ua = null;
    this.loading.value = false;
    if (ua) {
      try {
        ua.stop();
      } catch {
        // Stopping a user agent whose socket never opened can throw; it is gone either way.
      }
    }
    if (this.registration.value) this.registration.value = 'reg.unregistered';
    if (!this.active && this.status.value.startsWith('reg.')) this.status.value = 'reg.unregistered';
  }

  dispose(): void {
    this.stop();
    this.disposePersistence();
  }

  async refreshBalance(): Promise<number | null> {
    if (!this.options.checkBalance) return null;
    try {
      const minutes = await this.options.checkBalance();
      this.balanceMinutes.value = minutes;
      return minutes;
    } catch {
      return null;
    }
  }

  /**
   * Places an outgoing call. Checks the balance first; the microphone is opened in parallel with
   * that check, because waiting for both in sequence was most of the click-to-INVITE time.
   */
  async call(rawNumber: string, details: { customerId?: string | null } = {}): Promise<boolean> {
    if (!this.enabled.value || !this.account) {
      this.notice.value = { kind: 'error', text: this.disabledReason.value || messages.disabledNoAccount };
      return false;
    }
    if (this.active) {
      this.notice.value = { kind: 'error', text: messages.alreadyInCall };
      return false;
    }
    const number = normalizeNumber(rawNumber ?? '');
    if (!number) {
      this.notice.value = { kind: 'error', text: messages.invalidNumber };
      return false;
    }
    if (!this.ua) {
      this.notice.value = { kind: 'error', text: messages.notReady };
      return false;
    }
    // A balance already known to be used up is confirmed before the microphone is even asked for.
    if (this.balanceMinutes.value !== null && this.balanceMinutes.value <= 0) {
      const fresh = await this.refreshBalance();
      if (fresh !== null && fresh <= 0) {
        this.notice.value = { kind: 'error', text: messages.balanceUsedUp };
        return false;
      }
    }
    this.notice.value = null;
    this.number.value = number;
    const call: ActiveCall = {
      callId: null,
      number,
      customerId: details.customerId ?? null,
      answeredAt: null,
      session: null,
      localStream: null,
      hungUpByUser: false,
      finished: false,
      ringTimer: null,
    };
    this.active = call;

    const microphone = this.options.getUserMedia({ audio: true, video: false }).then(
      (stream) => ({ stream }),
      (error: unknown) => ({ error }),
    );
    const [media, check] = await Promise.all([microphone, this.checkCall(call)]);
    const stream = 'stream' in media ? media.stream : null;
    if (this.active !== call || call.hungUpByUser) {
      stopStream(stream);
      return false;
    }
    if (check !== null && 'refused' in check) {
      stopStream(stream);
      this.active = null;
      this.notice.value = { kind: 'error', text: check.refused };
      return false;
    }
    const minutes = check?.minutes ?? null;
    if (minutes === null || minutes <= 0) {
      stopStream(stream);
      this.active = null;
      this.notice.value = { kind: 'error', text: minutes === null ? messages.balanceUnknown : messages.balanceUsedUp };
      return false;
    }
    if (!stream) {
      // What JsSIP itself reports for a denied or missing microphone; no INVITE goes out.
      this.active = null;
      this.status.value = 'outgoing.failed';
      this.notice.value = { kind: 'error', text: messageForCause('User Denied Media Access') };
      return false;
    }
    call.localStream = stream;
    const ua = this.ua;
    if (!ua) {
      stopStream(stream);
      this.active = null;
      return false;
    }
    this.status.value = 'outgoing.connecting';
    this.dialledCallId = null;
    try {
      call.session = ua.call(`sip:${number}@${this.account.realm}`, {
        mediaStream: stream,
        mediaConstraints: { audio: true, video: false },
        pcConfig: { iceServers: this.account.stun ? [{ urls: this.account.stun }] : [], rtcpMuxPolicy: 'require' },
        sessionTimersExpires: SESSION_TIMERS_EXPIRES,
        eventHandlers: this.sessionHandlers(call),
      });
    } catch {
      this.finishCall(call, 'outgoing.failed', 'failed', messages.callFailed);
      return false;
    }
    call.callId = this.dialledCallId;
    if (call.callId) this.options.onCallStarted?.({ callId: call.callId, number: call.number, customerId: call.customerId });
    return true;
  }

  /** The pre-dial check: the server's (customer in scope, minutes left) or just the balance. */
  private async checkCall(call: ActiveCall): Promise<CallCheck | null> {
    if (!this.options.checkCall) {
      if (!this.options.checkBalance) return { minutes: Number.POSITIVE_INFINITY };
      const minutes = await this.refreshBalance();
      return minutes === null ? null : { minutes };
    }
    try {
      const check = await this.options.checkCall({ number: call.number, customerId: call.customerId });
      if ('minutes' in check) this.balanceMinutes.value = check.minutes;
      return check;
    } catch {
      return null;
    }
  }

  /** Hang up: rejects/ends the call and clears the status (spec). */
  hangUp(): void {
    const call = this.active;
    if (!call) {
      if (!this.status.value.startsWith('reg.')) this.status.value = '';
      return;
    }
    call.hungUpByUser = true;
    if (call.session && !call.session.isEnded()) {
      try {
        call.session.terminate();
      } catch {
        // Already terminating (e.g. CANCEL racing a final answer): the session events finish it.
      }
    }
    if (call.finished) return;
    const seconds = call.answeredAt ? Math.floor((this.options.now() - call.answeredAt) / 1000) : 0;
    const notice: PhoneNotice | undefined = call.answeredAt ? { kind: 'info', text: messages.callEnded(formatSeconds(seconds)) } : undefined;
    this.finishCall(call, '', call.answeredAt ? 'answered' : 'canceled', undefined, notice);
  }

  private sessionHandlers(call: ActiveCall): Record<string, (event: any) => void> {
    const relevant = () => this.active === call && !call.finished && !call.hungUpByUser;
    return {
      peerconnection: (event: { peerconnection: RTCPeerConnection }) => {
        event.peerconnection.addEventListener('track', (trackEvent: RTCTrackEvent) => {
          if (relevant()) this.options.playRemoteAudio(trackEvent.streams[0] ?? new MediaStream([trackEvent.track]));
        });
      },
      icecandidate: (event: { candidate: RTCIceCandidate; ready: () => void }) => {
        // JsSIP sends the INVITE only when ICE gathering completes. Without STUN the host
        // candidates are all there is; with STUN an unreachable server would stall the call for
        // tens of seconds, so we take the first server-reflexive candidate or give up waiting.
        if (!this.account?.stun || event.candidate.type === 'srflx' || event.candidate.type === 'relay') {
          setTimeout(event.ready, 0);
        } else {
          setTimeout(event.ready, this.options.iceGatheringTimeoutMs);
        }
      },
      progress: () => {
        if (!relevant()) return;
        this.status.value = 'outgoing.progress';
        if (!call.ringTimer) {
          call.ringTimer = setTimeout(() => {
            if (!relevant() || call.answeredAt) return;
            // Finished first: terminate() reports a local "Canceled", which is not what happened.
            this.finishCall(call, 'outgoing.failed', 'no_answer', messages.noAnswer);
            call.session?.terminate();
          }, this.options.ringTimeoutSeconds * 1000);
        }
      },
      accepted: () => {
        if (!relevant()) return;
        call.answeredAt = this.options.now();
        if (call.callId) this.options.onCallAnswered?.(call.callId);
        if (call.ringTimer) clearTimeout(call.ringTimer);
        this.status.value = 'outgoing.accecpted';
        this.elapsedSeconds.value = 0;
        this.tick = setInterval(() => {
          if (call.answeredAt) this.elapsedSeconds.value = Math.floor((this.options.now() - call.answeredAt) / 1000);
        }, 250);
      },
      failed: (event: { cause?: string; originator?: string }) => {
        if (!relevant()) return;
        const cause = event?.cause;
        if (cause === 'Canceled' && event.originator === 'local') {
          this.finishCall(call, '', 'canceled');
        } else {
          this.finishCall(call, 'outgoing.failed', (cause && CAUSE_RESULTS[cause]) || 'failed', messageForCause(cause));
        }
      },
      ended: () => {
        if (!relevant()) return;
        const seconds = call.answeredAt ? Math.floor((this.options.now() - call.answeredAt) / 1000) : 0;
        this.finishCall(call, 'outgoing.ended', 'answered', undefined, { kind: 'info', text: messages.callEnded(formatSeconds(seconds)) });
      },
    };
  }

  private finishCall(call: ActiveCall, status: CallStatus | '', result: CallResult, errorText?: string, notice?: PhoneNotice): void {
    if (call.finished) return;
    call.finished = true;
    if (call.ringTimer) clearTimeout(call.ringTimer);
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    stopStream(call.localStream);
    this.options.playRemoteAudio(null);
    if (this.active === call) this.active = null;
    this.elapsedSeconds.value = 0;
    this.status.value = status;
    if (errorText) this.notice.value = { kind: 'error', text: errorText };
    else if (notice) this.notice.value = notice;
    if (call.session && call.callId) {
      this.options.onCallFinished?.({
        callId: call.callId,
        number: call.number,
        customerId: call.customerId,
        result: call.answeredAt ? 'answered' : result,
      });
    }
  }

  private setRegistration(registration: RegistrationStatus): void {
    this.registration.value = registration;
    if (!this.active) this.status.value = registration;
  }
}

function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The timer format of the spec, for messages built outside React. */
function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

function playThroughAudioElement(): (stream: MediaStream | null) => void {
  let audio: HTMLAudioElement | null = null;
  return (stream) => {
    if (typeof Audio === 'undefined') return;
    if (!stream) {
      if (audio) audio.srcObject = null;
      return;
    }
    audio ??= new Audio();
    audio.autoplay = true;
    audio.srcObject = stream;
    void audio.play().catch(() => {
      // Autoplay blocked without a gesture: the call itself started from a click, so this is rare.
    });
  };
}
