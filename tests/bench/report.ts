/** Small helpers every bench shares: percentiles, timing loops and writing its RESULTS.md section. */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times; answers each run's milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : '—');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
export const gzipSize = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;

/** A markdown table from a header row and rows of cells. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes the bench's section (markdown, starting with a `##` heading) where run.mjs collects it. */
export function writeSection(markdown: string): void {
  const out = process.env.BENCH_OUT;
  if (out) writeFileSync(out, `${markdown.trim()}\n`);
  else console.log(markdown);
}
