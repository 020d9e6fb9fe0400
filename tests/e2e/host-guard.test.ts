/**
 * Route guard and login journey of the host app in Chromium against the real server (spec section 2:
 * route guard, startup; section 4: session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { startTestServer } from '../support/server';
import { protectedPages } from '../../host-app/src/routes';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('route guard', () => {
  it('sends a visitor without a token from every protected route to /login with the asked-for page', async () => {
    const { page, context, errors } = await openPage(browser);
    const asked = [...protectedPages.map((p) => p.path), '/home', '/home/organization', '/home/shop', '/home/no-such-page'];
    for (const path of asked) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      const redirect = new URL(page.url()).searchParams.get('redirect');
      expect(redirect, path).toBe(path);
      await page.getByLabel('账号').waitFor();
    }
    await page.goto(`${server.url}/workKanban`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home/workKanBan');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the public pages without a token and sends / to the login page', async () => {
    const { page, context, errors } = await openPage(browser);
    const publicPages: [string, string][] = [['/privacy', '隐私政策'], ['/terms', '用户协议'], ['/plugins', '插件嵌入']];
    for (const [path, heading] of publicPages) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto(`${server.url}/login`);
    await page.getByLabel('账号').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`${server.url}/`);
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes an unreadable stored user record and keeps the visitor on /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/privacy`);
    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await page.goto(`${server.url}/home/kpi`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });
});

describe('login', () => {
  it('shows the server message for a wrong password and stays on /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'admin', 'wrong-password-1');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toMatch(/[\u4e00-\u9fa5]/);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('asks for both fields before calling the server', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    let loginCalls = 0;
    page.on('request', (request) => { if (request.url().includes('/user/username-token')) loginCalls += 1; });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入账号').waitFor();
    await page.getByText('请输入密码').waitFor();
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it('logs in with a demo account, writes the user entry, runs startup in order after ~100 ms and returns to the asked page', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/home/kpi`);
    await page.waitForURL((url) => url.pathname === '/login');

    // Times are the browser's own (Playwright's request timing), not when this busy test process
    // got to hear of them.
    const calls: { path: string; request: Request }[] = [];
    let login: Request | undefined;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname.slice('/api'.length), request });
      if (url.pathname.endsWith('/user/username-token')) login = request;
    });

    await loginThroughForm(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/home/kpi', { timeout: 20_000 });
    await waitForPage(page, '数据统计');

    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(user?.usertoken).toBeTruthy();
    expect(user?.nickName).toBeTruthy();
    expect(user?.userId).toBeTruthy();
    expect(user?.garageId).toBeTruthy();

    // The spec's order of startup (section 2), the module config last; the core asks the admin check
    // first, because every other answer is held back until admin status is known (spec section 4).
    const startup = ['/garage/switchable-list', '/client/count/store', '/sys/permission/user', '/sys/role/user', '/user/info', '/garageModule/one'];
    const firstIndex = (path: string) => calls.findIndex((call) => call.path === path);
    const order = startup.map(firstIndex);
    expect(order.every((index) => index >= 0), JSON.stringify(calls.map((c) => c.path))).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const gate = firstIndex('/user/isAdmin');
    expect(gate).toBeGreaterThanOrEqual(0);
    expect(gate).toBeLessThan(order[0]);
    const loginTiming = login!.timing();
    const loggedInAt = loginTiming.startTime + loginTiming.responseEnd;
    expect(calls[gate].request.timing().startTime - loggedInAt).toBeGreaterThanOrEqual(90);
    // Startup runs once per login: the host does not repeat it after the login widget's.
    expect(calls.filter((call) => call.path === '/user/info')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs in with phone and SMS code, with a 60-second resend countdown', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByLabel('手机号').fill('13800000002');
    await page.getByRole('button', { name: '获取验证码' }).click();
    const resend = page.getByRole('button', { name: /^(60|59) 秒后重发$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await page.getByText('验证码已发送，请注意查收短信').waitFor();

    const code = await server.lastSmsCode('13800000002');
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('验证码').fill(code!);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/workKanBan', { timeout: 20_000 });
    await waitForPage(page, '工作台');
    expect(await page.getByRole('button', { name: '用户菜单' }).innerText()).toContain('李店长');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('completes a work-chat (WeCom) login when the page carries a WeCom code', async () => {
    const { page, context, errors } = await openPage(browser);
    const wecomCalls: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/qy/qy-login')) wecomCalls.push(new URL(request.url()).pathname); });
    await page.goto(`${server.url}/login?code=${encodeURIComponent('dev:wwantu0000demo01:AnTuChen')}`);
    await page.waitForURL((url) => url.pathname === '/home/workKanBan', { timeout: 20_000 });
    await waitForPage(page, '工作台');
    expect(wecomCalls).toEqual(['/wecom/qy/qy-login']);
    expect(await page.getByRole('button', { name: '用户菜单' }).innerText()).toContain('陈总');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to the forms with the server message when the WeCom code is refused', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/login?code=expired-code`);
    await page.getByRole('alert').filter({ hasText: '企业微信登录失败' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('企业微信授权已失效');
    await page.getByLabel('账号').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
