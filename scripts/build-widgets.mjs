// Widget bundles: every widgets/<feature>/index.ts → dist/widgets/<feature>.js, widgets/all.ts →
// dist/garage-widgets.js, all from ONE build on Preact (preact/compat) so they share chunks in
// dist/widgets/chunks/ and a page that loads two widgets loads the core (and its signals runtime)
// once. Except the phone bar's partner-page embed: its own build (see STANDALONE_WIDGETS).
// Rolldown (Vite's bundler, the host app's too) resolves, transforms TS/JSX and minifies itself:
// the same build took rollup with its plugins eight times the CPU (docs/DECISIONS.md, "Fast feedback").
//
//   node scripts/build-widgets.mjs            (part of npm run build; --watch for npm run dev)
//   await buildWidgets({ outDir, features })  (tests that need a build of their own)
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { rolldown, watch } from 'rolldown';
import { PREACT_ALIASES, buildConstants, distDirFrom } from './build-settings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGISTRY_ID = 'garage:widgets';

/** Feature folders with an index.ts, core excepted (it is a library, not a widget). */
export function widgetFeatures(widgetsDir = path.join(root, 'widgets')) {
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'core' && existsSync(path.join(widgetsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** `import 'garage:widgets'` in widgets/all.ts becomes one import per feature. */
function widgetRegistry(features) {
  return {
    name: 'garage-widget-registry',
    resolveId: (id) => (id === REGISTRY_ID ? `\0${REGISTRY_ID}` : null),
    load: (id) =>
      id === `\0${REGISTRY_ID}`
        ? features.map((name) => `import ${JSON.stringify(path.join(root, 'widgets', name, 'index.ts'))};`).join('\n')
        : null,
  };
}

/** `import css from '….css?inline'` → the minified CSS text (Vite's convention, so source runs in both). */
function inlineCss() {
  return {
    name: 'garage-inline-css',
    async resolveId(source, importer) {
      if (!source.endsWith('.css?inline')) return null;
      const resolved = await this.resolve(source.slice(0, -'?inline'.length), importer, { skipSelf: true });
      return resolved ? `${resolved.id}?inline` : null;
    },
    async load(id) {
      if (!id.endsWith('.css?inline')) return null;
      const file = id.slice(0, -'?inline'.length);
      this.addWatchFile(file);
      const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true });
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}

/** Shoelace's icons, fetched at run time from beside the core chunk (see widgets/core/ui/shoelace.ts). */
function copyShoelaceAssets(outDir) {
  return {
    name: 'garage-shoelace-assets',
    writeBundle() {
      cpSync(path.join(root, 'node_modules/@shoelace-style/shoelace/dist/assets'), path.join(outDir, 'widgets/shoelace/assets'), {
        recursive: true,
      });
    },
  };
}

/**
 * dist/widgets/wecom-sidebar.preload.json: every chunk the sidebar script imports statically, so
 * /sidebar's HTML can ask for them all at once (modulepreload) instead of one import level at a time.
 */
function sidebarPreloads() {
  return {
    name: 'garage-sidebar-preloads',
    generateBundle(_options, bundle) {
      const entry = bundle['widgets/wecom-sidebar.js'];
      if (!entry || entry.type !== 'chunk') return;
      const seen = new Set();
      const visit = (fileName) => {
        for (const imported of bundle[fileName]?.imports ?? []) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          visit(imported);
        }
      };
      visit(entry.fileName);
      const paths = [entry.fileName, ...seen].map((fileName) => `/${fileName}`);
      this.emitFile({ type: 'asset', fileName: 'widgets/wecom-sidebar.preload.json', source: JSON.stringify(paths) });
    },
  };
}

/** Hashed chunks of earlier builds would pile up; dist/host-app and the rest of dist/ are not ours. */
function cleanWidgetOutput(outDir) {
  return {
    name: 'garage-clean-widgets',
    buildStart() {
      rmSync(path.join(outDir, 'widgets'), { recursive: true, force: true });
      for (const entry of ['garage-widgets.js', 'garage-session.js']) rmSync(path.join(outDir, entry), { force: true });
    },
  };
}

/**
 * Widgets whose dist/widgets/<feature>.js comes from a build of their own, sized for partner pages
 * (docs/DECISIONS.md, "Web phone"). garage-widgets.js and the host app still include them.
 */
export const STANDALONE_WIDGETS = ['phone-bar'];

/** React → preact/compat (scripts/build-settings.mjs), as in the host app's Vite build. */
function preactCompat() {
  return {
    name: 'garage-preact-compat',
    resolveId(source, importer) {
      const target = PREACT_ALIASES[source];
      return target ? this.resolve(target, importer, { skipSelf: true }) : null;
    },
  };
}

const JSSIP_DEBUG = path.join(root, 'widgets/phone-bar/jssip-debug.ts');
const JSSIP_DEBUG_CJS = '\0garage-jssip-debug';

/**
 * JsSIP's `debug` dependency → the phone bar's smaller stand-in with the same switch. JsSIP calls
 * `require('debug')(…)`: a CommonJS module hands it the stand-in's default export itself.
 */
function jssipDebug() {
  return {
    name: 'garage-jssip-debug',
    resolveId: (source, importer) => (source === 'debug' && importer?.includes(`${path.sep}node_modules${path.sep}jssip${path.sep}`) ? JSSIP_DEBUG_CJS : null),
    load: (id) => (id === JSSIP_DEBUG_CJS ? `module.exports = require(${JSON.stringify(JSSIP_DEBUG)}).default;` : null),
  };
}

/** Only the standalone build's own output; everything else in dist/widgets/ is the main build's. */
function cleanStandaloneOutput(outDir, feature) {
  return {
    name: 'garage-clean-standalone',
    buildStart() {
      rmSync(path.join(outDir, 'widgets', feature), { recursive: true, force: true });
      rmSync(path.join(outDir, 'widgets', `${feature}.js`), { force: true });
    },
  };
}

/** What both builds do to source: CSS text, build constants, resolution, TS/JSX (Rolldown's own). */
function sourceOptions() {
  return {
    resolve: { extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'], mainFields: ['browser', 'module', 'main'], conditionNames: ['browser', 'import', 'module', 'default'] },
    platform: 'browser',
    tsconfig: path.join(root, 'tsconfig.json'),
    transform: {
      target: 'es2022',
      jsx: { runtime: 'automatic' },
      define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...buildConstants(), __GARAGE_BUNDLED__: 'true' },
    },
  };
}

/**
 * What every widget needs, in one named chunk loaded once per page: the lean core (widgets/core/
 * base.ts and what it imports), Preact and the signals runtime. What only some widgets need stays
 * out, so a widget alone downloads only its own part (docs/DECISIONS.md, "Widget size"):
 *  - `shoelace-theme`: define() with Shoelace's theme, the icon base path and zh-cn translation, for
 *    widgets that render Shoelace components (always a chunk in chunks/: the base path is
 *    resolved relative to it);
 *  - `echarts`: ECharts, zrender and the one setup of them (widgets/core/charts.ts), for the widgets that chart;
 *  - Shoelace's components, Lit, dayjs, crypto-js, toast-view: wherever the bundler's sharing puts them.
 */
const CORE_OPTIONAL = /\/widgets\/core\/(index\.ts|define\.tsx|formats\.ts|crypto\/cipher\.ts|http\/download\.ts|ui\/(assign-dialog\.tsx|chart\.tsx|dialog\.tsx|dropdown\.ts|loading\.ts|paged-list\.ts|shoelace\.ts|shoelace-setup\.ts|tag-chips\.tsx|theme\.ts|toast-view\.ts|analysis-styles\.ts)|testing\/)/;
const CORE_CHARTS = /\/widgets\/core\/charts\.ts$/;
const SHOELACE_THEME = /\/widgets\/core\/(define\.tsx|ui\/(shoelace-setup|theme)\.ts)$|\/@shoelace-style\/shoelace\/dist\/(themes\/light\.css\?inline|translations\/zh-cn\.js|utilities\/base-path\.js)$/;

function manualChunks(id) {
  const file = id.split(path.sep).join('/');
  if (SHOELACE_THEME.test(file)) return 'shoelace-theme';
  // The one ECharts setup (widgets/core/charts.ts) travels with ECharts: loaded only when a chart is drawn.
  if (CORE_CHARTS.test(file)) return 'echarts';
  if (file.includes('/widgets/core/') && !CORE_OPTIONAL.test(file)) return 'core';
  if (/\/node_modules\/(preact|@r2wc|@preact\/signals-core|redaxios)\//.test(file)) return 'core';
  // ECharts in one chunk of its own name, whichever widgets chart (保险分析, 短信营销's report): it
  // loads only when a chart is drawn, and the size test measures it apart from the widgets.
  if (/\/node_modules\/(echarts|zrender)\//.test(file)) return 'echarts';
  return undefined;
}

/**
 * Rolldown names a shared chunk after its first module, and widgets/core/index.ts is named after
 * its folder: that chunk (what the full core adds to the lean one) must not pass for the `core` chunk.
 */
function chunkFileName(chunk) {
  const extras = chunk.name === 'core' && !chunk.moduleIds.some((id) => id.split(path.sep).join('/').endsWith('/widgets/core/base.ts'));
  return `widgets/chunks/${extras ? 'full-core' : '[name]'}-[hash].js`;
}

/**
 * The main build. `features` become dist/widgets/<feature>.js (standalone ones excepted) and all
 * of them go into dist/garage-widgets.js.
 * @param {{ outDir?: string, features?: string[], extraInputs?: Record<string, string>, plugins?: import('rolldown').Plugin[] }} [options]
 * @returns {import('rolldown').BuildOptions}
 */
export function createConfig(options = {}) {
  const outDir = options.outDir ?? distDirFrom();
  const features = options.features ?? widgetFeatures();

  const input = {
    'garage-widgets': path.join(root, 'widgets/all.ts'),
    // The session API alone (login, logout, configure…) beside one element: no other feature's code.
    'garage-session': path.join(root, 'widgets/session-api.ts'),
    ...Object.fromEntries(
      features
        .filter((name) => !STANDALONE_WIDGETS.includes(name))
        .map((name) => [`widgets/${name}`, path.join(root, 'widgets', name, 'index.ts')]),
    ),
    // The WeCom sidebar page's script (served at /sidebar by server/src/plugins/sidebar-page.ts).
    ...(features.includes('wecom-contact') ? { 'widgets/wecom-sidebar': path.join(root, 'widgets/wecom-contact/sidebar.ts') } : {}),
    ...options.extraInputs,
  };

  return {
    input,
    ...sourceOptions(),
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: chunkFileName,
      manualChunks,
      minify: true,
    },
    plugins: [
      cleanWidgetOutput(outDir),
      widgetRegistry(features),
      preactCompat(),
      ...(options.plugins ?? []),
      inlineCss(),
      copyShoelaceAssets(outDir),
      sidebarPreloads(),
    ],
  };
}

/**
 * dist/widgets/<feature>.js for a partner page that loads nothing else of ours: the widget with
 * the lean core (widgets/core/base.ts) on preact/compat, one file up to its first render; what it
 * loads later (JsSIP, crypto-js, Shoelace for a toast) in dist/widgets/<feature>/, a folder the
 * main build never writes, so no chunk name can clash with dist/widgets/chunks/.
 * @param {{ outDir?: string, feature?: string }} [options]
 * @returns {import('rolldown').BuildOptions}
 */
export function createStandaloneConfig(options = {}) {
  const outDir = options.outDir ?? distDirFrom();
  const feature = options.feature ?? 'phone-bar';
  return {
    input: { [`widgets/${feature}`]: path.join(root, 'widgets', feature, 'index.ts') },
    ...sourceOptions(),
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: `widgets/${feature}/[name]-[hash].js`,
      minify: true,
    },
    plugins: [cleanStandaloneOutput(outDir, feature), preactCompat(), jssipDebug(), inlineCss()],
  };
}

/** Runs one build and writes its output. */
export async function bundle(config) {
  const build = await rolldown(config);
  try {
    await build.write(config.output);
  } finally {
    await build.close();
  }
}

/**
 * The main build, then the standalone ones (the main build's first step empties dist/widgets/).
 * @param {{ outDir?: string, features?: string[] }} [options]
 */
export async function buildWidgets(options = {}) {
  const features = options.features ?? widgetFeatures();
  await bundle(createConfig(options));
  for (const feature of STANDALONE_WIDGETS.filter((name) => features.includes(name))) await bundle(createStandaloneConfig({ outDir: options.outDir, feature }));
}

/** `--watch` (npm run dev): the main build again on every change, each time followed by the standalone ones. */
function watchWidgets() {
  const watcher = watch(createConfig());
  watcher.on('event', async (event) => {
    if (event.code === 'ERROR') console.error(`构建失败 (build failed): ${event.error.message}`);
    if (event.code !== 'BUNDLE_END') return;
    await event.result.close();
    for (const feature of STANDALONE_WIDGETS) await bundle(createStandaloneConfig({ feature }));
    console.log(`✓ widgets (${event.duration} ms)`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--watch')) watchWidgets();
  else await buildWidgets();
}
