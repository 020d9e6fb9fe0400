/**
 * What the bar shows of the phone: its signals, without the controller that drives them (phone.ts).
 * The bar renders from these at once; the controller, and JsSIP behind it, load when the line
 * starts (line.ts), which keeps them out of the JS the bar needs for its first render.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';

/** The spec's call statuses, in the spec's order ("accecpted" is the public spelling). */
export const CALL_STATUSES = [
  'reg.registered',
  'reg.unregistered',
  'reg.failed',
  'outgoing.connecting',
  'outgoing.progress',
  'outgoing.accecpted',
  'outgoing.failed',
  'outgoing.ended',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export type RegistrationStatus = Extract<CallStatus, `reg.${string}`>;

/** Statuses during which the call bar is shown (spec: connecting, ringing, connected). */
export const LIVE_CALL_STATUSES: readonly CallStatus[] = ['outgoing.connecting', 'outgoing.progress', 'outgoing.accecpted'];

export interface PhoneNotice {
  kind: 'error' | 'info';
  text: string;
}

export class PhoneState {
  /** The spec's status; '' once the user hung up (spec: hang-up clears the status). */
  readonly status: Signal<CallStatus | ''>;
  readonly registration: Signal<RegistrationStatus | ''>;
  readonly enabled: Signal<boolean>;
  /** Why the phone is disabled, shown in the bar; '' while enabled or still loading. */
  readonly disabledReason: Signal<string>;
  readonly loading: Signal<boolean>;
  /** The SIP server cannot be reached (JsSIP keeps retrying): said in the bar until it connects. */
  readonly unreachable: Signal<boolean>;
  readonly notice: Signal<PhoneNotice | null>;
  /** Seconds since the callee answered; 0 outside a connected call. */
  readonly elapsedSeconds: Signal<number>;
  readonly number: Signal<string>;
  readonly balanceMinutes: Signal<number | null>;
  /** The line is npm start's demo line (its callee answers every number): the bar says 演示. */
  readonly demo: Signal<boolean>;
  readonly callVisible: ReadonlySignal<boolean>;

  /** `shared`: take over another state's signals (the controller taking over the bar's). */
  constructor(shared?: PhoneState) {
    this.status = shared?.status ?? signal<CallStatus | ''>('');
    this.registration = shared?.registration ?? signal<RegistrationStatus | ''>('');
    this.enabled = shared?.enabled ?? signal(false);
    this.disabledReason = shared?.disabledReason ?? signal('');
    this.loading = shared?.loading ?? signal(false);
    this.unreachable = shared?.unreachable ?? signal(false);
    this.notice = shared?.notice ?? signal<PhoneNotice | null>(null);
    this.elapsedSeconds = shared?.elapsedSeconds ?? signal(0);
    this.number = shared?.number ?? signal('');
    this.balanceMinutes = shared?.balanceMinutes ?? signal<number | null>(null);
    this.demo = shared?.demo ?? signal(false);
    const status = this.status;
    this.callVisible = shared?.callVisible ?? computed(() => (LIVE_CALL_STATUSES as readonly string[]).includes(status.value));
  }

  dismissNotice(): void {
    this.notice.value = null;
  }
}

/** What the bar uses: the signals and the user's two actions. */
export interface PhoneView extends PhoneState {
  call(number: string, details?: { customerId?: string | null }): Promise<boolean>;
  hangUp(): void;
}
