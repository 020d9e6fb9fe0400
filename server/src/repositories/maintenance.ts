/**
 * SQL of the maintenance timeline: the vehicle (gated by data scope), its maintenance records and
 * part replacements, and the maintenance plan that fits it.
 *
 * The vehicle is the gate: a caller who may see the vehicle sees its whole history within the
 * chain (a car's history belongs to the car, whichever of the chain's stores served it).
 */
import { sql, type Queryable } from '../db/database';
import type { TenantScope } from './scope';

export interface TimelineVehicle {
  id: number;
  storeId: number;
  customerId: number;
  customerName: string;
  plate: string;
  brand: string;
  series: string;
  model: string;
  energyType: 'fuel' | 'electric' | 'hybrid';
  registrationDate: string | null;
  mileage: number;
  mileageUpdatedAt: string | null;
}

export interface MaintenanceRecordRow {
  id: number;
  maintDate: string;
  mileage: number | null;
  kind: 'maintenance' | 'repair';
  items: { name: string; amount?: number }[];
  parts: { code?: string; name: string; quantity?: number; price?: number }[];
  amount: number;
}

export interface PartReplacementRow {
  id: number;
  partCode: string;
  partName: string;
  replacedAt: string;
  mileage: number | null;
  nextDueMileage: number | null;
  nextDueDate: string | null;
}

export interface PlanItemRow {
  code: string;
  name: string;
  category: 'maintenance' | 'part';
  intervalKm: number | null;
  intervalMonths: number | null;
  s4Price: number;
  zxcPrice: number;
  partCodes: string[];
}

export interface MaintenancePlan {
  id: number;
  name: string;
  items: PlanItemRow[];
}

export function findTimelineVehicle(db: Queryable, scope: TenantScope, vehicleId: number): Promise<TimelineVehicle | undefined> {
  return db.one<TimelineVehicle>(sql`
    SELECT v.id, v.store_id AS "storeId", v.customer_id AS "customerId", c.name AS "customerName", v.plate, v.brand, v.series,
           v.model, v.energy_type AS "energyType", v.registration_date AS "registrationDate", v.mileage,
           v.mileage_updated_at AS "mileageUpdatedAt"
      FROM vehicle v
      JOIN customer c ON c.id = v.customer_id
     WHERE v.id = ${vehicleId} AND ${scope.storeRows('v')}`);
}

export interface TimelineInputs {
  records: Map<number, MaintenanceRecordRow[]>;
  replacements: Map<number, PartReplacementRow[]>;
  plans: Map<number, MaintenancePlan>;
}

const grouped = <T extends { vehicleId: number }>(rows: T[]): Map<number, Omit<T, 'vehicleId'>[]> => {
  const byVehicle = new Map<number, Omit<T, 'vehicleId'>[]>();
  for (const { vehicleId, ...row } of rows) {
    const list = byVehicle.get(vehicleId);
    if (list) list.push(row);
    else byVehicle.set(vehicleId, [row]);
  }
  return byVehicle;
};

/**
 * What the estimate of the given vehicles of a chain reads, in four queries whatever their number
 * (one vehicle's timeline, or every vehicle when next maintenance is stored): records and part
 * replacements in date order, and the plan that fits each car — the chain's own before the
 * product's, then an exact series, then the brand, then the energy type ('' in a plan's column
 * means "any"). The caller has checked the vehicles are the chain's (and in its scope).
 */
export async function timelineInputs(db: Queryable, chainId: number, vehicleIds: number[]): Promise<TimelineInputs> {
  const ids = sql.param(vehicleIds);
  const [records, replacements, planOf] = await Promise.all([
    db.rows<MaintenanceRecordRow & { vehicleId: number }>(sql`
      SELECT r.vehicle_id AS "vehicleId", r.id, r.maint_date AS "maintDate", r.mileage, r.kind, r.items, r.parts, r.amount
        FROM maintenance_record r
       WHERE r.vehicle_id = ANY(${ids}::int[]) AND r.chain_id = ${chainId}
       ORDER BY r.maint_date, r.id`),
    db.rows<PartReplacementRow & { vehicleId: number }>(sql`
      SELECT p.vehicle_id AS "vehicleId", p.id, p.part_code AS "partCode", p.part_name AS "partName", p.replaced_at AS "replacedAt", p.mileage,
             p.next_due_mileage AS "nextDueMileage", p.next_due_date AS "nextDueDate"
        FROM part_replacement p
       WHERE p.vehicle_id = ANY(${ids}::int[]) AND p.chain_id = ${chainId}
       ORDER BY p.replaced_at, p.id`),
    db.rows<{ vehicleId: number; planId: number; name: string }>(sql`
      SELECT DISTINCT ON (v.id) v.id AS "vehicleId", p.id AS "planId", p.name
        FROM vehicle v
        JOIN maintenance_plan p ON (p.chain_id = v.chain_id OR p.chain_id IS NULL)
             AND p.brand IN (v.brand, '') AND p.series IN (v.series, '') AND p.energy_type IN (v.energy_type, '')
       WHERE v.id = ANY(${ids}::int[]) AND v.chain_id = ${chainId}
       ORDER BY v.id, p.chain_id IS NULL, p.brand = '', p.series = '', p.energy_type = '', p.id`),
  ]);
  const planIds = [...new Set(planOf.map((row) => row.planId))];
  const items = await db.rows<PlanItemRow & { planId: number }>(sql`
    SELECT plan_id AS "planId", code, name, category, interval_km AS "intervalKm", interval_months AS "intervalMonths",
           s4_price AS "s4Price", zxc_price AS "zxcPrice", part_codes AS "partCodes"
      FROM maintenance_plan_item
     WHERE plan_id = ANY(${sql.param(planIds)}::int[])
     ORDER BY plan_id, sort, id`);
  const itemsOf = new Map<number, PlanItemRow[]>();
  for (const { planId, ...item } of items) itemsOf.set(planId, [...(itemsOf.get(planId) ?? []), item]);
  return {
    records: grouped(records),
    replacements: grouped(replacements),
    plans: new Map(planOf.map((row) => [row.vehicleId, { id: row.planId, name: row.name, items: itemsOf.get(row.planId) ?? [] }])),
  };
}
