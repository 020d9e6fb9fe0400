// The signalling server of the web phone as `npm start` runs it in development: the project's
// Kamailio on loopback (WebSocket on /webrtc, HA1 digest auth), its subscriber table kept by our
// server's demo line (the demo staff's lines, given and taken in 设置 › 电话线路), and the demo
// callee that answers every number. The journey places a call from a customer row to that callee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startKamailio, sipSubscriber, type RunningKamailio, type SipSubscriber } from '../kamailio/kamailio';
import { digestAuthorization, headerOf, openRawSipSocket, registerRequest, statusOf } from '../kamailio/raw-sip';
import { DEMO_CALLEE_USER, startDemoCallee } from '../kamailio/demo-phone';
import { launchPhoneBrowser, type PhoneBrowser } from '../kamailio/browser';
import { startTestServer, type TestServer } from '../support/server';
import { loginThroughForm, screenshotForReview, sidewaysOverflow, waitForPage } from './host-helpers';

// The server's default realm, as in `npm start`.
const realm = 'sip.garage.local';

describe('the demo phone line (Kamailio as npm start runs it)', () => {
  let server: TestServer;
  let kamailio: RunningKamailio;
  let demoCallee: { close(): Promise<void> };
  let browser: PhoneBrowser;
  let adminToken: string;
  let operator: SipSubscriber;

  const sipAccountOf = async (token: string) =>
    (await server.call<{ response: { data: (SipSubscriber & { demo?: boolean }) | null } }>('GET', '/call/sip-account', { token })).data.response.data;
  /** A REGISTER answered with `account`'s HA1: the final status Kamailio gives. */
  const register = async (account: SipSubscriber) => {
    const socket = await openRawSipSocket(kamailio.url);
    try {
      const callId = randomBytes(8).toString('hex');
      socket.send(registerRequest({ user: account.user, realm, cseq: 1, callId }));
      const challenge = headerOf(await socket.next(), 'WWW-Authenticate') ?? '';
      const authorization = digestAuthorization(challenge, { ...account, uri: `sip:${realm}`, method: 'REGISTER' });
      socket.send(registerRequest({ user: account.user, realm, cseq: 2, callId, authorization }));
      return statusOf(await socket.next());
    } finally {
      socket.close();
    }
  };

  /** A page of the phone browser (fake microphone), signed in as `username` on `path`, at 1440 px. */
  const signedInAt = async (path: string, username: string, title: string) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
    await loginThroughForm(page, username);
    await waitForPage(page, title);
    return page;
  };

  beforeAll(async () => {
    // As scripts/start.mjs: the server knows where Kamailio listens and writes its table; Kamailio
    // reports answered calls to the server (billing); the callee registers as demo-callee.
    const dir = mkdtempSync(path.join(tmpdir(), 'garage-demo-kamailio-'));
    const port = await freePort();
    const secret = randomBytes(24).toString('hex');
    const callee = sipSubscriber(DEMO_CALLEE_USER, realm, randomBytes(16).toString('hex'));
    server = await startTestServer({
      config: {
        sipEventsSecret: secret,
        sipWsUrl: `ws://127.0.0.1:${port}/webrtc`,
        sipDemo: { kamailioDir: dir, calleeUser: callee.user, calleeHa1: callee.ha1 },
      },
    });
    kamailio = await startKamailio({ subscribers: { dir }, port, sipEvents: { url: `${server.url}/api/call/sip-events`, secret }, demoCallee: DEMO_CALLEE_USER });
    adminToken = await server.loginToken('admin');
    operator = (await sipAccountOf(await server.loginToken('frontdesk')))!;
    [demoCallee, browser] = await Promise.all([startDemoCallee({ url: kamailio.url, realm, ha1: callee.ha1 }), launchPhoneBrowser({ microphone: 'fake' })]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demoCallee?.close();
    await kamailio?.stop();
    await server?.close();
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

  it('the demo staff have lines (演示); a line taken and given in 设置 › 电话线路 is refused or registers at once', async () => {
    expect(operator).toMatchObject({ user: '8003', realm, demo: true });
    const binjiang = await server.loginToken('binjiang');
    const demoLine = (await sipAccountOf(binjiang))!;
    expect(demoLine).toMatchObject({ user: '8006', demo: true });
    expect(await register(demoLine)).toBe(200);

    const page = await signedInAt('/home/organization/phoneLines', 'admin', '电话线路');
    const section = page.locator('garage-system-settings section.lines');
    const row = section.locator('li.line[data-username="binjiang"]');
    await row.getByText('分机 8006').waitFor({ timeout: 20_000 });
    await section.getByText('演示线路').waitFor();
    await screenshotForReview(section, 'phone-lines-1440.png');

    // 收回, confirmed: 周杰's phone bar has no line, and Kamailio refuses the old one.
    await row.getByRole('button', { name: '收回' }).click();
    const confirm = page.locator('garage-system-settings sl-dialog[label="收回电话线路"]');
    await confirm.getByText('收回周杰的电话线路（分机 8006）？').waitFor();
    await confirm.getByRole('button', { name: '收回' }).click();
    await page.getByText('已收回周杰的电话线路').waitFor();
    await row.getByText('未开通').waitFor();
    expect(await sipAccountOf(binjiang)).toBeNull();
    expect(await register(demoLine)).toBe(401);

    // 开通 at phone width: the dialog offers 8006 and, on the demo line, asks no password.
    await page.setViewportSize({ width: 360, height: 740 });
    await row.getByRole('button', { name: '开通' }).click();
    const give = section.locator('sl-dialog.give-dialog');
    const extension = give.getByRole('textbox', { name: '分机号' });
    await expect.poll(() => extension.inputValue()).toBe('8006');
    expect(await give.getByLabel('线路密码').count()).toBe(0);
    await extension.fill('');
    await give.getByRole('button', { name: '开通' }).click();
    await give.getByText('请填写分机号').waitFor();
    await extension.fill('8106');
    await screenshotForReview(page, 'phone-lines-give-360.png');
    await give.getByRole('button', { name: '开通' }).click();
    await page.getByText('已为周杰开通电话线路（分机 8106）').waitFor();
    await row.getByText('分机 8106').waitFor();
    await expect.poll(() => sidewaysOverflow(page, 'garage-system-settings')).toEqual({ page: 0, element: 0, offenders: [] });
    await screenshotForReview(section, 'phone-lines-360.png');

    const line = (await sipAccountOf(binjiang))!;
    expect(line).toMatchObject({ user: '8106', realm, demo: true });
    expect(await register(line)).toBe(200);
    const log = await server.call<{ entries: { action: string; targetName: string }[] }>('GET', '/authority/audit', { token: adminToken });
    expect(log.data.entries.slice(0, 2)).toMatchObject([
      { action: 'phone.line.give', targetName: '周杰（分机 8106）' },
      { action: 'phone.line.take', targetName: '周杰（分机 8006）' },
    ]);
    await page.close();
  }, 90_000);

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

  it('a call from a customer row is answered by the demo callee, timed, billed from Kamailio and recorded', async () => {
    const frontdesk = await server.loginToken('frontdesk');
    const list = await server.call<{ list: { id: number; name: string; mobile: string }[] }>('POST', '/client/list', { token: frontdesk, body: {} });
    const customer = list.data.list[0];
    const minutes = async () => (await server.call<{ minutes: number }>('GET', '/call/balance', { token: frontdesk })).data.minutes;
    const records = async () =>
      (await server.call<{ list: { result: string; timedBy: string; billedMinutes: number }[]; total: number }>('GET', '/call/records', { token: frontdesk, query: { customerId: customer.id } })).data;
    const before = await minutes();
    expect((await records()).total).toBe(0);

    const page = await signedInAt('/home/externalmanage', 'frontdesk', '客户列表');
    const bar = page.locator('garage-phone-bar');
    await bar.getByText('线路在线').waitFor({ timeout: 15_000 });
    await bar.getByTestId('demo-badge').waitFor();

    const row = page.locator('garage-customer-list').locator('tr', { hasText: customer.name }).first();
    await row.locator('button.call').click();
    // The callee rings ~2 s, then answers: the call is connected and its timer runs.
    await bar.getByText('对方振铃中…').waitFor({ timeout: 10_000 });
    await bar.getByText('通话中').waitFor({ timeout: 15_000 });
    await bar.getByTestId('call-timer').getByText('00:02').waitFor({ timeout: 10_000 });
    await screenshotForReview(page, 'demo-phone-call-1440.png');
    await page.setViewportSize({ width: 360, height: 740 });
    await bar.getByTestId('call-timer').waitFor();
    await screenshotForReview(page, 'demo-phone-call-360.png');

    await bar.getByRole('button', { name: '挂断' }).click();
    await bar.getByText(/通话已结束，时长 00:0[2-9]/).waitFor({ timeout: 10_000 });
    // Kamailio's end event bills one started minute; the call is on the customer's record.
    await expect.poll(minutes, { timeout: 10_000 }).toBe(before - 1);
    await expect.poll(async () => (await records()).list[0], { timeout: 10_000 }).toMatchObject({ result: 'answered', timedBy: 'sip', billedMinutes: 1 });
    expect(kamailio.log()).toMatch(/call end \S+ answered at \d+\.\d{6} reported: HTTP 200/);
    await page.close();
  }, 90_000);
});
