// Screenshots of the running product, for looking at what a change did to the screens:
//   npm start                      (in another terminal)
//   npm run screenshots -- /home/externalmanage /home/clientskanban
// Logs in as SCREENSHOT_USER (default admin) through the login form and writes one PNG per path
// into SCREENSHOT_DIR (default tmp/screenshots/). Without paths it takes one page of each menu group.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:3200';
const outDir = path.resolve(process.env.SCREENSHOT_DIR ?? 'tmp/screenshots');
const username = process.env.SCREENSHOT_USER ?? 'admin';
const paths = process.argv.slice(2);
const defaults = ['/login', '/home/workKanBan', '/home/externalmanage', '/home/sms/smsWork', '/home/insurance', '/home/kpi', '/home/organization/userAuth', '/home/shop/smsMall'];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const page = await context.newPage();
page.on('pageerror', (error) => console.error(`页面错误 (page error): ${error.message}`));

await page.goto(`${base}/login`);
await page.getByLabel('账号').fill(username);
await page.getByLabel('密码', { exact: true }).fill(process.env.SCREENSHOT_PASSWORD ?? 'Garage@2026');
await page.getByRole('button', { name: '登录', exact: true }).click();
await page.waitForURL((url) => !url.pathname.startsWith('/login'));

for (const target of paths.length > 0 ? paths : defaults) {
  await page.goto(`${base}${target}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT_MS ?? 800));
  const file = path.join(outDir, `${target.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root'}.png`);
  await page.screenshot({ path: file, fullPage: process.env.SCREENSHOT_FULL === '1' });
  console.log(file);
}
await browser.close();
