/**
 * The SMPP 3.4 adapter (the `smpp` package): one bind_transceiver session to the SMSC.
 *
 * - Chinese needs UCS-2: data_coding 8, 70 characters in one message. Longer texts are split into
 *   parts of 67 with a concatenation UDH (esm_class 0x40, `05 00 03 ref total seq`). Chosen over
 *   message_payload because every SMSC and the carriers behind it take UDH parts, while
 *   message_payload is optional in 3.4 and many Chinese gateways refuse it; each part also gets its
 *   own message id and receipt, which is how carriers bill (contracts/sms.ts countSms).
 * - Windowed: at most `window` submit_sm in flight; more wait for a response.
 * - deliver_sm: esm_class 0x04 is a delivery receipt (`id:… stat:DELIVRD err:000`), anything else
 *   a customer's reply (MO); both become events and are acknowledged at once.
 * - enquire_link every `enquireSeconds`; a lost connection is re-established with backoff (1 s
 *   doubling to 30 s); submits waiting for a bind fail as SmsNotSent after `bindTimeoutMs`.
 * - A submit written to a connection that then drops is "maybe sent": it rejects with a plain Error
 *   and the campaign decides (at-most-once, server/src/sms/campaign.ts).
 */
import smpp, { type Pdu, type Session } from 'smpp';
import { SmsNotSent, SmsRejected, type SmsEvent, type SmsMessage, type SmsProvider } from './sms';
import { SMS_PART_LENGTH, SMS_SINGLE_LENGTH } from '../../../contracts/sms';

export interface SmppSettings {
  /** smpp://host:2775 or ssmpp://host:3550 (TLS). */
  url: string;
  systemId: string;
  password: string;
  systemType: string;
  /** The sender number (接入号 / 扩展码) the carrier assigned; '' lets the SMSC choose. */
  sourceAddr: string;
  /** submit_sm in flight at once. */
  window: number;
  enquireSeconds: number;
  /** Whether the carrier reviews templates first (SMPP_TEMPLATE_APPROVAL=1). */
  requiresApproval: boolean;
  bindTimeoutMs: number;
  /** `npm start`'s own SMSC on loopback (SMPP_LOCAL_SMSC=1, scripts/start.mjs): it delivers to no phone. */
  localPeer?: boolean;
}

/** SMPP_* environment variables (README "连接真实短信中心"); null when SMPP_URL is not set. */
export function smppSettingsFrom(env: NodeJS.ProcessEnv): SmppSettings | null {
  if (!env.SMPP_URL) return null;
  const number = (value: string | undefined, fallback: number) => (value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
  return {
    url: env.SMPP_URL,
    systemId: env.SMPP_SYSTEM_ID ?? '',
    password: env.SMPP_PASSWORD ?? '',
    systemType: env.SMPP_SYSTEM_TYPE ?? '',
    sourceAddr: env.SMPP_SOURCE_ADDR ?? '',
    window: number(env.SMPP_WINDOW, 50),
    enquireSeconds: number(env.SMPP_ENQUIRE_SECONDS, 30),
    requiresApproval: ['1', 'true', 'yes'].includes((env.SMPP_TEMPLATE_APPROVAL ?? '').toLowerCase()),
    bindTimeoutMs: number(env.SMPP_BIND_TIMEOUT_MS, 30_000),
    localPeer: env.SMPP_LOCAL_SMSC === '1',
  };
}

/** UCS-2 big-endian, as data_coding 8 carries it. */
export function ucs2(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/** Parts of at most 67 code units (70 when it fits in one), never splitting a surrogate pair. */
export function splitParts(text: string): string[] {
  if (text.length <= SMS_SINGLE_LENGTH) return [text];
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + SMS_PART_LENGTH, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/** `id:123 sub:001 dlvr:001 submit date:… done date:… stat:DELIVRD err:000 text:…` → its fields. */
export function parseReceipt(text: string): { id: string; stat: string; err: string } | null {
  const id = /\bid:(\S+)/i.exec(text)?.[1];
  const stat = /\bstat:(\w+)/i.exec(text)?.[1];
  if (!id || !stat) return null;
  return { id, stat: stat.toUpperCase(), err: /\berr:(\w+)/i.exec(text)?.[1] ?? '' };
}

const STATUS_REASONS: Record<number, string> = {
  0x0b: '号码格式不正确',
  0x45: '短信中心拒绝发送',
  0x58: '发送过快，短信中心限流',
  0x14: '短信中心队列已满',
};

function messageText(pdu: Pdu): string {
  const value = pdu.short_message as { message?: unknown } | Buffer | string | undefined;
  const payload = pdu.message_payload as { message?: unknown } | undefined;
  const pick = (item: unknown): string => (typeof item === 'string' ? item : Buffer.isBuffer(item) ? item.toString('latin1') : '');
  const from = (item: unknown) => (item && typeof item === 'object' && !Buffer.isBuffer(item) ? pick((item as { message?: unknown }).message) : pick(item));
  return from(value) || from(payload);
}

export function smppSms(settings: SmppSettings, log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void }): SmsProvider {
  const listeners: ((event: SmsEvent) => void)[] = [];
  const emit = (event: SmsEvent) => listeners.forEach((listener) => listener(event));
  let session: Session | undefined;
  let bound = false;
  let everBound = false;
  let closed = false;
  let backoff = 1000;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** Waiting for a bind. */
  let bindWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Responses outstanding on the current session: rejected if it drops. */
  const outstanding = new Set<(error: Error) => void>();
  let inFlight = 0;
  const slotWaiters: (() => void)[] = [];
  let reference = Math.floor(Math.random() * 256);

  function settleBind(error?: Error) {
    const waiters = bindWaiters;
    bindWaiters = [];
    for (const waiter of waiters) (error ? waiter.reject(error) : waiter.resolve());
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, backoff);
    reconnectTimer.unref();
    backoff = Math.min(backoff * 2, 30_000);
  }

  function open() {
    if (closed || session) return;
    const current = smpp.connect({ url: settings.url, auto_enquire_link_period: settings.enquireSeconds * 1000 });
    // Each PDU goes out at once. With Nagle's algorithm a small submit_sm waited for the ACK of the
    // previous one (delayed ~40 ms by the SMSC's side) whenever the window was not full, e.g. at the
    // end of every batch: ~85 ms per batch of a campaign.
    current.socket.setNoDelay(true);
    session = current;
    const lost = (why: string) => {
      if (session !== current) return;
      session = undefined;
      bound = false;
      for (const reject of outstanding) reject(new Error(`短信中心连接中断（${why}），未确认是否送出`));
      outstanding.clear();
      // A first attempt that finds no SMSC yet (a local one starting beside us) is said quietly; a
      // second one, or a bind lost, is a warning.
      if (!closed) {
        if (everBound || backoff > 1000) log.warn({ why }, 'SMSC connection lost; reconnecting');
        else log.info({ why }, 'SMSC not reachable yet; retrying');
      }
      scheduleReconnect();
    };
    current.on('connect', () => {
      current.bind_transceiver({ system_id: settings.systemId, password: settings.password, system_type: settings.systemType, interface_version: 0x34 }, (pdu) => {
        if (pdu.command_status !== 0) {
          log.warn({ status: pdu.command_status }, 'SMSC refused the bind');
          settleBind(new SmsNotSent('短信中心登录失败，请检查 SMPP 账号与密码'));
          current.destroy();
          return;
        }
        bound = true;
        everBound = true;
        backoff = 1000;
        log.info({ url: settings.url }, 'SMSC bound (transceiver)');
        settleBind();
      });
    });
    current.on('deliver_sm', (pdu: Pdu) => {
      current.send(pdu.response());
      const text = messageText(pdu);
      const esm = Number(pdu.esm_class ?? 0);
      if ((esm & 0x3c) === 0x04) {
        const receipt = parseReceipt(text);
        const id = (pdu.receipted_message_id as string | undefined) || receipt?.id;
        if (id && receipt) emit({ kind: 'receipt', messageId: id, stat: receipt.stat, err: receipt.err });
        return;
      }
      emit({ kind: 'reply', phone: String(pdu.source_addr ?? ''), text });
    });
    current.on('enquire_link', (pdu: Pdu) => current.send(pdu.response()));
    current.on('unbind', (pdu: Pdu) => {
      current.send(pdu.response());
      current.close();
    });
    current.on('error', (error: Error) => lost(error.message));
    current.on('close', () => lost('closed'));
  }

  function whenBound(): Promise<void> {
    if (closed) return Promise.reject(new SmsNotSent('短信通道已关闭'));
    if (bound) return Promise.resolve();
    open();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        bindWaiters = bindWaiters.filter((waiter) => waiter.resolve !== done);
        reject(new SmsNotSent('无法连接短信中心，请稍后重试'));
      }, settings.bindTimeoutMs);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      bindWaiters.push({ resolve: done, reject: (error) => (clearTimeout(timer), reject(error)) });
    });
  }

  async function slot(): Promise<void> {
    if (inFlight < settings.window) {
      inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => slotWaiters.push(resolve));
  }
  function release() {
    const next = slotWaiters.shift();
    if (next) next();
    else inFlight -= 1;
  }

  /** One submit_sm; throttling answers are retried after a pause. */
  async function submitPart(phone: string, message: Buffer | { udh: Buffer; message: Buffer }): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      await whenBound();
      await slot();
      let pdu: Pdu;
      try {
        pdu = await new Promise<Pdu>((resolve, reject) => {
          const current = session;
          if (!current || !bound) return reject(new SmsNotSent('短信中心未连接'));
          outstanding.add(reject);
          const written = current.submit_sm(
            { source_addr: settings.sourceAddr, destination_addr: phone, data_coding: 8, registered_delivery: 1, short_message: message },
            (response) => {
              outstanding.delete(reject);
              resolve(response);
            },
          );
          if (!written) {
            outstanding.delete(reject);
            bound = false;
            reject(new SmsNotSent('短信中心未连接'));
          }
        });
      } catch (error) {
        // Nothing was written (the connection was going down): wait for the next bind and try again.
        if (error instanceof SmsNotSent && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
          continue;
        }
        throw error;
      } finally {
        release();
      }
      if (pdu.command_status === 0) return String(pdu.message_id ?? '');
      if (pdu.command_status === 0x58 && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
        continue;
      }
      throw new SmsRejected(STATUS_REASONS[pdu.command_status] ?? `短信中心拒绝发送（错误码 0x${pdu.command_status.toString(16)}）`);
    }
  }

  async function submit({ phone, text }: { phone: string; text: string }): Promise<string[]> {
    const parts = splitParts(text);
    if (parts.length === 1) return [await submitPart(phone, ucs2(text))];
    reference = (reference + 1) % 256;
    const ref = reference;
    return Promise.all(parts.map((part, index) => submitPart(phone, { udh: Buffer.from([0x05, 0x00, 0x03, ref, parts.length, index + 1]), message: ucs2(part) })));
  }

  return {
    name: 'smpp',
    requiresApproval: settings.requiresApproval,
    window: settings.window,
    async send(message: SmsMessage) {
      await submit({ phone: message.phone, text: message.content });
    },
    submit,
    onEvent(listener) {
      listeners.push(listener);
      // Receipts of earlier runs arrive once bound: bind as soon as somebody listens.
      open();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      settleBind(new SmsNotSent('短信通道已关闭'));
      const current = session;
      if (!current) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          current.destroy();
          resolve();
        }, 1000);
        if (!bound) {
          clearTimeout(timer);
          current.destroy(() => resolve());
          return;
        }
        current.unbind(() => {
          clearTimeout(timer);
          current.destroy(() => resolve());
        });
      });
      session = undefined;
      bound = false;
    },
  };
}
