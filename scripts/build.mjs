// Builds everything the server serves: widget bundles (rollup), the host app (vite) and version.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`构建失败 (build failed): ${path.basename(command)} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${path.basename(command)} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

run(bin('rollup'), ['-c', '--silent']);
run(bin('vite'), ['build', '-c', 'host-app/vite.config.ts', '--logLevel', 'warn']);

// The version notice compares this with the VERSION stored in the browser (spec: version file).
mkdirSync(path.join(root, 'dist'), { recursive: true });
writeFileSync(path.join(root, 'dist', 'version.json'), JSON.stringify({ VERSION_TIME: Date.now() }) + '\n');
console.log('✓ dist/version.json');
