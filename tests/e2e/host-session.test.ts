/**
 * Session expiry in the host app (spec section 4 and error catalogue): a token that the server lets
 * expire yields 「验证过期，请重新登录！」 once and the login page, which leads back afterwards.
 * The page's token is swapped for one the server signed already expired, instead of waiting out a
 * short lifetime: the server's answer is the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from '../../server/src/db/database';
import { startTestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const EXPIRED = '验证过期，请重新登录！';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('session expiry', () => {
  it('shows the expiry message once, clears the token and sends the user to /login, then back', async () => {
    const { page, context, errors } = await openPage(browser);
    // Every toast the page shows, recorded as it appears: a 3 s toast can be gone before a slow
    // machine looks, but the user saw it.
    const toasts: string[] = [];
    await page.exposeFunction('reportToast', (text: string) => toasts.push(text));
    await page.addInitScript(() => {
      // Toasts live in the shadow root of the toast stack (widgets/core/ui/toast.ts): watched once it exists.
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            const report = (alert: Element) => (window as unknown as { reportToast(text: string): void }).reportToast(alert.textContent?.trim() ?? '');
            if (node.tagName === 'SL-ALERT') report(node);
            if (node.shadowRoot) {
              // The first toast went in with the stack, before this observer saw it.
              node.shadowRoot.querySelectorAll('sl-alert').forEach(report);
              observer.observe(node.shadowRoot, { childList: true, subtree: true });
            }
          }
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/tagmanage')}`);
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '标签管理');

    const admin = await server.db.one<{ id: number }>(sql`SELECT id FROM app_user WHERE username = 'admin'`);
    const expired = server.signToken(admin!.id, { ttlSeconds: -1 });
    const swapped = await page.evaluate((token) => {
      const current = (JSON.parse(localStorage.getItem('user') ?? '{}') as { usertoken?: string }).usertoken;
      if (!current) return 0;
      const keys = Object.keys(localStorage).filter((key) => localStorage.getItem(key)!.includes(current));
      for (const key of keys) localStorage.setItem(key, localStorage.getItem(key)!.replaceAll(current, token));
      return keys.length;
    }, expired);
    expect(swapped).toBeGreaterThan(0);
    // A reload runs startup: several calls answer "expired" at once, the message shows once.
    toasts.length = 0;
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home/tagmanage');
    await expect.poll(() => toasts.filter((text) => text.includes(EXPIRED)).length, { timeout: 10_000 }).toBe(1);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(user?.usertoken ?? '').toBe('');

    await loginThroughForm(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/home/tagmanage', { timeout: 20_000 });
    await waitForPage(page, '标签管理');
    // A whole login later, every answer of that startup has long been handled: still one message.
    expect(toasts.filter((text) => text.includes(EXPIRED))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
