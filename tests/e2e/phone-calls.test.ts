// The web phone end to end: the real server hands out SIP accounts and the balance, a real
// Kamailio carries the calls, and a second JsSIP user agent in another Chromium page is the callee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer } from '../support/server';
import { setTestBalance } from '../support/ledger';
import { startKamailio, sipSubscriber, type RunningKamailio } from '../kamailio/kamailio';
import { launchPhoneBrowser, type PhoneBrowser } from '../kamailio/browser';
import { startPartnerSite, type PartnerSite } from '../kamailio/partner-page';
import { screenshotForReview } from './host-helpers';

const realm = 'garage.test';
const PASSWORD = 'Garage@2026';
const operator = { sipUser: '8001', password: 'Phone@8001' };
const answeringCustomer = sipSubscriber('13800138000', realm, 'Callee@1');
const rejectingCustomer = sipSubscriber('13900139000', realm, 'Callee@2');

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

async function api<T>(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${server.url}/api${path}${separator}yj-test=1`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Every status the bar persists in `webPhone` (on a partner page: `garage-suite:webPhone`), in order. */
const RECORD_PHONE_STATUSES = `
  window.__phoneStatuses = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'garage-suite:webPhone') {
      try {
        const status = JSON.parse(value).status;
        const seen = window.__phoneStatuses;
        if (seen[seen.length - 1] !== status) seen.push(status);
      } catch {}
    }
    return setItem.call(this, key, value);
  };
`;

async function statuses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __phoneStatuses: string[] }).__phoneStatuses);
}

function bar(page: Page) {
  return page.locator('garage-phone-bar');
}

describe('web phone against Kamailio', () => {
  let server: TestServer;
  let kamailio: RunningKamailio;
  let partner: PartnerSite;
  let browser: PhoneBrowser;
  let adminToken: string;
  let frontdeskToken: string;

  const startCallee = async (customer: ReturnType<typeof sipSubscriber>, mode: 'answer' | 'reject') => {
    const page = await browser.context.newPage();
    await page.goto(partner.calleeUrl);
    await page.evaluate((options) => (window as any).garageCallee.start(options), {
      url: kamailio.url,
      user: customer.user,
      realm,
      ha1: customer.ha1,
      mode,
    });
    return page;
  };
  const calleeEvents = (page: Page) => page.evaluate(() => (window as any).garageCallee.state.events as string[]);
  const balanceMinutes = async () => (await api<{ minutes: number }>(server, frontdeskToken, 'GET', '/call/balance')).minutes;

  const openPhonePage = async (path: string, token: string, extra: Record<string, string> = {}) => {
    const page = await browser.context.newPage();
    await page.addInitScript(RECORD_PHONE_STATUSES);
    await page.goto(partner.addPhonePage(path, { token, 'api-base': `${server.url}/api`, ...extra }));
    return page;
  };
  const dial = async (page: Page, number: string) => {
    await bar(page).locator('input[type="tel"]').fill(number);
    await bar(page).getByRole('button', { name: '拨打' }).click();
  };

  beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.loginToken('admin', PASSWORD);
    frontdeskToken = await server.loginToken('frontdesk', PASSWORD);
    const provisioned = await api<{ user: string; realm: string; ha1: string }>(server, adminToken, 'POST', '/call/sip-account/provision', {
      username: 'frontdesk',
      sipUser: operator.sipUser,
      password: operator.password,
      realm,
    });
    expect(provisioned.ha1).toBe(sipSubscriber(operator.sipUser, realm, operator.password).ha1);
    kamailio = await startKamailio({
      subscribers: [sipSubscriber(operator.sipUser, realm, operator.password), answeringCustomer, rejectingCustomer],
    });
    partner = await startPartnerSite(server.url);
    browser = await launchPhoneBrowser({ microphone: 'fake' });
  });

  afterAll(async () => {
    await browser?.close();
    await partner?.close();
    await kamailio?.stop();
    await server?.close();
  });

  it('registers, dials, rings, connects with a running timer, and hangs up', async () => {
    const callee = await startCallee(answeringCustomer, 'answer');
    const page = await openPhonePage('/call', frontdeskToken, { 'sip-server': kamailio.url });
    await expect.poll(() => bar(page).getByText('线路在线').count(), { timeout: 15_000 }).toBe(1);
    const before = await balanceMinutes();
    await screenshotForReview(page, 'phone-registered.png');

    await dial(page, answeringCustomer.user);
    await bar(page).getByText('对方振铃中…').waitFor({ timeout: 10_000 });
    await screenshotForReview(page, 'phone-ringing.png');
    await bar(page).getByText('通话中').waitFor({ timeout: 10_000 });
    await bar(page).getByTestId('call-timer').getByText('00:02').waitFor({ timeout: 10_000 });
    await screenshotForReview(page, 'phone-connected.png');
    expect(await calleeEvents(callee)).toContain('confirmed');
    // Audio really flows from the fake microphone to the callee.
    await expect.poll(() => callee.evaluate(() => (window as any).garageCallee.state.packetsReceived as number)).toBeGreaterThan(20);

    await bar(page).getByRole('button', { name: '挂断' }).click();
    await expect.poll(() => bar(page).getByRole('button', { name: '挂断' }).count()).toBe(0);
    await expect.poll(() => calleeEvents(callee)).toContain('ended');
    await bar(page).getByText(/通话已结束，时长 00:0[2-9]/).waitFor();
    await screenshotForReview(page, 'phone-hung-up.png');

    expect(await statuses(page)).toEqual(
      expect.arrayContaining(['reg.registered', 'outgoing.connecting', 'outgoing.progress', 'outgoing.accecpted']),
    );
    const sequence = await statuses(page);
    expect(sequence.indexOf('outgoing.connecting')).toBeLessThan(sequence.indexOf('outgoing.progress'));
    expect(sequence.indexOf('outgoing.progress')).toBeLessThan(sequence.indexOf('outgoing.accecpted'));
    expect(sequence.at(-1)).toBe(''); // hang-up clears the status
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('garage-suite:webPhone'))) ?? '{}')).toEqual({ enabled: true, status: '' });

    // The call was recorded and billed: one started minute.
    await expect.poll(balanceMinutes).toBe(before - 1);
    await page.close();
    await callee.close();
  });

  it('a callee that rejects shows the failure and its message', async () => {
    const callee = await startCallee(rejectingCustomer, 'reject');
    const page = await openPhonePage('/reject', frontdeskToken, { 'sip-server': kamailio.url });
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
    await dial(page, rejectingCustomer.user);
    await bar(page).getByText('对方拒绝了通话。').waitFor({ timeout: 10_000 });
    expect(await statuses(page)).toContain('outgoing.failed');
    expect(await bar(page).getByRole('button', { name: '挂断' }).count()).toBe(0);
    await screenshotForReview(page, 'phone-rejected.png');
    await page.close();
    await callee.close();
  });

  it('navigating away mid-call ends the call at the callee', async () => {
    const callee = await startCallee(answeringCustomer, 'answer');
    const page = await openPhonePage('/leave', frontdeskToken, { 'sip-server': kamailio.url });
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
    await dial(page, answeringCustomer.user);
    await bar(page).getByText('通话中').waitFor({ timeout: 10_000 });
    await page.getByText('离开此页').click();
    await expect.poll(() => calleeEvents(callee), { timeout: 10_000 }).toContain('ended');
    await page.close();
    await callee.close();
  });

  it('another widget starts a call with a garage-call event, and element.call() works too', async () => {
    const callee = await startCallee(answeringCustomer, 'answer');
    const page = await openPhonePage('/event', frontdeskToken, { 'sip-server': kamailio.url });
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
    // Customers of the front desk's own store (城西店): the server refuses anyone else's.
    const [first, second] = await server.db.rows<{ id: number }>(sql`SELECT id FROM customer WHERE store_id = 3 ORDER BY id LIMIT 2`);
    await page.evaluate(
      ({ number, customerId }) => {
        document.dispatchEvent(new CustomEvent('garage-call', { detail: { number, customerId } }));
      },
      { number: answeringCustomer.user, customerId: String(first.id) },
    );
    await bar(page).getByText('通话中').waitFor({ timeout: 10_000 });
    await bar(page).getByRole('button', { name: '挂断' }).click();
    await expect.poll(() => calleeEvents(callee)).toContain('ended');

    await page.evaluate(
      ({ number, customerId }) => document.querySelector('garage-phone-bar')!.call(number, customerId),
      { number: answeringCustomer.user, customerId: String(second.id) },
    );
    await bar(page).getByText('对方振铃中…').waitFor({ timeout: 10_000 });
    await bar(page).getByRole('button', { name: '挂断' }).click();
    await page.close();
    await callee.close();
  });

  it('denied microphone: the no-microphone message and no INVITE', async () => {
    const denied = await launchPhoneBrowser({ microphone: 'denied' });
    const callee = await startCallee(answeringCustomer, 'answer');
    try {
      const page = await denied.context.newPage();
      await page.addInitScript(RECORD_PHONE_STATUSES);
      await page.goto(partner.addPhonePage('/denied', { token: frontdeskToken, 'api-base': `${server.url}/api`, 'sip-server': kamailio.url }));
      await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
      await dial(page, answeringCustomer.user);
      await bar(page).getByText(/当前设备没有可用的麦克风/).waitFor({ timeout: 10_000 });
      await screenshotForReview(page, 'phone-no-microphone.png');
      expect(await statuses(page)).toContain('outgoing.failed');
      expect(await calleeEvents(callee)).toEqual([]);
    } finally {
      await callee.close();
      await denied.close();
    }
  });

  it('loads only its own bundle on a partner page: JsSIP with the line, no React, Shoelace or crypto-js', async () => {
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(partner.addPhonePage('/bundles', { token: frontdeskToken, 'api-base': `${server.url}/api`, 'sip-server': kamailio.url }));
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
    expect(scripts[0]).toBe('/widgets/phone-bar.js');
    // Everything else sits in the standalone build's own folder, never in the main build's chunks.
    expect(scripts.slice(1).every((script) => script.startsWith('/widgets/phone-bar/'))).toBe(true);
    expect(scripts.some((script) => /\/JsSIP-[\w-]+\.js$/.test(script))).toBe(true);
    // Answers are decrypted with WebCrypto (a secure context); Shoelace only comes with a toast.
    expect(scripts.filter((script) => /\/(cipher|toast-view)-/.test(script))).toEqual([]);
    await page.close();
  });

  it('an expired login: the toast (Shoelace loaded for it) and the bar asking to log in', async () => {
    const page = await openPhonePage('/expired', 'not-a-valid-token', { 'sip-server': kamailio.url });
    const alert = page.locator('#garage-suite-toasts sl-alert');
    await alert.getByText('验证过期，请重新登录！').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => Boolean(customElements.get('sl-alert')))).toBe(true);
    await bar(page).getByText('请先登录').waitFor({ timeout: 10_000 });
    await screenshotForReview(page, 'phone-expired.png');
    await page.close();
  });

  it('a user without a SIP account sees the phone disabled and why', async () => {
    const managerToken = await server.loginToken('manager', PASSWORD);
    const page = await openPhonePage('/no-account', managerToken);
    await bar(page).getByText(/网络电话未开通/).waitFor({ timeout: 15_000 });
    expect(await bar(page).getByRole('button', { name: '拨打' }).count()).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('garage-suite:webPhone'))) ?? '{}').enabled).toBe(false);
    await screenshotForReview(page, 'phone-disabled.png');
    await page.close();
  });

  it('a used-up balance refuses the call before dialing', async () => {
    const callee = await startCallee(answeringCustomer, 'answer');
    const page = await openPhonePage('/no-balance', frontdeskToken, { 'sip-server': kamailio.url });
    await bar(page).getByText('线路在线').waitFor({ timeout: 15_000 });
    await setTestBalance(server.db, 1, 'minutes', 0);
    await dial(page, answeringCustomer.user);
    await bar(page).getByText('通话余额已用完，无法拨打电话，请联系管理员充值。').waitFor({ timeout: 10_000 });
    await screenshotForReview(page, 'phone-no-balance.png');
    expect(await statuses(page)).not.toContain('outgoing.connecting');
    expect(await calleeEvents(callee)).toEqual([]);
    await page.close();
    await callee.close();
  });
});
