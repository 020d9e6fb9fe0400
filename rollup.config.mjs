// Widget bundles: every widgets/<feature>/index.ts → dist/widgets/<feature>.js, widgets/all.ts →
// dist/garage-widgets.js, all from ONE build on Preact (preact/compat) so they share chunks in
// dist/widgets/chunks/ and a page that loads two widgets loads the core (and its signals runtime)
// once. Except the phone bar's partner-page embed: its own build (see STANDALONE_WIDGETS), run by
// the main build once it has written its output. The host app (Vite) keeps React.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { transform } from 'esbuild';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { minify } from 'terser';
import { PREACT_ALIASES, buildConstants, distDirFrom } from './scripts/build-settings.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
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

/** JsSIP requires its package.json (for its version); @rollup/plugin-json is not a dependency. */
function json() {
  return {
    name: 'garage-json',
    transform: (code, id) => (id.endsWith('.json') ? { code: `export default ${code};`, map: null } : null),
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
      rmSync(path.join(outDir, 'garage-widgets.js'), { force: true });
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

/** JsSIP's `debug` dependency → the phone bar's smaller stand-in with the same switch. */
function jssipDebug() {
  return {
    name: 'garage-jssip-debug',
    resolveId: (source, importer) => (source === 'debug' && importer?.includes(`${path.sep}node_modules${path.sep}jssip${path.sep}`) ? JSSIP_DEBUG : null),
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

/** Runs further builds after this one has written (and cleaned) its output directory. */
function thenBuild(configs) {
  return {
    name: 'garage-then-build',
    async closeBundle() {
      for (const config of configs) {
        const bundle = await rollup(config);
        try {
          await bundle.write(config.output);
        } finally {
          await bundle.close();
        }
      }
    },
  };
}

/** Terser squeezes ~3 KB gzip more than esbuild out of the phone bar's budget; slower, so only there. */
function terser() {
  return {
    name: 'garage-terser',
    async renderChunk(code) {
      const result = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 } });
      return { code: result.code ?? code, map: null };
    },
  };
}

/**
 * What both builds do to source: CSS text, JSON, build constants, resolution, TS/JSX, minify.
 * @param {{ commonjs?: object, minify?: boolean }} [options]
 */
function sourcePlugins(options = {}) {
  return [
    inlineCss(),
    json(),
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        ...buildConstants(),
        __GARAGE_BUNDLED__: 'true',
      },
    }),
    nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    commonjs(options.commonjs),
    esbuild({ target: 'es2022', jsx: 'automatic', minify: options.minify ?? true, tsconfig: path.join(root, 'tsconfig.json') }),
  ];
}

/** @type {import('rollup').RollupOptions['onwarn']} */
function onwarn(warning, warn) {
  // Lit and Shoelace use `this` at module top level in their TS helpers; harmless in ES modules.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  // JsSIP's modules import each other in cycles; it works as CommonJS and as bundled.
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
  warn(warning);
}

/**
 * What every widget needs, in one named chunk loaded once per page: the lean core (widgets/core/
 * base.ts and what it imports), Preact and the signals runtime. What only some widgets need stays
 * out, so a widget alone downloads only its own part (docs/DECISIONS.md, "Widget size"):
 *  - `shoelace-theme`: define() with Shoelace's theme, the icon base path and zh-cn translation, for
 *    widgets that render Shoelace components (always a chunk in chunks/: the base path is
 *    resolved relative to it);
 *  - `echarts`: ECharts, zrender and the one setup of them (widgets/core/charts.ts), for the widgets that chart;
 *  - Shoelace's components, Lit, dayjs, crypto-js, toast-view: wherever rollup's sharing puts them.
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
 * The main build. `features` become dist/widgets/<feature>.js (standalone ones excepted) and all
 * of them go into dist/garage-widgets.js.
 * @param {{ outDir?: string, features?: string[], extraInputs?: Record<string, string>, plugins?: import('rollup').Plugin[] }} [options]
 * @returns {import('rollup').RollupOptions}
 */
export function createConfig(options = {}) {
  const outDir = options.outDir ?? distDirFrom();
  const features = options.features ?? widgetFeatures();

  const input = {
    'garage-widgets': path.join(root, 'widgets/all.ts'),
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
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'widgets/chunks/[name]-[hash].js',
      manualChunks,
      generatedCode: 'es2015',
    },
    plugins: [
      cleanWidgetOutput(outDir),
      widgetRegistry(features),
      preactCompat(),
      ...(options.plugins ?? []),
      ...sourcePlugins(),
      copyShoelaceAssets(outDir),
      sidebarPreloads(),
    ],
    onwarn,
  };
}

/**
 * dist/widgets/<feature>.js for a partner page that loads nothing else of ours: the widget with
 * the lean core (widgets/core/base.ts) on preact/compat, one file up to its first render; what it
 * loads later (JsSIP, crypto-js, Shoelace for a toast) in dist/widgets/<feature>/, a folder the
 * main build never writes, so no chunk name can clash with dist/widgets/chunks/.
 * @param {{ outDir?: string, feature?: string }} [options]
 * @returns {import('rollup').RollupOptions}
 */
export function createStandaloneConfig(options = {}) {
  const outDir = options.outDir ?? distDirFrom();
  const feature = options.feature ?? 'phone-bar';
  return {
    input: { [`widgets/${feature}`]: path.join(root, 'widgets', feature, 'index.ts') },
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: `widgets/${feature}/[name]-[hash].js`,
      generatedCode: 'es2015',
    },
    plugins: [
      cleanStandaloneOutput(outDir, feature),
      preactCompat(),
      jssipDebug(),
      ...sourcePlugins({
        // `require('debug')` in JsSIP gets the stand-in's default export, as it got debug's module.exports.
        commonjs: { requireReturnsDefault: (id) => (id === JSSIP_DEBUG ? 'auto' : false) },
        minify: false,
      }),
      terser(),
    ],
    onwarn,
  };
}

const main = createConfig();
// After the main build, whose first step empties dist/widgets/.
main.plugins.push(thenBuild(STANDALONE_WIDGETS.map((feature) => createStandaloneConfig({ feature }))));

export default main;
