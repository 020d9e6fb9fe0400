// A call placed the way staff place one: signed in to the host app, 外呼 on a customer in the
// customer list, the host's phone bar dials through a real Kamailio, the customer answers, and the
// call lands in that customer's call records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { startKamailio, sipSubscriber, type RunningKamailio } from '../kamailio/kamailio';
import { launchPhoneBrowser, type PhoneBrowser } from '../kamailio/browser';
import { startPartnerSite, type PartnerSite } from '../kamailio/partner-page';
import { loginThroughForm, waitForPage, screenshotForReview } from './host-helpers';

const realm = 'garage.test';

describe('web phone in the host app', () => {
  let server: TestServer;
  let kamailio: RunningKamailio;
  let partner: PartnerSite;
  let browser: PhoneBrowser;
  let firstCustomer: { id: number; name: string; mobile: string };

  beforeAll(async () => {
    server = await startTestServer();
    const adminToken = await server.loginToken('admin');
    const frontdeskToken = await server.loginToken('frontdesk');
    // The customer the list shows first to the front desk (default order), who will answer.
    const list = await server.call<{ list: { id: number; name: string; mobile: string }[] }>('POST', '/client/list', { token: frontdeskToken, body: {} });
    firstCustomer = list.data.list[0];
    kamailio = await startKamailio({
      subscribers: [sipSubscriber('8001', realm, 'Phone@8001'), sipSubscriber(firstCustomer.mobile, realm, 'Customer@1')],
    });
    const provisioned = await server.call('POST', '/call/sip-account/provision', {
      token: adminToken,
      body: { username: 'frontdesk', sipUser: '8001', password: 'Phone@8001', realm, server: kamailio.url },
    });
    expect(provisioned.code).toBe(0);
    partner = await startPartnerSite(server.url);
    browser = await launchPhoneBrowser({ microphone: 'fake' });
  });

  afterAll(async () => {
    await browser?.close();
    await partner?.close();
    await kamailio?.stop();
    await server?.close();
  });

  it('calls a customer from the customer list and records the call under that customer', async () => {
    const callee = await browser.context.newPage();
    await callee.goto(partner.calleeUrl);
    await callee.evaluate((options) => (window as any).garageCallee.start(options), {
      url: kamailio.url,
      user: firstCustomer.mobile,
      realm,
      ha1: sipSubscriber(firstCustomer.mobile, realm, 'Customer@1').ha1,
      mode: 'answer',
    });

    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/externalmanage')}`);
    await loginThroughForm(page, 'frontdesk');
    await waitForPage(page, '客户列表');
    const bar = page.locator('garage-phone-bar');
    await bar.getByText('线路在线').waitFor({ timeout: 15_000 });

    const row = page.locator('garage-customer-list').locator('tr', { hasText: firstCustomer.name }).first();
    await row.getByText(firstCustomer.mobile).waitFor();
    await row.locator('button.call').click();
    await bar.getByText('通话中').waitFor({ timeout: 15_000 });
    await expect.poll(() => callee.evaluate(() => (window as any).garageCallee.state.events as string[])).toContain('confirmed');
    await screenshotForReview(page, 'phone-host-connected.png');

    await bar.getByRole('button', { name: '挂断' }).click();
    await expect.poll(() => callee.evaluate(() => (window as any).garageCallee.state.events as string[])).toContain('ended');
    const adminToken = await server.loginToken('admin');
    await expect
      .poll(async () => (await server.call<{ total: number }>('GET', '/call/records', { token: adminToken, query: { customerId: firstCustomer.id } })).data.total)
      .toBe(1);
    await page.close();
    await callee.close();
  });
});
