/**
 * <garage-version-notice> in the host app against the real server (spec section 4: version update):
 * the server's version.json changes, the notice appears with the release time and a countdown,
 * dismissing keeps the countdown running, and at 0 the page reloads onto the new version.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const repoDist = path.resolve(import.meta.dirname, '..', '..', 'dist');
const FIRST_RELEASE = Date.UTC(2026, 0, 5, 2, 0, 0);
// 23:30 UTC on the 5th is 07:30 on the 6th in Beijing: the release time is shown on the garage's clock.
const SECOND_RELEASE = Date.UTC(2026, 0, 5, 23, 30, 15);

let server: TestServer;
let browser: Browser;
let distDir: string;

/** The server reads version.json on every request: write it as a deploy would. */
function release(versionTime: number, extra: Record<string, unknown> = {}) {
  writeFileSync(path.join(distDir, 'version.json'), JSON.stringify({ VERSION_TIME: versionTime, ...extra }));
}

beforeAll(async () => {
  // A dist folder of our own (the real build, linked) so changing version.json touches nobody else.
  distDir = mkdtempSync(path.join(tmpdir(), 'garage-version-dist-'));
  symlinkSync(path.join(repoDist, 'host-app'), path.join(distDir, 'host-app'));
  symlinkSync(path.join(repoDist, 'widgets'), path.join(distDir, 'widgets'));
  release(FIRST_RELEASE);
  [server, browser] = await Promise.all([startTestServer({ config: { distDir } }), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('version notice', () => {
  it('adopts the first version silently, then announces a new one, counts down and reloads onto it', async () => {
    const { page, context, errors } = await openPage(browser);
    const polls: { search: string; cacheControl?: string }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/version.json') polls.push({ search: url.search, cacheControl: request.headers()['cache-control'] });
    });

    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('VERSION')), { timeout: 10_000 }).toBe(String(FIRST_RELEASE));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(polls[0].search).toMatch(/^\?t=\d+$/);
    expect(polls[0].cacheControl).toBe('no-cache');

    await page.locator('garage-version-notice').evaluate((element) => element.setAttribute('countdown-seconds', '4'));
    await page.evaluate(() => { (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true; });
    release(SECOND_RELEASE);

    const dialog = page.getByRole('dialog', { name: '发现新版本' });
    await dialog.waitFor({ timeout: 12_000 });
    // Announced, this page polls no more: the next read of version.json is the reloaded page's.
    const reread = page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json', { timeout: 30_000 });
    expect(await dialog.getByTestId('release-time').innerText()).toBe('2026-01-06 07:30:15');
    expect(await dialog.getByRole('timer').innerText()).toMatch(/^[1-4]秒后自动刷新$/);

    await dialog.getByRole('button', { name: '稍后' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: /新版本 · \d秒后刷新/ }).waitFor();

    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, undefined, { timeout: 10_000 });
    await page.getByLabel('账号').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('VERSION'))).toBe(String(SECOND_RELEASE));
    // The reloaded page has read the version it runs: nothing to announce.
    expect(await (await reread).json()).toEqual({ VERSION_TIME: SECOND_RELEASE });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 系统升级通知 announced in version.json once per session, with 知道了 and 查看详情', async () => {
    release(SECOND_RELEASE, { UPGRADE_NOTICE: '2026-01-upgrade' });
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.evaluate((version) => localStorage.setItem('VERSION', version), String(SECOND_RELEASE));
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '工作台');
    const notice = page.getByRole('dialog', { name: '系统升级通知' });
    // The footer buttons are slotted into sl-dialog, not inside its shadow panel.
    const noticeButton = (name: string) => page.locator('sl-dialog.upgrade-notice').getByRole('button', { name });
    await notice.waitFor();
    expect(await page.locator('sl-dialog.upgrade-notice').innerText()).toContain('系统升级');
    await noticeButton('知道了').click();
    await notice.waitFor({ state: 'hidden' });

    let reads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/version.json') reads += 1;
    });
    await page.reload();
    await waitForPage(page, '工作台');
    // Both readers of version.json have their answer (系统升级通知's own read, the version notice's first poll).
    await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => sessionStorage.getItem('garage-upgrade-notice-seen'))).toBe('2026-01-upgrade');
    expect(await page.getByRole('dialog', { name: '系统升级通知' }).count()).toBe(0);

    release(SECOND_RELEASE, { UPGRADE_NOTICE: '2026-02-upgrade' });
    await page.reload();
    await waitForPage(page, '工作台');
    await noticeButton('查看详情').click();
    await page.waitForURL((url) => url.pathname === '/helps' && url.hash === '#upgrade');
    await page.getByRole('heading', { name: '系统升级与版本更新' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
