/**
 * `npm run build` step: the API's OpenAPI document (what /api/docs/json serves, generated from
 * contracts/api/) written to dist/openapi.json, for partners and client generators that have no
 * running server. The app is built on a throwaway empty database and never listens.
 *   tsx scripts/openapi.ts <output file>
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';

const output = process.argv[2];
if (!output) throw new Error('usage: tsx scripts/openapi.ts <output file>');

const scratch = mkdtempSync(path.join(tmpdir(), 'garage-openapi-'));
try {
  const db = await openDatabase({ pgliteDir: path.join(scratch, 'pglite') });
  const app = await buildApp(loadConfig({ SEED_ON_EMPTY: '0' }, { dataDir: scratch, jwtSecret: 'openapi-build' }), { database: db, logger: false });
  await app.ready();
  const document = app.swagger() as { paths: Record<string, unknown> };
  writeFileSync(output, JSON.stringify(document, null, 2) + '\n');
  console.log(`✓ ${path.relative(process.cwd(), output)} (${Object.keys(document.paths).length} paths)`);
  await app.close();
  await db.close();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
