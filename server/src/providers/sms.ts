/**
 * Text messages leave through this interface. Two adapters:
 *
 * - development outbox: keeps every message in the sms_outbox table and prints it to the log, so a
 *   developer can log in by phone without a gateway; campaign texts are "delivered" at once.
 * - SMPP 3.4 (providers/smpp.ts): a bound transceiver to an SMSC, configured by SMPP_* environment
 *   variables (smppSettingsFrom). `npm start` in development runs a local SMSC peer on loopback
 *   (tests/support/smsc-peer.ts) and points the server at it; production needs a real one.
 *
 * `send` is one transactional text (login codes); `submit` is a campaign text that answers the
 * SMSC's message ids (one per part), whose delivery receipts and the customers' replies (MO) come
 * back as events.
 */
import { writeOutbox } from '../repositories/login';
import { ApiError, Code } from '../http/envelope';
import type { Database } from '../db/database';

export interface SmsMessage {
  phone: string;
  content: string;
  /** What the text is for ('login-code', 'marketing', …): gateways route by it, the outbox keeps it. */
  purpose: string;
}

/** A delivery receipt of one part, or a customer's reply. */
export type SmsEvent = { kind: 'receipt'; messageId: string; stat: string; err: string } | { kind: 'reply'; phone: string; text: string };

/** The SMSC refused the text (a permanent answer): the recipient fails with this Chinese reason. */
export class SmsRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SmsRejected';
  }
}

/**
 * The text certainly did not leave (no connection, nothing written): safe to try again later.
 * Anything else thrown by submit (a connection lost after writing) is "maybe sent".
 */
export class SmsNotSent extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SmsNotSent';
  }
}

export interface SmsProvider {
  readonly name: string;
  /** Whether the carrier reviews templates before they may be used (SMPP_TEMPLATE_APPROVAL). */
  readonly requiresApproval: boolean;
  /** Submits in flight at once: a campaign claims about ten windows per batch. */
  readonly window: number;
  send(message: SmsMessage): Promise<void>;
  /** Submits one campaign text (split into parts as needed); answers the message id of each part. */
  submit(message: { phone: string; text: string }): Promise<string[]>;
  /** Receipts and replies; listeners are called in arrival order. */
  onEvent(listener: (event: SmsEvent) => void): void;
  close(): Promise<void>;
}

function listeners() {
  const all: ((event: SmsEvent) => void)[] = [];
  return {
    add: (listener: (event: SmsEvent) => void) => void all.push(listener),
    emit: (event: SmsEvent) => {
      for (const listener of all) listener(event);
    },
  };
}

const UNCONFIGURED = '短信通道尚未配置，请联系管理员设置短信中心（SMPP）';

/** Production without a gateway: texts are refused with a reason staff can act on, nothing is kept. */
export function unconfiguredSms(): SmsProvider {
  return {
    name: 'unconfigured',
    requiresApproval: false,
    window: 1,
    async send() {
      throw new ApiError(Code.unavailable, '短信通道尚未配置，请使用账号密码登录或联系管理员');
    },
    async submit() {
      throw new SmsNotSent(UNCONFIGURED);
    },
    onEvent() {},
    async close() {},
  };
}

export function developmentSms(db: Database, log: (line: string) => void): SmsProvider {
  const events = listeners();
  let next = 0;
  return {
    name: 'development-outbox',
    requiresApproval: false,
    window: 50,
    async send(message) {
      await writeOutbox(db, message.phone, message.content, message.purpose);
      log(`[短信 SMS → ${message.phone}] ${message.content}`);
    },
    async submit({ phone, text }) {
      const id = `dev-${process.pid}-${(next += 1)}`;
      // Delivered at once, after the caller has had the id (a receipt never precedes its submit's answer).
      setImmediate(() => events.emit({ kind: 'receipt', messageId: id, stat: 'DELIVRD', err: '000' }));
      void phone;
      void text;
      return [id];
    },
    onEvent: events.add,
    async close() {},
  };
}

/**
 * Development with a local SMSC: campaign texts go over SMPP, login codes also land in the outbox
 * and the log (the demo's phone login reads them there).
 */
export function withDevelopmentOutbox(provider: SmsProvider, outbox: SmsProvider, name = provider.name): SmsProvider {
  return {
    name,
    requiresApproval: provider.requiresApproval,
    window: provider.window,
    async send(message) {
      await outbox.send(message);
      await provider.send(message).catch(() => undefined);
    },
    submit: (message) => provider.submit(message),
    onEvent: (listener) => provider.onEvent(listener),
    close: () => provider.close(),
  };
}

export { smppSms, smppSettingsFrom, type SmppSettings } from './smpp';
