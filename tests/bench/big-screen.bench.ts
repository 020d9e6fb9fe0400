/**
 * Issue 17, "Figures": the JavaScript of the 智慧大屏 page with ECharts — `<garage-big-screen>` alone
 * on a partner page, signed in, in Chromium against the real server serving dist/ (pre-compressed),
 * counted until its three charts are drawn: the widget, the core, and the shared 'echarts' chunk
 * (ECharts core, bar + line + pie, grid/legend/tooltip, the SVG renderer). Run `node
 * scripts/build.mjs` first.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../e2e/host-helpers';
import { startTestServer } from '../support/server';
import { WIDGET_CASES, prepareWeightSetup, startPartnerPages, weighWidget } from '../support/widget-weight';
import { kb, table, writeSection } from './report';

const distDir = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'dist');
const bigScreen = WIDGET_CASES.find((widget) => widget.tag === 'garage-big-screen')!;

const server = await startTestServer();
const partner = await startPartnerPages(server.url);
const browser = await launchChromium();
try {
  const setup = await prepareWeightSetup(server);
  // Once with ECharts counted in (the page's whole JS), once as the size test sees it (ECharts apart).
  const whole = await weighWidget(browser, { server, partner, setup, widget: { ...bigScreen, separately: undefined }, distDir });
  const apart = await weighWidget(browser, { server, partner, setup, widget: bigScreen, distDir });
  const js = (files: typeof whole.files) => files.filter((file) => file.path.endsWith('.js'));
  const echarts = apart.separate.filter((file) => /echarts/.test(file.path));
  const sum = (files: typeof whole.files, key: 'wire') => files.reduce((total, file) => total + file[key], 0);
  writeSection(`
## 智慧大屏: page JavaScript with ECharts (issue 17)

\`<garage-big-screen>\` alone on a partner page, signed in, until its charts are drawn; wire = compressed as sent (brotli).

${table(
    ['', 'JS files', 'wire', 'gzip', 'raw'],
    [
      ['whole page (widget + core + ECharts)', js(whole.files).length, kb(sum(js(whole.files), 'wire')), kb(whole.gzip), kb(whole.raw)],
      ['without the ECharts chunk (widget budget ≤ 90 KB)', js(apart.files).length, kb(sum(js(apart.files), 'wire')), kb(apart.gzip), kb(apart.raw)],
      ['the ECharts chunk alone', echarts.length, kb(sum(echarts, 'wire')), '', ''],
    ],
  )}
`);
} finally {
  await browser.close();
  await partner.close();
  await server.close();
}
