/**
 * Issue 16: the renewal pipeline (`GET /api/insurance/renewals`) over ~150,000 policies, on PGlite
 * and on a PostgreSQL server: the expiring-in-30-days page and two everyday variants. Each request
 * is timed over real HTTP (auth, zod, JSON, encryption included) and, in the same run, the very SQL
 * statements that request ran are replayed straight on the database (same statements, same
 * parallelism): the ratio is what our server adds on top of the database.
 *
 * BENCH_CUSTOMERS=20000 npm run bench -- insurance   for a quicker, smaller run.
 */
import { sql } from '../../server/src/db/database';
import { seedDemo } from '../../server/src/seed';
import { COMPARISON_HEAD, databaseTitle, onBothDatabases } from './api-vs-sql';
import { table, writeSection } from './report';

// 70,000 customers → 105,000 vehicles → about 150,000 policies (1–2 terms a vehicle).
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 70_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const TARGET_P95 = { postgres: 30, pglite: 100 };
const TARGET_RATIO = 1.5;

function cases(ownerId: number) {
  return [
    { name: '30 天内到期（第 1 页，10 条）', query: { withinDays: 30, page: 1, pageSize: 10 } },
    { name: '30 天内到期 + 待跟进 + 第 3 页', query: { withinDays: 30, state: 'pending', page: 3, pageSize: 10 } },
    { name: '90 天内到期区间 + 负责人', query: { bucket: 'd90', ownerId, page: 1, pageSize: 10 } },
  ];
}

const results = await onBothDatabases(
  async (db) => {
    await seedDemo(db, { customers: CUSTOMERS });
    // A live database is autovacuumed; right after a bulk seed only VACUUM sets the visibility map
    // that lets the page rows read the pipeline index alone (migration 550).
    await db.run(sql`VACUUM ANALYZE`);
  },
  async (server) => {
    const counts = (await server.raw.one<{ policies: number; vehicles: number }>(
      sql`SELECT (SELECT count(*)::int FROM insurance_policy) AS policies, (SELECT count(*)::int FROM vehicle) AS vehicles`,
    ))!;
    const owner = (await server.raw.one<{ id: number }>(sql`SELECT owner_id AS id FROM insurance_renewal WHERE chain_id = 1 AND owner_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`))!;
    const rows: (string | number)[][] = [];
    const verdicts: boolean[] = [];
    for (const { name, query } of cases(owner.id)) {
      let total = 0;
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const request = async () => {
        total = (await server.call<{ total: number }>(`/insurance/renewals?${search}`)).total;
      };
      const result = await server.compare(request, RUNS, { p95: TARGET_P95[server.kind], ratio: TARGET_RATIO });
      verdicts.push(result.ok);
      rows.push([name, total.toLocaleString('en'), ...result.cells]);
    }
    return { kind: server.kind, counts, seedSeconds: server.seedSeconds, rows, verdicts };
  },
);

const head = ['页面 (page)', '命中 (matches)', ...COMPARISON_HEAD];
writeSection(`## Renewal pipeline (issue 16)

\`GET /api/insurance/renewals\` as the headquarters admin (data scope: all stores), ${RUNS} timed runs per
page after warm-up, API and bare SQL interleaved. "裸 SQL" replays the statements that request ran
(token check, settings, 客户运营 rules, page rows off the pipeline index, the tab and chip counts from
the per-day summary \`insurance_renewal_tally\` (migration 550), stores, staff), with
the same parallelism, straight on the database driver. Targets as the customer list: API p95 ≤
${TARGET_P95.postgres} ms on PostgreSQL and ≤ ${TARGET_P95.pglite} ms on PGlite, and within ${TARGET_RATIO}× of the bare SQL.

${results
  .map(
    (result) => `### ${databaseTitle(result.kind)}

${result.counts.policies.toLocaleString('en')} policies on ${result.counts.vehicles.toLocaleString('en')} vehicles (both chains); seeded in ${result.seedSeconds.toFixed(0)} s.
Targets met: ${result.verdicts.filter(Boolean).length} of ${result.verdicts.length}.

${table(head, result.rows)}`,
  )
  .join('\n\n')}`);
