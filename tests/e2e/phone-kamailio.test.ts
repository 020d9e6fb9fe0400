// The test signalling server itself: loopback only, WebSocket on /webrtc, HA1 digest auth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { startKamailio, sipSubscriber, type RunningKamailio } from '../kamailio/kamailio';
import { digestAuthorization, headerOf, openRawSipSocket, registerRequest, statusOf } from '../kamailio/raw-sip';

const realm = 'garage.test';
const operator = sipSubscriber('8001', realm, 'Phone@8001');

describe('test Kamailio', () => {
  let kamailio: RunningKamailio;
  beforeAll(async () => {
    kamailio = await startKamailio({ subscribers: [operator] });
  });
  afterAll(async () => {
    await kamailio?.stop();
  });

  it('listens on 127.0.0.1 with a WebSocket URL ending in /webrtc', () => {
    expect(kamailio.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/webrtc$/);
  });

  it('refuses plain HTTP and WebSocket upgrades on other paths', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: kamailio.port, path: '/' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    // Not upgraded: Kamailio answers 404 and closes, which Node reports as a refused upgrade.
    await expect(openRawSipSocket(kamailio.url.replace('/webrtc', '/other'))).rejects.toThrow();
  });

  it('challenges a REGISTER with the From domain as realm and accepts the HA1 answer', async () => {
    const socket = await openRawSipSocket(kamailio.url);
    try {
      const callId = randomBytes(8).toString('hex');
      socket.send(registerRequest({ user: operator.user, realm, cseq: 1, callId }));
      const challenge = await socket.next();
      expect(statusOf(challenge)).toBe(401);
      const wwwAuthenticate = headerOf(challenge, 'WWW-Authenticate') ?? '';
      expect(wwwAuthenticate).toContain(`realm="${realm}"`);

      const authorization = digestAuthorization(wwwAuthenticate, { ...operator, uri: `sip:${realm}`, method: 'REGISTER' });
      socket.send(registerRequest({ user: operator.user, realm, cseq: 2, callId, authorization }));
      const accepted = await socket.next();
      expect(statusOf(accepted)).toBe(200);
      expect(headerOf(accepted, 'Contact')).toContain('test.invalid');
    } finally {
      socket.close();
    }
  });

  it('rejects a wrong HA1 with a new challenge', async () => {
    const socket = await openRawSipSocket(kamailio.url);
    try {
      const callId = randomBytes(8).toString('hex');
      socket.send(registerRequest({ user: operator.user, realm, cseq: 1, callId }));
      const challenge = headerOf(await socket.next(), 'WWW-Authenticate') ?? '';
      const wrong = sipSubscriber(operator.user, realm, 'not-the-password');
      const authorization = digestAuthorization(challenge, { ...wrong, uri: `sip:${realm}`, method: 'REGISTER' });
      socket.send(registerRequest({ user: operator.user, realm, cseq: 2, callId, authorization }));
      expect(statusOf(await socket.next())).toBe(401);
    } finally {
      socket.close();
    }
  });
});
