/**
 * `npm run seed [-- --customers N] [-- --vehicles N]`: drops everything in the configured database
 * (DATA_DIR's PGlite, or DATABASE_URL), migrates and loads the demo data. Stop the server first
 * when it uses the same PGlite folder (the folder is locked while open).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { today } from '../../../contracts/dates';
import { DEMO_PASSWORD, resetSchema, seedDemo } from './index';

const { values } = parseArgs({
  options: {
    customers: { type: 'string' },
    vehicles: { type: 'string' },
    today: { type: 'string' },
  },
});
const count = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
  return parsed;
};

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), timeZone: config.timeZone });
try {
  console.log(`数据库 (database): ${config.databaseUrl ? config.databaseUrl.replace(/:[^:@/]*@/, ':***@') : path.join(config.dataDir, 'pglite')}`);
  await resetSchema(db);
  await migrate(db);
  const summary = await seedDemo(db, {
    customers: count(values.customers, 'customers') ?? config.seedCustomers,
    vehicles: count(values.vehicles, 'vehicles'),
    today: values.today ?? today(config.timeZone),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`演示数据已加载 (demo data loaded) in ${summary.seconds} s:`, summary);
  console.log(`登录 (logins): admin / manager / frontdesk, 密码 (password) ${DEMO_PASSWORD}`);
} finally {
  await db.close();
}
