/**
 * Customer journeys in real Chromium against the real server, each widget alone on a plain page of
 * another origin: filter by plate, save and reapply a condition, make a group of it, tag customers
 * in bulk, select all N customers due for maintenance, tag them on the server and compose their
 * reminder to a group of them (issue 33, a maintenance campaign), count a broad search to 5,000+,
 * open a vehicle panorama. Screenshots go to $E2E_SCREENSHOTS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { chooseOption, launchChromium, screenshotForReview } from './host-helpers';
import { startWidgetSite, type WidgetSite } from './customer-helpers';

let server: TestServer;
let site: WidgetSite;
let browser: Browser;
let token: string;
const errors: string[] = [];

async function api<T>(method: string, path: string, body?: unknown, query?: Record<string, string | number>): Promise<T> {
  const answer = await server.call<T>(method, path, { token, body, query });
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

async function open(tag: string, attributes: Record<string, string> = {}, as = token): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.pageFor(tag, { token: as, 'api-base': `${server.url}/api`, ...attributes }));
  return page;
}

const list = (page: Page) => page.locator('garage-customer-list');
const total = (page: Page) => list(page).getByTestId('total');

beforeAll(async () => {
  [server, site, browser] = await Promise.all([startTestServer(), startWidgetSite(), launchChromium()]);
  token = await server.loginToken('admin');
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.close();
});

describe('customer list, conditions, groups and tags', () => {
  it('filters by plate, saves the condition, reapplies it and makes a live group of it', async () => {
    const [vehicle] = await api<{ plate: string; customerName: string }[]>('GET', '/vehicle/search', undefined, { keyword: '浙A' });
    const page = await open('garage-customer-list');
    await expect.poll(() => total(page).textContent()).toBe('共 200 位客户');
    await screenshotForReview(page, 'customer-list.png');

    const keyword = list(page).locator('sl-input.keyword input');
    await keyword.fill(vehicle.plate.slice(1));
    await keyword.press('Enter');
    await expect.poll(() => total(page).textContent()).toBe('共 1 位客户');
    await expect.poll(() => list(page).locator('tbody tr').count()).toBe(1);
    expect(await list(page).locator('tbody tr').first().textContent()).toContain(vehicle.plate);
    expect(await list(page).locator('tbody tr').first().textContent()).toContain(vehicle.customerName);

    await list(page).getByRole('button', { name: '保存条件' }).click();
    const nameInput = list(page).locator('sl-dialog[open] sl-input input');
    await nameInput.fill('指定车牌');
    await list(page).locator('sl-dialog[open]').getByRole('button', { name: '保存' }).click();
    await list(page).locator('sl-tag.saved-chip[data-name="指定车牌"]').waitFor();
    await screenshotForReview(page, 'customer-saved-condition.png');

    await list(page).getByRole('button', { name: '重置' }).click();
    await expect.poll(() => total(page).textContent()).toBe('共 200 位客户');
    await list(page).locator('sl-tag.saved-chip[data-name="指定车牌"]').click();
    await expect.poll(() => total(page).textContent()).toBe('共 1 位客户');
    expect(await keyword.inputValue()).toBe(vehicle.plate.slice(1));

    await list(page).getByRole('button', { name: '存为分组' }).click();
    await expect.poll(() => list(page).locator('sl-dialog[open] sl-input input').inputValue()).toBe('客户分组1');
    await list(page).locator('sl-dialog[open]').getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => (await api<{ name: string; kind: string; memberCount: number }[]>('GET', '/client/groups')).find((group) => group.name === '客户分组1')).toMatchObject({
      kind: 'condition',
      memberCount: 1,
    });
    const saved = await api<{ name: string }[]>('GET', '/client/conditions');
    expect(saved.map((item) => item.name)).toContain('指定车牌');
    await page.close();
  });

  it('finds the customers due for maintenance within 30 days and shows each one’s due day and km, as the panorama says', async () => {
    const due = await api<{ total: number; list: { id: number; nextMaintenance: { vehicleId: number; date: string; mileage: number | null } | null }[] }>(
      'POST', '/client/list', { maintenanceDueWithinDays: 30, page: 1, pageSize: 10 });
    expect(due.total).toBeGreaterThan(0);
    const first = due.list[0]!.nextMaintenance!;
    const panorama = await api<{ vehicle: { nextMaintenanceDate: string; nextMaintenanceMileage: number } }>('GET', '/vehicle/detail', undefined, { vehicleId: first.vehicleId });
    expect([panorama.vehicle.nextMaintenanceDate, panorama.vehicle.nextMaintenanceMileage]).toEqual([first.date, first.mileage]);

    // The column was not chosen: a 保养到期 search shows it anyway.
    const page = await open('garage-customer-list', { condition: JSON.stringify({ maintenanceDueWithinDays: 30 }) });
    await expect.poll(() => total(page).textContent()).toBe(`共 ${due.total} 位客户`);
    expect(await list(page).locator('th.col-nextMaintenanceDate').textContent()).toContain('下次保养');
    const cell = list(page).locator('tbody tr').first().locator('td.col-nextMaintenanceDate');
    expect(await cell.textContent()).toContain(first.date);
    expect(await cell.textContent()).toContain(`${first.mileage!.toLocaleString('en-US')} 公里`);
    await screenshotForReview(page, 'customer-list-maintenance-due-1440.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await cell.scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'customer-list-maintenance-due-360.png');
    await page.close();
  });

  it('picks a stage and a page size from selects whose options are made when first opened', async () => {
    const page = await open('garage-customer-list');
    await expect.poll(() => total(page).textContent()).toBe('共 200 位客户');
    // Closed, the page size still shows the current size.
    const pageSize = list(page).locator('sl-select.page-size');
    await expect.poll(() => pageSize.locator('[part="display-input"]').inputValue()).toBe('10 条');
    await pageSize.click();
    await list(page).getByRole('option', { name: '20 条', exact: true }).click();
    await expect.poll(() => list(page).locator('tbody tr').count()).toBe(20);

    const sleeping = (await api<{ total: number }>('POST', '/client/list', { stage: 'sleeping', pageSize: 10 })).total;
    await list(page).locator('sl-select[data-field="stage"]').click();
    await list(page).getByRole('option', { name: '沉睡' }).click();
    await list(page).getByRole('button', { name: '查询' }).click();
    await expect.poll(() => total(page).textContent()).toBe(`共 ${sleeping} 位客户`);
    await page.close();
  });

  it('tags three customers in bulk and shows the group on the groups page', async () => {
    const page = await open('garage-customer-list');
    await expect.poll(() => total(page).textContent()).toBe('共 200 位客户');
    const rows = list(page).locator('tbody tr');
    const ids: number[] = [];
    // Three customers who do not have the tag yet and show every tag they have (a fourth would hide behind +N).
    for (let index = 0; ids.length < 3; index++) {
      const row = rows.nth(index);
      const tags = await row.locator('.tags .tag').allTextContents();
      if (tags.length >= 3 || tags.includes('洗美会员')) continue;
      ids.push(Number(await row.getAttribute('data-customer-id')));
      await row.locator('input[type="checkbox"]').check();
    }
    await expect.poll(() => list(page).getByTestId('bulk-bar').textContent()).toContain('已选 3 位');
    await list(page).getByRole('button', { name: '打标签' }).click();
    await list(page).locator('sl-dialog[open]').getByRole('button', { name: '洗美会员' }).click();
    await screenshotForReview(page, 'customer-bulk-tag.png');
    await list(page).locator('sl-dialog[open]').getByRole('button', { name: '确定' }).click();
    await expect.poll(async () => {
      const tagged = await api<{ list: { id: number; tags: { name: string }[] }[] }>('POST', '/client/list', { pageSize: 200 });
      return tagged.list.filter((row) => ids.includes(row.id) && row.tags.some((tag) => tag.name === '洗美会员')).length;
    }).toBe(3);
    for (const id of ids) await expect.poll(() => list(page).locator(`tr[data-customer-id="${id}"] .tags`).textContent()).toContain('洗美会员');
    await page.close();

    const groups = await open('garage-customer-groups');
    const card = groups.locator('garage-customer-groups article[data-group="客户分组1"]');
    await expect.poll(() => card.getByTestId('member-count').textContent()).toBe('1 位客户');
    await screenshotForReview(groups, 'customer-groups.png');

    // 删除 asks first, names the group and its members, and removes only the group.
    await card.getByRole('button', { name: '删除' }).click();
    const confirm = groups.locator('garage-customer-groups sl-dialog[open]');
    await expect.poll(() => confirm.textContent()).toContain('确定删除分组「客户分组1」吗？分组内 1 位客户不会被删除');
    await confirm.getByRole('button', { name: '删除' }).click();
    await card.waitFor({ state: 'detached' });
    expect((await api<{ name: string }[]>('GET', '/client/groups')).map((group) => group.name)).not.toContain('客户分组1');
    expect((await api<{ total: number }>('POST', '/client/list', { pageSize: 10 })).total).toBe(200);
    await groups.close();
  });

  it('sets a 专属顾问 for two customers of one store and shows it on their vehicle panorama', async () => {
    const page = await open('garage-customer-list');
    await expect.poll(() => total(page).textContent()).toBe('共 200 位客户');
    const east = list(page).locator('tbody tr').filter({ hasText: '城东店' });
    const ids: number[] = [];
    for (let index = 0; index < 2; index++) {
      ids.push(Number(await east.nth(index).getAttribute('data-customer-id')));
      await east.nth(index).locator('input[type="checkbox"]').check();
    }
    const advisors = async () => Promise.all(ids.map(async (customerId) => (await api<{ advisor: { name: string } | null }>('GET', '/client/detail', undefined, { customerId })).advisor?.name ?? null));
    expect(await advisors()).toEqual([null, null]);

    await list(page).getByTestId('bulk-bar').getByRole('button', { name: '专属顾问' }).click();
    const dialog = list(page).locator('sl-dialog[open]');
    await expect.poll(() => dialog.getAttribute('label')).toBe('为 2 位客户设置专属顾问');
    await dialog.locator('sl-select').click();
    // Only 城东店's advisors are offered (ADVISOR_POSITIONS: 前台/服务顾问 or 店长): 城西店's 王小雨 is
    // not, nor headquarters' 陈总, who is nobody's advisor.
    await expect.poll(() => dialog.getByRole('option').allTextContents()).toEqual(['李店长', '不指定（交回门店跟进）']);
    await dialog.getByRole('option', { name: '李店长' }).click();
    await screenshotForReview(page, 'customer-advisor.png');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(advisors).toEqual(['李店长', '李店长']);

    const owner = await api<{ vehicles: { id: number }[] }>('GET', '/client/detail', undefined, { customerId: ids[0]! });
    const panorama = await open('garage-vehicle-panorama', { 'vehicle-id': String(owner.vehicles[0]!.id) });
    await expect.poll(() => panorama.locator('garage-vehicle-panorama .fact').filter({ hasText: '专属顾问' }).textContent()).toBe('专属顾问李店长');
    await panorama.close();
    await page.close();
  });

  it('a maintenance campaign: selects all N customers due in 30 days (选择全部), tags them on the server, and N carry the tag', async () => {
    const due = await api<{ total: number; totalCapped: boolean }>('POST', '/client/list', { maintenanceDueWithinDays: 30, pageSize: 10 });
    expect(due).toMatchObject({ totalCapped: false });
    expect(due.total).toBeGreaterThan(10);
    const tag = await api<{ id: number; name: string }>('POST', '/tag', { name: '保养季', groupName: '营销活动' });
    const page = await open('garage-customer-list', { condition: JSON.stringify({ maintenanceDueWithinDays: 30 }) });
    await expect.poll(() => total(page).textContent()).toBe(`共 ${due.total} 位客户`);

    // Ticking the page offers every match, not only the 10 on screen.
    await list(page).getByRole('checkbox', { name: '全选本页' }).check();
    const offer = list(page).getByTestId('select-all');
    await expect.poll(() => offer.textContent()).toBe(`选择全部 ${due.total} 位`);
    expect(await list(page).getByTestId('bulk-bar').textContent()).toContain('已选本页 10 位');
    await screenshotForReview(page, 'customer-select-all-1440.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await offer.scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'customer-select-all-360.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await offer.getByRole('button', { name: `选择全部 ${due.total} 位` }).click();
    await expect.poll(() => list(page).getByTestId('bulk-bar').textContent()).toContain(`已选全部 ${due.total} 位符合条件的客户`);

    await list(page).getByTestId('bulk-bar').getByRole('button', { name: '打标签' }).click();
    const dialog = list(page).locator('sl-dialog[open]');
    await expect.poll(() => dialog.getAttribute('label')).toBe(`给 ${due.total} 位客户打标签`);
    await dialog.getByRole('button', { name: tag.name }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();

    // The tag's customers, as a filter of the list: every one of the N.
    const tagged = await open('garage-customer-list', { condition: JSON.stringify({ tags: { mode: 'any', ids: [tag.id] } }) });
    await expect.poll(() => total(tagged).textContent()).toBe(`共 ${due.total} 位客户`);
    const dueAndTagged = await api<{ total: number }>('POST', '/client/count', { maintenanceDueWithinDays: 30, tags: { mode: 'any', ids: [tag.id] } });
    expect(dueAndTagged.total).toBe(due.total);

    // The reminder goes to a group of them: the tag's list saved as a live group.
    await list(tagged).getByRole('button', { name: '存为分组' }).click();
    const groupName = list(tagged).locator('sl-dialog[open] sl-input input');
    // The dialog proposes a free name first (客户分组N); typed over once it is there.
    await expect.poll(() => groupName.inputValue()).toMatch(/^客户分组\d+$/);
    await groupName.fill('保养季提醒');
    await list(tagged).locator('sl-dialog[open]').getByRole('button', { name: '保存' }).click();
    const campaignGroup = async () => (await api<{ id: number; name: string; memberCount: number }[]>('GET', '/client/groups')).find((each) => each.name === '保养季提醒');
    await expect.poll(campaignGroup).toMatchObject({ memberCount: due.total });
    const group = (await campaignGroup())!;
    await tagged.close();

    // 短信营销 shows, before anything is spent, who gets it (the N less the numbers removed), the
    // text as a customer reads it, its segments and the credits against the balance.
    const templateId = (await server.db.one<{ id: number }>(sql`SELECT id FROM sms_template WHERE chain_id = 1 AND name = '保养到期提醒'`))!.id;
    const expected = await api<{ matched: number; count: number; optedOut: number; invalid: number; segments: number; length: number; credits: number; balance: number }>(
      'POST', '/sms/recipients/preview', { audience: { kind: 'group', groupId: group.id }, templateId },
    );
    expect(expected.matched).toBe(due.total);
    expect(expected.count + expected.optedOut + expected.invalid).toBe(due.total);
    const sms = await open('garage-sms-marketing');
    const composer = sms.locator('garage-sms-marketing');
    await composer.locator('[role="tabpanel"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    await chooseOption(composer, '选择客户分组', '保养季提醒');
    await composer.locator('[data-template="保养到期提醒"]').click();
    await expect.poll(() => composer.getByTestId('audience').textContent()).toContain(`${expected.count} 位客户`);
    const preview = (await composer.getByTestId('sms-preview').textContent()) ?? '';
    expect(preview.startsWith('【安途汽车】')).toBe(true);
    expect(preview).toContain('保养将于');
    expect(preview).not.toContain('{');
    expect(await composer.getByTestId('sms-counter').textContent()).toBe(`${expected.length} 字 · 计 ${expected.segments} 条`);
    expect(await composer.getByTestId('sms-cost').textContent()).toBe(`${expected.credits.toLocaleString('zh-CN')} 条`);
    expect(await composer.getByTestId('sms-balance').textContent()).toBe(`${expected.balance.toLocaleString('zh-CN')} 条`);
    await screenshotForReview(sms, 'customer-campaign-sms-1440.png');
    await sms.close();
    // Nothing was spent by looking.
    expect((await api<{ balance: number }>('POST', '/sms/recipients/preview', { audience: { kind: 'group', groupId: group.id }, templateId })).balance).toBe(expected.balance);
  });

  it('counts a broad search to 5,000 (共 5,000+ 位) and offers all of them by their exact number', async () => {
    // 华星 imports 6,000 customers whose mobiles share a prefix (its own chain: the other journeys keep their 200).
    const hx = await server.loginToken('hx-admin');
    await server.db.run(sql`
      INSERT INTO customer (chain_id, store_id, name, mobile, source)
      SELECT 2, (SELECT min(store_id) FROM customer WHERE chain_id = 2), '导入客户' || n, '155' || lpad(n::text, 8, '0'), '导入'
        FROM generate_series(1, 6000) n`);
    const page = await open('garage-customer-list', { condition: JSON.stringify({ keyword: '155' }) }, hx);
    await expect.poll(() => total(page).textContent()).toBe('共 5,000+ 位客户');
    const pager = list(page).locator('.pager');
    await expect.poll(() => pager.textContent()).toContain('第 1 / 500+ 页');
    expect(await pager.getByRole('button', { name: '下一页' }).getAttribute('disabled')).toBeNull();
    await screenshotForReview(page, 'customer-list-capped-1440.png');

    // 选择全部 names the exact number (its own count, /client/count): the import and 华星's own two.
    const all = (await server.call<{ total: number }>('POST', '/client/count', { token: hx, body: { keyword: '155' } })).data.total;
    expect(all).toBeGreaterThanOrEqual(6_000);
    await list(page).getByRole('checkbox', { name: '全选本页' }).check();
    await expect.poll(() => list(page).getByTestId('select-all').textContent()).toBe(`选择全部 ${all.toLocaleString('en-US')} 位`);
    await screenshotForReview(page, 'customer-list-capped-select-all-1440.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await list(page).getByTestId('select-all').scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'customer-list-capped-select-all-360.png');
    await list(page).getByRole('checkbox', { name: '全选本页' }).uncheck();
    await total(page).scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'customer-list-capped-360.png');
    await pager.scrollIntoViewIfNeeded();
    await screenshotForReview(page, 'customer-list-capped-pager-360.png');
    await page.close();
  });

  it('opens a vehicle panorama by plate search, with the maintenance timeline inside', async () => {
    const [vehicle] = await api<{ id: number; plate: string }[]>('GET', '/vehicle/search', undefined, { keyword: '浙A' });
    const page = await open('garage-vehicle-panorama');
    const panorama = page.locator('garage-vehicle-panorama');
    await panorama.locator('sl-input input').fill(vehicle.plate.slice(0, 5));
    await panorama.getByRole('option').filter({ hasText: vehicle.plate }).click();
    await expect.poll(() => panorama.getByTestId('panorama-plate').textContent()).toBe(vehicle.plate);
    expect(await panorama.locator('garage-maint-timeline').getAttribute('vehicle-id')).toBe(String(vehicle.id));
    await expect.poll(() => panorama.locator('garage-maint-timeline').locator('li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await panorama.getByText('到店记录').waitFor();
    await screenshotForReview(page, 'customer-panorama.png', { fullPage: true });
    await page.close();
    expect(errors).toEqual([]);
  });
});
