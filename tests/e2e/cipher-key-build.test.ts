/**
 * A custom cipher key reaches every bundle: the whole product is built once with a non-default
 * GARAGE_CIPHER_KEY into a temp folder (DIST_DIR), the real server runs with the same key and
 * serves that build, and the host app logs in and shows the customer list in Chromium. Before,
 * only the rollup widget bundles got the key and the host app could not decrypt a single answer.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { launchChromium, loginThroughForm, openPage, waitForPage } from './host-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CIPHER_KEY = 'Chain-Own-Key/2026#abcdefghijklm';

let dist: string;
let server: TestServer;
let browser: Browser;
let partnerSite: Server | undefined;

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js')).map((file) => path.join(dir, file));
}

beforeAll(async () => {
  expect(CIPHER_KEY).toHaveLength(32);
  dist = mkdtempSync(path.join(tmpdir(), 'garage-cipher-dist-'));
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    env: { ...process.env, GARAGE_CIPHER_KEY: CIPHER_KEY, DIST_DIR: dist },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  server = await startTestServer({ config: { cipherKey: CIPHER_KEY, distDir: dist } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('one cipher key for the whole build', () => {
  it('is baked into the host app, the widget bundles and the standalone phone bar', () => {
    const bundles = {
      'host app': scriptsUnder(path.join(dist, 'host-app')),
      'widget bundles': scriptsUnder(path.join(dist, 'widgets/chunks')),
      'standalone phone bar': [path.join(dist, 'widgets/phone-bar.js'), ...scriptsUnder(path.join(dist, 'widgets/phone-bar'))],
    };
    for (const [name, files] of Object.entries(bundles)) {
      const text = files.map((file) => readFileSync(file, 'utf8')).join('\n');
      expect(text.includes(CIPHER_KEY), `${name} carries the key`).toBe(true);
    }
  });

  it('the server answers in the custom key, and the host app logs in and shows the customer list', async () => {
    const answer = await server.call('GET', '/user/info', { token: await server.loginToken('admin') });
    expect(answer.code).toBe(0);

    const { page, context, errors } = await openPage(browser);
    try {
      await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/home/externalmanage')}`);
      await loginThroughForm(page, 'admin');
      await waitForPage(page, '客户列表');
      await expect.poll(() => page.getByText('共 200 位客户').count(), { timeout: 20_000 }).toBe(1);
      expect(errors.filter((error) => /decrypt|解密|JSON/i.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a widget bundle alone on a page decrypts the answers too', async () => {
    const { page, context, errors } = await openPage(browser);
    try {
      const token = await server.loginToken('admin');
      // A partner's page on another origin holding only the element and its bundle from our server.
      const body =
        `<!doctype html><meta charset="utf-8"><script type="module" src="${server.url}/widgets/customer-list.js"></script>` +
        `<garage-customer-list api-base="${server.url}/api" token="${token}"></garage-customer-list>`;
      partnerSite = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body));
      await new Promise<void>((resolve) => partnerSite!.listen(0, '127.0.0.1', resolve));
      await page.goto(`http://127.0.0.1:${(partnerSite.address() as AddressInfo).port}/`);
      await expect.poll(() => page.getByText('共 200 位客户').count(), { timeout: 20_000 }).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      partnerSite?.close();
    }
  });
});
