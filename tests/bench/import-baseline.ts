/**
 * The bare baseline of the import bench (run as its own process by import.bench.ts): the same xlsx
 * read with exceljs's streaming reader and its rows bulk-inserted as customers + vehicles in
 * batches, no checks, no job, no HTTP. Prints one JSON line: { ms, rows, peakRss }.
 *
 *   BASE_FILE=… BASE_PGLITE=dir | BASE_DATABASE_URL=… tsx tests/bench/import-baseline.ts
 */
import '../../server/src/import/exceljs-utf8';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { openDatabase, sql } from '../../server/src/db/database';

const BATCH = 1000;
const db = await openDatabase({ databaseUrl: process.env.BASE_DATABASE_URL, pgliteDir: process.env.BASE_PGLITE });
const bytes = readFileSync(process.env.BASE_FILE!);
const started = performance.now();
const text = (value: unknown) => (value === null || value === undefined ? '' : value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
let batch: string[][] = [];
let rows = 0;

async function flush() {
  if (batch.length === 0) return;
  const b = batch;
  batch = [];
  await db.transaction(async (tx) => {
    const ids = await tx.rows<{ id: number }>(sql`
      INSERT INTO customer (chain_id, store_id, name, mobile, remark)
      SELECT 1, 2, u.name, u.mobile, u.remark FROM unnest(${sql.param(b.map((r) => r[0]))}::text[], ${sql.param(b.map((r) => r[1]))}::text[], ${sql.param(b.map((r) => r[11]))}::text[]) AS u(name, mobile, remark)
      RETURNING id`);
    await tx.run(sql`
      INSERT INTO vehicle (chain_id, store_id, customer_id, plate, vin, brand, series, model)
      SELECT 1, 2, u.c, u.plate, u.vin, u.brand, u.series, '' FROM unnest(${sql.param(ids.map((r) => r.id))}::int[], ${sql.param(b.map((r) => r[2]))}::text[],
             ${sql.param(b.map((r) => r[3]))}::text[], ${sql.param(b.map((r) => r[4]))}::text[], ${sql.param(b.map((r) => r[5]))}::text[]) AS u(c, plate, vin, brand, series)`);
  });
}

const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
let header = true;
for await (const sheet of reader) {
  for await (const row of sheet) {
    if (header) {
      header = false;
      continue;
    }
    const values = (row.values as unknown[]).slice(1);
    batch.push(Array.from({ length: 12 }, (_, i) => text(values[i])));
    rows += 1;
    if (batch.length >= BATCH) await flush();
  }
  break;
}
await flush();
const ms = performance.now() - started;
await db.close();
console.log(JSON.stringify({ ms, rows, peakRss: process.resourceUsage().maxRSS * 1024 }));
