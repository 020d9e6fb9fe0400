/**
 * 组织架构 and 岗位池 in Chromium against the real server: an admin creates a department, moves it by
 * dragging and with the keyboard-reachable 上移, places a person in it and sees them there, while the
 * session's activeDepartmentId follows the selection; then creates a position with a default role and
 * sees 权限管理 pre-fill that role for a new account of the position.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AnswerOf } from '../../contracts/api/route';
import type { departments } from '../../contracts/api/organization';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

let server: TestServer;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  adminToken = await server.loginToken('admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const tree = async () => (await server.call<AnswerOf<typeof departments>>('GET', '/organization/departments', { token: adminToken })).data;
const activeDepartmentId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Record<symbol, { session: { activeDepartmentId: { value: string } } }>)[Symbol.for('garage-suite.session')].session.activeDepartmentId.value);

describe('组织架构', () => {
  it('creates a department, drags it under a store, moves it up, and shows the staff placed in it', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/organization/organizationalStructure')}`);
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '组织架构');
    const widget = page.locator('garage-org-structure');
    await widget.locator('[data-department="城东店"]').waitFor();

    // A new top-level department; the form first says what is missing.
    await widget.getByRole('button', { name: '新建顶层部门' }).click();
    const nameDialog = widget.locator('sl-dialog.name-dialog');
    await nameDialog.getByRole('button', { name: '创建' }).click();
    await nameDialog.getByText('请填写部门名称').waitFor();
    await nameDialog.getByLabel('部门名称').fill('售后服务部');
    await nameDialog.getByRole('button', { name: '创建' }).click();
    const row = widget.locator('[data-department="售后服务部"]');
    await row.waitFor();
    // Created and selected: its page opens, and the session's activeDepartmentId is it.
    await widget.getByRole('heading', { name: '售后服务部' }).waitFor();
    const created = (await tree()).departments.find((each) => each.name === '售后服务部')!;
    expect(created.parentId).toBeNull();
    expect(await activeDepartmentId(page)).toBe(String(created.id));

    // Dragged onto 城东店: it becomes its last sub-department.
    const east = (await tree()).departments.find((each) => each.name === '城东店' && each.parentId === null)!;
    await row.dragTo(widget.locator('[data-department="城东店"]'));
    await widget.locator('li', { has: page.locator('[data-department="城东店"]') }).locator('[data-department="售后服务部"]').waitFor();
    const order = async () => (await tree()).departments.filter((each) => each.parentId === east.id).sort((a, b) => a.sort - b.sort).map((each) => each.name);
    expect(await order()).toEqual(['前台组', '车间', '售后服务部']);

    // Without a mouse: 上移 puts it before 车间.
    await widget.locator('[data-department="售后服务部"] .node').focus();
    await page.keyboard.press('Enter');
    await widget.getByRole('heading', { name: '售后服务部' }).waitFor();
    await widget.getByRole('button', { name: '上移' }).click();
    await expect.poll(order).toEqual(['前台组', '售后服务部', '车间']);
    await widget.getByText('所在位置：顶层 › 城东店').waitFor();

    // 李店长 is placed in it and shows there; the department counts one person.
    await widget.getByRole('button', { name: '调入员工' }).click();
    const placeDialog = widget.locator('sl-dialog.place-dialog');
    await placeDialog.locator('sl-checkbox', { hasText: '李店长' }).click();
    await placeDialog.getByRole('button', { name: '调入' }).click();
    await widget.locator('.people [data-username="manager"]').waitFor();
    await row.getByText('1 人').waitFor();

    // Another department: its own staff, and activeDepartmentId follows.
    const west = (await tree()).departments.find((each) => each.name === '城西店')!;
    const westDesk = (await tree()).departments.find((each) => each.name === '前台组' && each.parentId === west.id)!;
    await widget.locator('li', { has: page.locator('[data-department="城西店"]') }).locator('[data-department="前台组"] .node').click();
    await widget.locator('.people [data-username="frontdesk"]').waitFor();
    expect(await widget.locator('.people [data-username="manager"]').count()).toBe(0);
    expect(await activeDepartmentId(page)).toBe(String(westDesk.id));

    // A department with staff is not deleted: the reason shows and it stays.
    await widget.getByRole('button', { name: '删除' }).click();
    await page.getByText('该部门还有 1 位员工，请先把他们调到其他部门').waitFor();
    expect((await tree()).departments.some((each) => each.id === westDesk.id)).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('岗位池', () => {
  it('creates a position with a default role; a new account for it starts with that role', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/organization/jobPool')}`);
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '岗位池');
    const widget = page.locator('garage-job-pool');
    await widget.locator('[data-job="店长"]').getByText('门店店长').waitFor();

    await widget.getByRole('button', { name: '新建岗位' }).click();
    const dialog = widget.locator('sl-dialog.job-dialog');
    await dialog.getByLabel('岗位名称').fill('洗车美容');
    await dialog.locator('sl-radio', { hasText: '前台接待' }).click();
    await dialog.getByRole('button', { name: '创建' }).click();
    const job = widget.locator('[data-job="洗车美容"]');
    await job.getByText('前台接待').waitFor();
    await job.getByText('0 人').waitFor();

    // 权限管理: choosing the position ticks its default role.
    await page.goto(`${server.url}/home/organization/userAuth`);
    await waitForPage(page, '权限管理');
    const auth = page.locator('garage-user-auth');
    await auth.locator('[data-username="manager"]').waitFor();
    await auth.getByRole('button', { name: '新建员工' }).click();
    const staffDialog = auth.locator('sl-dialog.staff-dialog');
    await staffDialog.getByLabel('登录名').fill('washer01');
    await staffDialog.getByLabel('姓名').fill('钱洗车');
    await staffDialog.locator('sl-radio', { hasText: '洗车美容' }).click();
    const deskRole = staffDialog.locator('sl-checkbox', { hasText: '前台接待' });
    await expect.poll(() => deskRole.evaluate((box) => (box as HTMLInputElement).checked)).toBe(true);
    await staffDialog.locator('sl-checkbox', { hasText: '滨江店' }).click();
    await staffDialog.getByRole('button', { name: '创建' }).click();
    await auth.getByRole('button', { name: '我已记下' }).click();
    await auth.locator('[data-username="washer01"]').getByText('washer01 · 洗车美容').waitFor();

    await page.goto(`${server.url}/home/organization/jobPool`);
    await waitForPage(page, '岗位池');
    await widget.locator('[data-job="洗车美容"]').getByText('1 人').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
