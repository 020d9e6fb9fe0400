/**
 * 工作台 and 智慧大屏 in Chromium against the real server and the demo chain: an advisor lands on
 * the workbench after logging in, sees their own tasks, the first task opens that customer's vehicle
 * panorama, 打电话 asks the phone bar to dial, 完成 closes the task for good; the big screen draws
 * its charts and asks again after a minute (the page's clock is driven, nobody waits a minute).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
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

const workbench = (page: Page) => page.locator('garage-workbench');

describe('工作台', () => {
  it('is where an advisor lands; the first task opens the right customer, 打电话 dials, 完成 closes it', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'frontdesk');
    await waitForPage(page, '工作台');
    expect(new URL(page.url()).pathname).toBe('/home/workKanBan');
    await expect.poll(() => workbench(page).locator('.view-pill').textContent()).toBe('我的任务');

    const first = workbench(page).locator('[data-task]').first();
    await first.waitFor();
    const taskId = Number(await first.getAttribute('data-task'));
    // Whose task it is, read from the database rather than from the page.
    const task = (await server.db.one<{ customer_id: number; name: string; vehicle_id: number | null; owner: number | null; store_id: number }>(sql`
      SELECT t.customer_id, c.name, t.vehicle_id, COALESCE(t.assignee_id, c.advisor_id) AS owner, t.store_id
        FROM follow_up_task t JOIN customer c ON c.id = t.customer_id WHERE t.id = ${taskId}`))!;
    expect(task.owner).toBe(3); // 王小雨's own
    expect(await first.locator('.customer').innerText()).toBe(task.name);

    // 打电话 hands the number to the page's phone bar.
    await page.evaluate(() => {
      document.addEventListener('garage-call', (event) => ((window as unknown as { lastCall: unknown }).lastCall = (event as CustomEvent).detail));
    });
    await first.getByRole('button', { name: '打电话' }).click();
    const call = await page.evaluate(() => (window as unknown as { lastCall: { customerId: number; name: string } }).lastCall);
    expect(call).toMatchObject({ customerId: task.customer_id, name: task.name });

    await first.locator('.customer').click();
    await waitForPage(page, '全景车辆');
    const vehicleId = Number(new URL(page.url()).searchParams.get('vehicleId'));
    const vehicle = await server.db.one<{ customer_id: number }>(sql`SELECT customer_id FROM vehicle WHERE id = ${vehicleId}`);
    expect(vehicle!.customer_id).toBe(task.customer_id);
    await expect.poll(() => page.locator('garage-vehicle-panorama .owner-name').first().textContent(), { timeout: 20_000 }).toContain(task.name);

    await page.goto(`${server.url}/home/workKanBan`);
    await waitForPage(page, '工作台');
    const again = workbench(page).locator(`[data-task="${taskId}"]`);
    await again.getByRole('button', { name: '完成' }).click();
    await again.waitFor({ state: 'detached' });
    expect((await server.db.one<{ status: string; done_by: number }>(sql`SELECT status, done_by FROM follow_up_task WHERE id = ${taskId}`))).toEqual({ status: 'done', done_by: 3 });
    await page.reload();
    await waitForPage(page, '工作台');
    await workbench(page).locator('[data-task]').first().waitFor();
    expect(await workbench(page).locator(`[data-task="${taskId}"]`).count()).toBe(0);
    await expect.poll(() => workbench(page).locator('.tasks-head .small').textContent()).toMatch(/今日已完成 1 条/);
    // Shortcuts follow permissions: the advisor has 短信营销 but not 数据 or 智慧大屏.
    const shortcuts = await workbench(page).locator('.shortcut').allInnerTexts();
    expect(shortcuts).toContain('短信营销');
    expect(shortcuts).not.toContain('数据报表');
    expect(shortcuts).not.toContain('智慧大屏');
    expect(errors).toEqual([]);
  });

  it('sends 发短信 to 短信营销 with the customer chosen', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'manager');
    await waitForPage(page, '工作台');
    const first = workbench(page).locator('[data-task]').first();
    await first.waitFor();
    const customerId = (await server.db.one<{ customer_id: number }>(sql`SELECT customer_id FROM follow_up_task WHERE id = ${Number(await first.getAttribute('data-task'))}`))!.customer_id;
    await first.getByText('发短信').click();
    await waitForPage(page, '短信营销');
    expect(new URL(page.url()).searchParams.get('customerIds')).toBe(String(customerId));
    await page.locator('garage-sms-marketing').waitFor();
  });

  it('links a manager to the leads due today, with 潜在客户 opened on its 待跟进 chip', async () => {
    const due = (await server.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM potential_customer
       WHERE chain_id = 1 AND store_id = 2 AND next_follow_up <= CURRENT_DATE AND status IN ('pending', 'following')`))!.n;
    expect(due).toBeGreaterThan(0);
    const { page } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'manager');
    await waitForPage(page, '工作台');
    const link = workbench(page).locator('a.leads-due');
    await expect.poll(() => link.textContent()).toBe(`潜在客户：${due} 位今天该跟进了 →`);
    await link.click();
    await waitForPage(page, '潜在客户');
    const chip = page.locator('garage-customer-import button.chip.due');
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => chip.locator('.count').textContent()).toBe(String(due));
  });
});

describe('智慧大屏', () => {
  it('draws its charts and asks again every minute', async () => {
    const { page, errors } = await openPage(browser, { width: 1920, height: 1080 });
    await page.clock.install();
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'manager');
    await waitForPage(page, '工作台');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/bigScreen') asked.push(request.url());
    });
    await page.goto(`${server.url}/home/clientKanBan`);
    await waitForPage(page, '智慧大屏');
    const screen = page.locator('garage-big-screen');
    for (const chart of ['trend', 'ranking', 'stages']) await screen.locator(`[data-chart="${chart}"] svg`).waitFor({ timeout: 20_000 });
    // The ranking names the manager's own store only.
    await expect.poll(() => screen.locator('[data-chart="ranking"] svg').textContent()).toContain('城东店');
    expect(await screen.locator('[data-chart="ranking"] svg').textContent()).not.toContain('城西店');
    const firstStamp = await screen.locator('.screen').getAttribute('data-refreshed-at');
    expect(firstStamp).toBeTruthy();
    const before = asked.length;

    await page.clock.fastForward(30_000);
    await page.clock.fastForward(31_000);
    await expect.poll(() => asked.length).toBeGreaterThan(before);
    await expect.poll(() => screen.locator('.screen').getAttribute('data-refreshed-at')).not.toBe(firstStamp);
    await screen.locator('[data-chart="trend"] svg').waitFor();
    expect(errors).toEqual([]);
  });
});
