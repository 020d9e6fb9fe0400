// Builds everything the server serves: widget bundles (scripts/build-widgets.mjs), the host app
// (vite), the custom-elements manifest and version.json. The OpenAPI document is the server's own
// (/api/docs/json, /dist/openapi.json), made from the route schemas as it starts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeManifest } from './manifest.mjs';
import { precompress } from './precompress.mjs';
import { cipherKeyFrom, distDirFrom } from './build-settings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Fails early, before either build, on a key the server would refuse too.
cipherKeyFrom();
const dist = distDirFrom();

function run(command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`构建失败 (build failed): ${path.basename(command)} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${path.basename(command)} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

run(process.execPath, [path.join(root, 'scripts', 'build-widgets.mjs')]);
run(bin('vite'), ['build', '-c', 'host-app/vite.config.ts', '--logLevel', 'warn']);

// Builds before 2026-11 wrote the API document here; the server answers /dist/openapi.json itself now.
rmSync(path.join(dist, 'openapi.json'), { force: true });

// What each element accepts and fires, from the JSDoc on its define() call (served at /dist/custom-elements.json).
mkdirSync(dist, { recursive: true });
const manifest = await writeManifest(path.join(dist, 'custom-elements.json'));
console.log(`✓ ${path.relative(root, path.join(dist, "custom-elements.json"))} (${manifest.modules.length} elements)`);

// The version notice compares this with the VERSION stored in the browser (spec: version file).
mkdirSync(dist, { recursive: true });
writeFileSync(path.join(dist, 'version.json'), JSON.stringify({ VERSION_TIME: Date.now() }) + '\n');
console.log(`✓ ${path.relative(root, path.join(dist, 'version.json'))}`);

// Brotli and gzip beside every text asset, served as they are (scripts/precompress.mjs).
const started = Date.now();
console.log(`✓ ${await precompress(dist)} files pre-compressed (.br, .gz) (${((Date.now() - started) / 1000).toFixed(1)} s)`);
