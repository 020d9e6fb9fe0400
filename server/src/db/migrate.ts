/**
 * Versioned migrations: server/migrations/NNN_<name>.sql, applied once each in number order and
 * recorded in schema_migrations. Numbers are shared by the team by range (001-099 accounts and core
 * tables, 100-199 customers, 200-299 maintenance, 300-399 calls, 400-499 settings centre), so files of different helpers
 * never collide.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Database } from './database';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '..', '..', 'migrations');

export interface Migration {
  version: number;
  name: string;
  file: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => /^(\d{3})_([\w-]+)\.sql$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ version: Number(match[1]), name: match[2], file: path.join(dir, match[0]) }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new Error(`Two migrations share number ${migrations[i].version}: ${migrations[i - 1].name}, ${migrations[i].name}`);
    }
  }
  return migrations;
}

/** Applies the pending migrations, each in its own transaction; answers the versions applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<number[]> {
  await db.script(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = new Set(
    (await db.rows<{ version: number }>(sql`SELECT version FROM schema_migrations`)).map((row) => row.version),
  );
  const done: number[] = [];
  for (const migration of listMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    const text = readFileSync(migration.file, 'utf8');
    try {
      await db.script(`BEGIN;\n${text}\n;INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, '${migration.name}');\nCOMMIT;`);
    } catch (error) {
      await db.script('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`);
    }
    done.push(migration.version);
  }
  return done;
}
