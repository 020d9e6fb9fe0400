/**
 * The WeCom chat sidebar (/sidebar) at 360×640 in Chromium against the real server and database.
 * WeCom's JS-SDK is WeCom's own code, which cannot run here: each page gets a stand-in `wx`
 * (page.addInitScript) that answers wx.config / wx.agentConfig and getCurExternalContact as the
 * WeCom client does, and records what the page asked. The silent login is the OAuth code WeCom
 * appends to the sidebar's URL, exchanged by the development adapter (dev:<corpId>:<userid>).
 */
import { createHash, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, screenshotForReview } from './host-helpers';

const CORP = 'wwantu0000demo01';
/** 李店长 (manager): 城东店 only, 短信营销, 保险 and 网络电话 allowed. */
const MANAGER_CODE = `dev:${CORP}:AnTuLi`;
const WECOM_HOSTS = /^https:\/\/(res\.wx\.qq\.com|open\.work\.weixin\.qq\.com)\//;

let server: TestServer;
let browser: Browser;
let managerToken: string;
let adminToken: string;
/** A 城东店 customer with a vehicle that has maintenance records. */
let eastCustomer: { id: number; name: string; plate: string };
let westCustomer: { id: number; name: string };

interface WxRecord {
  config?: Record<string, unknown>;
  agentConfig?: Record<string, unknown>;
  invoked: string[];
}

/** WeCom's `wx` as the client gives it to a sidebar page: config → ready, agentConfig → success, the current chat's contact. */
function wxStandIn(externalUserId: string | null) {
  const record: WxRecord = { invoked: [] };
  (window as unknown as { __wx: WxRecord }).__wx = record;
  (window as unknown as { wx: unknown }).wx = {
    config(options: Record<string, unknown>) {
      record.config = options;
    },
    ready(callback: () => void) {
      setTimeout(callback, 0);
    },
    error() {},
    agentConfig(options: Record<string, unknown> & { success(result: object): void }) {
      record.agentConfig = options;
      setTimeout(() => options.success({ errMsg: 'agentConfig:ok' }), 0);
    },
    invoke(name: string, _parameters: object, callback: (result: object) => void) {
      record.invoked.push(name);
      // No contact: the toolbar of a group chat.
      const answer =
        name === 'getContext'
          ? { err_msg: 'getContext:ok', entry: externalUserId ? 'single_chat_tools' : 'group_chat_tools' }
          : externalUserId
            ? { err_msg: `${name}:ok`, userId: externalUserId }
            : { err_msg: `${name}:fail_no permission` };
      setTimeout(() => callback(answer), 0);
    },
  };
}

async function openSidebar(externalUserId: string | null, options: { code?: string; wx?: boolean } = {}) {
  const watched = await openPage(browser, { width: 360, height: 640 });
  const wecomRequests: string[] = [];
  // WeCom's script servers are not reachable here; the page must not need them when `wx` exists.
  await watched.context.route(WECOM_HOSTS, (route) => {
    wecomRequests.push(route.request().url());
    return route.abort();
  });
  if (options.wx !== false) await watched.page.addInitScript(wxStandIn, externalUserId);
  const code = options.code === undefined ? MANAGER_CODE : options.code;
  await watched.page.goto(`${server.url}/sidebar${code ? `?code=${encodeURIComponent(code)}&state=` : ''}`);
  return { ...watched, wecomRequests };
}

/** /sidebar/dev at 1440 px: it stands in for WeCom, so WeCom's own script servers must never be asked. */
async function openSidebarDev() {
  const watched = await openPage(browser, { width: 1440, height: 900 });
  const wecomRequests: string[] = [];
  await watched.context.route(WECOM_HOSTS, (route) => {
    wecomRequests.push(route.request().url());
    return route.abort();
  });
  return { ...watched, wecomRequests };
}

const TIMEOUT = 30_000;
/** What the locator reads, once it reads what the test expects (or the timeout). */
const textOf = (locator: Locator) => expect.poll(() => locator.innerText(), { timeout: TIMEOUT });
const shows = (locator: Locator) => locator.first().waitFor({ timeout: TIMEOUT });

const contact = (page: Page) => page.locator('garage-wecom-contact');
const card = (page: Page) => page.getByTestId('wecom-customer-card');

async function bindingOf(externalUserId: string) {
  return server.db.one<{ customer_id: number | null; bound_by: string | null }>(
    sql`SELECT customer_id, bound_by FROM wecom_contact WHERE chain_id = 1 AND external_userid = ${externalUserId}`,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  [managerToken, adminToken] = await Promise.all([server.loginToken('manager'), server.loginToken('admin')]);
  eastCustomer = (await server.db.one<{ id: number; name: string; plate: string }>(sql`
    SELECT c.id, c.name, v.plate FROM customer c JOIN garage g ON g.id = c.store_id JOIN vehicle v ON v.customer_id = c.id
     WHERE g.name = '城东店' AND c.mobile <> '' AND EXISTS (SELECT 1 FROM maintenance_record r WHERE r.vehicle_id = v.id)
       AND (SELECT count(*) FROM vehicle w WHERE w.customer_id = c.id) = 1
     ORDER BY c.id LIMIT 1`))!;
  westCustomer = (await server.db.one<{ id: number; name: string }>(sql`
    SELECT c.id, c.name FROM customer c JOIN garage g ON g.id = c.store_id WHERE g.name = '城西店' ORDER BY c.id LIMIT 1`))!;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/sidebar/dev: the WeCom client played in a browser (development)', () => {
  it("opens the demo chain's bound contact: the sidebar in a 360 px frame shows the customer and the timeline, and the calls WeCom answered", async () => {
    const expected = await server.db.one<{ name: string }>(sql`
      SELECT c.name FROM wecom_contact w JOIN customer c ON c.id = w.customer_id WHERE w.chain_id = 1 AND w.external_userid = 'wmDemoContact001'`);
    const { page, errors, wecomRequests } = await openSidebarDev();
    await page.goto(`${server.url}/sidebar/dev`);
    const frame = page.frameLocator('iframe[title="门店管家客户侧边栏"]');
    await textOf(frame.getByTestId('wecom-customer-card')).toContain(expected!.name);
    await shows(frame.locator('garage-wecom-contact garage-maint-timeline').getByText(/保养|维修/).first());
    await shows(frame.locator('garage-phone-bar').getByText('网络电话'));
    await textOf(page.locator('#wecom-calls')).toContain('getCurExternalContact');
    expect(await page.locator('#wecom-calls li').allInnerTexts()).toEqual([
      'wx.config → appId wwantu0000demo01',
      'wx.agentConfig → agentConfig:ok',
      'getContext → single_chat_tools',
      'getCurExternalContact → wmDemoContact001',
    ]);
    expect(await page.locator('iframe').evaluate((element) => element.getBoundingClientRect().width)).toBe(360);
    await screenshotForReview(page, 'sidebar-dev-1440.png');

    // On a phone-sized window the client is the sidebar alone, the chats above it.
    await page.setViewportSize({ width: 360, height: 640 });
    await textOf(frame.getByTestId('wecom-customer-card')).toContain(expected!.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await frame.locator('html').evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshotForReview(page, 'sidebar-dev-360.png');

    // A group chat: the sidebar says there is no single customer, once, and nothing spins.
    await page.getByRole('link', { name: /门店车友群/ }).click();
    await textOf(frame.locator('#sidebar-status')).toBe('当前会话不是与外部联系人（客户）的单聊');
    expect(await frame.locator('.spinner, sl-spinner').filter({ visible: true }).count()).toBe(0);
    expect(wecomRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the sidebar of a chat with a bound customer', () => {
  const externalUserId = 'wmSidebarBound01';
  let page: Page;
  let errors: string[];
  let wecomRequests: string[];

  beforeAll(async () => {
    const bound = await server.call('POST', '/wecom-contact/bind', { host: '/wecom', token: managerToken, body: { externalUserId, customerId: eastCustomer.id } });
    expect(bound.code, bound.msg).toBe(0);
    ({ page, errors, wecomRequests } = await openSidebar(externalUserId));
    await card(page).waitFor({ timeout: 30_000 });
  }, 60_000);

  it('signs in silently with the OAuth code and takes the code off the address', async () => {
    expect(new URL(page.url()).pathname).toBe('/sidebar');
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);
    await page.locator('#sidebar-status').waitFor({ state: 'hidden', timeout: TIMEOUT });
  });

  it('signs wx.config and wx.agentConfig for the page address, then asks WeCom for the chat contact', async () => {
    const record = await page.evaluate(() => (window as unknown as { __wx: WxRecord }).__wx);
    const pageUrl = `${server.url}/sidebar`;
    const sha1 = (ticket: string, signed: Record<string, unknown>) =>
      createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${signed.nonceStr}&timestamp=${signed.timestamp}&url=${pageUrl}`).digest('hex');
    expect(record.config).toMatchObject({ beta: true, appId: CORP });
    expect(record.config!.signature).toBe(sha1('development-jsapi-ticket', record.config!));
    expect(record.agentConfig).toMatchObject({ corpid: CORP });
    expect(record.agentConfig!.signature).toBe(sha1('development-agent-ticket', record.agentConfig!));
    expect(record.agentConfig!.jsApiList).toContain('getCurExternalContact');
    expect(record.invoked).toEqual(['getContext', 'getCurExternalContact']);
    expect(wecomRequests).toEqual([]);
  });

  it("shows the customer's card, vehicle, maintenance timeline and the phone bar at 360 px", async () => {
    await textOf(card(page)).toContain(eastCustomer.name);
    await textOf(card(page).locator('.stage')).toMatch(/新客|活跃|沉睡|流失/);
    await textOf(card(page)).toContain('最近到店');
    const vehicle = page.getByTestId('wecom-vehicle');
    await textOf(vehicle).toContain(eastCustomer.plate);
    await textOf(vehicle).toContain('保险到期');
    await shows(vehicle.getByRole('button', { name: '报价' }));
    // The timeline of that vehicle, drawn by <garage-maint-timeline> inside the card.
    const timeline = contact(page).locator('garage-maint-timeline');
    await shows(timeline.getByText(/保养|维修/).first());
    await shows(page.locator('garage-phone-bar').getByText('网络电话'));
    await shows(contact(page).getByRole('region', { name: '发短信' }));
    // Nothing sticks out of the 360 px sidebar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });

  it('外呼 on the card reaches the phone bar of the page', async () => {
    await card(page).getByRole('button', { name: '外呼' }).click();
    // 李店长 has no SIP line: the bar took the call and says why it cannot dial.
    await shows(page.locator('garage-phone-bar').getByText(/网络电话未开通/));
  });

  it('报价 opens the insurance quote of that vehicle in the sidebar, and 返回客户 comes back', async () => {
    await page.getByTestId('wecom-vehicle').getByRole('button', { name: '报价' }).click();
    await shows(contact(page).getByText(`${eastCustomer.plate} 保险报价`));
    await shows(contact(page).locator('garage-insurance-quote').getByText('交强险'));
    await contact(page).getByRole('button', { name: /返回客户/ }).click();
    await textOf(card(page)).toContain(eastCustomer.name);
  });

  it('a reload keeps the session: no new code needed', async () => {
    await page.reload();
    await textOf(card(page)).toContain(eastCustomer.name);
  });
});

describe('a chat contact bound to nobody yet', () => {
  it('searches the customers, binds one, and shows its card', async () => {
    const externalUserId = `wmSidebarNew${randomInt(1000, 9999)}`;
    const { page, errors } = await openSidebar(externalUserId);
    await shows(contact(page).getByText('这位联系人还没有对应的客户'));
    await contact(page).getByLabel('搜索客户').fill(eastCustomer.name);
    // eastCustomer is bound to the first describe's contact: its row says so and offers to move it here.
    const taken = contact(page).locator('.matches li').filter({ hasText: '已绑定联系人' });
    await textOf(taken).toContain(eastCustomer.name);
    await shows(taken.getByRole('button', { name: '改绑到此联系人' }));
    const other = await server.db.one<{ id: number; name: string }>(sql`
      SELECT c.id, c.name FROM customer c JOIN garage g ON g.id = c.store_id
       WHERE g.name = '城东店' AND NOT EXISTS (SELECT 1 FROM wecom_contact w WHERE w.customer_id = c.id)
         AND (SELECT count(*) FROM customer d WHERE d.chain_id = c.chain_id AND d.name = c.name) = 1
       ORDER BY c.id DESC LIMIT 1`);
    await contact(page).getByLabel('搜索客户').fill(other!.name);
    const match = contact(page).locator('.matches li').filter({ hasText: other!.name });
    await match.getByRole('button', { name: '绑定' }).click();
    await textOf(card(page)).toContain(other!.name);
    expect(await bindingOf(externalUserId)).toEqual({ customer_id: other!.id, bound_by: 'manual' });
    expect(errors).toEqual([]);
  });

  it('creates the customer from the contact, in the user\'s store, and shows its card', async () => {
    const externalUserId = `wmSidebarMake${randomInt(1000, 9999)}`;
    const mobile = `139${String(randomInt(0, 99_999_999)).padStart(8, '0')}`;
    const { page } = await openSidebar(externalUserId);
    await contact(page).getByRole('button', { name: '新建客户' }).click({ timeout: 30_000 });
    const form = contact(page).getByRole('form', { name: '用这位联系人新建客户' });
    // The name comes from the contact (the development adapter names it 微信用户 + the id's end).
    expect(await form.getByLabel('客户姓名').inputValue()).toBe(`微信用户${externalUserId.slice(-4)}`);
    await form.getByLabel('客户姓名').fill('周静怡');
    // A wrong mobile is refused in Chinese, and nothing is created.
    await form.getByLabel('手机号').fill('1234');
    await form.getByRole('button', { name: '新建并绑定' }).click();
    await textOf(form.getByRole('alert')).toContain('手机号');
    expect(await bindingOf(externalUserId)).toMatchObject({ customer_id: null });
    await form.getByLabel('手机号').fill(mobile);
    await form.getByRole('button', { name: '新建并绑定' }).click();
    await textOf(card(page)).toContain('周静怡');
    await textOf(card(page)).toContain('城东店');
    const created = await server.db.one<{ id: number; store: string }>(sql`
      SELECT c.id, g.name AS store FROM customer c JOIN garage g ON g.id = c.store_id WHERE c.chain_id = 1 AND c.mobile = ${mobile}`);
    expect(created?.store).toBe('城东店');
    expect(await bindingOf(externalUserId)).toEqual({ customer_id: created!.id, bound_by: 'created' });
    await shows(contact(page).getByText('这位客户还没有登记车辆'));
  });

  it("a contact bound to another store's customer is not offered for binding", async () => {
    const externalUserId = `wmSidebarWest${randomInt(1000, 9999)}`;
    const bound = await server.call('POST', '/wecom-contact/bind', { host: '/wecom', token: adminToken, body: { externalUserId, customerId: westCustomer.id } });
    expect(bound.code, bound.msg).toBe(0);
    const { page } = await openSidebar(externalUserId);
    await shows(contact(page).getByText('这位联系人已绑定其他门店的客户'));
    expect(await contact(page).getByLabel('搜索客户').count()).toBe(0);
    expect(await page.getByText(westCustomer.name).count()).toBe(0);
  });
});

describe('outside a customer chat', () => {
  it('a group chat (no external contact) says so, without asking WeCom for a contact', async () => {
    const { page } = await openSidebar(null);
    await textOf(page.locator('#sidebar-status')).toBe('当前会话不是与外部联系人（客户）的单聊');
    expect(await card(page).count()).toBe(0);
    expect((await page.evaluate(() => (window as unknown as { __wx: WxRecord }).__wx)).invoked).toEqual(['getContext']);
  });

  it("with the README's development address in a plain browser: signed in, then one Chinese message and no spinner left", async () => {
    const { page, wecomRequests } = await openSidebar(null, { wx: false });
    const status = page.locator('#sidebar-status');
    await textOf(status).toBe('请在企业微信的客户聊天中，从聊天工具栏打开本页面');
    expect(await status.getAttribute('role')).toBe('alert');
    expect(wecomRequests.length).toBeGreaterThan(0);
    // The message is the only thing said: the card (whose placeholder spins) is not shown, nor any other alert.
    await expect.poll(() => contact(page).isVisible()).toBe(false);
    expect(await page.locator('.spinner, sl-spinner').filter({ visible: true }).count()).toBe(0);
    expect(await page.getByText('请在企业微信的客户聊天中，从聊天工具栏打开本页面').count()).toBe(1);
    expect(await page.getByLabel('账号').count()).toBe(0);
  });

  it('in a plain browser: the password login, then the page says to open it from WeCom', async () => {
    const { page, wecomRequests } = await openSidebar(null, { code: '', wx: false });
    await loginThroughForm(page, 'manager');
    await textOf(page.locator('#sidebar-status')).toBe('请在企业微信的客户聊天中，从聊天工具栏打开本页面');
    expect(wecomRequests.length).toBeGreaterThan(0);
    await expect.poll(() => contact(page).isVisible()).toBe(false);
  });

  it('a forged OAuth code is refused and the password login is offered', async () => {
    const { page } = await openSidebar('wmSidebarBound01', { code: `dev:${CORP}:NoSuchUser` });
    await textOf(page.locator('#sidebar-status')).toContain('该企业微信账号尚未绑定门店管家账号');
    await shows(page.getByLabel('账号'));
  });
});

describe('framed by WeCom', () => {
  // WeCom's page is public and our test server is on loopback: Chromium's local-network checks
  // would refuse that frame before frame-ancestors is even read. A real server is not on loopback.
  let framing: Browser;
  beforeAll(async () => {
    framing = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-features=LocalNetworkAccessChecks'],
    });
  });
  afterAll(() => framing?.close());

  const framer = (origin: string) => async (page: Page) => {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>企业微信</title><iframe name="sidebar" src="${server.url}/sidebar?code=${MANAGER_CODE}" style="width:360px;height:640px;border:0"></iframe>` }),
    );
    await page.goto(`${origin}/chat`);
  };

  it("shows the card inside WeCom's web page", async () => {
    const { page } = await openPage(framing, { width: 400, height: 700 });
    await page.addInitScript(wxStandIn, 'wmSidebarBound01');
    await framer('https://work.weixin.qq.com')(page);
    const frame = page.frameLocator('iframe[name="sidebar"]');
    await textOf(frame.getByTestId('wecom-customer-card')).toContain(eastCustomer.name);
  });

  it('another site cannot frame it', async () => {
    const { page } = await openPage(framing, { width: 400, height: 700 });
    await page.addInitScript(wxStandIn, 'wmSidebarBound01');
    await framer('https://framer.example.com')(page);
    await page.waitForLoadState('load');
    // The iframe element's own frame (a blocked frame can lose its name to the error page under load).
    const frame = (await (await page.waitForSelector('iframe[name="sidebar"]', { state: 'attached' })).contentFrame())!;
    // Refused by frame-ancestors: the frame shows the browser's error page, never ours.
    expect(await frame.evaluate(() => document.querySelector('garage-wecom-contact') !== null).catch(() => false)).toBe(false);
    const headers = (await fetch(`${server.url}/sidebar`)).headers;
    expect(headers.get('content-security-policy')).toMatch(/frame-ancestors 'self' https:\/\/work\.weixin\.qq\.com https:\/\/\*\.work\.weixin\.qq\.com(;|$)/);
  });
});
