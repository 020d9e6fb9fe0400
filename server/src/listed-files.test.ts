/**
 * The route files and the feature seeds are named in lists (routes/index.ts ROUTE_FILES,
 * seed/index.ts FEATURE_SEEDS) so the bundle of `npm start` can follow them: a file added to either
 * folder and left out of its list would be silently missing from the product.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_FILES } from './routes';
import { FEATURE_SEEDS } from './seed';

const sources = (folder: string) =>
  readdirSync(path.join(import.meta.dirname, folder))
    .filter((file) => /^[a-z][\w-]*\.ts$/.test(file) && !file.endsWith('.test.ts') && file !== 'index.ts')
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();

describe('files named in their lists', () => {
  it('registers every route file of server/src/routes, in name order', () => {
    expect(Object.keys(ROUTE_FILES)).toEqual(sources('routes'));
  });

  it('runs every seed module that exports seed(db, demo), in name order', () => {
    const seeding = sources('seed').filter((name) => /export (async )?function seed\(/.test(readFileSync(path.join(import.meta.dirname, 'seed', `${name}.ts`), 'utf8')));
    expect(FEATURE_SEEDS.map(([name]) => name)).toEqual(seeding);
  });
});
