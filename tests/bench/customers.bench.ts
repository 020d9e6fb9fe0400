/**
 * Issue 5: `/client/list` at 100,000 customers / 150,000 vehicles, on PGlite and on a PostgreSQL
 * server, for five conditions counter staff use every day. Each request is timed over real HTTP
 * (auth, zod, JSON, encryption included) and, in the same run, the very SQL statements that request
 * ran are replayed straight on the database (same statements, same parallelism): the ratio is what
 * our server adds on top of the database.
 *
 * BENCH_CUSTOMERS=20000 npm run bench -- customers   for a quicker, smaller run.
 */
import { sql } from '../../server/src/db/database';
import { seedDemo } from '../../server/src/seed';
import { COMPARISON_HEAD, databaseTitle, onBothDatabases } from './api-vs-sql';
import { table, writeSection } from './report';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_P95 = { postgres: 30, pglite: 100 };
const TARGET_RATIO = 1.5;

/** Five everyday conditions (the versioned condition object of contracts/customer-condition.ts). */
function conditions(plate: string, brand: string, tagId: number) {
  return [
    { name: '默认列表（最近到店排序，第 1 页）', condition: { version: 1, sort: { field: 'lastVisitAt', order: 'desc' }, page: 1, pageSize: 10 } },
    { name: '车牌关键字（前 4 位）', condition: { version: 1, keyword: plate.slice(0, 4), page: 1, pageSize: 10 } },
    { name: `品牌 ${brand} + 里程 6–15 万公里`, condition: { version: 1, brands: [brand], mileage: { min: 60_000, max: 150_000 }, page: 1, pageSize: 10 } },
    { name: '180 天未到店 + 第 3 页', condition: { version: 1, notVisitedForDays: 180, page: 3, pageSize: 10 } },
    { name: '保险 30 天内到期 + 含任一标签', condition: { version: 1, insuranceExpiringWithinDays: 30, tags: { mode: 'any', ids: [tagId] }, page: 1, pageSize: 10 } },
  ];
}

const results = await onBothDatabases(
  async (db) => {
    await seedDemo(db, { customers: CUSTOMERS });
    await db.run(sql`ANALYZE`);
  },
  async (server) => {
    const counts = (await server.raw.one<{ customers: number; vehicles: number }>(
      sql`SELECT (SELECT count(*)::int FROM customer) AS customers, (SELECT count(*)::int FROM vehicle) AS vehicles`,
    ))!;
    const sample = (await server.raw.one<{ plate: string; brand: string }>(sql`SELECT plate, brand FROM vehicle WHERE chain_id = 1 ORDER BY id LIMIT 1 OFFSET 777`))!;
    const tag = (await server.raw.one<{ id: number }>(sql`SELECT tag_id AS id FROM customer_tag GROUP BY tag_id ORDER BY count(*) DESC LIMIT 1`))!;
    const rows: (string | number)[][] = [];
    const verdicts: boolean[] = [];
    for (const { name, condition } of conditions(sample.plate, sample.brand, tag.id)) {
      let total = 0;
      const request = async () => {
        total = (await server.call<{ total: number }>('/client/list', condition)).total;
      };
      const result = await server.compare(request, RUNS, { p95: TARGET_P95[server.kind], ratio: TARGET_RATIO });
      verdicts.push(result.ok);
      rows.push([name, total.toLocaleString('en'), ...result.cells]);
    }
    return { kind: server.kind, counts, seedSeconds: server.seedSeconds, rows, verdicts };
  },
);

const head = ['条件 (condition)', '命中 (matches)', ...COMPARISON_HEAD];
writeSection(`## Customer list (issue 5)

\`POST /api/client/list\` as the headquarters admin (data scope: all stores), ${RUNS} timed runs per
condition after warm-up, API and bare SQL interleaved. "裸 SQL" replays the statements that request
ran (token check, settings, count, page, tags, vehicles), with the same parallelism, straight on the
database driver. Targets: API p95 ≤ ${TARGET_P95.postgres} ms on PostgreSQL and ≤ ${TARGET_P95.pglite} ms on PGlite, and within
${TARGET_RATIO}× of the bare SQL.

${results
  .map(
    (result) => `### ${databaseTitle(result.kind)}

${result.counts.customers.toLocaleString('en')} customers, ${result.counts.vehicles.toLocaleString('en')} vehicles (both chains); seeded in ${result.seedSeconds.toFixed(0)} s.
Targets met: ${result.verdicts.filter(Boolean).length} of ${result.verdicts.length}.

${table(head, result.rows)}`,
  )
  .join('\n\n')}`);
