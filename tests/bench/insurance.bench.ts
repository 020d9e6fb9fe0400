/**
 * Issue 16: the renewal pipeline (`GET /api/insurance/renewals`) over ~150,000 policies, on PGlite
 * and on a PostgreSQL server: the expiring-in-30-days page and two everyday variants. Each request
 * is timed over real HTTP (auth, zod, JSON, encryption included) and, in the same run, the very SQL
 * statements that request ran are replayed straight on the database (same statements, same
 * parallelism): the ratio is what our server adds on top of the database.
 *
 * BENCH_CUSTOMERS=20000 npm run bench -- insurance   for a quicker, smaller run.
 */
import { sql, type Database } from '../../server/src/db/database';
import { seedDemo } from '../../server/src/seed';
import { addBenchCustomers } from './bulk-customers';
import { today } from '../../contracts/dates';
import { COMPARISON_HEAD, databaseTitle, onBothDatabases } from './api-vs-sql';
import { table, writeSection } from './report';

// 70,000 customers → 105,000 cars → about 150,000 policies (1–2 terms a car), on top of the demo chain's.
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

/**
 * The demo chain (small), then CUSTOMERS more customers of its three stores with 1.5 cars each and
 * their policies, in a few set-based statements (the full demo seed at this size takes most of an
 * hour). Shaped as the demo seed shapes them: the current term ends between 45 days ago and 330
 * days ahead, 45 % of cars also have last year's term; follow-ups on current terms within ±90 days,
 * further along the nearer the expiry, owned by the store's staff, some unassigned. The policy and
 * follow-up triggers (migrations 490, 550) keep `superseded`, the copied state and the tally.
 */
async function seed(db: Database) {
  await seedDemo(db, { customers: 500, secondChainCustomers: 60 });
  const day = today();
  const vehicles = Math.round(CUSTOMERS * 1.5);
  const base = await addBenchCustomers(db, CUSTOMERS, vehicles);
  await db.run(sql`
    INSERT INTO insurance_policy (chain_id, store_id, vehicle_id, customer_id, insurer, policy_no, compulsory_premium, commercial_premium,
                                  start_date, expiry_date)
    SELECT 1, v.store_id, v.id, v.customer_id, (ARRAY['中国人保','平安保险','太平洋保险','中华联合'])[1 + v.id % 4],
           'PB' || v.id || '-' || t, 950, 2600 + (v.id * 7919) % 4000 - t * 120, e - 365 * (t + 1), e - 365 * t
      FROM (SELECT id, store_id, customer_id, ${day}::date - 45 + (id::int8 * 40503 % 376)::int AS e FROM vehicle WHERE id > ${base}) v
     CROSS JOIN LATERAL generate_series(0, CASE WHEN v.id * 2654435761 % 100 < 45 THEN 1 ELSE 0 END) t`);
  await db.run(sql`
    INSERT INTO insurance_renewal (policy_id, chain_id, store_id, state, owner_id, note, next_contact, updated_by)
    SELECT p.id, 1, p.store_id, s.state, o.owner, '', CASE WHEN s.state IN ('contacted', 'quoted') THEN ${day}::date + (p.id % 9 - 2)::int END, o.owner
      FROM insurance_policy p
      JOIN LATERAL (SELECT (p.expiry_date - ${day}::date) AS left_days, p.id % 10 AS pick) k ON true
      JOIN LATERAL (SELECT CASE
             WHEN k.left_days < 0 THEN (ARRAY['renewed','renewed','renewed','renewed','lost','lost','lost','pending','pending','pending'])[1 + k.pick]
             WHEN k.left_days <= 7 THEN (ARRAY['pending','contacted','quoted','quoted','renewed','renewed','renewed','lost','contacted','pending'])[1 + k.pick]
             WHEN k.left_days <= 30 THEN (ARRAY['pending','pending','contacted','contacted','quoted','quoted','renewed','lost','pending','contacted'])[1 + k.pick]
             WHEN k.left_days <= 60 THEN (ARRAY['pending','pending','pending','contacted','contacted','quoted','pending','pending','renewed','pending'])[1 + k.pick]
             ELSE (ARRAY['pending','pending','pending','pending','contacted','pending','pending','pending','pending','pending'])[1 + k.pick] END AS state) s ON true
      JOIN LATERAL (SELECT CASE WHEN k.pick = 3 AND s.state = 'pending' THEN NULL ELSE staff.ids[1 + p.id % cardinality(staff.ids)] END AS owner
                      FROM (SELECT array_agg(u.id ORDER BY u.id) AS ids FROM app_user u
                             WHERE u.chain_id = 1 AND (p.store_id = ANY(u.store_ids) OR cardinality(u.store_ids) = 0)) staff) o ON true
     WHERE p.vehicle_id > ${base} AND NOT p.superseded AND p.expiry_date BETWEEN ${day}::date - 90 AND ${day}::date + 90`);
  // A live database is autovacuumed; right after a bulk seed only VACUUM sets the visibility map
  // that lets the page rows read the pipeline index alone (migration 550).
  await db.run(sql`VACUUM ANALYZE`);
}

const results = await onBothDatabases(
  seed,
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
