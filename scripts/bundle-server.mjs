// The server as one ES module for `npm start` (server/dist/): node loads it without tsx, whose
// compile-on-import cost ~3 s of a later start. npm packages stay external (node_modules).
// `import.meta.dirname` in a source file still means that file's folder (migrations, help, the
// repository root are found from it), so it is rewritten to a path from the bundle's folder.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE_DIR = path.join(root, 'server', 'dist');
const entries = {
  server: path.join(root, 'server', 'src', 'server.ts'),
  // providers/smpp-thread.ts starts `./smpp-worker.mjs` beside the code that starts it.
  'smpp-worker': path.join(root, 'server', 'src', 'providers', 'smpp-worker.ts'),
  // The local SMSC of development (scripts/start.mjs), so it starts without tsx too.
  'smsc-peer': path.join(root, 'tests', 'support', 'smsc-peer.ts'),
  // The demo phone line of development (scripts/start.mjs): Kamailio and the demo callee.
  'demo-phone': path.join(root, 'tests', 'kamailio', 'demo-phone.ts'),
  // Its own module: it must run before exceljs loads, and a bundle's package imports run first.
  'exceljs-utf8': path.join(root, 'server', 'src', 'import', 'exceljs-utf8.ts'),
};
// What the bundle is made from: a change to any of it makes the next start rebuild.
const SOURCES = ['server/src', 'contracts', 'tests/support', 'tests/kamailio', 'package-lock.json'];

function newest(file) {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Tests are not in the bundle: editing one does not remake it.
  return readdirSync(file)
    .filter((name) => !name.includes('.test.'))
    .reduce((latest, name) => Math.max(latest, newest(path.join(file, name))), stat.mtimeMs);
}

/** Whether the bundle is missing or older than one of its sources. */
export function serverBundleStale() {
  const built = statSync(path.join(SERVER_BUNDLE_DIR, 'server.mjs'), { throwIfNoEntry: false });
  return !built || SOURCES.some((source) => newest(path.join(root, source)) > built.mtimeMs);
}

const dirnameFrom = (outdir) => ({
  name: 'dirname-from-bundle',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(outdir, path.dirname(args.path));
      return { contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`), loader: 'ts' };
    });
  },
});

const exceljsFixFirst = {
  name: 'exceljs-fix-first',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/exceljs-utf8$/ }, () => ({ path: './exceljs-utf8.mjs', external: true }));
  },
};

/** Bundles into `outdir` (the tests bundle into a folder of their own, beside a running `npm start`). */
export async function bundleServer(outdir = SERVER_BUNDLE_DIR) {
  // Loaded here: a later start with a fresh bundle does not need esbuild at all.
  const { build } = await import('esbuild');
  // Chunks are named by their hash: the last bundle's go first (not the tests' test-* folders).
  mkdirSync(outdir, { recursive: true });
  for (const name of readdirSync(outdir)) if (/\.mjs(\.map)?$/.test(name)) rmSync(path.join(outdir, name));
  await build({
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // A dynamic import() stays lazy (the demo phone loads a browser only for its callee).
    splitting: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [dirnameFrom(outdir), exceljsFixFirst],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
