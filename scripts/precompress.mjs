// Brotli and gzip beside every text asset, served as they are by the server (@fastify/static
// `preCompressed`): a first visit downloads a third of the bytes and nothing is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Files smaller than this stay as they are: below it brotli saves a few dozen bytes at most. Small
 * files matter (a widget loads a dozen icons and shared chunks under 1 KB), so the bar is low.
 */
export const PRECOMPRESS_MIN_BYTES = 256;

/** Writes `<file>.br` and `<file>.gz` for every .js/.css/.html/.svg/.json file of PRECOMPRESS_MIN_BYTES or more under `dir`; answers how many. */
export function precompress(dir) {
  let compressed = 0;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(dir, file);
    if (!/\.(js|css|html|svg|json)$/.test(file) || !statSync(full).isFile() || statSync(full).size < PRECOMPRESS_MIN_BYTES) continue;
    const content = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
    compressed += 1;
  }
  return compressed;
}
