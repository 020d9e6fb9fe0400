// Brotli and gzip beside every text asset, served as they are by the server (@fastify/static
// `preCompressed`): a first visit downloads a third of the bytes and nothing is compressed per request.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Files smaller than this stay as they are: below it brotli saves a few dozen bytes at most. Small
 * files matter (a widget loads a dozen icons and shared chunks under 1 KB), so the bar is low.
 */
export const PRECOMPRESS_MIN_BYTES = 256;

/**
 * Writes `<file>.br` and `<file>.gz` for every .js/.css/.html/.svg/.json file of PRECOMPRESS_MIN_BYTES
 * or more under `dir`; answers how many. Compression runs on libuv's threads, a few files at a time,
 * so every core works (brotli at quality 11 is most of the build's time otherwise).
 */
export async function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter((full) => /\.(js|css|html|svg|json)$/.test(full) && statSync(full).isFile() && statSync(full).size >= PRECOMPRESS_MIN_BYTES);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const full = files[next++];
      const content = await readFile(full);
      const [br, gz] = await Promise.all([brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzipAsync(content, { level: 9 })]);
      await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return files.length;
}
