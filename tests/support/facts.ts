/**
 * Issue 33's facts computed in the test from plain rows with the contracts' rules (never the
 * server's SQL): customer stages (contracts/rules/customer.ts, stageOf) and renewals
 * (contracts/insurance.ts, isRenewed). Equality tests compare every page's API with these.
 */
import { sql, type Queryable } from '../../server/src/db/database';
import { addDays } from '../../contracts/dates';
import { LIFECYCLE_RULES, LIFECYCLE_STAGES, stageOf, type LifecycleStage } from '../../contracts/rules/customer';
import { isRenewed, type RenewalState } from '../../contracts/insurance';

export type Stages = Record<LifecycleStage, number>;
export const noStages = (): Stages => Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, 0])) as Stages;

/** The chain's stage days (客户运营), or the defaults. */
export async function lifecycleOf(db: Queryable, chainId: number) {
  const row = await db.one<{ newWithinDays: number; activeWithinDays: number; sleepingWithinDays: number }>(sql`
    SELECT new_within_days AS "newWithinDays", active_within_days AS "activeWithinDays", sleeping_within_days AS "sleepingWithinDays"
      FROM customer_operation_setting WHERE chain_id = ${chainId}`);
  return row ?? { ...LIFECYCLE_RULES };
}

/**
 * Each customer of the stores and their stage on `asOf` (garage days; the session's time zone is
 * the garage's): at a past day only customers registered by then, and their visits up to it.
 */
export async function stagesFromRows(db: Queryable, chainId: number, storeIds: number[], asOf: string) {
  const rules = await lifecycleOf(db, chainId);
  const people = await db.rows<{ id: number; storeId: number; first: string | null; last: string | null; created: string }>(sql`
    SELECT id, store_id AS "storeId", first_visit_at::date::text AS first, last_visit_at::date::text AS last, created_at::date::text AS created
      FROM customer WHERE chain_id = ${chainId} AND store_id = ANY(${sql.param(storeIds)}::int[]) ORDER BY id`);
  const orders = await db.rows<{ customerId: number; day: string }>(sql`
    SELECT customer_id AS "customerId", max(maint_date)::text AS day FROM maintenance_record
     WHERE chain_id = ${chainId} AND maint_date <= ${asOf}::date GROUP BY 1`);
  const lastOrder = new Map(orders.map((row) => [row.customerId, row.day]));
  const stageById = new Map<number, { storeId: number; stage: LifecycleStage }>();
  for (const person of people) {
    if (person.created > asOf) continue;
    const lastVisit = person.last === null || person.last <= asOf ? person.last : (lastOrder.get(person.id) ?? null);
    const firstVisit = person.first !== null && person.first <= asOf ? person.first : null;
    stageById.set(person.id, { storeId: person.storeId, stage: stageOf({ firstVisit, lastVisit, created: person.created }, asOf, rules) });
  }
  const count = (storeId?: number) => {
    const counts = noStages();
    for (const each of stageById.values()) if (storeId === undefined || each.storeId === storeId) counts[each.stage] += 1;
    return counts;
  };
  return { stageById, totals: count(), byStore: storeIds.map((storeId) => ({ storeId, ...count(storeId) })), rules };
}

/** Terms of the stores expiring in [from, to] and how many were renewed, per store, by the contract's rule. */
export async function renewalsFromRows(db: Queryable, chainId: number, storeIds: number[], from: string, to: string) {
  const terms = await db.rows<{ id: number; vehicleId: number; storeId: number; startDate: string; expiryDate: string; state: RenewalState }>(sql`
    SELECT p.id, p.vehicle_id AS "vehicleId", p.store_id AS "storeId", p.start_date::text AS "startDate", p.expiry_date::text AS "expiryDate",
           COALESCE(r.state, 'pending') AS state
      FROM insurance_policy p LEFT JOIN insurance_renewal r ON r.policy_id = p.id WHERE p.chain_id = ${chainId}`);
  const due = terms.filter((term) => storeIds.includes(term.storeId) && term.expiryDate >= from && term.expiryDate <= to);
  const renewed = due.filter((term) => isRenewed(term, terms, addDays));
  const perStore = (list: typeof due) => Object.fromEntries(storeIds.map((storeId) => [storeId, list.filter((term) => term.storeId === storeId).length]));
  return { due: due.length, renewed: renewed.length, dueByStore: perStore(due), renewedByStore: perStore(renewed) };
}
