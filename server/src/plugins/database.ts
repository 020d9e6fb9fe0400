/**
 * External layer: opens the database (PGlite in DATA_DIR or PostgreSQL at DATABASE_URL), applies
 * the migrations, seeds the demo chain into an empty database, and closes it with the app.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, sql, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed';

export async function openAppDatabase(app: FastifyInstance, given?: Database): Promise<Database> {
  const config = app.config;
  const db =
    given ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      timeZone: config.timeZone,
      requestStatementTimeoutMs: config.statementTimeoutMs,
    }));
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    if (config.seedOnEmpty) {
      const existing = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM garage`);
      if (existing?.n === 0) {
        app.log.info('empty database: loading the demo chain (npm run seed)');
        const summary = await seedDemo(db, { customers: config.seedCustomers, log: (line) => app.log.info(line) });
        app.log.info(summary, 'demo chain loaded');
      }
    }
  } catch (error) {
    if (!given) await db.close();
    throw error;
  }
  return db;
}
