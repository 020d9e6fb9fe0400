// Widget bundles: every widgets/<feature>/index.ts → dist/widgets/<feature>.js, widgets/all.ts →
// dist/garage-widgets.js, all from ONE build so they share chunks in dist/widgets/chunks/ and a
// page that loads two widgets loads the core (and its signals runtime) once.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { transform } from 'esbuild';
import esbuild from 'rollup-plugin-esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_CIPHER_KEY = 'GarageSuite#2026'; // = widgets/core/crypto/cipher.ts
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

/** Core, React and the signals runtime in one named chunk: loaded once, cached across widgets. */
function manualChunks(id) {
  const file = id.split(path.sep).join('/');
  if (file.includes('/widgets/core/')) return 'core';
  if (/\/node_modules\/(react|react-dom|scheduler|@r2wc|@preact\/signals-core|redaxios|crypto-js)\//.test(file)) return 'core';
  return undefined;
}

/**
 * @param {{ outDir?: string, features?: string[], extraInputs?: Record<string, string>, plugins?: import('rollup').Plugin[] }} [options]
 * @returns {import('rollup').RollupOptions}
 */
export function createConfig(options = {}) {
  const outDir = options.outDir ?? path.join(root, 'dist');
  const features = options.features ?? widgetFeatures();
  const cipherKey = process.env.GARAGE_CIPHER_KEY || DEFAULT_CIPHER_KEY;
  if (![16, 24, 32].includes(cipherKey.length)) throw new Error('GARAGE_CIPHER_KEY must be 16, 24 or 32 ASCII characters');

  const input = {
    'garage-widgets': path.join(root, 'widgets/all.ts'),
    ...Object.fromEntries(features.map((name) => [`widgets/${name}`, path.join(root, 'widgets', name, 'index.ts')])),
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
      ...(options.plugins ?? []),
      inlineCss(),
      json(),
      replace({
        preventAssignment: true,
        values: {
          'process.env.NODE_ENV': JSON.stringify('production'),
          __GARAGE_CIPHER_KEY__: JSON.stringify(cipherKey),
          __GARAGE_OLD_SITE_URL__: JSON.stringify(process.env.GARAGE_OLD_SITE_URL ?? ''),
          __GARAGE_BUNDLED__: 'true',
        },
      }),
      nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
      commonjs(),
      esbuild({ target: 'es2022', jsx: 'automatic', minify: true, tsconfig: path.join(root, 'tsconfig.json') }),
      copyShoelaceAssets(outDir),
    ],
    onwarn(warning, warn) {
      // Lit and Shoelace use `this` at module top level in their TS helpers; harmless in ES modules.
      if (warning.code === 'THIS_IS_UNDEFINED') return;
      // JsSIP's modules import each other in cycles; it works as CommonJS and as bundled.
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
      warn(warning);
    },
  };
}

export default createConfig();
