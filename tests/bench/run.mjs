// `npm run bench [-- name …]`: runs tests/bench/<name>.bench.ts one after another (all of them, or
// the named ones) and writes their sections into tests/bench/RESULTS.md. A section not run this
// time keeps its previous text, so one area can be re-measured alone. Figures that are compared
// (ratios) are always measured inside one bench run, side by side: this machine is shared and noisy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const resultsFile = path.join(here, 'RESULTS.md');
const available = readdirSync(here).filter((file) => file.endsWith('.bench.ts')).map((file) => file.replace(/\.bench\.ts$/, '')).sort();
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`没有这个基准测试 (unknown bench): ${unknown.join(', ')}; 可选 (available): ${available.join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : available;

// The benches measure what `npm start` serves: build once if there is no build yet.
if (!existsSync(path.join(root, 'dist', 'widgets')) || !existsSync(path.join(root, 'dist', 'host-app', 'index.html'))) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Sections of the existing RESULTS.md, by bench name. */
function previousSections() {
  const sections = new Map();
  if (!existsSync(resultsFile)) return sections;
  const text = readFileSync(resultsFile, 'utf8');
  for (const match of text.matchAll(/<!-- bench:([\w-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) sections.set(match[1], match[2]);
  return sections;
}

const sections = previousSections();
const work = mkdtempSync(path.join(tmpdir(), 'garage-bench-'));
let failed = false;
for (const name of names) {
  console.log(`\n▶ bench ${name}`);
  const out = path.join(work, `${name}.md`);
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(here, `${name}.bench.ts`)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_OUT: out, NODE_ENV: 'production' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status === 0 && existsSync(out)) {
    const measuredOn = new Date().toISOString().slice(0, 16).replace('T', ' ');
    sections.set(name, `${readFileSync(out, 'utf8').trim()}\n\n_Measured ${measuredOn} UTC in ${seconds} s._\n`);
  } else {
    failed = true;
    console.error(`基准测试失败 (bench failed): ${name}`);
  }
}
rmSync(work, { recursive: true, force: true });

const order = [...new Set([...available, ...sections.keys()])].filter((name) => sections.has(name));
const header = `# Benchmark results

Written by \`npm run bench\` (tests/bench/); never edit by hand. Machine: ${cpus().length} cores
(${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.
The machine is shared and noisy: compare the ratios measured side by side in one run, not
absolute figures across runs.
`;
writeFileSync(resultsFile, `${header}\n${order.map((name) => `<!-- bench:${name} -->\n${sections.get(name)}<!-- /bench:${name} -->\n`).join('\n')}`);
console.log(`\n✓ ${path.relative(root, resultsFile)}`);
process.exit(failed ? 1 : 0);
