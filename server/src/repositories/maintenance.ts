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

export function vehicleMaintenanceRecords(db: Queryable, scope: TenantScope, vehicleId: number): Promise<MaintenanceRecordRow[]> {
  return db.rows<MaintenanceRecordRow>(sql`
    SELECT r.id, r.maint_date AS "maintDate", r.mileage, r.kind, r.items, r.parts, r.amount
      FROM maintenance_record r
     WHERE r.vehicle_id = ${vehicleId} AND ${scope.chainRows('r')}
     ORDER BY r.maint_date, r.id`);
}

export function vehiclePartReplacements(db: Queryable, scope: TenantScope, vehicleId: number): Promise<PartReplacementRow[]> {
  return db.rows<PartReplacementRow>(sql`
    SELECT p.id, p.part_code AS "partCode", p.part_name AS "partName", p.replaced_at AS "replacedAt", p.mileage,
           p.next_due_mileage AS "nextDueMileage", p.next_due_date AS "nextDueDate"
      FROM part_replacement p
     WHERE p.vehicle_id = ${vehicleId} AND ${scope.chainRows('p')}
     ORDER BY p.replaced_at, p.id`);
}

/**
 * The most specific plan for a car: the chain's own before the product's, then an exact series,
 * then the brand, then the energy type; '' in a plan's column means "any".
 */
export async function findMaintenancePlan(
  db: Queryable,
  chainId: number,
  vehicle: Pick<TimelineVehicle, 'brand' | 'series' | 'energyType'>,
): Promise<MaintenancePlan | undefined> {
  const plan = await db.one<{ id: number; name: string }>(sql`
    SELECT id, name
      FROM maintenance_plan
     WHERE (chain_id = ${chainId} OR chain_id IS NULL)
       AND brand IN (${vehicle.brand}, '') AND series IN (${vehicle.series}, '') AND energy_type IN (${vehicle.energyType}, '')
     ORDER BY chain_id IS NULL, brand = '', series = '', energy_type = '', id
     LIMIT 1`);
  if (!plan) return undefined;
  const items = await db.rows<PlanItemRow>(sql`
    SELECT code, name, category, interval_km AS "intervalKm", interval_months AS "intervalMonths",
           s4_price AS "s4Price", zxc_price AS "zxcPrice", part_codes AS "partCodes"
      FROM maintenance_plan_item
     WHERE plan_id = ${plan.id}
     ORDER BY sort, id`);
  return { ...plan, items };
}
