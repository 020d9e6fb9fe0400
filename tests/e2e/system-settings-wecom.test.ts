/**
 * 系统设置 › 企业微信 in Chromium against the real server, whose real WeCom adapter talks to a local
 * WeCom peer (tests/support/wecom-peer.ts): the admin sees the app is set up and the sidebar
 * address, starts a sync and watches its progress, then sees the counts and the newly bound contact;
 * a WeCom refusal is said in Chinese; staff without 设置中心 see no buttons; without the add-on the
 * section leads to the mall, at phone width.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { wecomApi } from '../../server/src/providers/wecom';
import { startTestServer, type TestServer } from '../support/server';
import { startWecomPeer, type WecomPeer } from '../support/wecom-peer';
import { startPartnerPages } from '../support/widget-weight';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

const CORP = 'wwantu0000demo01';
let peer: WecomPeer;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  peer = await startWecomPeer({ corpId: CORP, secret: 'app-secret' });
  [server, browser] = await Promise.all([
    startTestServer({
      providers: { wecom: wecomApi({ corpId: CORP, agentId: '1000002', secret: 'app-secret', baseUrl: peer.url }) },
      config: { publicUrl: 'https://garage.example.cn' },
    }),
    launchChromium(),
  ]);
  const customer = (await server.db.one<{ mobile: string }>(sql`
    SELECT mobile FROM customer c WHERE chain_id = 1 AND store_id = 2 AND mobile <> ''
       AND NOT EXISTS (SELECT 1 FROM wecom_contact w WHERE w.customer_id = c.id) ORDER BY id LIMIT 1`))!;
  peer.contacts.push(
    { external_userid: 'wmE2eKnown', name: '老客户', follow_user: [{ userid: 'AnTuLi', remark_mobiles: [customer.mobile] }] },
    { external_userid: 'wmE2eNew1', name: '新朋友', follow_user: [{ userid: 'AnTuLi', remark: '想做保养' }] },
    { external_userid: 'wmE2eNew2', name: '新朋友二', follow_user: [{ userid: 'AnTuWang' }] },
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await peer?.close();
});

async function settingsAs(username: string, width = 1440) {
  const watched = await openPage(browser, { width });
  await watched.page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/organization/settings')}`);
  await loginThroughForm(watched.page, username);
  await waitForPage(watched.page, '系统设置');
  const section = watched.page.locator('garage-system-settings section.wecom');
  await section.locator('[data-wecom="sync"]').waitFor();
  return { ...watched, section };
}

const counts = () =>
  server.db.one<{ contacts: number; bound: number }>(sql`SELECT count(*)::int AS contacts, count(customer_id)::int AS bound FROM wecom_contact WHERE chain_id = 1`);

describe('系统设置 › 企业微信', () => {
  it('shows the set-up, syncs with live progress, then the counts; a WeCom refusal is said in Chinese', async () => {
    const before = (await counts())!;
    const { context, errors, section } = await settingsAs('admin');
    await section.locator('[data-wecom="config"]').getByText('已配置').waitFor();
    await section.getByText(`企业ID ${CORP} · AgentId 1000002`).waitFor();
    // The address to paste into WeCom is PUBLIC_URL's, whatever address the page was opened at.
    await section.locator('code.url', { hasText: 'https://garage.example.cn/sidebar' }).waitFor();
    await section.locator('[data-wecom="add-on"]').getByText('已开通').waitFor();
    await section.getByText(`已同步 ${before.contacts} 位外部联系人，其中 ${before.bound} 位已绑定客户`).waitFor();
    await section.getByText('尚未同步').waitFor();

    // A slow WeCom: the run is seen while it goes, with the buttons held.
    peer.setDelay(300);
    await section.getByRole('button', { name: '立即同步' }).click();
    await section.getByText(/^正在同步：员工 /).waitFor();
    expect(await section.getByRole('progressbar', { name: '同步进度' }).count()).toBe(1);
    await expect.poll(() => section.locator('sl-button', { hasText: '全部重新同步' }).getAttribute('disabled')).not.toBeNull();
    await section.getByText(/上次同步 .* · 联系人 3 位 · 自动绑定 1 位 · 新潜在客户 2 位/).waitFor({ timeout: 60_000 });
    peer.setDelay(0);
    await section.getByText(`已同步 ${before.contacts + 3} 位外部联系人，其中 ${before.bound + 1} 位已绑定客户`).waitFor();
    expect(await counts()).toEqual({ contacts: before.contacts + 3, bound: before.bound + 1 });

    // WeCom refuses (the app may not call 客户联系): the reason, in Chinese, stays on the page.
    peer.failNext(48002, 1);
    await section.getByRole('button', { name: '全部重新同步' }).click();
    await section.getByText(/上次同步失败（.*）：企业微信应用没有调用该接口的权限/).waitFor({ timeout: 60_000 });
    expect(await counts()).toEqual({ contacts: before.contacts + 3, bound: before.bound + 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('front-desk staff (no 设置中心) see the state on a partner page but no sync buttons; the server refuses them too', async () => {
    // The host app does not open 系统设置 for them; the widget alone on a partner page is read-only.
    const partner = await startPartnerPages(server.url);
    const token = await server.loginToken('frontdesk');
    const { page, context, errors } = await openPage(browser, { width: 1440 });
    await page.goto(partner.add('system-settings', 'garage-system-settings', { token, 'api-base': `${server.url}/api` }));
    const section = page.locator('garage-system-settings section.wecom');
    await section.locator('[data-wecom="config"]').getByText('已配置').waitFor();
    await section.getByText(/上次同步/).waitFor();
    expect(await section.getByRole('button', { name: '立即同步' }).count()).toBe(0);
    expect(await section.getByRole('button', { name: '全部重新同步' }).count()).toBe(0);
    expect((await server.call('POST', '/wecom-contact/sync', { token, body: {} })).code).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
    await partner.close();
  });

  it('without the 企业微信 add-on leads to the mall page, at phone width', async () => {
    await server.db.run(sql`UPDATE garage_module SET enabled = false WHERE chain_id = 1 AND code = 'wecom'`);
    try {
      const { page, context, errors, section } = await settingsAs('admin', 360);
      const addOn = section.locator('[data-wecom="add-on"]');
      await addOn.getByText('未开通').waitFor();
      const sync = section.locator('sl-button', { hasText: '立即同步' });
      expect(await sync.getAttribute('disabled')).not.toBeNull();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await addOn.getByRole('link', { name: '前往商城开通' }).click();
      await page.waitForURL(/\/home\/shop\/enterprise-wechat$/);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.db.run(sql`UPDATE garage_module SET enabled = true WHERE chain_id = 1 AND code = 'wecom'`);
    }
  });
});
