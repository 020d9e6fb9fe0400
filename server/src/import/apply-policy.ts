/**
 * Applying one batch of checked policy rows (kind 'policy') inside the caller's transaction.
 *
 * The vehicle is found by plate (or VIN) among the vehicles of the stores the user could see when
 * starting the task (task.scopeStoreIds): another chain's or, for a store user, another store's
 * vehicle is simply not found, so the row is an error row and nothing is written. A plate that is
 * unknown is an error too: a policy file carries no customer (name, mobile), so making a customer
 * up from it would fill the customer list with nameless rows; the customer import does that job.
 *
 * Duplicates are the same 保单号 in the chain (rows of earlier batches and earlier in this batch
 * included): skip, update (only empty fields filled) or overwrite (every non-empty cell replaces).
 * Policies are written with repositories/insurance.ts's insertPolicies/updatePolicies.
 */
import { POLICY_MESSAGES, type CheckedPolicyRow, type PolicyField, type PolicyValues } from '../../../contracts/rules/policy-import';
import { sql, type Queryable } from '../db/database';
import { insertPolicies, updatePolicies, type PolicyWrite } from '../repositories/insurance';
import type { BatchRow, BatchTask } from './apply';

export type PolicyOutcome = 'imported' | 'updated' | 'skipped' | { field: PolicyField; message: string };

interface VehicleHit {
  id: number;
  store_id: number;
  customer_id: number;
  plate: string;
  vin: string;
}

interface PolicyState extends PolicyWrite {
  id: number;
  isNew: boolean;
  changed: boolean;
  plate: string;
  inScope: boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);

function merge<T>(mode: 'update' | 'overwrite', current: T, incoming: T | undefined): T {
  if (incoming === undefined || isEmpty(incoming)) return current;
  return mode === 'overwrite' || isEmpty(current) ? incoming : current;
}

export async function applyPolicies(tx: Queryable, task: BatchTask, rows: BatchRow[]): Promise<PolicyOutcome[]> {
  const chain = task.chainId;
  const all = rows.map((row) => (row.checked as CheckedPolicyRow).values);
  const plates = [...new Set(all.map((v) => v.plate).filter((x): x is string => !!x))];
  const vins = [...new Set(all.map((v) => v.vin).filter((x): x is string => !!x))];
  const numbers = [...new Set(all.map((v) => v.policyNo).filter((x): x is string => !!x))];
  const agents = [...new Set(all.map((v) => v.agent).filter((x): x is string => !!x))];

  const [vehicles, found, staff] = await Promise.all([
    tx.rows<VehicleHit>(sql`
      SELECT v.id, v.store_id, v.customer_id, v.plate, v.vin FROM vehicle v
       WHERE v.chain_id = ${chain} AND v.store_id = ANY(${sql.param(task.scopeStoreIds)}::int[])
         AND (v.plate = ANY(${sql.param(plates)}::text[]) OR (v.vin <> '' AND v.vin = ANY(${sql.param(vins)}::text[])))
       ORDER BY v.id`),
    tx.rows<{ id: number; store_id: number; vehicle_id: number; customer_id: number; plate: string; policy_no: string; insurer: string; compulsory_fen: number; commercial_fen: number;
              vehicle_tax_fen: number; lines: PolicyWrite['lines']; agent_id: number | null; agent_name: string; start_date: string; expiry_date: string }>(sql`
      SELECT p.id, p.store_id, p.vehicle_id, p.customer_id, v.plate, p.policy_no, p.insurer, round(p.compulsory_premium * 100)::int AS compulsory_fen,
             round(p.commercial_premium * 100)::int AS commercial_fen, p.vehicle_tax_fen, p.commercial_lines AS lines, p.agent_id, p.agent_name,
             to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.expiry_date, 'YYYY-MM-DD') AS expiry_date
        FROM insurance_policy p JOIN vehicle v ON v.id = p.vehicle_id
       WHERE p.chain_id = ${chain} AND p.policy_no = ANY(${sql.param(numbers)}::text[]) ORDER BY p.id`),
    // 经办人 by name: linked to the account when exactly one of the chain's staff has that name.
    tx.rows<{ nick_name: string; id: number; n: number }>(sql`
      SELECT nick_name, min(id)::int AS id, count(*)::int AS n FROM app_user WHERE chain_id = ${chain} AND nick_name = ANY(${sql.param(agents)}::text[]) GROUP BY nick_name`),
  ]);
  const agentId = new Map(staff.filter((s) => s.n === 1).map((s) => [s.nick_name, s.id]));
  const scope = new Set(task.scopeStoreIds);
  const byNumber = new Map<string, PolicyState>();
  for (const p of found) {
    if (byNumber.has(p.policy_no)) continue;
    byNumber.set(p.policy_no, {
      id: p.id, isNew: false, changed: false, plate: p.plate, inScope: scope.has(p.store_id), chainId: chain, storeId: p.store_id, vehicleId: p.vehicle_id, customerId: p.customer_id,
      insurer: p.insurer, policyNo: p.policy_no, compulsoryFen: p.compulsory_fen, commercialFen: p.commercial_fen, vehicleTaxFen: p.vehicle_tax_fen, lines: p.lines,
      agentId: p.agent_id, agentName: p.agent_name, startDate: p.start_date, expiryDate: p.expiry_date,
    });
  }

  const vehicleOf = (values: PolicyValues): VehicleHit | { field: PolicyField; message: string } => {
    let hits = values.plate ? vehicles.filter((v) => v.plate === values.plate) : [];
    // No vehicle under the plate (or no plate): the VIN, which survives a change of plate.
    if (hits.length === 0 && values.vin) hits = vehicles.filter((v) => v.vin === values.vin);
    if (hits.length > 1 && values.vin) hits = hits.filter((v) => v.vin === values.vin || v.vin === '');
    if (hits.length > 1) hits = hits.filter((v) => v.store_id === task.storeId).length === 1 ? hits.filter((v) => v.store_id === task.storeId) : hits;
    if (hits.length === 0) {
      const what = values.plate ? `车牌号 ${values.plate}` : `车架号 ${values.vin}`;
      return { field: values.plate ? 'plate' : 'vin', message: POLICY_MESSAGES.noVehicle(what) };
    }
    if (hits.length > 1) return { field: 'plate', message: POLICY_MESSAGES.manyVehicles(values.plate ?? '') };
    const [hit] = hits;
    if (values.vin && hit.vin && hit.vin !== values.vin) return { field: 'vin', message: POLICY_MESSAGES.vinMismatch(hit.plate, hit.vin) };
    return hit;
  };

  let nextTemp = -1;
  const outcomes: PolicyOutcome[] = [];
  for (const values of all) {
    const vehicle = vehicleOf(values);
    if ('message' in vehicle) {
      outcomes.push(vehicle);
      continue;
    }
    const existing = byNumber.get(values.policyNo!);
    if (!existing) {
      const policy: PolicyState = {
        id: nextTemp--, isNew: true, changed: true, plate: vehicle.plate, inScope: true, chainId: chain, storeId: vehicle.store_id, vehicleId: vehicle.id, customerId: vehicle.customer_id,
        insurer: values.insurer!, policyNo: values.policyNo!, compulsoryFen: values.compulsoryFen ?? 0, commercialFen: values.commercialFen ?? 0,
        vehicleTaxFen: values.vehicleTaxFen ?? 0, lines: values.coverages ?? [], agentId: values.agent ? (agentId.get(values.agent) ?? null) : null,
        agentName: values.agent ?? '', startDate: values.startDate!, expiryDate: values.endDate!,
      };
      byNumber.set(policy.policyNo, policy);
      outcomes.push('imported');
      continue;
    }
    if (!existing.inScope) {
      outcomes.push({ field: 'policyNo', message: POLICY_MESSAGES.outOfScope(existing.policyNo) });
      continue;
    }
    if (existing.vehicleId !== vehicle.id) {
      outcomes.push({ field: 'policyNo', message: POLICY_MESSAGES.otherVehicle(existing.policyNo, existing.plate) });
      continue;
    }
    if (task.duplicates === 'skip') {
      outcomes.push('skipped');
      continue;
    }
    const mode = task.duplicates;
    const before = JSON.stringify(existing);
    existing.insurer = merge(mode, existing.insurer, values.insurer);
    existing.compulsoryFen = merge(mode, existing.compulsoryFen, values.compulsoryFen);
    existing.commercialFen = merge(mode, existing.commercialFen, values.commercialFen);
    existing.vehicleTaxFen = merge(mode, existing.vehicleTaxFen, values.vehicleTaxFen);
    existing.lines = merge(mode, existing.lines, values.coverages);
    const agentName = merge(mode, existing.agentName, values.agent);
    if (agentName !== existing.agentName) (existing.agentName = agentName), (existing.agentId = agentId.get(agentName) ?? null);
    // The term's days are never empty: only overwrite replaces them.
    if (mode === 'overwrite') (existing.startDate = values.startDate!), (existing.expiryDate = values.endDate!);
    if (JSON.stringify(existing) !== before) existing.changed = true;
    outcomes.push('updated');
  }

  const states = [...byNumber.values()];
  await insertPolicies(tx, states.filter((p) => p.isNew));
  await updatePolicies(tx, chain, states.filter((p) => !p.isNew && p.changed));
  return outcomes;
}
