/**
 * External layer: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL), applies
 * the migrations, seeds the demo chain into an empty database, and closes it with the app.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { openDatabase, sql, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed';

export interface PrepareLog {
  info(obj: unknown, msg?: string): void;
}

/** Applies the migrations and, when configured and the database is empty, loads the demo chain. */
export async function prepareDatabase(db: Database, config: ServerConfig, log: PrepareLog): Promise<void> {
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  if (!config.seedOnEmpty) return;
  const existing = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM garage`);
  if (existing?.n !== 0) return;
  log.info('empty database: loading the demo chain (npm run seed)');
  const summary = await seedDemo(db, { customers: config.seedCustomers, log: (line) => log.info(line) });
  log.info(summary, 'demo chain loaded');
}

export function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    timeZone: config.timeZone,
    requestStatementTimeoutMs: config.statementTimeoutMs,
  });
}

export async function openAppDatabase(app: FastifyInstance, given?: Database): Promise<Database> {
  const db = given ?? (await openConfiguredDatabase(app.config));
  try {
    await prepareDatabase(db, app.config, app.log);
  } catch (error) {
    if (!given) await db.close();
    throw error;
  }
  return db;
}
