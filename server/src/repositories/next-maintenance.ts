/**
 * 下次保养 — the one SQL home of a vehicle's next maintenance (docs/FACTS.md, "Maintenance").
 *
 * The rule is contracts/rules/maintenance.ts: the first maintenance estimate of the vehicle's
 * timeline (server/src/maintenance/estimate.ts), its day and km, km or months whichever comes first;
 * an overdue one keeps the day it fell due. The timeline is computed in TypeScript, so the fact is
 * kept in vehicle.next_maintenance_date / next_maintenance_mileage, written only here
 * (refreshNextMaintenance: by the seed, after an ERP hands over orders, after an import changes a
 * car, and by the daily run for what the days change), and every reader takes it through the fragments below: the customer
 * list's 保养到期 condition, row and sort, the panorama, the workbench's 保养到期 tasks, the SMS
 * variable {保养到期日} and the WeCom sidebar.
 */
import { sql, type Queryable, type SQL } from '../db/database';
import type { Day } from '../../../contracts/dates';
import { nextMaintenance } from '../../../contracts/rules/maintenance';
import { estimateTimeline } from '../maintenance/estimate';
import { timelineInputs, type TimelineVehicle } from './maintenance';

/** Vehicles estimated per step: four queries each, whatever the chain's size. */
const REFRESH_BATCH = 500;

/**
 * Recomputes and stores the next maintenance of a chain's vehicles (all of them, or the given ones)
 * as of `today`. Writes only what changed; answers how many vehicles changed.
 */
export async function refreshNextMaintenance(db: Queryable, chainId: number, today: Day, vehicleIds?: number[]): Promise<number> {
  if (vehicleIds && vehicleIds.length === 0) return 0;
  const vehicles = await db.rows<Pick<TimelineVehicle, 'id' | 'registrationDate' | 'mileage' | 'mileageUpdatedAt'> & { date: string | null; km: number | null }>(sql`
    SELECT v.id, v.registration_date AS "registrationDate", v.mileage, v.mileage_updated_at AS "mileageUpdatedAt",
           v.next_maintenance_date AS date, v.next_maintenance_mileage AS km
      FROM vehicle v
     WHERE v.chain_id = ${chainId} ${vehicleIds ? sql`AND v.id = ANY(${sql.param([...new Set(vehicleIds)])}::int[])` : sql``}
     ORDER BY v.id`);
  let changed = 0;
  for (let start = 0; start < vehicles.length; start += REFRESH_BATCH) {
    const batch = vehicles.slice(start, start + REFRESH_BATCH);
    const inputs = await timelineInputs(db, chainId, batch.map((vehicle) => vehicle.id));
    const updates: { id: number; date: string | null; km: number | null }[] = [];
    for (const vehicle of batch) {
      const { points } = estimateTimeline({
        vehicle,
        records: inputs.records.get(vehicle.id) ?? [],
        replacements: inputs.replacements.get(vehicle.id) ?? [],
        planItems: inputs.plans.get(vehicle.id)?.items ?? [],
        today,
      });
      const next = nextMaintenance(points);
      const date = next?.date ?? null;
      const km = next?.mileage ?? null;
      if (date !== vehicle.date || km !== vehicle.km) updates.push({ id: vehicle.id, date, km });
    }
    if (updates.length === 0) continue;
    await db.run(sql`
      UPDATE vehicle v SET next_maintenance_date = u.date, next_maintenance_mileage = u.km
        FROM unnest(${sql.param(updates.map((u) => u.id))}::int[], ${sql.param(updates.map((u) => u.date))}::date[], ${sql.param(updates.map((u) => u.km))}::int[])
             AS u(id, date, km)
       WHERE v.id = u.id AND v.chain_id = ${chainId}`);
    changed += updates.length;
  }
  return changed;
}

/**
 * The daily run's share: the vehicles whose stored value the passing days change — overdue ones
 * (due at today's mileage) and items never done with us stepping to their next interval once the
 * stored day has passed — and those without one yet (a car just added). The rest only change with
 * new facts, which refresh them where they are written.
 */
export async function refreshPastNextMaintenance(db: Queryable, chainId: number, today: Day): Promise<number> {
  const rows = await db.rows<{ id: number }>(sql`
    SELECT id FROM vehicle WHERE chain_id = ${chainId} AND (next_maintenance_date IS NULL OR next_maintenance_date < ${today}::date)`);
  return refreshNextMaintenance(db, chainId, today, rows.map((row) => row.id));
}

/** The vehicles of some customers of a chain (after their orders or an import changed them). */
export async function refreshCustomersNextMaintenance(db: Queryable, chainId: number, today: Day, customerIds: number[]): Promise<number> {
  if (customerIds.length === 0) return 0;
  const rows = await db.rows<{ id: number }>(sql`
    SELECT id FROM vehicle WHERE chain_id = ${chainId} AND customer_id = ANY(${sql.param([...new Set(customerIds)])}::int[])`);
  return refreshNextMaintenance(db, chainId, today, rows.map((row) => row.id));
}

/** Vehicle `v` falls due for maintenance between `from` and `to` (days, inclusive; never overdue ones). */
export function maintenanceDueBetween(v: string, from: SQL, to: SQL): SQL {
  const column = sql.raw(`${v}.next_maintenance_date`);
  return sql`${column} BETWEEN ${from} AND ${to}`;
}

/** Vehicle `v` falls due within `days` days of `today`, a SQL date (the customer list's 保养到期(天内)). */
export function maintenanceDueWithin(v: string, today: SQL, days: number): SQL {
  return maintenanceDueBetween(v, today, sql`${today} + ${days}::int`);
}

/**
 * A customer's next maintenance, as a LATERAL subquery over customer `c`: the car due first from
 * `today` (a SQL date) on, else the one that fell due last (overdue); columns vehicle_id, plate, date, mileage.
 * What the list row shows, its sort, and the SMS variable {保养到期日} (with the car's {车牌}). A customer's
 * cars are its chain's: no chain_id here, which PGlite (no statistics) ANDed with the chain's whole
 * (chain_id, …) index, 3 ms per row of a list page.
 */
export function customerNextMaintenance(c: string, today: SQL): SQL {
  const customer = sql.raw(c);
  return sql`(
    SELECT nv.id AS vehicle_id, nv.plate, nv.next_maintenance_date AS date, nv.next_maintenance_mileage AS mileage
      FROM vehicle nv
     WHERE nv.customer_id = ${customer}.id AND nv.next_maintenance_date IS NOT NULL
     ORDER BY nv.next_maintenance_date < ${today}, CASE WHEN nv.next_maintenance_date >= ${today} THEN nv.next_maintenance_date END,
              nv.next_maintenance_date DESC, nv.id
     LIMIT 1)`;
}

/** The customer's next maintenance as the list row's and the customer card's `nextMaintenance` (JSON, or NULL). */
export function customerNextMaintenanceJson(c: string, today: SQL): SQL {
  return sql`(SELECT json_build_object('vehicleId', n.vehicle_id, 'plate', n.plate, 'date', n.date, 'mileage', n.mileage)
                FROM ${customerNextMaintenance(c, today)} n)`;
}
