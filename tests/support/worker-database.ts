/**
 * One PGlite per test worker, handed to one test server at a time and put back to the seeded
 * template before each. Opening a PGlite folder costs 3–10 s on a two-core machine and a copy of
 * the 66 MB template 2–5 s more; putting back what a test file changed costs tens of ms. Test
 * workers outlive their files (vitest `isolate: false`, vitest.config.ts), so a worker opens its
 * database once (docs/DECISIONS.md, "Fast feedback").
 *
 * The template carries a copy of every table's rows (schema `test_template`, made by
 * `snapshotTemplate` right after the seed). Before each server, the tables whose rows changed since
 * the last reset (PostgreSQL's own write counters, pg_stat_user_tables) get the template's rows
 * back, every sequence its template value, and the session is discarded (settings, advisory locks,
 * temporary tables), so a test file sees the database exactly as a fresh copy would show it.
 */
import { cpSync, rmSync } from 'node:fs';
import { sessionSettings, sql, openDatabase, type Database } from '../../server/src/db/database';

const SNAPSHOT = 'test_template';

/** Tables of the app's schema with the columns a copy can write (generated ones are computed again). */
async function appTables(db: Database): Promise<{ name: string; columns: string }[]> {
  return db.rows<{ name: string; columns: string }>(sql`
    SELECT c.table_name AS name, string_agg(quote_ident(c.column_name), ', ' ORDER BY c.ordinal_position) AS columns
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = 'public' AND c.is_generated = 'NEVER'
     GROUP BY c.table_name ORDER BY c.table_name`);
}

/** Run once on the seeded template: the rows and sequence values every reset goes back to. */
export async function snapshotTemplate(db: Database): Promise<void> {
  const tables = await appTables(db);
  await db.script(
    [
      `CREATE SCHEMA ${SNAPSHOT}`,
      ...tables.map(({ name, columns }) => `CREATE TABLE ${SNAPSHOT}."${name}" AS SELECT ${columns} FROM public."${name}"`),
      `CREATE TABLE ${SNAPSHOT}.sequences AS SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`,
    ].join(';\n'),
  );
}

export interface WorkerDatabase {
  db: Database;
  /** Puts the template's state back and applies the session settings of the given time zone. */
  reset(timeZone: string): Promise<void>;
}

/** Writes per table since the last call (inserted + updated + deleted rows, rolled back ones too). */
async function writeCounts(db: Database): Promise<Map<string, number>> {
  await db.run(sql`SELECT pg_stat_force_next_flush()`);
  const rows = await db.rows<{ name: string; writes: number }>(sql`
    SELECT relname AS name, (n_tup_ins + n_tup_upd + n_tup_del)::float8 AS writes
      FROM pg_stat_user_tables WHERE schemaname = 'public'`);
  return new Map(rows.map((row) => [row.name, row.writes]));
}

export async function openWorkerDatabase(templateDir: string, dir: string): Promise<WorkerDatabase> {
  rmSync(dir, { recursive: true, force: true });
  cpSync(templateDir, dir, { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const db = await openDatabase({ pgliteDir: dir });
  const tables = await appTables(db);
  const sequences = await db.rows<{ name: string; last_value: number | null }>(sql.raw(`SELECT name, last_value FROM ${SNAPSHOT}.sequences`));
  let baseline = await writeCounts(db);

  async function reset(timeZone: string): Promise<void> {
    const counts = await writeCounts(db);
    const changed = tables.filter(({ name }) => (counts.get(name) ?? 0) !== (baseline.get(name) ?? 0));
    const statements = [
      // Foreign keys and triggers off: each table gets exactly the template's rows back, in any order.
      'BEGIN',
      'SET LOCAL session_replication_role = replica',
      ...changed.flatMap(({ name, columns }) => [
        `DELETE FROM public."${name}"`,
        `INSERT INTO public."${name}" (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${SNAPSHOT}."${name}"`,
      ]),
      ...sequences.map(({ name, last_value }) => `SELECT setval('public."${name}"', ${last_value ?? 1}, ${last_value !== null})`),
      // pg-boss installs its schema when a test first queues a job; a fresh copy has none.
      'DROP SCHEMA IF EXISTS job_queue CASCADE',
      'COMMIT',
    ];
    await db.script(statements.join(';\n'));
    await db.script('DISCARD ALL');
    await db.script(sessionSettings(timeZone));
    baseline = await writeCounts(db);
  }

  return { db, reset };
}
