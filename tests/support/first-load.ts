/**
 * What /login downloads on a first visit: every script requested until the 登录 button is enabled
 * and the network has gone quiet (so scripts loaded "later" still count), with its gzip -9 size.
 * Shared by the size test (tests/e2e/login-size.test.ts) and the bench (tests/bench/lighthouse.bench.ts).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface FirstLoad {
  scripts: { path: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

export async function loginFirstLoad(baseUrl: string): Promise<FirstLoad> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const scripts: FirstLoad['scripts'] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '登录', exact: true, disabled: false }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzip - a.gzip);
    return {
      scripts,
      raw: scripts.reduce((sum, script) => sum + script.raw, 0),
      gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    };
  } finally {
    await browser.close();
  }
}
