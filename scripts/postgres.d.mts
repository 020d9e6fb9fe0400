/** Types of scripts/postgres.mjs for the TypeScript test helpers. */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres — a superuser on a throwaway cluster (or TEST_DATABASE_URL). */
  url: string;
  stop(): Promise<void>;
}
export function startPostgres(): Promise<TestPostgres>;
