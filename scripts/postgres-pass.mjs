// The test files `npm test` runs a second time on a PostgreSQL server: what can differ between the
// databases. The whole server suite runs on PGlite; PostgreSQL adds real parallel connections
// (PGlite has one, so every "two at once" test is a race only here), its own job queue pool,
// statement timeouts and the node-postgres driver's types. Every route's SQL still runs on
// PostgreSQL through the whole-API fuzz and the scope test. Paths are vitest filters (substrings).
export const POSTGRES_PASS = [
  // Every route with plausible and hostile input, and every scope rule, on PostgreSQL's planner and version.
  'tests/integration/',
  // Repositories, jobs that run once across processes, SMS sending.
  'server/src/repositories/',
  'server/src/sms/',
  'server/src/wecom/',
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

// Tests whose database does not follow the pass, so each runs in one pass only. The kill -9 tests
// start a server process on a PGlite data folder (the default install: its own files must survive
// SIGKILL) whatever TEST_DATABASE_URL says; a PostgreSQL run of them repeated the PGlite run.
export const PGLITE_ONLY = ['server/src/import/resume.test.ts', 'server/src/import/policy-resume.test.ts', 'server/src/sms/resume.test.ts', 'server/src/wecom/resume.test.ts'];
// Two processes on one database exist only on PostgreSQL: without TEST_DATABASE_URL the test starts
// its own cluster, which repeated the PostgreSQL pass.
export const POSTGRES_ONLY = ['server/src/import/two-processes.test.ts'];
