/**
 * 权限管理 in Chromium against the real server: an admin hires (issue 33, journey 5): creates a role
 * limited to SMS and an account holding it; that person logs in with the one-time password and must
 * change it before anything else (the dialog survives Escape, a click beside it and every way of
 * leaving the page; the server answers nothing else), then sees exactly that menu and is refused
 * elsewhere by the server; a role change reaches their open page without a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, screenshotForReview, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('权限管理', () => {
  it('creates a role and an account; the new person sees exactly their menu and the server refuses the rest', { timeout: 150_000 }, async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/organization/userAuth')}`);
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '权限管理');
    const widget = page.locator('garage-user-auth');
    await widget.locator('[data-username="manager"]').waitFor();

    // A role with SMS only.
    await widget.getByRole('tab', { name: '角色与权限' }).click();
    await widget.getByRole('button', { name: '新建角色' }).click();
    const roleDialog = widget.locator('sl-dialog.role-dialog');
    await roleDialog.getByLabel('角色名称').fill('短信专员');
    await roleDialog.locator('sl-checkbox', { hasText: '短信营销' }).click();
    await roleDialog.getByRole('button', { name: '创建' }).click();
    const row = widget.locator('tr[data-role="短信专员"]');
    await row.waitFor();
    expect(await row.getByRole('img', { name: '短信营销：有' }).count()).toBe(1);
    expect(await row.getByRole('img', { name: '客户导入：无' }).count()).toBe(1);

    // An account holding it, in 城西店. The form first says what is missing, in Chinese.
    await widget.getByRole('tab', { name: '员工账号' }).click();
    await widget.getByRole('button', { name: '新建员工' }).click();
    const staffDialog = widget.locator('sl-dialog.staff-dialog');
    await staffDialog.getByRole('button', { name: '创建' }).click();
    await staffDialog.getByText('请填写登录名').waitFor();
    await staffDialog.getByText('请至少选择一个角色').waitFor();
    await staffDialog.getByLabel('登录名').fill('sms01');
    await staffDialog.getByLabel('姓名').fill('孙短信');
    await staffDialog.locator('sl-checkbox', { hasText: '短信专员' }).click();
    await staffDialog.locator('sl-checkbox', { hasText: '城西店' }).click();
    await staffDialog.getByRole('button', { name: '创建' }).click();
    const shown = widget.getByTestId('one-time-password').filter({ hasText: /^[A-Za-z\d]{10}$/ });
    await shown.waitFor();
    const password = (await shown.innerText()).trim();
    expect(password).toMatch(/^[A-Za-z\d]{10}$/);
    await widget.getByRole('button', { name: '我已记下' }).click();
    await widget.locator('[data-username="sms01"]').getByText('待改密').waitFor();
    expect(errors).toEqual([]);

    // The new person, in another browser.
    const other = await openPage(browser);
    await other.page.goto(`${server.url}/login`);
    await loginThroughForm(other.page, 'sms01', password);
    await waitForPage(other.page, '工作台');
    // A one-time password: the server answers nothing else, so 修改密码 opens by itself, says why,
    // cannot be put away, and the page behind it shows no data.
    const dialog = other.page.locator('sl-dialog.password-dialog');
    const isOpen = () => dialog.evaluate((element) => (element as HTMLElement & { open: boolean }).open);
    await dialog.getByText('您正在使用管理员设置的一次性密码').waitFor();
    await other.page.locator('garage-workbench').getByText('请先修改密码').waitFor();
    await screenshotForReview(other.page, 'password-dialog-1440.png');
    await other.page.keyboard.press('Escape');
    expect(await isOpen()).toBe(true);
    await other.page.mouse.click(8, 450); // beside the dialog, on its overlay
    expect(await isOpen()).toBe(true);
    expect(await dialog.getByRole('button', { name: '取消' }).count()).toBe(0);
    expect(await dialog.locator('[part~="close-button"]').isVisible()).toBe(false);
    // Leaving for another page, inside the app or by its address, finds the dialog there too.
    await other.page.evaluate(() => document.dispatchEvent(new CustomEvent('garage-navigate', { detail: { path: '/home/sms/smsWork' }, bubbles: true, composed: true, cancelable: true })));
    await waitForPage(other.page, '短信营销');
    // Its permissions are not known before the change: the page says why it is closed, not 暂无权限.
    await other.page.getByTestId('password-first').getByText('改为只有您知道的密码后即可打开此页面').waitFor();
    expect(await other.page.getByText('暂无权限').count()).toBe(0);
    expect(await isOpen()).toBe(true);
    await other.page.goto(`${server.url}/home/externalmanage`);
    await dialog.getByText('您正在使用管理员设置的一次性密码').waitFor();
    await other.page.locator('garage-customer-list').getByText('请先修改密码').waitFor();
    await other.page.goBack();
    await waitForPage(other.page, '短信营销');
    expect(await isOpen()).toBe(true);
    // And the server: whatever the page could be made to ask, only changing the password answers.
    const firstToken = await other.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').usertoken as string);
    for (const [method, path] of [['POST', '/client/list'], ['GET', '/workbench/tasks'], ['GET', '/sms/settings']] as const) {
      expect((await server.call(method, path, { token: firstToken, body: method === 'POST' ? {} : undefined })).code, path).toBe(428);
    }
    if (process.env.E2E_SCREENSHOTS) {
      const phone = await openPage(browser, { width: 360, height: 740 });
      await phone.page.goto(`${server.url}/login`);
      await loginThroughForm(phone.page, 'sms01', password);
      await phone.page.locator('sl-dialog.password-dialog').getByText('您正在使用管理员设置的一次性密码').waitFor();
      await screenshotForReview(phone.page, 'password-dialog-360.png');
      await phone.context.close();
    }
    await dialog.getByLabel('原密码').fill(password);
    await dialog.getByLabel('新密码', { exact: true }).fill('Sms-own-2026');
    await dialog.getByLabel('确认新密码').fill('Sms-own-2026');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await other.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(other.page.url()).searchParams.get('redirect')).toBe('/home/sms/smsWork');
    await loginThroughForm(other.page, 'sms01', 'Sms-own-2026');
    // Back where they were, now open to them.
    await waitForPage(other.page, '短信营销');
    await other.page.locator('garage-sms-marketing').getByRole('heading', { name: '短信营销' }).waitFor();
    expect(await dialog.count()).toBe(0);
    const links = async () => (await other.page.locator('.sidebar__nav a').allTextContents()).map((text) => text.trim());
    expect(await links()).toContain('短信营销');
    expect(await links()).not.toContain('批量导入');
    expect(await links()).not.toContain('权限管理');
    const token = await other.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').usertoken as string);
    expect((await server.call('GET', '/client/import/task-config', { token, query: { type: 'customer' } })).code).toBe(403);
    expect((await server.call('GET', '/authority/staff', { token })).code).toBe(403);

    // The admin adds 客户导入 to the role: the open page's menu follows without a reload.
    await widget.getByRole('tab', { name: '角色与权限' }).click();
    await row.getByRole('button', { name: '编辑' }).click();
    await roleDialog.locator('sl-checkbox', { hasText: '客户导入' }).click();
    await roleDialog.getByRole('button', { name: '保存' }).click();
    await row.getByRole('img', { name: '客户导入：有' }).waitFor();
    await other.page.locator('.sidebar__nav a', { hasText: '批量导入' }).waitFor({ timeout: 15_000 });
    expect((await server.call('GET', '/client/import/task-config', { token, query: { type: 'customer' } })).code).toBe(0);

    // Disabled by the admin: their next request ends the session.
    await widget.getByRole('tab', { name: '员工账号' }).click();
    await widget.locator('[data-username="sms01"]').getByRole('button', { name: '停用' }).click();
    await widget.locator('sl-dialog').getByRole('button', { name: '停用' }).click();
    await widget.locator('[data-username="sms01"]').getByText('已停用').waitFor();
    expect((await server.call('GET', '/user/info', { token })).code).toBe(-2);

    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('shows a store admin only their store’s staff, with the roles they cannot give greyed out', async () => {
    const admin = await server.loginToken('admin');
    const roles = (await server.call<{ roles: { id: number; code: string }[] }>('GET', '/authority/staff', { token: admin })).data.roles;
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin, body: { username: 'east-admin', nickName: '东店管理员', roleIds: [roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
    });
    const storeAdmin = await server.firstLogin('east-admin', made.data.oneTimePassword);
    // Alone on a plain 360 px page (the WeCom sidebar), not in the host app.
    const { page, context, errors } = await openPage(browser, { width: 360, height: 740 });
    const plainPage = `${server.url}/plain-360.html`;
    await page.route(plainPage, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"></head>
        <body style="margin:0"><garage-user-auth token="${storeAdmin}"></garage-user-auth>
        <script type="module" src="/widgets/user-auth.js"></script></body></html>`,
    }));
    await page.goto(plainPage);
    const widget = page.locator('garage-user-auth');
    await widget.locator('[data-username="manager"]').waitFor();
    expect(await widget.locator('[data-username="frontdesk"]').count()).toBe(0);
    // At 360 px each person is a card: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= 360)).toBe(true);
    expect(await widget.locator('[data-username="manager"]').evaluate((card) => card.getBoundingClientRect().right <= 360)).toBe(true);
    await widget.getByRole('button', { name: '新建员工' }).click();
    const headquartersAdmin = widget.locator('sl-dialog.staff-dialog sl-checkbox', { hasText: '总部管理员' });
    expect(await headquartersAdmin.evaluate((element) => (element as HTMLInputElement).disabled)).toBe(true);
    expect(await widget.locator('sl-dialog.staff-dialog sl-checkbox', { hasText: '城西店' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
