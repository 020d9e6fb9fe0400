/**
 * Issue 17: 数据报表 and the workbench's day figures at two years of work orders for 100,000
 * customers (~1,000,000 orders), on PGlite and on a PostgreSQL server. Both read the rollup
 * (order_rollup); in the same run the same figures are computed by a bare SQL over the raw orders,
 * which is what a report without the rollup would cost.
 *
 * - 报表: `GET /api/report/figures?groupBy=store` over one year, as the headquarters admin, over
 *   real HTTP (auth, zod, JSON, encryption included); the harness also replays the statements it
 *   ran (API/SQL = what our server adds).
 * - 工作台: `GET /api/workbench/figures` and `GET /api/workbench/tasks`, the two calls the page makes,
 *   over real HTTP; the figures also against the same days from the raw orders.
 *
 * BENCH_ORDERS=200000 BENCH_ORDER_CUSTOMERS=20000 npm run bench -- orders   for a quicker run.
 */
import { sql, type Database, type Queryable } from '../../server/src/db/database';
import { seedDemo } from '../../server/src/seed';
import { addBenchCustomers } from './bulk-customers';
import { rebuildAll } from '../../server/src/repositories/rollups';
import { makeDueTasks } from '../../server/src/repositories/workbench';
import { addDays, today } from '../../contracts/dates';
import { COMPARISON_HEAD, databaseTitle, onBothDatabases } from './api-vs-sql';
import { ms, percentile, ratio, table, timeRuns, writeSection } from './report';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_ORDER_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET = { report: { postgres: 200, pglite: 400 }, workbench: { postgres: 100, pglite: 200 } };
const TARGET_SPEEDUP = 10;
const day = today();
const yearAgo = addDays(day, -364);

/**
 * The demo chain (small), then CUSTOMERS more customers with a car each and ORDERS orders over
 * two years in its three stores, in a few set-based statements; the rollup is built once.
 */
async function seed(db: Database) {
  await seedDemo(db, { customers: 500, secondChainCustomers: 20 });
  await db.run(sql`ALTER TABLE maintenance_record DISABLE TRIGGER USER`);
  const base = await addBenchCustomers(db, CUSTOMERS);
  // Orders: a customer's store, days spread over two years, amounts 30–3,000 元; advisor and service type
  // from other hashes of n than the day, so every (day, advisor, type) cell occurs as in a real chain.
  await db.run(sql`
    INSERT INTO maintenance_record (chain_id, store_id, vehicle_id, customer_id, order_no, maint_date, kind, amount, advisor,
                                    labour_fen, parts_fen, service_type, status, technician, payment_method, source)
    SELECT 1, 2 + (c % 3)::int, ${base} + c, ${base} + c, 'B' || n, ${day}::date - (n * 7919 % 730)::int, 'repair', a / 100.0,
           (ARRAY['王师傅','李工','赵师傅','陈工','刘师傅','周工'])[1 + (n * 2654435761 / 1013 % 6)::int], a * 4 / 10, a - a * 4 / 10,
           (ARRAY['maintenance','repair','bodywork','tyre','beauty'])[1 + (n * 40503 / 977 % 5)::int], 'settled', '张师傅', 'wechat', 'seed'
      FROM (SELECT n, 1 + (n * 48271) % ${CUSTOMERS} AS c, 3000 + (n * 2654435761) % 297000 AS a
              FROM (SELECT g::int8 AS n FROM generate_series(1, ${ORDERS}) g) s) g`);
  await db.run(sql`ALTER TABLE maintenance_record ENABLE TRIGGER USER`);
  await rebuildAll(db);
  // What the daily job did after midnight on a live server: the day's tasks exist before the first visit.
  await makeDueTasks(db, day);
  // What autovacuum does on a live server: statistics and the visibility map (index-only scans).
  await db.run(sql`VACUUM ANALYZE`);
}

/** The same report straight from the raw orders (what it would cost without the rollup). */
const rawReport = (db: Queryable) => () =>
  db.rows(sql`
    SELECT store_id, sum(total_fen)::int8 AS revenue, sum(labour_fen)::int8 AS labour, sum(parts_fen)::int8 AS parts, count(*)::int AS orders,
           count(DISTINCT (maint_date, customer_id))::int AS customers
      FROM maintenance_record WHERE chain_id = 1 AND store_id = ANY(${sql.param([2, 3, 4])}::int[]) AND maint_date BETWEEN ${yearAgo}::date AND ${day}::date
     GROUP BY store_id`);

const rawDayFigures = (db: Queryable) => () =>
  db.rows(sql`
    SELECT maint_date, sum(total_fen)::int8 AS revenue, count(*)::int AS orders, count(DISTINCT (store_id, customer_id))::int AS customers
      FROM maintenance_record WHERE chain_id = 1 AND store_id = ANY(${sql.param([2, 3, 4])}::int[])
       AND maint_date = ANY(${sql.param([day, addDays(day, -1), addDays(day, -7)])}::date[])
     GROUP BY maint_date`);

const results = await onBothDatabases(seed, async (server) => {
  const counts = (await server.raw.one<{ orders: number; customers: number; rollup: number }>(sql`
    SELECT (SELECT count(*)::int FROM maintenance_record) AS orders, (SELECT count(*)::int FROM customer) AS customers,
           (SELECT count(*)::int FROM order_rollup) AS rollup`))!;

  // 报表: the API against the SQL it ran, and against the raw scan.
  const request = () => server.call(`/report/figures?groupBy=store&from=${yearAgo}&to=${day}`);
  const report = await server.compare(request, RUNS, { p95: TARGET.report[server.kind], ratio: 1.5 });
  const rawReportSamples = await timeRuns(Math.min(RUNS, 15), rawReport(server.raw), 1);
  const rawReportP95 = percentile(rawReportSamples, 95);

  // 工作台: the two calls the page makes, over HTTP; the figures also against the raw day query.
  const figuresCall = () => server.call('/workbench/figures');
  const tasksCall = () => server.call('/workbench/tasks');
  await tasksCall(); // the day's first call may still make the day's tasks: not what the page costs afterwards
  const target = { p95: TARGET.workbench[server.kind], ratio: 1.5 };
  const workbench = await server.compare(figuresCall, RUNS, target);
  const tasks = await server.compare(tasksCall, RUNS, target);
  const rawWorkbench = await timeRuns(Math.min(RUNS, 15), rawDayFigures(server.raw), 3);
  const rawWorkbenchP95 = percentile(rawWorkbench, 95);
  return {
    kind: server.kind,
    counts,
    seedSeconds: server.seedSeconds,
    report,
    rawReportP95,
    rawReportP50: percentile(rawReportSamples, 50),
    workbench,
    tasks,
    rawWorkbenchP50: percentile(rawWorkbench, 50),
    rawWorkbenchP95,
  };
});

const verdict = (ok: boolean) => (ok ? '✓' : '✗');
writeSection(`## Work orders: 数据报表 and workbench figures (issue 17)

${results[0].counts.orders.toLocaleString('en')} work orders of ${results[0].counts.customers.toLocaleString('en')} customers over two years in the
demo chain's three stores; the rollup (\`order_rollup\`, per store × day × 服务顾问 × service type) holds
${results[0].counts.rollup.toLocaleString('en')} rows. ${RUNS} timed runs per figure, interleaved with the comparison.

- **报表** — \`GET /api/report/figures?groupBy=store\` over one year (${yearAgo} – ${day}) as the headquarters
  admin, over real HTTP. "裸 SQL" = the statements the request ran, replayed on the driver.
- **原始工单扫描** — the same figures by a bare SQL over the raw orders (\`maintenance_record\`, its
  \`(chain_id, store_id, maint_date)\` index), timed in the same run: what the report costs without the rollup.
- **工作台** — the two calls the page makes, as the headquarters admin over real HTTP:
  \`GET /api/workbench/figures\` (today, yesterday, the same day last week) and \`GET /api/workbench/tasks\`
  (today's open tasks and their counts); the figures also against the same three days straight from the raw orders.

Targets: report p95 ≤ ${TARGET.report.postgres} ms on PostgreSQL (≤ ${TARGET.report.pglite} ms on PGlite), workbench p95 ≤
${TARGET.workbench.postgres} ms on PostgreSQL (≤ ${TARGET.workbench.pglite} ms on PGlite), report ≥ ${TARGET_SPEEDUP}× faster than the raw scan.

${results
  .map(
    (r) => `### ${databaseTitle(r.kind)}

Seeded in ${r.seedSeconds.toFixed(0)} s.

${table(['', ...COMPARISON_HEAD], [['报表：按门店，一年', ...r.report.cells], ['工作台：今日数据', ...r.workbench.cells], ['工作台：今日任务', ...r.tasks.cells]])}

${table(
  ['', 'p50', 'p95', '原始工单 p50', '原始工单 p95', '加速 (p95)', '达标'],
  [
    ['报表（API）', ms(r.report.apiP50), ms(r.report.apiP95), ms(r.rawReportP50), ms(r.rawReportP95), ratio(r.rawReportP95, r.report.apiP95),
      verdict(r.report.apiP95 <= TARGET.report[r.kind] && r.rawReportP95 / r.report.apiP95 >= TARGET_SPEEDUP)],
    ['工作台：今日数据（API）', ms(r.workbench.apiP50), ms(r.workbench.apiP95), ms(r.rawWorkbenchP50), ms(r.rawWorkbenchP95),
      ratio(r.rawWorkbenchP95, r.workbench.apiP95), verdict(r.workbench.apiP95 <= TARGET.workbench[r.kind])],
    ['工作台：今日任务（API）', ms(r.tasks.apiP50), ms(r.tasks.apiP95), '', '', '', verdict(r.tasks.apiP95 <= TARGET.workbench[r.kind])],
  ],
)}`,
  )
  .join('\n\n')}
`);
