// The controller against a stand-in for JsSIP (a third-party library); the real JsSIP against a
// real Kamailio is covered by tests/e2e/phone-*.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from './messages';
import {
  CALL_STATUSES,
  PHONE_STORAGE_KEY,
  PhoneController,
  SESSION_TIMERS_EXPIRES,
  normalizeNumber,
  type CallRecord,
  type JsSIPLike,
  type PhoneOptions,
} from './phone';

type Listener = (event?: any) => void;

class FakeSession {
  ended = false;
  terminated = 0;
  constructor(readonly target: string, readonly options: Record<string, any>) {}
  emit(event: string, payload?: unknown) {
    (this.options.eventHandlers as Record<string, Listener>)[event]?.(payload);
  }
  on() {}
  terminate() {
    this.terminated++;
    if (this.ended) return;
    this.ended = true;
    this.emit('failed', { originator: 'local', cause: 'Canceled' });
  }
  isEnded() {
    return this.ended;
  }
}

class FakeUA {
  static last: FakeUA;
  listeners = new Map<string, Listener>();
  sessions: FakeSession[] = [];
  started = false;
  stopped = false;
  constructor(readonly configuration: Record<string, any>) {
    FakeUA.last = this;
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
  }
  emit(event: string, payload?: unknown) {
    this.listeners.get(event)?.(payload);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
  isRegistered() {
    return true;
  }
  call(target: string, options: Record<string, any>) {
    const session = new FakeSession(target, options);
    this.sessions.push(session);
    // Like JsSIP: the INVITE (and its Call-ID) exists before call() returns.
    this.emit('newRTCSession', { originator: 'local', session, request: { call_id: `call-${this.sessions.length}` } });
    return session;
  }
}

const fakeJsSIP: JsSIPLike = {
  UA: FakeUA as unknown as JsSIPLike['UA'],
  WebSocketInterface: class {
    constructor(readonly url: string) {}
  } as unknown as JsSIPLike['WebSocketInterface'],
};

const account = { user: '8001', ha1: 'a'.repeat(32), realm: 'garage.test' };

function memoryStorage() {
  const entries = new Map<string, string>();
  return { getItem: (key: string) => entries.get(key) ?? null, setItem: (key: string, value: string) => void entries.set(key, value), entries };
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

describe('PhoneController', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let records: CallRecord[];
  let balance: number;
  let microphone: ReturnType<typeof fakeStream>;
  let phone: PhoneController;

  const build = (overrides: PhoneOptions = {}) =>
    new PhoneController({
      loadJsSIP: async () => fakeJsSIP,
      storage,
      checkBalance: async () => balance,
      onCallFinished: (record) => records.push(record),
      getUserMedia: async () => microphone.stream,
      playRemoteAudio: () => {},
      ...overrides,
    });
  const persisted = () => JSON.parse(storage.entries.get(PHONE_STORAGE_KEY) ?? 'null');
  const session = () => FakeUA.last.sessions.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
    storage = memoryStorage();
    records = [];
    balance = 120;
    microphone = fakeStream();
    phone = build();
  });
  afterEach(() => {
    phone.dispose();
    vi.useRealTimers();
  });

  it('keeps the spec statuses in the spec order', () => {
    expect(CALL_STATUSES).toEqual([
      'reg.registered',
      'reg.unregistered',
      'reg.failed',
      'outgoing.connecting',
      'outgoing.progress',
      'outgoing.accecpted',
      'outgoing.failed',
      'outgoing.ended',
    ]);
  });

  it('is disabled with the reason when the SIP account is empty', async () => {
    await phone.start({ user: '', ha1: '', realm: '' });
    expect(phone.enabled.value).toBe(false);
    expect(phone.disabledReason.value).toBe(messages.disabledNoAccount);
    expect(persisted()).toEqual({ enabled: false, status: '' });
    expect(await phone.call('13800138000')).toBe(false);
    expect(phone.notice.value?.text).toBe(messages.disabledNoAccount);
  });

  it('registers with HA1 and realm, never a password, on the URL derived from the realm', async () => {
    await phone.start(account);
    const configuration = FakeUA.last.configuration;
    expect(configuration).toMatchObject({ uri: 'sip:8001@garage.test', ha1: account.ha1, realm: 'garage.test', authorization_user: '8001' });
    expect(configuration).not.toHaveProperty('password');
    expect((configuration.sockets[0] as { url: string }).url).toBe('wss://garage.test/webrtc');
    FakeUA.last.emit('registered');
    expect(phone.status.value).toBe('reg.registered');
    expect(persisted()).toEqual({ enabled: true, status: 'reg.registered' });
  });

  it('says the SIP server is unreachable at the second failed connection, and withdraws it once connected', async () => {
    await phone.start(account);
    FakeUA.last.emit('disconnected', { error: true });
    expect(phone.unreachable.value).toBe(false);
    FakeUA.last.emit('disconnected', { error: true });
    expect(phone.unreachable.value).toBe(true);
    expect(phone.notice.value).toEqual({ kind: 'error', text: messages.serverUnreachable });
    FakeUA.last.emit('connected', {});
    expect(phone.unreachable.value).toBe(false);
    expect(phone.notice.value).toBeNull();
  });

  it('says so within 10 s when the connection neither opens nor fails (a dropped port)', async () => {
    await phone.start(account);
    vi.advanceTimersByTime(7_000);
    expect(phone.unreachable.value).toBe(false);
    vi.advanceTimersByTime(1_500);
    expect(phone.unreachable.value).toBe(true);
    expect(FakeUA.last.configuration).toMatchObject({ connection_recovery_min_interval: 2, connection_recovery_max_interval: 30 });
  });

  it('walks connecting → ringing → connected with a running timer, then ended resets it', async () => {
    await phone.start(account);
    FakeUA.last.emit('registered');
    expect(await phone.call('138 0013 8000', { customerId: 'c-1' })).toBe(true);
    expect(phone.status.value).toBe('outgoing.connecting');
    expect(phone.callVisible.value).toBe(true);
    expect(session().target).toBe('sip:13800138000@garage.test');
    expect(session().options.sessionTimersExpires).toBe(SESSION_TIMERS_EXPIRES);
    expect(session().options.pcConfig.iceServers).toEqual([]);

    session().emit('progress');
    expect(phone.status.value).toBe('outgoing.progress');
    session().emit('accepted');
    expect(phone.status.value).toBe('outgoing.accecpted');
    await vi.advanceTimersByTimeAsync(65_000);
    expect(phone.elapsedSeconds.value).toBe(65);

    session().emit('ended', { originator: 'remote', cause: 'Terminated' });
    expect(phone.status.value).toBe('outgoing.ended');
    expect(phone.callVisible.value).toBe(false);
    expect(phone.elapsedSeconds.value).toBe(0);
    expect(phone.notice.value?.text).toBe(messages.callEnded('01:05'));
    expect(microphone.track.stop).toHaveBeenCalled();
    // The report names the call and how it ended; its length is for the server to measure.
    expect(records).toEqual([{ callId: 'call-1', number: '13800138000', customerId: 'c-1', result: 'answered' }]);
  });

  it('reports the Call-ID when dialling and on answer, and asks the server before dialling', async () => {
    const started: unknown[] = [];
    const answered: string[] = [];
    const checked: unknown[] = [];
    phone.dispose();
    phone = build({
      checkCall: async (call) => {
        checked.push(call);
        return { minutes: 7 };
      },
      onCallStarted: (call) => started.push(call),
      onCallAnswered: (callId) => answered.push(callId),
    });
    await phone.start(account);
    expect(await phone.call('13800138000', { customerId: '42' })).toBe(true);
    expect(checked).toEqual([{ number: '13800138000', customerId: '42' }]);
    expect(phone.balanceMinutes.value).toBe(7);
    expect(started).toEqual([{ callId: 'call-1', number: '13800138000', customerId: '42' }]);
    session().emit('accepted');
    expect(answered).toEqual(['call-1']);
  });

  it('a customer the server refuses is not dialled and its message is shown', async () => {
    phone.dispose();
    phone = build({ checkCall: async () => ({ refused: '该客户不在您的门店范围内，不能拨打或记录通话' }) });
    await phone.start(account);
    expect(await phone.call('13800138000', { customerId: '999' })).toBe(false);
    expect(FakeUA.last.sessions).toEqual([]);
    expect(phone.notice.value).toEqual({ kind: 'error', text: '该客户不在您的门店范围内，不能拨打或记录通话' });
    expect(microphone.track.stop).toHaveBeenCalled();
  });

  it('hang-up terminates the call and clears the status', async () => {
    await phone.start(account);
    await phone.call('13800138000');
    session().emit('progress');
    phone.hangUp();
    expect(session().terminated).toBe(1);
    expect(phone.status.value).toBe('');
    expect(persisted().status).toBe('');
    expect(records[0].result).toBe('canceled');
  });

  it.each([
    ['Busy', messages.busy, 'busy'],
    ['Rejected', messages.rejected, 'rejected'],
    ['Unavailable', messages.unavailable, 'unavailable'],
    ['Not Found', messages.notFound, 'not_found'],
  ])('a call failing with cause %s shows its own message', async (cause, text, result) => {
    await phone.start(account);
    await phone.call('13800138000');
    session().emit('failed', { originator: 'remote', cause });
    expect(phone.status.value).toBe('outgoing.failed');
    expect(phone.notice.value).toEqual({ kind: 'error', text });
    expect(records[0].result).toBe(result);
  });

  it('a denied microphone shows the no-microphone message and sends no INVITE', async () => {
    phone.dispose();
    phone = build({ getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    await phone.start(account);
    expect(await phone.call('13800138000')).toBe(false);
    expect(FakeUA.last.sessions).toHaveLength(0);
    expect(phone.status.value).toBe('outgoing.failed');
    expect(phone.notice.value?.text).toBe(messages.noMicrophone);
  });

  it('refuses to dial when the balance is used up, and releases the microphone', async () => {
    balance = 0;
    await phone.start(account);
    expect(await phone.call('13800138000')).toBe(false);
    expect(FakeUA.last.sessions).toHaveLength(0);
    expect(phone.notice.value?.text).toBe(messages.balanceUsedUp);
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(phone.callVisible.value).toBe(false);
  });

  it('gives up ringing after the ring timeout as no answer', async () => {
    await phone.start(account);
    await phone.call('13800138000');
    session().emit('progress');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session().terminated).toBe(1);
    expect(phone.status.value).toBe('outgoing.failed');
    expect(phone.notice.value?.text).toBe(messages.noAnswer);
  });

  it('reports a lost registration and clears the message once registered again', async () => {
    await phone.start(account);
    FakeUA.last.emit('registered');
    FakeUA.last.emit('unregistered', {});
    expect(phone.status.value).toBe('reg.unregistered');
    expect(phone.notice.value?.text).toBe(messages.registrationLost);
    FakeUA.last.emit('registered');
    expect(phone.notice.value).toBeNull();
  });

  it('stop() (page hide) ends the call and stops the user agent', async () => {
    await phone.start(account);
    await phone.call('13800138000');
    session().emit('accepted');
    const ua = FakeUA.last;
    phone.stop();
    expect(session().terminated).toBe(1);
    expect(ua.stopped).toBe(true);
    expect(phone.callVisible.value).toBe(false);
  });

  it('uses the configured STUN server and stops waiting for ICE after the first reflexive candidate', async () => {
    await phone.start({ ...account, stun: 'stun:stun.example.test:3478' });
    await phone.call('13800138000');
    expect(session().options.pcConfig.iceServers).toEqual([{ urls: 'stun:stun.example.test:3478' }]);
    const ready = vi.fn();
    session().emit('icecandidate', { candidate: { type: 'host' }, ready });
    await vi.advanceTimersByTimeAsync(10);
    expect(ready).not.toHaveBeenCalled();
    session().emit('icecandidate', { candidate: { type: 'srflx' }, ready });
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toHaveBeenCalled();
  });

  it('normalizes dialable numbers', () => {
    expect(normalizeNumber(' 138-0013-8000 ')).toBe('13800138000');
    expect(normalizeNumber('+86 10 1234 5678')).toBe('+861012345678');
    expect(normalizeNumber('abc')).toBeNull();
  });
});
