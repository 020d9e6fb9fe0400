/**
 * The deterministic demo data: two chains (安途汽车服务 with headquarters + 3 stores, and a small
 * second tenant 华星汽车服务), staff with the demo password, customers, vehicles and their history.
 *
 * Other features seed their own tables in server/src/seed/<domain>.ts: such a module exports
 * `seed(db, demo)` and runs after this core seed, in file-name order, inside the same transaction.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDay, today as garageToday } from '../../../contracts/dates';
import type { Database, Queryable } from '../db/database';
import { DEMO_CHAINS, DEMO_PASSWORD, seedAccounts, type ChainPlan } from './accounts';
import { newCounters, seedChainCustomers } from './customers';
import { syncSequences } from './bulk';

export { DEMO_CHAINS, DEMO_PASSWORD };

export interface SeedOptions {
  /** Customers of the main demo chain (default 3,000). */
  customers?: number;
  /** Vehicles of the main demo chain (default 3,500 for 3,000 customers, else 1.5 per customer). */
  vehicles?: number;
  /** Customers of the second chain (default 60). */
  secondChainCustomers?: number;
  /** The day the data is relative to, 'YYYY-MM-DD' (default today in the garage time zone). */
  today?: string;
  log?: (line: string) => void;
}

/** What a feature's seed module receives. */
export interface DemoInfo {
  chains: ChainPlan[];
  today: string;
  random: { seed: number };
}

export interface SeedSummary {
  chains: number;
  customers: number;
  vehicles: number;
  maintenanceRecords: number;
  partReplacements: number;
  insurancePolicies: number;
  modules: string[];
  seconds: number;
}

const CORE_FILES = new Set(['index.ts', 'cli.ts', 'accounts.ts', 'customers.ts', 'catalog.ts', 'random.ts', 'vin.ts', 'bulk.ts']);
const SEQUENCED_TABLES = [
  'chain', 'garage', 'role', 'app_user', 'customer', 'vehicle', 'tag', 'customer_group', 'saved_condition',
  'maintenance_record', 'part_replacement', 'insurance_policy',
];

export function defaultVehicles(customers: number): number {
  return customers === 3000 ? 3500 : Math.round(customers * (customers < 3000 ? 7 / 6 : 1.5));
}

async function featureSeeds(): Promise<{ name: string; seed: (db: Queryable, demo: DemoInfo) => Promise<void> }[]> {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((file) => /^[a-z][\w-]*\.ts$/.test(file) && !file.endsWith('.test.ts') && !CORE_FILES.has(file)).sort();
  const seeds = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { seed?: (db: Queryable, demo: DemoInfo) => Promise<void> };
    if (typeof module.seed === 'function') seeds.push({ name: file.replace(/\.ts$/, ''), seed: module.seed });
  }
  return seeds;
}

/** Loads the demo data into an empty, migrated database. */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const customers = options.customers ?? 3000;
  const vehicles = Math.max(customers, options.vehicles ?? defaultVehicles(customers));
  const today = options.today ?? garageToday();
  if (!isDay(today)) throw new Error(`seed: today must be YYYY-MM-DD, got ${today}`);
  const log = options.log ?? (() => undefined);
  const extraSeeds = await featureSeeds();

  return db.transaction(async (tx) => {
    await seedAccounts(tx, DEMO_CHAINS, today);
    const ids = newCounters();
    const [main, second] = DEMO_CHAINS;
    log(`seeding ${customers} customers / ${vehicles} vehicles of ${main.name}`);
    const first = await seedChainCustomers(tx, main, { customers, vehicles, today, seed: 20260101, ids });
    const secondCount = options.secondChainCustomers ?? 60;
    const other = await seedChainCustomers(tx, second, { customers: secondCount, vehicles: defaultVehicles(secondCount), today, seed: 20260202, ids });
    await syncSequences(tx, SEQUENCED_TABLES);
    const demo: DemoInfo = { chains: DEMO_CHAINS, today, random: { seed: 20260303 } };
    for (const feature of extraSeeds) {
      log(`seeding ${feature.name}`);
      await feature.seed(tx, demo);
    }
    return {
      chains: DEMO_CHAINS.length,
      customers: first.customers + other.customers,
      vehicles: first.vehicles + other.vehicles,
      maintenanceRecords: first.maintenanceRecords + other.maintenanceRecords,
      partReplacements: first.partReplacements + other.partReplacements,
      insurancePolicies: first.insurancePolicies + other.insurancePolicies,
      modules: extraSeeds.map((feature) => feature.name),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  });
}

/** Drops every table (ours and the features'), so migrations and the seed start from nothing. */
export async function resetSchema(db: Database): Promise<void> {
  await db.script('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
}
