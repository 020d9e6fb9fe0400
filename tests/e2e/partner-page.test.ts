/**
 * Every element alone on a partner's page — another origin than our server, one script tag of
 * ours, a hostile stylesheet (`*{all:unset!important}`, an 8 px root font, a right-to-left body)
 * and the partner's own storage (a `user` that is not our JSON, a `mac`, a `VERSION`, a
 * sessionStorage cart) — at 1280 px and at 360 px (the WeCom sidebar). What a partner relies on:
 * our layout is ours (left to right, our font, our sizes, no sideways scroll: at 360 px nothing
 * inside the element reaches past the window, issue 11), their storage is theirs (untouched by login
 * and logout), and after logout every widget drops what it showed and says 「请先登录」.
 * Screenshots (E2E_SCREENSHOTS): partner-<element>-<width>.png.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, screenshotForReview, visibleNativeControls } from './host-helpers';

const HOSTILE_CSS = `
*, *::before, *::after { all: unset !important; }
html { font-size: 8px !important; }
body { direction: rtl !important; font-family: Georgia, serif !important; letter-spacing: 3px !important;
  text-transform: uppercase !important; line-height: 3 !important; word-spacing: 12px !important;
  text-align: right !important; color: #b00 !important; }
head, script, style, title { display: none !important; }
`;

/** The partner's own entries, in the very keys the spec gives our host app. */
const PARTNER_LOCAL = { user: 'partner-user: not JSON {', mac: 'partner-mac', webPhone: 'partner phone', VERSION: 'partner-v7' };
const PARTNER_SESSION = { cart: '3 件商品', user: 'partner session user' };

interface ElementCase {
  tag: string;
  /** dist/widgets/<feature>.js */
  feature: string;
  /** Attributes besides api-base (the token is added where the case is signed in). */
  attributes?: (context: { vehicleId: number }) => Record<string, string>;
  /** Something in the shadow root that shows the widget loaded its data. */
  ready?: string;
  /** The host's display against all:unset. */
  display?: string;
  /** Needs no session (it shows itself signed out). */
  public?: boolean;
  /** A variant of an element (other attributes), checked at 360 px only: its name in the test title. */
  variant?: string;
}

const ELEMENTS: ElementCase[] = [
  { tag: 'garage-customer-list', feature: 'customer-list', ready: 'tbody tr[data-customer-id]' },
  { tag: 'garage-customer-board', feature: 'customer-board', ready: 'tbody tr' },
  { tag: 'garage-customer-groups', feature: 'customer-groups', ready: '.cards' },
  { tag: 'garage-tag-manage', feature: 'tag-manage', ready: '.tag-grid' },
  { tag: 'garage-vehicle-panorama', feature: 'vehicle-panorama', ready: 'garage-maint-timeline [data-testid="timeline-entry"]', attributes: ({ vehicleId }) => ({ 'vehicle-id': String(vehicleId) }) },
  { tag: 'garage-maint-timeline', feature: 'maint-timeline', ready: '[data-testid="timeline-entry"]', attributes: ({ vehicleId }) => ({ 'vehicle-id': String(vehicleId) }) },
  { tag: 'garage-phone-bar', feature: 'phone-bar', ready: '[part="bar"] .reason' },
  { tag: 'garage-session-badge', feature: 'session-badge', ready: '.name:not(:has(.loading))', display: 'inline-block' },
  { tag: 'garage-help-center', feature: 'help-center', ready: '.entry' },
  { tag: 'garage-feature-intro', feature: 'feature-intro', ready: '.go' },
  { tag: 'garage-login', feature: 'login', ready: 'form', public: true },
  { tag: 'garage-org-structure', feature: 'org-structure', ready: '[data-department]' },
  { tag: 'garage-job-pool', feature: 'job-pool', ready: '[data-job]' },
  { tag: 'garage-potential-customers', feature: 'potential-customers', ready: '[data-lead]' },
  { tag: 'garage-mall', feature: 'mall', ready: '[data-edition]', attributes: () => ({ kind: 'pricing' }) },
  { tag: 'garage-customer-import', feature: 'customer-import', ready: '.flow[aria-busy="false"] [data-testid="drop-zone"]' },
  { tag: 'garage-insurance-lookup', feature: 'insurance-lookup', ready: '[data-policy]' },
  { tag: 'garage-insurance-quote', feature: 'insurance-quote', ready: '[data-testid="compulsory-premium"]', attributes: ({ vehicleId }) => ({ 'vehicle-id': String(vehicleId) }) },
  { tag: 'garage-insurance-analysis', feature: 'insurance-analysis', ready: '[data-chart="rate"] svg' },
  { tag: 'garage-sms-marketing', feature: 'sms-marketing', ready: '[role="tabpanel"][aria-busy="false"] [data-testid="sms-counter"]' },
  { tag: 'garage-sms-buy', feature: 'sms-buy', ready: '[data-package]' },
  { tag: 'garage-data-report', feature: 'data-report', ready: '[data-chart="figures"] svg' },
  { tag: 'garage-customer-analysis', feature: 'customer-analysis', ready: '[data-chart="spend"] svg' },
  { tag: 'garage-insurance-rates', feature: 'insurance-rates', ready: '[data-insurer]' },
  { tag: 'garage-user-auth', feature: 'user-auth', ready: '[data-username]' },
  { tag: 'garage-system-settings', feature: 'system-settings', ready: 'ul.rows[aria-busy="false"]' },
  { tag: 'garage-customer-operations', feature: 'customer-operations', ready: '[data-stage]' },
  { tag: 'garage-store-basics', feature: 'store-basics', ready: '[data-store]' },
  { tag: 'garage-metrics-lib', feature: 'metrics-lib', ready: '[data-metric="custom:1"] [data-value]' },
  { tag: 'garage-metrics-tree', feature: 'metrics-tree', ready: '[data-progress]' },
  { tag: 'garage-diagnosis', feature: 'diagnosis', ready: '[data-store] [data-metric]' },
  { tag: 'garage-kpi', feature: 'kpi', ready: '[data-staff]' },
  { tag: 'garage-workbench', feature: 'workbench', ready: '[data-task]' },
  { tag: 'garage-big-screen', feature: 'big-screen', ready: '[data-chart="trend"] svg' },
  // Issue 18: a chat contact bound to nobody yet (the development adapter knows any id).
  { tag: 'garage-wecom-contact', feature: 'wecom-contact', ready: '.notice', attributes: () => ({ 'external-user-id': 'wmPartnerPage01' }) },
  // Variants at 360 px (the WeCom sidebar): other contents of the same elements.
  { tag: 'garage-wecom-contact', feature: 'wecom-contact', variant: 'bound to a customer', ready: 'garage-maint-timeline [data-testid="timeline-entry"]', attributes: () => ({ 'external-user-id': BOUND_CONTACT }) },
  { tag: 'garage-help-center', feature: 'help-center', variant: 'article="embedding"', ready: 'article pre', attributes: () => ({ article: 'embedding' }) },
  { tag: 'garage-customer-import', feature: 'customer-import', variant: 'kind="potential"', ready: '[data-lead]', attributes: () => ({ kind: 'potential' }) },
  ...['package', 'sms', 'web-phone', 'enterprise-wechat', 'insurance-analysis', 'customer-analysis'].map((kind) => ({
    tag: 'garage-mall', feature: 'mall', variant: `kind="${kind}"`, ready: '.mall[aria-busy="false"]', attributes: () => ({ kind }),
  })),
];
/** A chat contact bound to the test vehicle's owner: its card shows the customer and the timeline. */
const BOUND_CONTACT = 'wmPartnerBound01';

let server: TestServer;
let partner: Server;
let partnerUrl: string;
let browser: Browser;
let adminToken: string;
let vehicleId: number;
const partnerRequests: string[] = [];
const pages = new Map<string, string>();

function partnerPage(element: ElementCase, attributes: Record<string, string>): string {
  const rendered = Object.entries(attributes).map(([name, value]) => ` ${name}="${value.replace(/"/g, '&quot;')}"`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner CRM</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>${HOSTILE_CSS}</style>
<script>
  // The partner's own storage, there before any script of ours.
  for (const [key, value] of Object.entries(${JSON.stringify(PARTNER_LOCAL)})) localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(${JSON.stringify(PARTNER_SESSION)})) sessionStorage.setItem(key, value);
  window.garageEvents = [];
  for (const name of ['garage-logged-in', 'garage-logged-out', 'garage-navigate']) {
    document.addEventListener(name, (event) => window.garageEvents.push({ name, detail: event.detail }));
  }
</script></head>
<body>
<p>Partner CRM · 合作方客户系统 365–181</p>
<${element.tag}${rendered}></${element.tag}>
<script type="module" src="${server.url}/widgets/${element.feature}.js"></script>
</body></html>`;
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.loginToken('admin');
  vehicleId = (await server.db.one<{ id: number }>(sql`
    SELECT v.id FROM vehicle v JOIN maintenance_record r ON r.vehicle_id = v.id
     GROUP BY v.id HAVING count(r.id) >= 3 ORDER BY v.id LIMIT 1`))!.id;
  // A high-mileage car with a big bill: the widest figures a visit line has to hold at 360 px.
  await server.db.run(sql`UPDATE maintenance_record SET mileage = 123456, amount = 12345.67
    WHERE id = (SELECT id FROM maintenance_record WHERE vehicle_id = ${vehicleId} ORDER BY maint_date DESC, id DESC LIMIT 1)`);
  const owner = (await server.db.one<{ customer_id: number }>(sql`SELECT customer_id FROM vehicle WHERE id = ${vehicleId}`))!.customer_id;
  expect((await server.call('POST', '/wecom-contact/bind', { token: adminToken, body: { externalUserId: BOUND_CONTACT, customerId: owner } })).code).toBe(0);
  partner = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://partner');
    partnerRequests.push(url.pathname);
    const page = pages.get(url.pathname);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  // "localhost" while our server is 127.0.0.1: another origin, as a partner's site is.
  partnerUrl = `http://localhost:${(partner.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => partner?.close(resolve));
  await server?.close();
});

async function open(element: ElementCase, width: number, options: { token?: string | null; path?: string; extra?: Record<string, string> } = {}) {
  const token = options.token === undefined ? adminToken : options.token;
  const attributes = {
    'api-base': `${server.url}/api`,
    ...(token ? { token } : {}),
    ...(element.attributes?.({ vehicleId }) ?? {}),
    ...options.extra,
  };
  const path = options.path ?? `/${element.feature}-${ELEMENTS.indexOf(element)}-${width}`;
  pages.set(path, partnerPage(element, attributes));
  const watched = await openPage(browser, { width, height: width < 400 ? 640 : 900 });
  await watched.page.goto(`${partnerUrl}${path}`);
  await watched.page.waitForFunction((tag) => Boolean(customElements.get(tag)), element.tag);
  return watched;
}

/** What the partner's storage holds now (ours excluded). */
async function partnerStorage(page: Page) {
  return page.evaluate(() => {
    const entries = (storage: Storage) => Object.fromEntries(Object.keys(storage).filter((key) => !key.startsWith('garage-suite:')).sort().map((key) => [key, storage.getItem(key)]));
    return { local: entries(localStorage), session: entries(sessionStorage) };
  });
}

const expectedPartnerStorage = {
  local: Object.fromEntries(Object.entries(PARTNER_LOCAL).sort()),
  session: Object.fromEntries(Object.entries(PARTNER_SESSION).sort()),
};

/** Computed style inside the element: direction, font, the smallest font size anywhere inside (nested shadow roots too). */
async function layout(page: Page, tag: string) {
  return page.evaluate((tag) => {
    const host = document.querySelector(tag)!;
    const all: Element[] = [];
    const walk = (root: ShadowRoot | Element) => {
      for (const element of root.querySelectorAll('*')) {
        all.push(element);
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(host.shadowRoot!);
    const visible = all.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (element.textContent ?? '').trim() !== '';
    });
    const first = host.shadowRoot!.firstElementChild ?? host.shadowRoot!.querySelector('*');
    const style = getComputedStyle(first!);
    return {
      display: getComputedStyle(host).display,
      direction: style.direction,
      fontFamily: style.fontFamily,
      letterSpacing: style.letterSpacing,
      textTransform: style.textTransform,
      smallestFont: Math.min(...visible.map((element) => parseFloat(getComputedStyle(element).fontSize))),
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      hostOverflow: host.getBoundingClientRect().right - window.innerWidth,
    };
  }, tag);
}

/**
 * Boxes inside the element (shadow roots included) that reach past the right edge of the window —
 * a table scrolling inside its own frame counts — and how far the element scrolls sideways itself.
 */
async function sidewaysOverflow(page: Page, tag: string) {
  return page.evaluate((tag) => {
    const width = document.documentElement.clientWidth;
    const host = document.querySelector(tag)!;
    const offenders: string[] = [];
    const walk = (scope: ShadowRoot | Element) => {
      for (const node of scope.querySelectorAll('*')) {
        const box = node.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && box.right > width + 0.5) offenders.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} → ${Math.round(box.right)} px`);
        if (node.shadowRoot) walk(node.shadowRoot);
      }
    };
    walk(host.shadowRoot!);
    return { element: host.scrollWidth - host.clientWidth, offenders: offenders.slice(0, 8) };
  }, tag);
}

const shadowText = (page: Page, tag: string) => page.evaluate((tag) => document.querySelector(tag)!.shadowRoot!.textContent ?? '', tag);

/** The partner's own logout button calls our public session API (garage-session.js: no other element's code). */
async function logoutThroughPublicApi(page: Page) {
  await page.evaluate(`import('${server.url}/dist/garage-session.js').then((api) => api.logout())`);
}

describe.concurrent('every element alone on a partner page with a hostile stylesheet', () => {
  // One page per element in its own browser context: they load side by side (vitest.config.ts,
  // maxConcurrency). Each opens at 1280 px and is then narrowed to 360 px (the WeCom sidebar), as a
  // window is: one load and one logout per element; the variants are checked at 360 px only.
  for (const element of ELEMENTS) {
    const widths = element.variant ? [360] : [1280, 360];
    // The test's own expect: expect.poll in concurrent tests needs it.
    it(`${element.tag}${element.variant ? ` ${element.variant}` : ''} at ${widths.join(' and ')} px: our layout, the partner's storage untouched, 请先登录 after logout`, async ({ expect }) => {
      const signedIn = !element.public;
      const { page, context, errors } = await open(element, widths[0]!, { token: signedIn ? adminToken : null });
      const widget = page.locator(element.tag);
      if (element.ready) await widget.locator(element.ready).first().waitFor({ timeout: 60_000 });
      const shot = (width: number) => `partner-${element.feature}${element.variant ? `-${ELEMENTS.indexOf(element)}` : ''}-${width}`;

      for (const width of widths) {
        if (width !== widths[0]) await page.setViewportSize({ width, height: 640 });
        // Polled: a narrowed element settles a frame or two after the window does.
        await expect.poll(async () => (await layout(page, element.tag)).hostOverflow, { message: `${element.tag} at ${width} px` }).toBeLessThanOrEqual(0);
        const measured = await layout(page, element.tag);
        expect(measured.display).toBe(element.display ?? 'block');
        expect(measured.direction).toBe('ltr');
        expect(measured.fontFamily).toMatch(/PingFang SC|Noto Sans CJK SC/);
        expect(measured.fontFamily).not.toMatch(/Georgia/);
        expect(measured.letterSpacing).toBe('normal');
        expect(measured.textTransform).toBe('none');
        // An 8 px root made Shoelace's rem sizes 6–7 px; our smallest text (a sort arrow) is 10 px.
        expect(measured.smallestFont).toBeGreaterThanOrEqual(10);
        expect(measured.pageOverflow).toBeLessThanOrEqual(0);
        if (width < 400) {
          await expect.poll(() => sidewaysOverflow(page, element.tag), { message: `${element.tag} at ${width} px` }).toEqual({ element: 0, offenders: [] });
          expect(await visibleNativeControls(page)).toEqual([]);
        }
        await screenshotForReview(page, `${shot(width)}.png`, { fullPage: width > 400 });
      }

      expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
      if (signedIn) {
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('garage-suite:user') ?? 'null')?.usertoken)).toBeTruthy();
        const before = await shadowText(page, element.tag);
        await logoutThroughPublicApi(page);
        await widget.getByText('请先登录').waitFor({ timeout: 60_000 });
        const after = await shadowText(page, element.tag);
        // Nothing of what it showed is left: at most the signed-out words.
        expect(after.replace(/请先登录|登录后这里会显示门店的客户与车辆信息。/g, '').trim()).toBe('');
        expect(before.length).toBeGreaterThan(after.length);
        expect(await page.evaluate(() => (window as unknown as { garageEvents: { name: string; detail: unknown }[] }).garageEvents.filter((event) => event.name === 'garage-logged-out'))).toEqual([
          { name: 'garage-logged-out', detail: { reason: 'logout' } },
        ]);
        expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
        expect(await page.evaluate(() => localStorage.getItem('garage-suite:user'))).toBeNull();
        await screenshotForReview(page, `${shot(360)}-signed-out.png`);
      }
      expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
      await context.close();
    });
  }
});

describe('<garage-login> alone on a partner page', () => {
  const login = ELEMENTS.find((element) => element.tag === 'garage-login')!;

  it('finishes: fires garage-logged-in with who signed in, shows the signed-in state, and logs out without touching the partner’s storage', async () => {
    const { page, context } = await open(login, 1280, { token: null, path: '/login-journey' });
    await loginThroughForm(page, 'admin');
    const widget = page.locator('garage-login');
    await widget.getByText('已登录：陈总').waitFor({ timeout: 20_000 });
    const events = await page.evaluate(() => (window as unknown as { garageEvents: { name: string; detail: Record<string, string> }[] }).garageEvents);
    const loggedIn = events.find((event) => event.name === 'garage-logged-in')!;
    expect(loggedIn.detail).toMatchObject({ nickName: '陈总' });
    expect(loggedIn.detail.token).toMatch(/^ey/);
    expect(loggedIn.detail.userId).toMatch(/^\d+$/);
    expect(loggedIn.detail.garageId).toMatch(/^\d+$/);
    expect(await widget.getByText('正在进入系统…').count()).toBe(0);
    expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
    await screenshotForReview(page, 'partner-login-signed-in.png');

    await widget.getByRole('button', { name: '退出登录' }).click();
    await widget.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('garage-suite:user')))).toEqual([]);
    await context.close();
  });
});

describe('<garage-login> with an admin’s one-time password', () => {
  it('asks for the person’s own password first; the page’s other elements show data once it is set', async () => {
    const roles = (await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: adminToken })).data.roles;
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: adminToken, body: { username: 'partner01', nickName: '合作店长', roleIds: [roles.find((role) => role.code === 'store_manager')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const board = ELEMENTS.find((element) => element.tag === 'garage-customer-board')!;
    const login = ELEMENTS.find((element) => element.tag === 'garage-login')!;
    pages.set('/one-time', partnerPage(login, { 'api-base': `${server.url}/api` }).replace('</body>',
      `<garage-customer-board api-base="${server.url}/api"></garage-customer-board><script type="module" src="${server.url}/widgets/${board.feature}.js"></script></body>`));
    const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
    await page.goto(`${partnerUrl}/one-time`);
    await loginThroughForm(page, 'partner01', made.data.oneTimePassword);
    const widget = page.locator('garage-login');
    await widget.getByText('您正在使用管理员设置的一次性密码').waitFor({ timeout: 20_000 });
    await page.locator('garage-customer-board').getByText('请先修改密码').waitFor();
    await widget.getByLabel('新密码', { exact: true }).fill('Partner-own-26');
    await widget.getByLabel('确认新密码').fill('Partner-own-26');
    await widget.getByRole('button', { name: '确认修改' }).click();
    await widget.getByText('请输入原密码').waitFor();
    await widget.getByLabel('一次性密码').fill(made.data.oneTimePassword);
    await widget.getByRole('button', { name: '确认修改' }).click();
    await widget.getByText('已登录：合作店长').waitFor({ timeout: 20_000 });
    await page.locator('garage-customer-board').locator(board.ready!).waitFor({ timeout: 20_000 });
    // The change revoked the first token: the page hears the new one as a login, once the start with
    // it is over (polled: the form may say 已登录 a moment before, on a busy machine).
    const loginTokens = () => page.evaluate(() => (window as unknown as { garageEvents: { name: string; detail: { token: string } }[] }).garageEvents
      .filter((event) => event.name === 'garage-logged-in').map((event) => event.detail.token));
    await expect.poll(async () => (await loginTokens()).length).toBe(2);
    const tokens = await loginTokens();
    expect(tokens[1]).not.toBe(tokens[0]);
    expect((await server.call('GET', '/user/info', { token: tokens[0]! })).code).toBe(-2);
    expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
    expect(errors.filter((error) => !/Failed to load resource/.test(error))).toEqual([]);
    await context.close();
  });
});

describe('after the login expires', () => {
  it('the customer list drops the customers at the next call and asks to sign in', async () => {
    const list = ELEMENTS[0];
    const token = await server.loginToken('admin');
    pages.set('/list-expiry', partnerPage(list, { 'api-base': `${server.url}/api`, token }));
    const { page, context } = await openPage(browser, { width: 1280 });
    await page.goto(`${partnerUrl}/list-expiry`);
    const widget = page.locator(list.tag);
    await widget.locator('tbody tr[data-customer-id]').first().waitFor({ timeout: 20_000 });
    // The start is over (the garage's settings come last and may reload the list with their page
    // size): else that reload, not the click, would be the call that meets the expired token.
    await page.waitForLoadState('networkidle');
    await widget.locator('tbody tr[data-customer-id]').first().waitFor();
    // The server's clock decides: from now on the page's calls carry the token as it is once its
    // lifetime is over (the same user's, signed already expired), instead of waiting that out.
    const admin = await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = 'admin'`);
    const expired = server.signToken(admin!.id, { ttlSeconds: -1 });
    await page.route(`${server.url}/api/**`, (route) => route.continue({ headers: { ...route.request().headers(), token: expired } }));
    await widget.locator('sl-button').filter({ hasText: '下一页' }).first().click();
    await widget.getByText('请先登录').waitFor({ timeout: 10_000 });
    expect(await widget.locator('tbody tr').count()).toBe(0);
    const ended = await page.evaluate(() => (window as unknown as { garageEvents: { name: string; detail: unknown }[] }).garageEvents.filter((event) => event.name === 'garage-logged-out'));
    expect(ended).toEqual([{ name: 'garage-logged-out', detail: { reason: 'expired' } }]);
    expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
    await screenshotForReview(page, 'partner-list-expired.png');
    await context.close();
  });
});

describe('<garage-version-notice> on a partner page', () => {
  it('reads version.json from our server, never from the partner’s site, and keeps its VERSION under our key', async () => {
    const notice: ElementCase = { tag: 'garage-version-notice', feature: 'version-notice', public: true };
    const { page, context } = await open(notice, 1280, { token: null, path: '/version', extra: { 'poll-seconds': '1' } });
    const ours: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/version.json') ours.push(new URL(request.url()).origin);
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('garage-suite:version')), { timeout: 10_000 }).toMatch(/^\d+$/);
    await expect.poll(() => ours.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(new Set(ours)).toEqual(new Set([server.url]));
    expect(partnerRequests.filter((path) => path === '/version.json')).toEqual([]);
    expect(await partnerStorage(page)).toEqual(expectedPartnerStorage);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('garage-version-notice')!).display)).toBe('block');
    await context.close();
  });
});

describe('<garage-phone-bar> with an unreachable SIP server', () => {
  it('says the line cannot connect within 10 s, and keeps trying', async () => {
    await server.call('POST', '/call/sip-account/provision', {
      token: adminToken,
      query: { 'yj-test': 1 },
      body: { username: 'frontdesk', sipUser: '8009', password: 'Phone@8009', realm: 'garage.test' },
    });
    const frontdesk = await server.loginToken('frontdesk');
    // A port nobody listens on: every WebSocket attempt is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const bar = ELEMENTS.find((element) => element.tag === 'garage-phone-bar')!;
    const { page, context } = await open(bar, 360, { token: frontdesk, path: '/phone-unreachable', extra: { 'sip-server': `ws://127.0.0.1:${port}/webrtc` } });
    const attempts: string[] = [];
    page.on('websocket', (socket) => attempts.push(socket.url()));
    const widget = page.locator('garage-phone-bar');
    await widget.getByText('线路连接不上', { exact: true }).waitFor({ timeout: 10_000 });
    await widget.getByText(/电话线路连接不上：电话服务器无法访问，正在自动重试/).waitFor();
    await screenshotForReview(page, 'partner-phone-unreachable-360.png');
    const seen = attempts.length;
    // JsSIP tries again by itself (2 s, then longer): another attempt comes.
    await expect.poll(() => attempts.length, { timeout: 15_000 }).toBeGreaterThan(seen);
    await context.close();
  });
});
