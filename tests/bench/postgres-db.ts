/** Databases on the bench's PostgreSQL server (scripts/postgres.mjs): one new database per measurement. */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed';

/** Creates an empty database named `<prefix>_<random>`; answers its URL. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<string> {
  const url = new URL(adminUrl);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: adminUrl });
  await admin.script(`CREATE DATABASE ${name}`);
  await admin.close();
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database, migrated, with the small demo chain and whatever `more` adds; answers its URL. */
export async function freshPostgres(adminUrl: string, prefix: string, more?: (db: Database) => Promise<void>): Promise<string> {
  const url = await createDatabase(adminUrl, prefix);
  const db = await openDatabase({ databaseUrl: url });
  await migrate(db);
  await seedDemo(db, { customers: 200 });
  await more?.(db);
  await db.close();
  return url;
}
