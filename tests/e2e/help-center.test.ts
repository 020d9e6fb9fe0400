/**
 * 帮助中心 and 功能介绍 in Chromium against the real server: a front-desk clerk (no 设置中心
 * permission) searches 「标签」, opens the tag article and follows its link into the app;
 * 功能介绍's 去使用 opens the customer list; somebody without 短信营销 sees that area named with
 * the permission it needs instead of a link; /helps opens the article its address names; and both
 * elements alone on a plain 360 px page fit and work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEATURE_AREAS, featureStatus } from '../../contracts/feature-tour';
import { Permission } from '../../contracts/permissions';
import { OWN_PASSWORD, startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedInAt(path: string, username: string, password?: string, width = 1440) {
  const watched = await openPage(browser, { width });
  await watched.page.goto(`${server.url}/login?redirect=${encodeURIComponent(path)}`);
  await loginThroughForm(watched.page, username, password);
  return watched;
}

/** The list has answered the current search (not aria-busy any more). */
const settled = (page: Page) => page.locator('garage-help-center .results[aria-busy="false"]').waitFor();

describe('帮助中心', () => {
  it('finds the tag article by 「标签」, opens it and follows its link to the customer list', async () => {
    const { page, context, errors } = await signedInAt('/home/organization/helpCenter', 'frontdesk');
    await waitForPage(page, '帮助中心');
    const help = page.locator('garage-help-center');
    await settled(page);
    // Browsing: articles grouped by area.
    await help.getByRole('heading', { name: '入门' }).waitFor();
    expect(await help.locator('.entry').count()).toBeGreaterThanOrEqual(12);

    await help.getByLabel('搜索帮助').fill('标签');
    await help.getByText(/^找到 \d+ 篇与「标签」有关的文章$/).waitFor();
    await settled(page);
    const first = help.locator('.entry').first();
    expect(await first.locator('.entry-title').innerText()).toContain('标签管理');
    expect(await first.locator('mark').first().innerText()).toBe('标签');
    await first.click();
    await help.getByRole('heading', { name: '标签管理：给客户打标签', level: 2 }).waitFor();
    await help.getByRole('heading', { name: '管理标签' }).waitFor();
    expect(await help.locator('article .body').innerText()).toContain('合并标签');
    // Opened by the reader: the title takes focus (a screen reader starts reading there).
    await expect.poll(() => help.locator('article h2').evaluate((heading) => (heading.getRootNode() as ShadowRoot).activeElement === heading)).toBe(true);

    // A link to another article opens it here.
    await help.locator('article .body').getByRole('link', { name: '客户列表：查找客户与筛选条件' }).click();
    await help.getByRole('heading', { name: '客户列表：查找客户与筛选条件', level: 2 }).waitFor();
    await help.getByRole('button', { name: '返回全部帮助' }).click();
    await help.getByLabel('搜索帮助').fill('一次性密码');
    await help.getByText('找到 2 篇与「一次性密码」有关的文章').waitFor();
    await settled(page);
    await help.locator('.entry', { hasText: '权限管理' }).click();
    await help.locator('article .body').getByRole('link', { name: '登录与密码' }).waitFor();
    await help.getByRole('button', { name: '返回全部帮助' }).click();

    await help.getByLabel('搜索帮助').fill('没有这种内容');
    await help.getByText('没有找到与「没有这种内容」有关的帮助').waitFor();
    await help.getByRole('button', { name: '清空搜索' }).click();
    await help.getByRole('heading', { name: '入门' }).waitFor();

    // A link to a page of the app goes there through the host's router.
    await help.locator('.entry', { hasText: '标签管理' }).click();
    await help.locator('article .body').getByRole('link', { name: '客户列表', exact: true }).click();
    await waitForPage(page, '客户列表');
    await page.locator('garage-customer-list tbody tr').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens on /helps the article its address names, and says so when there is none', async () => {
    const { page, context, errors } = await signedInAt('/helps#web-phone', 'manager');
    await waitForPage(page, '帮助中心');
    const help = page.locator('garage-help-center');
    await help.getByRole('heading', { name: '网络电话：在浏览器里外呼客户' }).waitFor();
    await page.goto(`${server.url}/helps#no-such-article`);
    await page.reload();
    await waitForPage(page, '帮助中心');
    await help.getByText('没有找到这篇帮助文章，它可能已改名或删除').waitFor();
    await help.getByRole('button', { name: '返回全部帮助' }).click();
    await help.getByRole('heading', { name: '设置中心' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('功能介绍', () => {
  it('去使用 opens the customer list; 查看使用帮助 opens the area’s article', async () => {
    const { page, context, errors } = await signedInAt('/home/organization/featureIntro', 'frontdesk');
    await waitForPage(page, '功能介绍');
    const intro = page.locator('garage-feature-intro');
    const customers = intro.locator('[data-area="customers"]');
    await customers.getByText('已上线').waitFor();
    // Areas not built say so, without a link (the first such area of the tour; none once all are built).
    const unbuilt = FEATURE_AREAS.find((area) => featureStatus(area) === 'soon');
    if (unbuilt) {
      const card = intro.locator(`[data-area="${unbuilt.id}"]`);
      expect(await card.getByText('即将上线').first().isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: /^去使用/ }).count()).toBe(0);
    } else {
      expect(await intro.locator('[data-area]').getByText('即将上线', { exact: true }).count()).toBe(0);
    }

    await customers.getByRole('link', { name: '去使用客户' }).click();
    await waitForPage(page, '客户列表');
    await page.locator('garage-customer-list tbody tr').first().waitFor();

    await page.goBack();
    await waitForPage(page, '功能介绍');
    await intro.locator('[data-area="phone"]').getByRole('link', { name: '查看使用帮助（网络电话）' }).click();
    await page.waitForURL((url) => url.pathname === '/helps' && url.hash === '#web-phone');
    await page.locator('garage-help-center').getByRole('heading', { name: '网络电话：在浏览器里外呼客户' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the permission an area needs instead of linking it, for somebody without 短信营销', async () => {
    const admin = await server.loginToken('admin');
    const role = await server.call<{ id: number }>('POST', '/authority/role', {
      token: admin, body: { name: '只打电话', dataScope: 2, permissionIds: [Permission.webPhone] },
    });
    expect(role.code, role.msg).toBe(0);
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin, body: { username: 'caller01', nickName: '电话专员', roleIds: [role.data.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);

    await server.firstLogin('caller01', made.data.oneTimePassword);
    const { page, context, errors } = await signedInAt('/home/organization/featureIntro', 'caller01', OWN_PASSWORD);
    await waitForPage(page, '功能介绍');
    const intro = page.locator('garage-feature-intro');
    await intro.locator('.areas[aria-busy="false"]').waitFor();
    const sms = intro.locator('[data-area="sms"]');
    await sms.getByText('需要「短信营销」权限，请联系管理员在「权限管理」中开通。').waitFor();
    expect(await sms.getByRole('link', { name: /^去使用/ }).count()).toBe(0);
    expect(await intro.locator('[data-area="settings"]').getByText('需要「设置中心」权限').count()).toBe(1);
    // What the role allows stays linkable; help stays readable.
    expect(await intro.locator('[data-area="phone"]').getByRole('link', { name: '去使用网络电话' }).count()).toBe(1);
    expect(await intro.locator('[data-area="customers"]').getByRole('link', { name: '去使用客户' }).count()).toBe(1);
    await sms.getByRole('link', { name: '查看使用帮助（短信营销）' }).click();
    await page.locator('garage-help-center').getByRole('heading', { name: '客户分组：按条件或固定名单' }).waitFor();
    // The settings centre shows this person only the two open pages.
    await page.goto(`${server.url}/home/organization/featureIntro`);
    await waitForPage(page, '功能介绍');
    expect((await page.locator('.section__nav a').allTextContents()).map((text) => text.trim())).toEqual(['功能介绍', '帮助中心']);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('alone on a plain 360 px page', () => {
  async function plainPage(element: string, feature: string) {
    const token = await server.loginToken('frontdesk');
    const watched = await openPage(browser, { width: 360, height: 740 });
    const address = `${server.url}/plain-${feature}.html`;
    await watched.page.route(address, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,">
        <style>html { font-size: 8px } * { letter-spacing: 3px !important }</style></head>
        <body style="margin:0">${element.replace('TOKEN', token)}<script type="module" src="/widgets/${feature}.js"></script></body></html>`,
    }));
    await watched.page.goto(address);
    return watched;
  }
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 360);

  it('<garage-help-center> searches, and shows an article with code without sideways scrolling', async () => {
    const { page, context, errors } = await plainPage('<garage-help-center token="TOKEN" article="embedding"></garage-help-center>', 'help-center');
    const help = page.locator('garage-help-center');
    await help.getByRole('heading', { name: '在合作方页面和企业微信中嵌入组件' }).waitFor();
    expect(await help.locator('article pre').innerText()).toContain('<script type="module"');
    expect(await fits(page)).toBe(true);
    expect(await help.locator('article pre').evaluate((pre) => pre.getBoundingClientRect().right <= 360 && pre.scrollWidth <= pre.clientWidth)).toBe(true);
    // A link to a page of the app leads to our app, as nobody here routes it.
    expect(await help.locator('article .body a[data-path="/plugins"]').getAttribute('href')).toBe(`${server.url}/plugins`);
    await help.getByRole('button', { name: '返回全部帮助' }).click();
    await help.getByLabel('搜索帮助').fill('标签');
    await help.locator('.entry').first().getByText('标签管理：给客户打标签').waitFor();
    expect(await fits(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('<garage-feature-intro> shows every area in one column with its links', async () => {
    const { page, context, errors } = await plainPage('<garage-feature-intro token="TOKEN"></garage-feature-intro>', 'feature-intro');
    const intro = page.locator('garage-feature-intro');
    const go = intro.locator('[data-area="customers"]').getByRole('link', { name: '去使用客户' });
    await go.waitFor();
    expect(await go.getAttribute('href')).toBe(`${server.url}/home/externalmanage`);
    expect(await intro.locator('.area').count()).toBe(8);
    const lefts = await intro.locator('.area').evaluateAll((areas) => areas.map((area) => Math.round(area.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    expect(await fits(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
