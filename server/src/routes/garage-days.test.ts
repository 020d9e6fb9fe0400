/**
 * Business days on the server are the garage's (Asia/Shanghai) whatever the machine's time zone
 * and whatever the UTC day: "within N days", days left, expired modules and the timeline estimate
 * all count from today in Beijing (contracts/dates.ts), taken from the server's clock.
 *
 * The clock is faked at 2026-12-31T23:30:00Z, which is 07:30 on 2027-01-01 in Beijing: by UTC it
 * is still the last day of 2026. The process runs in UTC so the machine's zone cannot hide a slip.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { MaintenancePoints } from '../../../widgets/maint-timeline/timeline';

const BEIJING_MORNING = new Date('2026-12-31T23:30:00Z');
const machineZone = process.env.TZ;

let server: TestServer;
let admin: string;
let vehicle: { id: number; plate: string; customerId: number };

async function ok<T>(method: string, path: string, options: { body?: unknown; query?: Record<string, string | number> } = {}): Promise<T> {
  const answer = await server.call<T>(method, path, { token: admin, ...options });
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Whether the list, narrowed to our vehicle's plate, finds its owner under the condition. */
async function listed(condition: Record<string, unknown>): Promise<boolean> {
  const page = await ok<{ list: { id: number }[] }>('POST', '/client/list', { body: { keyword: vehicle.plate, ...condition } });
  return page.list.some((row) => row.id === vehicle.customerId);
}

beforeAll(async () => {
  server = await startTestServer();
  // An owner with this one vehicle, so the list's per-customer answers are about it alone.
  const [row] = await server.db.rows<{ id: number; plate: string; customerId: number }>(sql`
    SELECT v.id, v.plate, v.customer_id AS "customerId" FROM vehicle v
     WHERE v.chain_id = 1 AND (SELECT count(*) FROM vehicle w WHERE w.customer_id = v.customer_id) = 1
     ORDER BY v.id LIMIT 1`);
  vehicle = row;
  process.env.TZ = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'], now: BEIJING_MORNING });
  admin = await server.loginToken('admin');
});

afterAll(async () => {
  vi.useRealTimers();
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
  await server?.close();
});

describe('the server counts days in Beijing at 07:30 on New Year’s Day (still 2026 in UTC)', () => {
  it('runs in UTC with the database session in the garage time zone', async () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    const row = await server.db.one<{ zone: string }>(sql`SELECT current_setting('TimeZone') AS zone`);
    expect(row?.zone).toBe(server.config.timeZone);
    expect(server.config.timeZone).toBe('Asia/Shanghai');
  });

  it('"insurance expiring within 3 days" runs from today to 3 days on, Beijing days', async () => {
    const expiring = async (expiry: string) => {
      await server.db.run(sql`UPDATE vehicle SET insurance_expiry = ${expiry}::date WHERE id = ${vehicle.id}`);
      return listed({ insuranceExpiringWithinDays: 3 });
    };
    expect(await expiring('2027-01-01')).toBe(true);
    expect(await expiring('2027-01-04')).toBe(true);
    expect(await expiring('2027-01-05')).toBe(false);
    expect(await expiring('2026-12-31')).toBe(false);
  });

  it('"maintenance due within 0 days" is today in Beijing', async () => {
    const due = async (day: string) => {
      await server.db.run(sql`UPDATE vehicle SET next_maintenance_date = ${day}::date WHERE id = ${vehicle.id}`);
      return listed({ maintenanceDueWithinDays: 0 });
    };
    expect(await due('2027-01-01')).toBe(true);
    expect(await due('2026-12-31')).toBe(false);
  });

  it('counts the days of insurance left from today in Beijing', async () => {
    await server.db.run(sql`UPDATE vehicle SET insurance_expiry = '2027-01-04' WHERE id = ${vehicle.id}`);
    const detail = await ok<{ vehicle: { insuranceDaysLeft: number } }>('GET', '/vehicle/detail', { query: { vehicleId: vehicle.id } });
    expect(detail.vehicle.insuranceDaysLeft).toBe(3);
  });

  it('calls a module that ran until yesterday (2026-12-31) expired', async () => {
    const [module] = await server.db.rows<{ code: string }>(sql`SELECT code FROM garage_module WHERE chain_id = 1 ORDER BY code LIMIT 1`);
    await server.db.run(sql`UPDATE garage_module SET expires_at = '2026-12-31' WHERE chain_id = 1 AND code = ${module.code}`);
    const modules = await ok<{ code: string; expired: boolean }[]>('GET', '/garage/module');
    expect(modules.find((entry) => entry.code === module.code)?.expired).toBe(true);
  });

  it('estimates nothing before today in Beijing but an overdue service, which keeps its day; an overdue part is due today', async () => {
    const later: string[] = [];
    const overdue: string[] = [];
    const vehicles = await server.db.rows<{ id: number }>(sql`SELECT id FROM vehicle WHERE chain_id = 1 ORDER BY id LIMIT 15`);
    for (const { id } of vehicles) {
      const answer = await ok<{ points: MaintenancePoints }>('GET', '/vehicle/maint-points', { query: { vehicleId: id } });
      const [first, ...rest] = answer.points.maintEstimate ?? [];
      // The first visit may be overdue (contracts/rules/maintenance.ts: it keeps the day it fell due);
      // the visits after it and the wear parts count from today.
      if (first && String(first.estimate?.date) < '2027-01-01') overdue.push(String(first.estimate?.date));
      else if (first) later.push(String(first.estimate?.date));
      for (const point of [...rest, ...(answer.points.partReplaceAlert ?? [])]) later.push(String(point.estimate?.date));
    }
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((date) => date < '2027-01-01')).toEqual([]);
    expect(later).toContain('2027-01-01');
    expect(overdue.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
  });
});
