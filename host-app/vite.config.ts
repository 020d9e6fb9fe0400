import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES, buildConstants, distDirFrom } from '../scripts/build-settings.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

// The host app: root host-app/, served by the server at '/', widget sources bundled from ../widgets.
export default defineConfig({
  root: here,
  base: '/',
  // Fast refresh is React's own and does nothing on Preact: without it an edit reloads the page.
  plugins: [react({ refreshExclude: /./ })],
  // The same runtime as the widget bundles (preact/compat), exact names only ('react-router' stays).
  resolve: { alias: Object.entries(PREACT_ALIASES).map(([name, target]) => ({ find: new RegExp(`^${name}$`), replacement: target })) },
  define: {
    'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production'),
    // The same cipher key and old-site URL as the widget bundles (scripts/build-settings.mjs).
    ...buildConstants(),
  },
  server: {
    port: 5173,
    fs: { allow: [root] },
    proxy: {
      '/api': 'http://localhost:3200',
      '/wecom': 'http://localhost:3200',
      '/ai': 'http://localhost:3200',
      '/widgets': 'http://localhost:3200',
      '/version.json': 'http://localhost:3200',
      '/dist': 'http://localhost:3200',
    },
  },
  build: {
    outDir: path.join(distDirFrom(), 'host-app'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Every browser we support preloads modules natively; the polyfill only weighed on /login.
    // The entry's imports are preloaded from the HTML, but not a lazy chunk's: a <link
    // rel=modulepreload> per dependency of every lazy route and widget, added in the middle of the
    // first render, was a third of a signed-in page's first long task (docs/DECISIONS.md,
    // "Signed-in first render"); the browser finds a chunk's imports itself when it arrives.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      onLog(level, log, handler) {
        // Known and harmless: react-router reads React's useOptimistic only where React has it (preact/compat does not).
        if (level === 'warn' && log.code === 'IMPORT_IS_UNDEFINED' && /useOptimistic/.test(log.message)) return;
        handler(level, log);
      },
    },
  },
});
