/**
 * Each widget alone on a partner's page (another origin, one script tag, one element) downloads
 * at most its budget from our server, compressed as the server sends it (issue 11, "Size"):
 * 60 KB for the session badge, login and version notice, 90 KB for the customer widgets, panorama
 * and timeline, 80 KB for the phone bar with everything a call loads (its controller and JsSIP).
 * Bytes, not timing: the figures per widget are in `npm run bench -- widgets`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import {
  WIDGET_CASES,
  prepareWeightSetup,
  startPartnerPages,
  weighWidget,
  type PartnerPages,
  type WeightSetup,
  type WidgetWeight,
} from '../support/widget-weight';
import { launchChromium } from './host-helpers';
import { PRECOMPRESS_MIN_BYTES } from '../../scripts/precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(root, 'dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let server: TestServer;
let partner: PartnerPages;
let setup: WeightSetup;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'widgets', 'session-badge.js.br'))) throw new Error('没有预压缩的 dist/widgets/，请先运行 node scripts/build.mjs');
  server = await startTestServer({ config: { distDir } });
  partner = await startPartnerPages(server.url);
  setup = await prepareWeightSetup(server);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await partner?.close();
  await server?.close();
});

const listing = (weight: WidgetWeight) =>
  weight.files.map((file) => `${file.path} ${kb(file.wire)} ${file.encoding || 'identity'}`).join('\n');

describe.concurrent('each widget alone on a partner page', () => {
  // One page per element in its own browser context: they load side by side; each counts only its own page's responses (vitest.config.ts, maxConcurrency).
  for (const widget of WIDGET_CASES) {
    it(`<${widget.tag}> downloads at most ${kb(widget.budget)}, compressed`, async () => {
      const weight = await weighWidget(browser, { server, partner, setup, widget, distDir });
      // Its own script came, and the phone bar really loaded what a call needs.
      expect(weight.files.map((file) => file.path)).toContain(`/widgets/${widget.feature}.js`);
      if (widget.feature === 'phone-bar') expect(weight.files.some((file) => /JsSIP-[\w-]+\.js$/.test(file.path))).toBe(true);
      // 保险分析 drew its charts: the ECharts chunk came, measured on its own (notes: insurance-widget).
      if (widget.separately) expect(weight.separate.map((file) => file.path)).toEqual([expect.stringMatching(widget.separately)]);
      // Every script the build compressed was sent compressed.
      const uncompressed = weight.files.filter((file) => file.path.endsWith('.js') && file.raw >= PRECOMPRESS_MIN_BYTES && !['br', 'gzip'].includes(file.encoding));
      expect(uncompressed.map((file) => file.path)).toEqual([]);
      expect(weight.wire, `<${widget.tag}> loaded:\n${listing(weight)}`).toBeLessThanOrEqual(widget.budget);
    });
  }
});
