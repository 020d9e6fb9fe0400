/**
 * The deterministic demo data: two chains (安途汽车服务 with headquarters + 3 stores, and a small
 * second tenant 华星汽车服务), staff with the demo password, customers, vehicles and their history.
 *
 * Other features seed their own tables in server/src/seed/<domain>.ts: such a module exports
 * `seed(db, demo)`, is named in FEATURE_SEEDS (listed-files.test.ts fails on one left out) and runs after
 * this core seed, in file-name order, inside the same transaction.
 */
import { isDay, today as garageToday } from '../../../contracts/dates';
import type { Database, Queryable } from '../db/database';
import { DEMO_CHAINS, DEMO_PASSWORD, seedAccounts, type ChainPlan } from './accounts';
import { newCounters, seedChainCustomers } from './customers';
import { syncSequences } from './bulk';
import { seed as businessOrdersSeed } from './business-orders';
import { seed as callSeed } from './call';
import { seed as customerAnalysisSeed } from './customer-analysis';
import { seed as insuranceSeed } from './insurance';
import { seed as maintenanceSeed } from './maintenance';
import { seed as mallSeed } from './mall';
import { seed as metricsSeed } from './metrics';
import { seed as organizationSeed } from './organization';
import { seed as potentialSeed } from './potential';
import { seed as smsSeed } from './sms';
import { seed as staffKpiSeed } from './staff-kpi';
import { seed as storeBasicsSeed } from './store-basics';
import { seed as wecomSeed } from './wecom';
import { seed as workbenchSeed } from './workbench';

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

const SEQUENCED_TABLES = [
  'chain', 'garage', 'role', 'app_user', 'customer', 'vehicle', 'tag', 'customer_group', 'saved_condition',
  'maintenance_record', 'part_replacement', 'insurance_policy',
];

export function defaultVehicles(customers: number): number {
  return customers === 3000 ? 3500 : Math.round(customers * (customers < 3000 ? 7 / 6 : 1.5));
}

/** The feature seeds by file name, in name order. */
export const FEATURE_SEEDS: [string, (db: Queryable, demo: DemoInfo) => Promise<void>][] = [
  ['business-orders', businessOrdersSeed],
  ['call', callSeed],
  ['customer-analysis', customerAnalysisSeed],
  ['insurance', insuranceSeed],
  ['maintenance', maintenanceSeed],
  ['mall', mallSeed],
  ['metrics', metricsSeed],
  ['organization', organizationSeed],
  ['potential', potentialSeed],
  ['sms', smsSeed],
  ['staff-kpi', staffKpiSeed],
  ['store-basics', storeBasicsSeed],
  ['wecom', wecomSeed],
  ['workbench', workbenchSeed],
];

/** Loads the demo data into an empty, migrated database. */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const customers = options.customers ?? 3000;
  const vehicles = Math.max(customers, options.vehicles ?? defaultVehicles(customers));
  const today = options.today ?? garageToday();
  if (!isDay(today)) throw new Error(`seed: today must be YYYY-MM-DD, got ${today}`);
  const log = options.log ?? (() => undefined);

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
    for (const [name, seed] of FEATURE_SEEDS) {
      log(`seeding ${name}`);
      await seed(tx, demo);
    }
    return {
      chains: DEMO_CHAINS.length,
      customers: first.customers + other.customers,
      vehicles: first.vehicles + other.vehicles,
      maintenanceRecords: first.maintenanceRecords + other.maintenanceRecords,
      partReplacements: first.partReplacements + other.partReplacements,
      insurancePolicies: first.insurancePolicies + other.insurancePolicies,
      modules: FEATURE_SEEDS.map(([name]) => name),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  });
}

/** Drops every table (ours and the features'), so migrations and the seed start from nothing. */
export async function resetSchema(db: Database): Promise<void> {
  await db.script('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
}
