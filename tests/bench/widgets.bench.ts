/**
 * Issue 11, "Size": what each widget downloads alone on a partner's page — a page of another
 * origin with one script tag of /widgets/<feature>.js and one element, signed in through its
 * `token` attribute where it shows data — in Chromium against the real server serving dist/
 * (pre-compressed .br/.gz, scripts/precompress.mjs). Counted: every response of our server but
 * the API answers, until the network is quiet (the phone bar: until JsSIP has loaded too, as for
 * a call). Wire = body bytes as received (Chromium asks for brotli); brotli/gzip/raw = the
 * build's files for the same requests.
 *
 * In the same run, the same widgets built on React 19 (the main build without its preact/compat
 * alias; the phone bar's standalone build likewise), so the runtime choice rests on figures taken
 * side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/precompress.mjs';
import { launchChromium } from '../e2e/host-helpers';
import { startTestServer, type TestServer } from '../support/server';
import { WIDGET_CASES, prepareWeightSetup, startPartnerPages, weighWidget, type WidgetWeight } from '../support/widget-weight';
import { kb, table, writeSection } from './report';
import { onReact, widgetBuild } from '../support/widget-build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');

/** The same widget builds with React 19 instead of preact/compat, pre-compressed like dist/. */
async function buildOnReact(outDir: string) {
  const build = await widgetBuild();
  await build.bundle(onReact(build.createConfig({ outDir })));
  for (const feature of build.STANDALONE_WIDGETS) await build.bundle(onReact(build.createStandaloneConfig({ outDir, feature })));
  await precompress(outDir);
}

async function weighAll(server: TestServer, distDir: string): Promise<WidgetWeight[]> {
  const partner = await startPartnerPages(server.url);
  const setup = await prepareWeightSetup(server);
  const browser = await launchChromium();
  try {
    const weights: WidgetWeight[] = [];
    for (const widget of WIDGET_CASES) weights.push(await weighWidget(browser, { server, partner, setup, widget, distDir }));
    return weights;
  } finally {
    await browser.close();
    await partner.close();
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'garage-widgets-bench-'));
const servers: TestServer[] = [];
try {
  const reactDir = path.join(work, 'react');
  await buildOnReact(reactDir);
  const preactServer = await startTestServer({ config: { distDir: dist } });
  servers.push(preactServer);
  const preact = await weighAll(preactServer, dist);
  const reactServer = await startTestServer({ config: { distDir: reactDir } });
  servers.push(reactServer);
  const react = await weighAll(reactServer, reactDir);

  const met = preact.filter((weight) => weight.wire <= weight.widget.budget).length;
  const rows = preact.map((weight, index) => [
    `\`<${weight.widget.tag}>\``,
    `≤ ${kb(weight.widget.budget)}`,
    kb(weight.wire),
    weight.wire <= weight.widget.budget ? '✓' : '✗',
    kb(weight.brotli),
    kb(weight.gzip),
    kb(weight.raw),
    weight.files.length,
    kb(react[index].wire),
    kb(weight.api),
  ]);
  const files = preact.map(
    (weight) =>
      `- \`${weight.widget.tag}\`: ${weight.files
        .filter((file) => file.wire >= 512)
        .map((file) => `${file.path.replace(/^\/widgets\//, '')} ${kb(file.wire)}`)
        .join('；')}`,
  );
  writeSection(`## Widgets alone on a partner page (issue 11)

Each element alone on a page of another origin: one script tag of \`/widgets/<feature>.js\`, the
element with \`api-base\` (and \`token\`, signed in, where it shows data; the timeline and panorama
with a vehicle; the phone bar with a SIP account whose server does not answer, so it also loads its
controller and JsSIP as for a call). Counted: every response of our server except API answers,
until the network is quiet. 传输 = body bytes over the wire as Chromium received them
(Content-Encoding: ${[...new Set(preact.flatMap((weight) => weight.files.map((file) => file.encoding || 'identity')))].join(', ')}); brotli / gzip / 原始 = the build's
files for the same requests (dist/, pre-compressed at build). React 19 = the same widgets built in
this run without the preact/compat alias. ${met} of ${preact.length} budgets met.

${table(['元素 (element)', '预算 (budget)', '传输 (wire)', '达标', 'brotli', 'gzip', '原始 (raw)', '文件数', 'React 19 传输', 'API 数据'], rows)}

Files of 0.5 KB or more, over the wire:

${files.join('\n')}`);
} finally {
  for (const server of servers) await server.close();
  rmSync(work, { recursive: true, force: true });
}
