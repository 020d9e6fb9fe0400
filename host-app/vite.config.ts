import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

// The host app: root host-app/, served by the server at '/', widget sources bundled from ../widgets.
export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  define: {
    'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production'),
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
    },
  },
  build: {
    outDir: path.join(root, 'dist', 'host-app'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
});
