/**
 * Session expiry in the host app (spec section 4 and error catalogue): a token that the server lets
 * expire yields 「验证过期，请重新登录！」 once and the login page, which leads back afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const TOKEN_TTL_SECONDS = 4;
const EXPIRED = '验证过期，请重新登录！';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestServer({ config: { tokenTtlSeconds: TOKEN_TTL_SECONDS } }),
    launchChromium(),
  ]);
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
    const loggedInAt = Date.now();
    await loginThroughForm(page, 'admin');
    await waitForPage(page, '标签管理');

    await page.waitForTimeout(Math.max(0, loggedInAt + (TOKEN_TTL_SECONDS + 1) * 1000 - Date.now()));
    // A reload runs startup: several calls answer "expired" at once, the message shows once.
    toasts.length = 0;
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/home/tagmanage');
    await expect.poll(() => toasts.filter((text) => text.includes(EXPIRED)).length).toBe(1);
    await page.waitForTimeout(1_000);
    expect(toasts.filter((text) => text.includes(EXPIRED))).toHaveLength(1);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(user?.usertoken ?? '').toBe('');

    await loginThroughForm(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/home/tagmanage', { timeout: 20_000 });
    await waitForPage(page, '标签管理');
    expect(errors).toEqual([]);
    await context.close();
  });
});
