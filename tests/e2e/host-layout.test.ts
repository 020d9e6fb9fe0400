/**
 * The signed-in host app in Chromium against the real server: every route renders (with no serious
 * axe violation: a11y.test.ts checks dialogs, keyboard and the pages with a record open), the menu,
 * the tab bar, the top bar and logout (spec sections 2 and 4).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer } from '../support/server';
import { protectedPages, sectionStrip, sections } from '../../host-app/src/routes';
import { coveredByPhone, launchChromium, loginThroughForm, openPage, screenshotForReview, visibleNativeControls, waitForPage, type WatchedPage } from './host-helpers';
import { expectNoSeriousViolations, seriousViolations, waitForContent } from './axe';

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

/** Signs in through the form, landing on `path` (its title `title`), in a window of the given size. */
async function signedIn(username = 'admin', at: { path?: string; title?: string; width?: number; height?: number } = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, { width: at.width, height: at.height });
  await watched.page.goto(`${server.url}/login${at.path ? `?redirect=${encodeURIComponent(at.path)}` : ''}`);
  await loginThroughForm(watched.page, username);
  await waitForPage(watched.page, at.title ?? '工作台');
  return watched;
}

const tabTitles = (page: Page) => page.locator('.tab-bar__tab .tab-bar__title').allTextContents();

describe('every route of the signed-in host app', () => {
  let watched: WatchedPage;
  beforeAll(async () => {
    watched = await signedIn();
  });
  afterAll(async () => {
    await watched?.context.close();
  });

  for (const route of protectedPages) {
    it(`${route.path} renders with its title ${route.title}, without console errors or serious axe violations`, async () => {
      const { page, errors } = watched;
      // The first page is opened by its address; the others as the menu and the widgets' links open
      // them (garage-navigate, no reload): the host app and axe load once, not once per route (issue 32).
      // A typed address on every route is host-guard.test.ts's.
      if ((await page.locator('main.shell__content').count()) === 0) await page.goto(`${server.url}${route.path}`);
      else await page.evaluate((path) => document.dispatchEvent(new CustomEvent('garage-navigate', { bubbles: true, cancelable: true, detail: { path } })), route.path);
      await page.waitForURL((url) => url.pathname === route.path);
      await waitForPage(page, route.title);
      const main = page.locator('main.shell__content');
      await main.locator(':scope > *').first().waitFor();
      // Widgets render inside shadow roots, which innerText does not enter.
      const text = await main.evaluate(function deepText(node: Node): string {
        const element = node as Element;
        const own = [...node.childNodes].map((child) => (child.nodeType === Node.TEXT_NODE ? child.textContent ?? '' : deepText(child))).join('');
        return element.shadowRoot ? deepText(element.shadowRoot) + own : own;
      });
      expect(text.trim().length, route.path).toBeGreaterThan(0);
      // Shoelace's select and the product's date field everywhere: no browser-drawn mm/dd/yyyy box.
      expect(await visibleNativeControls(page), route.path).toEqual([]);
      // The web phone has its own strip: it covers no row, cell or button at any scroll position.
      // (Polled: the bar mounts anew with each page and settles, folded, a moment later; its strip follows.)
      await page.locator('garage-phone-bar.phone-dock').waitFor();
      await expect.poll(() => coveredByPhone(page), { message: route.path }).toEqual([]);
      await screenshotForReview(page, `route${route.path.replace(/\//g, '-')}-1440.png`);
      expect(errors.splice(0), route.path).toEqual([]);
      // Accessibility of the page as it is with its data in (axe-core, issue 11).
      await waitForContent(page, route.path);
      expectNoSeriousViolations(await seriousViolations(page, route.path));
    });
  }
});

describe('signed-in host app', () => {
  it('follows the redirects of /home, /workKanban, /home/organization and /home/shop', async () => {
    const { page, context } = await signedIn();
    const expected: [string, string][] = [
      ['/home', '/home/workKanBan'],
      ['/workKanban', '/home/workKanBan'],
      ['/home/organization', '/home/organization/userAuth'],
      ['/home/shop', '/home/shop/smsMall'],
    ];
    for (const [from, to] of expected) {
      await page.goto(`${server.url}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
    const organization = sections.find((s) => s.path === '/home/organization')!;
    await page.goto(`${server.url}/home/organization`);
    for (const child of sectionStrip(organization)) {
      await page.locator('.section__nav').getByRole('link', { name: child.title, exact: true }).waitFor();
    }
    await context.close();
  });

  it('has no 即将上线 page left: every page of the route table opens its built widget', async () => {
    // Issue 17 built the last ones; a route added before its widget would show the coming-soon page again.
    const widgetsDir = path.resolve(import.meta.dirname, '../../widgets');
    const unbuilt = protectedPages.filter((route) => route.widget && !existsSync(path.join(widgetsDir, route.widget.folder))).map((route) => route.path);
    expect(unbuilt).toEqual([]);
    const { page, context } = await signedIn();
    await page.goto(`${server.url}/home/workKanBan`);
    await waitForPage(page, '工作台');
    await page.locator('garage-workbench').waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await context.close();
  });

  it('groups the menu by area for an admin and opens pages from it', async () => {
    const { page, context } = await signedIn();
    const groups = await page.locator('.sidebar__group-title').allTextContents();
    expect(groups.map((g) => g.trim())).toEqual(['工作台', '客户', '营销', '保险', '数据', '设置', '商城']);
    await page.locator('.sidebar').getByRole('link', { name: '客户列表' }).click();
    await waitForPage(page, '客户列表');
    expect(new URL(page.url()).pathname).toBe('/home/externalmanage');
    await context.close();
  });

  it('shows a front-desk account only the areas its permissions open and 暂无权限 elsewhere', async () => {
    const { page, context, errors } = await signedIn('frontdesk');
    await expect.poll(async () => (await page.locator('.sidebar__group-title').allTextContents()).map((g) => g.trim()))
      .toEqual(['工作台', '客户', '营销', '设置']);
    const links = (await page.locator('.sidebar__nav a').allTextContents()).map((t) => t.trim());
    // 设置 holds only what 网络电话 opens: the lines of the store's staff, not 设置中心.
    expect(links).toContain('电话线路');
    expect(links).not.toContain('设置中心');
    expect(links).not.toContain('智慧大屏');
    expect(links).not.toContain('批量导入');
    expect(links).toContain('短信营销');
    await page.goto(`${server.url}/home/kpi`);
    await waitForPage(page, '数据统计');
    await page.getByTestId('forbidden').waitFor();
    await page.goto(`${server.url}/home/organization/userAuth`);
    await waitForPage(page, '权限管理');
    await page.getByTestId('forbidden').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens, closes, closes others and refreshes tabs', async () => {
    const { page, context } = await signedIn();
    const sidebar = page.locator('.sidebar');
    await sidebar.getByRole('link', { name: '客户列表' }).click();
    await waitForPage(page, '客户列表');
    await sidebar.getByRole('link', { name: '标签管理' }).click();
    await waitForPage(page, '标签管理');
    await sidebar.getByRole('link', { name: '数据报表' }).click();
    await waitForPage(page, '数据报表');
    expect(await tabTitles(page)).toEqual(['工作台', '客户列表', '标签管理', '数据报表']);

    await page.getByRole('button', { name: '关闭 数据报表' }).click();
    await waitForPage(page, '标签管理');
    expect(await tabTitles(page)).toEqual(['工作台', '客户列表', '标签管理']);

    await page.locator('.tab-bar').getByRole('button', { name: '客户列表', exact: true }).click();
    await waitForPage(page, '客户列表');
    await page.getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', '客户列表']);
    await page.getByRole('menuitem', { name: '刷新' }).waitFor({ state: 'hidden' });

    const before = await page.locator('main.shell__content > *').first().elementHandle();
    await page.getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await expect.poll(async () => before?.evaluate((node) => node.isConnected)).toBe(false);
    await waitForPage(page, '客户列表');

    await page.reload();
    await waitForPage(page, '客户列表');
    expect(await tabTitles(page)).toEqual(['工作台', '客户列表']);
    await context.close();
  });

  it('shows the current garage with its headquarters marker and the stores with customer counts', async () => {
    const { page, context } = await signedIn();
    const garage = page.getByTestId('garage-switcher');
    expect(await garage.innerText()).toContain('总部');
    await page.getByRole('button', { name: '当前门店' }).click();
    const items = page.getByTestId('store-switcher').getByRole('menuitemcheckbox');
    await items.first().waitFor();
    const texts = await items.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toMatch(/\d+ 位客户/);
    await context.close();
  });

  it('validates the change-password dialog before calling the server', async () => {
    const { page, context } = await signedIn();
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.locator('sl-dialog.password-dialog');
    await dialog.getByLabel('原密码').fill('Garage@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('short');
    await dialog.getByLabel('确认新密码').fill('other');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.getByText('新密码至少 8 位').waitFor();
    await dialog.getByText('两次输入的新密码不一致').waitFor();
    // The shared policy (contracts/rules/password.ts) also refuses what every guessing list tries first.
    await dialog.getByLabel('新密码', { exact: true }).fill('Password123');
    await dialog.getByLabel('确认新密码').fill('Password123');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.getByText('新密码过于常见，容易被猜中，请换一个').waitFor();
    await context.close();
  });

  it('changes the password through the dialog and asks for a login with the new one', async () => {
    const { page, context, errors } = await signedIn('manager');
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '修改密码' }).click();
    const dialog = page.locator('sl-dialog.password-dialog');
    await dialog.getByLabel('原密码').fill('Garage@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('Garage@2027');
    await dialog.getByLabel('确认新密码').fill('Garage@2027');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('密码已修改，请使用新密码重新登录').waitFor();
    await loginThroughForm(page, 'manager', 'Garage@2027');
    await waitForPage(page, '工作台');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits 客户列表 into a 1440 px screen: the table scrolls inside itself with 操作 pinned, an added column comes into view', async () => {
    const { page, context, errors } = await signedIn();
    await page.goto(`${server.url}/home/externalmanage`);
    await waitForPage(page, '客户列表');
    const list = page.locator('garage-customer-list');
    await list.locator('tbody tr').first().waitFor();
    // Where a header cell is against the table's frame and the pinned 操作 column (in px of the screen).
    const place = (column: string) => list.evaluate((host, name) => {
      const root = host.shadowRoot!;
      const frame = root.querySelector('.table-wrap')!.getBoundingClientRect();
      const actions = root.querySelector('th.col-actions')!.getBoundingClientRect();
      const cell = root.querySelector(`th.col-${name}`)!.getBoundingClientRect();
      return { frameLeft: frame.left, frameRight: frame.right, actionsLeft: actions.left, left: cell.left, right: cell.right };
    }, column);
    const sideways = () => page.evaluate(() => {
      const main = document.querySelector('main.shell__content')!;
      return [document.documentElement.scrollWidth - document.documentElement.clientWidth, main.scrollWidth - main.clientWidth];
    });
    expect(await sideways()).toEqual([0, 0]);
    // The table is wider than the screen leaves it…
    expect(await list.locator('.table-wrap').evaluate((wrap) => wrap.scrollWidth > wrap.clientWidth)).toBe(true);
    // …and 外呼 of the first row is in view at once, at the frame's right edge.
    const call = await list.locator('tbody tr').first().locator('td.col-actions button.call').boundingBox();
    const first = await place('actions');
    expect(call!.x).toBeGreaterThanOrEqual(first.frameLeft);
    expect(call!.x + call!.width).toBeLessThanOrEqual(first.frameRight);
    expect(first.right).toBeLessThanOrEqual(1440);

    await list.getByRole('button', { name: '列设置' }).click();
    await list.locator('sl-checkbox').filter({ hasText: '建档时间' }).click();
    await list.locator('th.col-createdAt').waitFor();
    const added = await place('createdAt');
    expect(added.left).toBeGreaterThanOrEqual(added.frameLeft);
    expect(added.right).toBeLessThanOrEqual(added.actionsLeft + 1);
    await page.keyboard.press('Escape');
    await screenshotForReview(page, 'customer-list-host-1440.png');

    // A chosen store's chip leaves the clear icon and the caret side by side inside the field.
    const stores = list.locator('sl-select[data-field="storeIds"]');
    await stores.click();
    await list.getByRole('option', { name: /^城东店/ }).click();
    await page.keyboard.press('Escape');
    const parts = await stores.evaluate((select) => {
      const root = select.shadowRoot!;
      const box = (part: string) => root.querySelector(`[part~="${part}"]`)!.getBoundingClientRect();
      const [field, tags, clear, caret] = ['combobox', 'tags', 'clear-button', 'expand-icon'].map(box);
      return { field: field.right, tags: tags.right, clearLeft: clear.left, clearRight: clear.right, clearWidth: clear.width, caretLeft: caret.left, caretRight: caret.right };
    });
    expect(parts.clearWidth).toBeGreaterThan(8);
    expect(parts.tags).toBeLessThanOrEqual(parts.clearLeft);
    expect(parts.clearRight).toBeLessThanOrEqual(parts.caretLeft);
    expect(parts.caretRight).toBeLessThanOrEqual(parts.field);
    await screenshotForReview(page, 'customer-list-store-chip-1440.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width puts the menu in a drawer behind a button and scrolls nothing sideways', async () => {
    const { page, context, errors } = await signedIn('admin', { width: 360, height: 640 });
    expect(await page.locator('.sidebar').count()).toBe(0);
    expect(await page.locator('.tab-bar').count()).toBe(0);

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('sl-drawer.menu-drawer');
    await drawer.getByRole('link', { name: '客户列表' }).click();
    await waitForPage(page, '客户列表');
    await expect.poll(() => drawer.evaluate((element) => (element as HTMLElement & { open: boolean }).open)).toBe(false);

    const list = page.locator('garage-customer-list');
    await list.locator('tbody tr').first().waitFor();
    expect(await list.locator('tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('flex');
    const sideways = await page.evaluate(() => {
      const main = document.querySelector('main.shell__content')!;
      return [document.documentElement.scrollWidth - document.documentElement.clientWidth, main.scrollWidth - main.clientWidth];
    });
    expect(sideways).toEqual([0, 0]);
    // The top bar shows icons only: the menu button's, the garage's and the store's, no carets and
    // no area name before the title.
    const visibleIcons = await page.locator('.top-bar .menu-icon').evaluateAll((icons) => icons.filter((icon) => icon.getBoundingClientRect().width > 0).length);
    expect(visibleIcons).toBe(3);
    expect(await page.locator('.top-bar__title').innerText()).toBe('客户列表');
    // The store switcher is an icon there, still named for screen readers and still opening.
    await page.getByRole('button', { name: '当前门店' }).click();
    await page.getByTestId('store-switcher').getByRole('menuitemcheckbox').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width folds the phone bar of an account without a line into a round button that says why', async () => {
    const { page, context, errors } = await signedIn('admin', { path: '/home/externalmanage', title: '客户列表', width: 360, height: 640 });
    const bar = page.locator('garage-phone-bar');
    const unfold = bar.getByRole('button', { name: '网络电话不可用，查看原因' });
    await unfold.waitFor();
    // A corner of the page, not a strip across it.
    expect((await bar.boundingBox())!.width).toBeLessThanOrEqual(48);
    expect(await bar.getByText(/网络电话未开通/).count()).toBe(0);

    expect(await coveredByPhone(page)).toEqual([]);
    await screenshotForReview(page, 'phone-dock-folded-360.png');

    await unfold.click();
    await bar.getByText('网络电话未开通：当前账号没有电话线路，请联系店长或管理员在 设置 › 电话线路 中开通。').waitFor();
    expect((await bar.boundingBox())!.width).toBeGreaterThan(300);
    // Unfolded with its notice the bar is taller: the page's strip for it grows with it.
    await expect.poll(() => coveredByPhone(page)).toEqual([]);
    await screenshotForReview(page, 'phone-dock-unfolded-360.png');
    await bar.getByRole('button', { name: '收起' }).click();
    await unfold.waitFor();

    // 外呼 in the list while there is no line: the bar unfolds by itself to say why nothing rings.
    await page.locator('garage-customer-list').locator('button.call:not([disabled])').first().click();
    await bar.getByText(/网络电话未开通/).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logout wipes the user entry and sessionStorage and returns to /login', async () => {
    const { page, context } = await signedIn();
    await page.locator('.sidebar').getByRole('link', { name: '客户列表' }).click();
    await waitForPage(page, '客户列表');
    expect(await page.evaluate(() => sessionStorage.length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto(`${server.url}/home/externalmanage`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});

describe('looks and navigation (issue 33)', () => {
  const activeGroup = (page: Page) => page.locator('.sidebar__group', { has: page.locator('.sidebar__link--active') }).locator('.sidebar__group-title');

  it('shows the insurance pages under 保险 without the 项目商城 strip, and 客户分析 under 客户', async () => {
    const { page, context, errors } = await signedIn();
    const groups = page.locator('.sidebar__group');
    const titles = async (group: string) => (await groups.filter({ has: page.locator('.sidebar__group-title', { hasText: group }) }).locator('a').allTextContents()).map((t) => t.trim());
    await expect.poll(() => titles('保险')).toEqual(['保险查询', '保险报价', '保险分析', '批量导入保单', '保险公司费率']);
    expect(await titles('客户')).toContain('客户分析');
    for (const [title, path] of [['保险报价', '/home/shop/insurance-quote'], ['保险分析', '/home/shop/insurance-analysis'], ['保险公司费率', '/home/organization/insuranceRates']] as const) {
      await page.locator('.sidebar').getByRole('link', { name: title, exact: true }).click();
      await waitForPage(page, title);
      expect(new URL(page.url()).pathname).toBe(path);
      expect((await activeGroup(page).textContent())?.trim()).toBe('保险');
      expect(await page.locator('.section__header, .section__nav').count(), title).toBe(0);
    }
    await screenshotForReview(page, 'insurance-rates-1440.png');
    await page.locator('.sidebar').getByRole('link', { name: '客户分析', exact: true }).click();
    await waitForPage(page, '客户分析');
    expect((await activeGroup(page).textContent())?.trim()).toBe('客户');
    // The mall's own pages keep their strip, now without the insurance pages.
    await page.locator('.sidebar').getByRole('link', { name: '项目商城', exact: true }).click();
    await waitForPage(page, '短信商城');
    expect((await page.locator('.section__nav a').allTextContents()).map((t) => t.trim())).toEqual(['短信商城', '网络电话', '企业微信']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the SMS pages one level of navigation and marks the simulated SMS centre and payments 演示', async () => {
    const { page, context, errors } = await signedIn();
    await page.locator('.sidebar').getByRole('link', { name: '短信模板', exact: true }).click();
    await waitForPage(page, '短信模板');
    const widget = page.locator('garage-sms-marketing');
    await widget.locator('h2', { hasText: '短信模板' }).waitFor();
    expect(await page.locator('.section__header, .section__nav').count()).toBe(0);
    expect(await widget.getByRole('tablist').count()).toBe(0);
    // The test server sends through the development outbox: nothing reaches a phone.
    await widget.locator('h2 .demo-badge').waitFor();
    expect(await widget.locator('h2 .demo-badge').evaluate((badge) => badge.firstChild?.textContent)).toBe('演示');
    await screenshotForReview(page, 'sms-templates-1440.png');

    // 用这个模板发送 on an approved template opens 短信营销 with it.
    const use = widget.locator('li.tpl sl-button:not([disabled])', { hasText: '用这个模板发送' }).first();
    const name = await use.evaluate((button) => button.closest('li')!.getAttribute('data-template'));
    await use.click();
    await waitForPage(page, '短信营销');
    expect(new URL(page.url()).searchParams.get('templateId')).toMatch(/^\d+$/);
    await widget.locator(`button[data-template="${name}"][aria-pressed="true"]`).waitFor();

    await page.locator('.sidebar').getByRole('link', { name: '短信购买', exact: true }).click();
    await waitForPage(page, '短信购买');
    const buy = page.locator('garage-sms-buy');
    await buy.locator('h2 .demo-badge').waitFor();
    await buy.locator('[data-package="sms.1000"]').getByRole('button', { name: '购买' }).click();
    const checkout = buy.locator('sl-dialog.checkout');
    await checkout.locator('[data-summary][aria-busy="false"]').waitFor();
    // Every channel of the test server is a development one.
    const channels = checkout.locator('button.channel');
    expect(await channels.count()).toBeGreaterThan(0);
    expect(await checkout.locator('button.channel .demo-badge').count()).toBe(await channels.count());
    await screenshotForReview(page, 'sms-buy-checkout-1440.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width shows an SMS page without tab strips', async () => {
    const { page, context, errors } = await signedIn('admin', { path: '/home/sms/smsRecord', title: '发送记录', width: 360, height: 740 });
    const widget = page.locator('garage-sms-marketing');
    await widget.locator('h2', { hasText: '发送记录' }).waitFor();
    expect(await widget.getByRole('tablist').count()).toBe(0);
    await screenshotForReview(page, 'sms-records-360.png');
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('sl-drawer.menu-drawer');
    await drawer.getByRole('link', { name: '保险报价' }).waitFor();
    await screenshotForReview(page, 'menu-drawer-360.png');
    await drawer.getByRole('link', { name: '保险报价' }).click();
    await waitForPage(page, '保险报价');
    expect(await page.locator('.section__header').count()).toBe(0);
    await screenshotForReview(page, 'insurance-quote-360.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps at most 10 tabs, closing the least recently used, and they fit the bar at 1440 px', async () => {
    const { page, context, errors } = await signedIn();
    const opened = ['客户列表', '客户看板', '全景车辆', '标签管理', '批量导入', '潜在客户', '短信营销', '短信模板', '保险查询', '保险公司费率'];
    for (const title of opened) {
      await page.locator('.sidebar').getByRole('link', { name: title, exact: true }).click();
      await waitForPage(page, title);
    }
    await expect.poll(() => tabTitles(page)).toEqual(['工作台', ...opened.slice(1)]);
    const bar = page.locator('.tab-bar__tabs');
    expect(await bar.evaluate((tabs) => tabs.scrollWidth - tabs.clientWidth)).toBeLessThanOrEqual(0);
    await screenshotForReview(page, 'tabs-1440.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says 加载中… while a page waits for its data (指标树 was blank for seconds)', async () => {
    const { page, context, errors } = await signedIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The tree's answer is held until the page has been looked at.
    await page.route((url) => url.pathname === '/api/metrics/tree', async (route) => (await held, route.continue()));
    await page.goto(`${server.url}/home/organization/metricsTree`);
    await waitForPage(page, '指标树');
    const roots = page.locator('garage-metrics-tree ul.roots');
    await page.locator('garage-metrics-tree ul.roots[aria-busy="true"]').waitFor();
    const shown = await roots.evaluate((list) => [getComputedStyle(list, '::after').content, list.getBoundingClientRect().height]);
    expect(shown[0]).toBe('"加载中…"');
    expect(shown[1]).toBeGreaterThan(50);
    await screenshotForReview(page, 'metrics-tree-loading-1440.png');
    release();
    await page.locator('garage-metrics-tree ul.roots[aria-busy="false"]').waitFor();
    expect(await roots.evaluate((list) => getComputedStyle(list, '::after').content)).toBe('none');
    expect(errors).toEqual([]);
    await context.close();
  });
});

