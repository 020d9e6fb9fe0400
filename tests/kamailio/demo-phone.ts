/**
 * The demo phone line of `npm start` in development (scripts/start.mjs runs it bundled, as
 * server/dist/demo-phone.mjs): the project's Kamailio on loopback and a demo callee that answers
 * every number nobody registered (kamailio.cfg DEMO_CALLEE): it rings 2 s, answers with a beeping
 * tone and hangs up after 30 s. The callee is the tests' JsSIP callee in a headless Chromium, so
 * the call is real WebRTC audio. The e2e journey starts the callee with startDemoCallee() too.
 *
 * As a program it reads SIP_REALM, SIP_EVENTS_URL and SIP_EVENTS_SECRET, prints one JSON line
 * `{"url","dir","callee","calleeHa1"}` before Kamailio starts (its port and table chosen first) (`{"missing":true}` when Kamailio is
 * not installed: it never installs), starts the callee at the first line on its standard input, and
 * stops both on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeKamailioSubscribers } from '../../server/src/providers/kamailio-subscribers';
import { freePort, kamailioInstalled, sipSubscriber, startKamailio } from './kamailio';

export const DEMO_CALLEE_USER = 'demo-callee';

/** The demo callee registered at `url`; resolves once Kamailio has its registration. */
export async function startDemoCallee(options: { url: string; realm: string; ha1: string }): Promise<{ close(): Promise<void> }> {
  // Served from loopback: a secure context (WebRTC) that Chromium's local network checks let open
  // Kamailio's loopback socket (a page it only intercepts counts as public and is refused).
  // Loaded here: the program prints its first line without loading a browser or a bundler.
  const [{ calleePageHtml }, { launchPhoneBrowser }] = await Promise.all([import('./browser-bundle'), import('./browser')]);
  const html = await calleePageHtml();
  const site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const browser = await launchPhoneBrowser({ microphone: 'fake' });
  const close = async () => {
    await browser.close();
    site.close();
  };
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/demo-callee`);
    await page.evaluate(
      (start) => (window as unknown as { garageCallee: { start(o: unknown): Promise<void> } }).garageCallee.start(start),
      { url: options.url, user: DEMO_CALLEE_USER, realm: options.realm, ha1: options.ha1, mode: 'demo' },
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

async function main(): Promise<void> {
  // `npm start` never installs anything: it says how (scripts/start.mjs prints it).
  if (!kamailioInstalled()) {
    console.log(JSON.stringify({ missing: true }));
    return;
  }
  const realm = process.env.SIP_REALM || 'sip.garage.local';
  const callee = sipSubscriber(DEMO_CALLEE_USER, realm, randomBytes(16).toString('hex'));
  const events = process.env.SIP_EVENTS_URL && process.env.SIP_EVENTS_SECRET ? { url: process.env.SIP_EVENTS_URL, secret: process.env.SIP_EVENTS_SECRET } : undefined;
  // Where Kamailio will listen and its table (the callee in it) are known before it starts, so the
  // server starts at once (start.mjs waits for this line); Kamailio comes up beside it.
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'garage-kamailio-'));
  writeKamailioSubscribers(dir, [callee]);
  console.log(JSON.stringify({ url: `ws://127.0.0.1:${port}/webrtc`, dir, callee: callee.user, calleeHa1: callee.ha1 }));
  const kamailio = await startKamailio({ subscribers: { dir }, port, sipEvents: events, demoCallee: DEMO_CALLEE_USER });
  let demoCallee: { close(): Promise<void> } | null = null;
  const stop = async () => {
    await demoCallee?.close().catch(() => undefined);
    await kamailio.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // The callee's Chromium waits for a line on stdin (start.mjs writes it once the server listens):
  // launched beside the server's start it would take a core from it for seconds.
  if (!process.stdin.isTTY) await new Promise((resolve) => process.stdin.once('data', resolve));
  const { PHONE_BROWSER } = await import('./browser');
  if (!existsSync(PHONE_BROWSER)) {
    console.error(`演示被叫需要 Chromium（${PHONE_BROWSER}），未找到：电话可以注册，但拨出的号码无人接听。 / The demo callee needs Chromium: sudo apt-get install chromium`);
    return;
  }
  demoCallee = await startDemoCallee({ url: kamailio.url, realm, ha1: callee.ha1 });
  console.error('演示被叫已就绪：拨打任意号码，振铃约 2 秒后接听，播放提示音，30 秒后挂断。');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
