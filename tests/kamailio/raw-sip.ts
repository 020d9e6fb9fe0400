/**
 * A bare SIP-over-WebSocket client (RFC 7118) for checking the test Kamailio without a browser:
 * Node 20 has no global WebSocket, so the few frames we need are written by hand.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

export interface RawSipSocket {
  send(message: string): void;
  /** Resolves with the next SIP message received (text frame). */
  next(timeoutMs?: number): Promise<string>;
  close(): void;
}

function encodeTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const header: number[] = [0x81];
  if (payload.length < 126) header.push(0x80 | payload.length);
  else if (payload.length < 65536) header.push(0x80 | 126, payload.length >> 8, payload.length & 0xff);
  else throw new Error('SIP message too large for this test client');
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]));
  return Buffer.concat([Buffer.from(header), mask, masked]);
}

export function openRawSipSocket(url: string): Promise<RawSipSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname,
      port: Number(target.port),
      path: target.pathname,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Protocol': 'sip',
      },
    });
    req.once('response', (res) => reject(new Error(`WebSocket upgrade refused: HTTP ${res.statusCode}`)));
    req.once('error', reject);
    req.once('upgrade', (_res, socket: Socket) => {
      let buffered = Buffer.alloc(0);
      const messages: string[] = [];
      const waiters: Array<(message: string) => void> = [];
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        for (;;) {
          if (buffered.length < 2) return;
          const opcode = buffered[0] & 0x0f;
          let length = buffered[1] & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (buffered.length < 4) return;
            length = buffered.readUInt16BE(2);
            offset = 4;
          }
          if (buffered.length < offset + length) return;
          const payload = buffered.subarray(offset, offset + length);
          buffered = buffered.subarray(offset + length);
          if (opcode !== 1) continue; // pings and binary frames are not SIP messages
          const text = payload.toString('utf8');
          const waiter = waiters.shift();
          if (waiter) waiter(text);
          else messages.push(text);
        }
      });
      resolve({
        send: (message) => socket.write(encodeTextFrame(message)),
        next: (timeoutMs = 5000) =>
          new Promise((resolveMessage, rejectMessage) => {
            const queued = messages.shift();
            if (queued !== undefined) return resolveMessage(queued);
            const timer = setTimeout(() => rejectMessage(new Error('no SIP message within timeout')), timeoutMs);
            waiters.push((message) => {
              clearTimeout(timer);
              resolveMessage(message);
            });
          }),
        close: () => socket.destroy(),
      });
    });
    req.end();
  });
}

export function registerRequest(options: { user: string; realm: string; cseq: number; callId: string; authorization?: string }): string {
  const { user, realm, cseq, callId } = options;
  return [
    `REGISTER sip:${realm} SIP/2.0`,
    `Via: SIP/2.0/WS test.invalid;branch=z9hG4bK${randomBytes(6).toString('hex')}`,
    'Max-Forwards: 70',
    `To: <sip:${user}@${realm}>`,
    `From: <sip:${user}@${realm}>;tag=${callId.slice(0, 8)}`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq} REGISTER`,
    `Contact: <sip:${user}@test.invalid;transport=ws>`,
    'Expires: 60',
    ...(options.authorization ? [`Authorization: ${options.authorization}`] : []),
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
}

/** RFC 2617 digest answer computed from HA1, the way JsSIP does when given `ha1` + `realm`. */
export function digestAuthorization(challenge: string, options: { user: string; realm: string; ha1: string; uri: string; method: string }): string {
  const nonce = /nonce="([^"]+)"/.exec(challenge)?.[1];
  const qop = /qop="?([^",]+)/.exec(challenge)?.[1];
  if (!nonce) throw new Error(`challenge without nonce: ${challenge}`);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const ha2 = md5(`${options.method}:${options.uri}`);
  const cnonce = randomBytes(8).toString('hex');
  const nc = '00000001';
  const response = qop ? md5(`${options.ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${options.ha1}:${nonce}:${ha2}`);
  return (
    `Digest username="${options.user}", realm="${options.realm}", nonce="${nonce}", uri="${options.uri}", response="${response}", algorithm=MD5` +
    (qop ? `, qop=${qop}, cnonce="${cnonce}", nc=${nc}` : '')
  );
}

export function statusOf(message: string): number {
  return Number(/^SIP\/2\.0 (\d{3})/.exec(message)?.[1] ?? NaN);
}

export function headerOf(message: string, name: string): string | undefined {
  const line = message.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
