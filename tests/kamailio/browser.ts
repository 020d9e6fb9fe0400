/**
 * Chromium for web-phone journeys: a fresh profile per launch (launchPersistentContext, since
 * playwright refuses --user-data-dir in args), fake audio devices, loopback ICE allowed.
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/** The Chromium of the phone journeys and of the demo callee (Debian's package). */
export const PHONE_BROWSER = '/usr/bin/chromium';

export interface PhoneBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * microphone 'fake': a fake device, access granted without a prompt.
 * microphone 'denied': the permission prompt is refused, as a user clicking "block" would.
 */
export async function launchPhoneBrowser(options: { microphone: 'fake' | 'denied' } = { microphone: 'fake' }): Promise<PhoneBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'garage-phone-chromium-'));
  const media =
    options.microphone === 'fake'
      ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
      : ['--use-fake-device-for-media-stream', '--deny-permission-prompts'];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: PHONE_BROWSER,
    args: [...BASE_ARGS, ...media],
    viewport: { width: 1100, height: 640 },
    locale: 'zh-CN',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
