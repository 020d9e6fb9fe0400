// The test files `npm test` runs a second time on a PostgreSQL server: what can differ between the
// databases. The whole server suite runs on PGlite; PostgreSQL adds real parallel connections
// (PGlite has one, so every "two at once" test is a race only here), its own job queue pool,
// statement timeouts and the node-postgres driver's types. Every route's SQL still runs on
// PostgreSQL through the whole-API fuzz and the scope test. Paths are vitest filters (substrings).
export const POSTGRES_PASS = [
  // Every route with plausible and hostile input, and every scope rule, on PostgreSQL's planner and version.
  'tests/integration/',
  // Repositories, jobs that survive kill -9 and run once across processes, SMS sending.
  'server/src/repositories/',
  'server/src/sms/',
  'server/src/wecom/',
  'server/src/import/resume',
  'server/src/import/policy-resume',
  'server/src/import/two-processes',
  'server/src/tenancy.test.ts',
  'server/src/http/heavy-work.test.ts',
  // Route files with races (two saves of one version, concurrent debits, parallel guesses, two
  // closes, two campaigns, concurrent bindings, a day made once by two workers).
  'server/src/routes/analysis.test.ts',
  'server/src/routes/authority.test.ts',
  'server/src/routes/customer-advisor.test.ts',
  'server/src/routes/import.test.ts',
  'server/src/routes/insurance-rates.test.ts',
  'server/src/routes/insurance.test.ts',
  'server/src/routes/login.test.ts',
  'server/src/routes/mall.test.ts',
  'server/src/routes/metrics.test.ts',
  'server/src/routes/organization.test.ts',
  'server/src/routes/potential.test.ts',
  'server/src/routes/sms-compliance.test.ts',
  'server/src/routes/sms.test.ts',
  'server/src/routes/store-basics.test.ts',
  'server/src/routes/wecom.test.ts',
  'server/src/routes/workbench-daily.test.ts',
  'server/src/routes/workbench.test.ts',
];
