/**
 * 工作台 and 智慧大屏 in Chromium against the real server and the demo chain: an advisor lands on
 * the workbench after logging in, sees their own tasks, the first task opens that customer's vehicle
 * panorama, 打电话 asks the phone bar to dial, 完成 closes the task for good; a store manager's
 * morning (issue 33) walks every page of a day with more tasks than a page holds, texts a customer
 * with the task's template, closes a task with a result and a next contact day, and undoes it; the
 * big screen draws its charts and asks again after a minute (the page's clock is driven).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, screenshotForReview, waitForPage } from './host-helpers';
import { addDays, today as garageToday } from '../../contracts/dates';
import { TASK_KINDS, TASK_PAGE_SIZE, type TaskKind } from '../../contracts/rules/workbench';

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

/** Closes a task through 完成's dialog: how the call went, a note, and optionally the next contact day. */
async function finishThroughDialog(page: Page, row: ReturnType<Page['locator']>, { result, note, next }: { result: string; note: string; next?: string }) {
  await row.getByRole('button', { name: '完成' }).click();
  const dialog = workbench(page).locator('sl-dialog.finish-dialog');
  await dialog.getByRole('radio', { name: result }).click();
  await dialog.getByLabel('跟进记录').fill(note);
  if (next) await dialog.getByRole('textbox', { name: '下次跟进日期（选填）' }).fill(next);
  await dialog.getByRole('button', { name: '完成' }).click();
}

describe('工作台', () => {
  it('is where an advisor lands; the first task opens the right customer, 打电话 dials, 完成 closes it', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'frontdesk');
    await waitForPage(page, '工作台');
    expect(new URL(page.url()).pathname).toBe('/home/workKanBan');
    await expect.poll(() => workbench(page).locator('.view-pill').textContent()).toBe('我的任务');
    // 今日经营 under 数据报表's names: a work order is one 到店台次 there and here (issue 33).
    await expect.poll(() => workbench(page).locator('[data-figure] .label').allInnerTexts()).toEqual(['营业额', '到店台次', '新客户', '客单价']);
    const figures = workbench(page).locator('section[aria-label="今日经营"]');
    await screenshotForReview(figures, 'workbench-figures-1440.png');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshotForReview(figures, 'workbench-figures-360.png');
    await page.setViewportSize({ width: 1440, height: 900 });

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
    await finishThroughDialog(page, again, { result: '已联系', note: '已电话提醒' });
    await again.waitFor({ state: 'detached' });
    expect((await server.db.one<{ status: string; done_by: number; result: string }>(sql`SELECT status, done_by, result FROM follow_up_task WHERE id = ${taskId}`))).toEqual({ status: 'done', done_by: 3, result: 'reached' });
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

  it('a store manager’s morning: every task of a busy day page by page, texted with its template, closed with a next contact day, undone', { timeout: 180_000 }, async () => {
    const today = garageToday();
    // The day made as the job makes it, then a busy morning in 城东店: 70 more maintenance reminders than the demo has.
    await server.call('GET', '/workbench/tasks', { token: await server.loginToken('manager') });
    await server.db.run(sql`
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, rule, due_on, created_on)
      SELECT c.chain_id, c.store_id, c.id, 'maintenance', ${today}::date, ${today}::date FROM customer c
       WHERE c.chain_id = 1 AND c.store_id = 2 ORDER BY c.id LIMIT 70
      ON CONFLICT (customer_id, rule, due_on) DO NOTHING`);

    const { page, errors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, 'manager');
    await waitForPage(page, '工作台');
    const widget = workbench(page);
    await expect.poll(() => widget.locator('.view-pill').textContent()).toBe('本店的任务');
    await widget.locator('[data-task]').first().waitFor();

    // The counts on the chips, then every page as the manager turns them.
    const chip = (selector: string) => widget.locator(`.kinds ${selector} .n`).innerText().then(Number);
    const all = await chip('button:first-child');
    const counts = Object.fromEntries(await Promise.all(TASK_KINDS.map(async (kind) => [kind, await chip(`[data-kind="${kind}"]`)] as const))) as Record<TaskKind, number>;
    expect(all).toBeGreaterThan(TASK_PAGE_SIZE.default);
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(all);
    const pages = Math.ceil(all / TASK_PAGE_SIZE.default);
    const pager = widget.locator('nav.pager');
    const tasksPanel = widget.locator('section.tasks');
    await expect.poll(() => pager.locator('.small').textContent()).toBe(`第 1/${pages} 页，共 ${all} 条`);
    await screenshotForReview(page, 'workbench-paged-1440.png', { fullPage: true });

    /** The rows of every page from the current one on, by kind, turning with 下一页. */
    async function readAllPages() {
      const seen = new Map<number, string>();
      for (let number = 1; ; number++) {
        await expect.poll(() => tasksPanel.getAttribute('aria-busy')).toBe('false');
        await expect.poll(() => pager.locator('.small').textContent()).toMatch(new RegExp(`^第 ${number}/`));
        for (const row of await widget.locator('[data-task]').all()) seen.set(Number(await row.getAttribute('data-task')), (await row.getAttribute('data-kind'))!);
        const next = pager.getByRole('button', { name: '下一页' });
        if (await next.evaluate((button) => (button as HTMLButtonElement).disabled)) return seen;
        await next.click();
      }
    }
    const listed = await readAllPages();
    await pager.scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'workbench-pager-1440.png');
    expect(listed.size).toBe(all);
    for (const kind of TASK_KINDS) expect([...listed.values()].filter((each) => each === kind).length, kind).toBe(counts[kind]);
    // The 保养到期 chip alone pages too, and lists exactly its count.
    await widget.locator('.kinds [data-kind="maintenance"]').click();
    const maintenance = await readAllPages();
    expect(maintenance.size).toBe(counts.maintenance);
    expect([...maintenance.values()].every((kind) => kind === 'maintenance')).toBe(true);

    // Back to the first 保养到期 task: call, then text with the maintenance reminder.
    await pager.getByRole('button', { name: '上一页' }).click();
    await expect.poll(() => pager.locator('.small').textContent()).toMatch(/^第 1\//);
    const row = widget.locator('[data-task]').first();
    const taskId = Number(await row.getAttribute('data-task'));
    const task = (await server.db.one<{ customer_id: number; name: string; mobile: string }>(sql`
      SELECT t.customer_id, c.name, c.mobile FROM follow_up_task t JOIN customer c ON c.id = t.customer_id WHERE t.id = ${taskId}`))!;
    await page.evaluate(() => document.addEventListener('garage-call', (event) => ((window as unknown as { lastCall: unknown }).lastCall = (event as CustomEvent).detail)));
    await row.getByRole('button', { name: '打电话' }).click();
    expect(await page.evaluate(() => (window as unknown as { lastCall: unknown }).lastCall)).toMatchObject({ number: task.mobile, customerId: task.customer_id });

    await row.getByText('发短信').click();
    await waitForPage(page, '短信营销');
    const address = new URL(page.url()).searchParams;
    expect([address.get('customerIds'), address.get('template')]).toEqual([String(task.customer_id), 'maintenance']);
    const sms = page.locator('garage-sms-marketing');
    await expect.poll(() => sms.locator('button[data-template="保养到期提醒"]').getAttribute('aria-pressed')).toBe('true');
    expect(await sms.locator('textarea').inputValue()).toContain('{保养到期日}');
    await page.goBack();
    await waitForPage(page, '工作台');

    // Closed with how it went, a note and the next contact day: a 预约跟进 task waits for that day.
    const again = widget.locator(`[data-task="${taskId}"]`);
    const next = addDays(today, 3);
    await widget.locator(`[data-task="${taskId}"] sl-button`, { hasText: '完成' }).click();
    const dialog = widget.locator('sl-dialog.finish-dialog');
    await dialog.getByRole('button', { name: '完成' }).click();
    await dialog.getByText('请选择联系结果').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await finishThroughDialog(page, again, { result: '已约到店', note: '周五下午到店保养', next });
    await again.waitFor({ state: 'detached' });
    await expect.poll(() => chip('[data-kind="maintenance"]')).toBe(counts.maintenance - 1);
    const closed = await server.db.one<{ status: string; result: string; done_note: string; done_by: number }>(sql`SELECT status, result, done_note, done_by FROM follow_up_task WHERE id = ${taskId}`);
    expect(closed).toEqual({ status: 'done', result: 'booked', done_note: '周五下午到店保养', done_by: 2 });
    const followUp = await server.db.one<{ due_on: string; note: string }>(sql`SELECT due_on::text, note FROM follow_up_task WHERE from_task_id = ${taskId} AND rule = 'follow_up'`);
    expect(followUp).toEqual({ due_on: next, note: '周五下午到店保养' });

    // 今日已完成: the close as recorded, and 撤销 gives the task back with its follow-up taken away.
    await widget.locator('.kinds [data-status="done"]').click();
    const done = widget.locator(`[data-task="${taskId}"]`);
    await expect.poll(() => done.locator('.outcome').innerText()).toMatch(/已约到店[\s\S]*李店长[\s\S]*周五下午到店保养/);
    await screenshotForReview(page, 'workbench-done-1440.png');
    await done.getByRole('button', { name: '撤销' }).click();
    await done.waitFor({ state: 'detached' });
    expect((await server.db.one<{ status: string }>(sql`SELECT status FROM follow_up_task WHERE id = ${taskId}`))!.status).toBe('open');
    expect(await server.db.one(sql`SELECT id FROM follow_up_task WHERE from_task_id = ${taskId}`)).toBeUndefined();
    await expect.poll(() => chip('[data-kind="maintenance"]')).toBe(counts.maintenance);
    await widget.locator('.kinds [data-kind="maintenance"]').click();
    await widget.locator(`[data-task="${taskId}"]`).waitFor();
    expect(errors).toEqual([]);

    if (process.env.E2E_SCREENSHOTS) {
      const phone = await openPage(browser, { width: 360, height: 740 });
      await phone.page.goto(`${server.url}/login`);
      await loginThroughForm(phone.page, 'manager');
      await waitForPage(phone.page, '工作台');
      const phonePager = workbench(phone.page).locator('nav.pager');
      await phonePager.waitFor();
      await screenshotForReview(phone.page, 'workbench-paged-360.png');
      await phonePager.scrollIntoViewIfNeeded();
      await screenshotForReview(phone.page, 'workbench-pager-360.png');
      await workbench(phone.page).locator('[data-task] sl-button', { hasText: '完成' }).first().click();
      await workbench(phone.page).locator('sl-dialog.finish-dialog').getByRole('radio', { name: '已联系' }).waitFor();
      await screenshotForReview(phone.page, 'workbench-finish-360.png');
      await phone.context.close();
    }
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
    // 数据报表's names for the same rollup figures (issue 33: one name per fact).
    expect(await screen.locator('.tiles .label').allInnerTexts()).toEqual(['今日营业额', '本月营业额', '今日到店台次', '在修工单', '今日新客户']);
    await screenshotForReview(page, 'big-screen-1920.png');
    for (const [width, height] of [[1440, 900], [360, 800]]) {
      await page.setViewportSize({ width, height });
      await screenshotForReview(screen.locator('.tiles'), `big-screen-tiles-${width}.png`);
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    const before = asked.length;

    await page.clock.fastForward(30_000);
    await page.clock.fastForward(31_000);
    await expect.poll(() => asked.length).toBeGreaterThan(before);
    await expect.poll(() => screen.locator('.screen').getAttribute('data-refreshed-at')).not.toBe(firstStamp);
    await screen.locator('[data-chart="trend"] svg').waitFor();
    expect(errors).toEqual([]);
  });
});
