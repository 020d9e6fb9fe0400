/**
 * A local SMSC on loopback (the `smpp` package's server side), for tests, the bench and `npm start`
 * in development:
 *
 *   const smsc = await startSmscPeer({ fail: (phone) => phone.endsWith('44') });
 *   // server: SMPP_URL=smsc.url SMPP_SYSTEM_ID=garage SMPP_PASSWORD=dev
 *   smsc.messages            // what phones received (parts reassembled)
 *   await smsc.sendReply('13900000001', 'T');   // a customer's reply (MO)
 *
 * Accepts bind_transceiver with the given credentials, answers every submit_sm with a message id,
 * sends a delivery receipt per part (DELIVRD, or UNDELIV for numbers `fail` picks), answers
 * enquire_link, and can send MO replies. `node --import tsx tests/support/smsc-peer.ts` runs it on
 * its own (SMSC_PORT, default any free port) and prints `SMSC listening on smpp://127.0.0.1:PORT`.
 */
import smpp, { type Pdu, type Session } from 'smpp';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { smppSms, type SmppSettings } from '../../server/src/providers/smpp';
import type { SmsProvider } from '../../server/src/providers/sms';

export interface SmscPeerOptions {
  port?: number;
  systemId?: string;
  password?: string;
  /** A receipt stat other than DELIVRD for this phone (e.g. 'UNDELIV'), or null to deliver. */
  fail?: (phone: string) => string | null;
  /** Refuse the submit itself (submit_sm_resp with this status) for this phone, or 0 to accept. */
  reject?: (phone: string) => number;
  /** Milliseconds before a submit is answered (a slow SMSC; default 0). */
  submitDelayMs?: number;
  /** A submit to this phone is answered only when the promise settles (a text held up at the SMSC), or null to answer as usual. */
  hold?: (phone: string) => Promise<void> | null;
  /** Milliseconds before a receipt is sent (default 20). */
  receiptDelayMs?: number;
  /** This phone's receipts are sent only when the promise settles (a carrier that reports late), or null to send as usual. */
  holdReceipt?: (phone: string) => Promise<void> | null;
  /** Keep the texts received (the bench turns it off for 100,000 messages). */
  keepMessages?: boolean;
  /** Every `every`-th text received, its number replies `text` (the demo's opt-outs); off by default. */
  autoReply?: { every: number; text: string };
}

export interface ReceivedText {
  phone: string;
  text: string;
  messageIds: string[];
}

export interface SmscPeer {
  url: string;
  port: number;
  /** Texts received, parts reassembled (in order of their last part). */
  messages: ReceivedText[];
  /** submit_sm answered (parts). */
  submits: number;
  binds: number;
  sendReply(phone: string, text: string): Promise<void>;
  /** Drops every connection (the client must reconnect). */
  dropConnections(): void;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
const smppDate = (date: Date) => `${pad(date.getUTCFullYear() % 100)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}`;

/** UCS-2 (big-endian) → text. */
const fromUcs2 = (bytes: Buffer) => Buffer.from(bytes).swap16().toString('utf16le');

/** A mobile whose last two digits are a multiple of 20 fails (about 5 %): the demo's undelivered texts. */
/** The provider of a test server bound to this peer (the peer's account; window and the rest as given). */
export function peerSms(peer: SmscPeer, settings: Partial<SmppSettings> = {}): SmsProvider {
  const settled: SmppSettings = { url: peer.url, systemId: 'garage', password: 'dev', systemType: '', sourceAddr: '1069', window: 20, enquireSeconds: 30, requiresApproval: false, bindTimeoutMs: 10_000, ...settings };
  return smppSms(settled, { warn: () => undefined, info: () => undefined });
}

export const demoFailure = (phone: string): string | null => (Number(phone.slice(-2)) % 20 === 0 ? 'UNDELIV' : null);

export async function startSmscPeer(options: SmscPeerOptions = {}): Promise<SmscPeer> {
  const systemId = options.systemId ?? 'garage';
  const password = options.password ?? 'dev';
  const receiptDelay = options.receiptDelayMs ?? 20;
  const keep = options.keepMessages ?? true;
  const bound = new Set<Session>();
  const messages: ReceivedText[] = [];
  const partial = new Map<string, { parts: string[]; ids: string[]; got: number }>();
  let received = 0;
  /** Replies go back over the bind that last texted the number (two servers may be bound in tests). */
  const lastSession = new Map<string, Session>();
  let nextId = 0;
  let submits = 0;
  let binds = 0;

  const receipt = (session: Session, phone: string, messageId: string) => {
    const stat = options.fail?.(phone) ?? 'DELIVRD';
    const now = new Date();
    const text = `id:${messageId} sub:001 dlvr:${stat === 'DELIVRD' ? '001' : '000'} submit date:${smppDate(now)} done date:${smppDate(now)} stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`;
    const send = () =>
      setTimeout(() => {
        if (!session.socket.destroyed) session.deliver_sm({ source_addr: phone, destination_addr: '', esm_class: 0x04, short_message: text, receipted_message_id: messageId });
      }, receiptDelay).unref();
    const held = options.holdReceipt?.(phone);
    if (held) void held.finally(send);
    else send();
  };

  const server = smpp.createServer({}, (session: Session) => {
    // Answers go out at once, as an SMSC's do (Nagle's algorithm would hold each small PDU ~40 ms).
    session.socket.setNoDelay(true);
    session.on('error', () => undefined);
    session.on('close', () => bound.delete(session));
    session.on('bind_transceiver', (pdu: Pdu) => {
      if (pdu.system_id !== systemId || pdu.password !== password) {
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      binds += 1;
      bound.add(session);
      session.send(pdu.response({ system_id: 'local-smsc' }));
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      if (!bound.has(session)) {
        session.send(pdu.response({ command_status: 0x04 })); // ESME_RINVBNDSTS
        return;
      }
      const phone = String(pdu.destination_addr ?? '');
      const refused = options.reject?.(phone) ?? 0;
      if (refused) {
        session.send(pdu.response({ command_status: refused }));
        return;
      }
      submits += 1;
      lastSession.set(phone, session);
      const messageId = `L${(nextId += 1).toString(16).padStart(8, '0')}`;
      const answer = () => session.send(pdu.response({ message_id: messageId }));
      const held = options.hold?.(phone);
      if (held) void held.finally(answer);
      else if (options.submitDelayMs) setTimeout(answer, options.submitDelayMs);
      else answer();
      receipt(session, phone, messageId);
      const short = pdu.short_message as { udh?: Buffer[]; message: Buffer | string };
      const body = typeof short.message === 'string' ? short.message : fromUcs2(short.message);
      const concat = short.udh?.find((item) => item[0] === 0x00);
      let done: ReceivedText | undefined;
      if (!concat) done = { phone, text: body, messageIds: [messageId] };
      else {
        const [, , ref, total, seq] = concat;
        const key = `${phone}:${ref}`;
        const entry = partial.get(key) ?? { parts: new Array<string>(total).fill(''), ids: [], got: 0 };
        entry.parts[seq - 1] = body;
        entry.ids.push(messageId);
        entry.got += 1;
        partial.set(key, entry);
        if (entry.got === total) {
          partial.delete(key);
          done = { phone, text: entry.parts.join(''), messageIds: entry.ids };
        }
      }
      if (!done) return;
      if (keep) messages.push(done);
      received += 1;
      if (options.autoReply && received % options.autoReply.every === 0) {
        const reply = options.autoReply.text;
        setTimeout(() => void peer.sendReply(phone, reply), receiptDelay * 2).unref();
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  const peer: SmscPeer = {
    url: `smpp://127.0.0.1:${port}`,
    port,
    messages,
    get submits() {
      return submits;
    },
    get binds() {
      return binds;
    },
    async sendReply(phone, text) {
      const last = lastSession.get(phone.replace(/\D/g, '').slice(-11));
      const session = last && bound.has(last) ? last : [...bound][0];
      if (!session) throw new Error('no bound ESME to deliver the reply to');
      await new Promise<void>((resolve) => session.deliver_sm({ source_addr: phone, destination_addr: '10690000', esm_class: 0, data_coding: 8, short_message: text }, () => resolve()));
    },
    dropConnections() {
      for (const session of server.sessions) session.destroy();
    },
    async close() {
      for (const session of server.sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return peer;
}

// Run on its own (`npm start` in development starts it this way).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const peer = await startSmscPeer({
    port: Number(process.env.SMSC_PORT ?? 0),
    fail: demoFailure,
    receiptDelayMs: 300,
    keepMessages: false,
    autoReply: { every: 25, text: 'T' },
  });
  console.log(`SMSC listening on ${peer.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void peer.close().then(() => process.exit(0)));
}
