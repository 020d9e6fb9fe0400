/**
 * The SQL of 客户运营: a chain's lifecycle thresholds and reminder rules (customer_operation_setting,
 * no row = the defaults), the customers each reminder rule hits on a day, and the follow-up tasks
 * those hits become (follow_up_task, one per customer, rule and due day).
 */
import { sql, type Queryable, type SQL } from '../db/database';
import type { Day } from '../../../contracts/dates';
import { addDays } from '../../../contracts/dates';
import { maintenanceDueBetween, maintenanceDueWithin } from './next-maintenance';
import {
  DEFAULT_OPERATION_RULES,
  REMINDER_KINDS,
  type CustomerOperationRules,
  type LifecycleRules,
  type ReminderKind,
  type ReminderRules,
} from '../../../contracts/rules/customer-operations';

export interface StoredRules extends CustomerOperationRules {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

interface SettingRow {
  new_within_days: number;
  active_within_days: number;
  sleeping_within_days: number;
  maintenance_enabled: boolean;
  maintenance_days_before: number;
  maintenance_km_before: number;
  insurance_enabled: boolean;
  insurance_days_before: number;
  birthday_enabled: boolean;
  birthday_days_before: number;
  version: number;
  updated_at: string | Date;
  updated_by: string | null;
}

const isoText = (value: string | Date | null | undefined) => (value == null ? null : value instanceof Date ? value.toISOString() : value);

export async function rulesOf(db: Queryable, chainId: number): Promise<StoredRules> {
  const row = await db.one<SettingRow>(sql`
    SELECT s.*, u.nick_name AS updated_by FROM customer_operation_setting s LEFT JOIN app_user u ON u.id = s.updated_by
     WHERE s.chain_id = ${chainId}`);
  if (!row) return { ...structuredClone(DEFAULT_OPERATION_RULES), version: 0, updatedAt: null, updatedBy: null };
  return {
    lifecycle: { newWithinDays: row.new_within_days, activeWithinDays: row.active_within_days, sleepingWithinDays: row.sleeping_within_days },
    reminders: {
      maintenance: { enabled: row.maintenance_enabled, daysBefore: row.maintenance_days_before, kmBefore: row.maintenance_km_before },
      insurance: { enabled: row.insurance_enabled, daysBefore: row.insurance_days_before },
      birthday: { enabled: row.birthday_enabled, daysBefore: row.birthday_days_before },
    },
    version: row.version,
    updatedAt: isoText(row.updated_at),
    updatedBy: row.updated_by,
  };
}

/**
 * Saves the rules when `version` is still current (0 = the chain has never saved) and answers the
 * new version, or undefined when somebody else saved first.
 */
export async function saveRulesRow(tx: Queryable, chainId: number, userId: number, version: number, rules: CustomerOperationRules): Promise<number | undefined> {
  const { lifecycle: l, reminders: r } = rules;
  if (version === 0) {
    const row = await tx.one<{ version: number }>(sql`
      INSERT INTO customer_operation_setting (chain_id, new_within_days, active_within_days, sleeping_within_days,
             maintenance_enabled, maintenance_days_before, maintenance_km_before, insurance_enabled, insurance_days_before,
             birthday_enabled, birthday_days_before, updated_by)
      VALUES (${chainId}, ${l.newWithinDays}, ${l.activeWithinDays}, ${l.sleepingWithinDays},
             ${r.maintenance.enabled}, ${r.maintenance.daysBefore}, ${r.maintenance.kmBefore}, ${r.insurance.enabled}, ${r.insurance.daysBefore},
             ${r.birthday.enabled}, ${r.birthday.daysBefore}, ${userId})
      ON CONFLICT (chain_id) DO NOTHING RETURNING version`);
    return row?.version;
  }
  const row = await tx.one<{ version: number }>(sql`
    UPDATE customer_operation_setting SET new_within_days = ${l.newWithinDays}, active_within_days = ${l.activeWithinDays},
           sleeping_within_days = ${l.sleepingWithinDays}, maintenance_enabled = ${r.maintenance.enabled},
           maintenance_days_before = ${r.maintenance.daysBefore}, maintenance_km_before = ${r.maintenance.kmBefore},
           insurance_enabled = ${r.insurance.enabled}, insurance_days_before = ${r.insurance.daysBefore},
           birthday_enabled = ${r.birthday.enabled}, birthday_days_before = ${r.birthday.daysBefore},
           version = version + 1, updated_at = now(), updated_by = ${userId}
     WHERE chain_id = ${chainId} AND version = ${version} RETURNING version`);
  return row?.version;
}

/**
 * The chain's thresholds as SQL numbers, read inside the query that needs them (the stage of a
 * customer is computed in the customer list's and board's own SQL): a changed threshold shows in
 * the very next list or board, with no cache to forget. No row = the defaults.
 */
export function chainLifecycleSql(chainId: number): Record<keyof LifecycleRules, SQL> {
  const column = (name: string, fallback: number) =>
    sql`COALESCE((SELECT ${sql.raw(name)} FROM customer_operation_setting WHERE chain_id = ${chainId}), ${fallback}::int)`;
  const defaults = DEFAULT_OPERATION_RULES.lifecycle;
  return {
    newWithinDays: column('new_within_days', defaults.newWithinDays),
    activeWithinDays: column('active_within_days', defaults.activeWithinDays),
    sleepingWithinDays: column('sleeping_within_days', defaults.sleepingWithinDays),
  };
}

/**
 * The customers each enabled reminder rule hits on `today`, as rows (chain, store, customer,
 * vehicle, rule, due day), one per customer, rule and due day. `where` limits the customers `c`.
 * - 保养: the vehicle's next maintenance (repositories/next-maintenance.ts) is due today … today + N,
 *   or fewer than K km remain from its last odometer reading (a car driven more than usual) and the
 *   day is not past; due on that maintenance day.
 * - 保险: the vehicle's insurance expires today … today + N; due on the expiry day.
 * - 生日: the next birthday (29 Feb → 28 Feb in other years) is today … today + N.
 * Overdue maintenance and lapsed insurance are not reminders but recalls: the board's stages.
 */
export function reminderHitsSql(where: SQL, reminders: ReminderRules, today: Day, kinds: readonly ReminderKind[] = REMINDER_KINDS): SQL {
  const day = sql`${today}::date`;
  const arms: SQL[] = [];
  const { maintenance, insurance, birthday } = reminders;
  if (kinds.includes('maintenance') && maintenance.enabled) {
    arms.push(sql`
      SELECT DISTINCT ON (c.id, v.next_maintenance_date) c.chain_id, c.store_id, c.id AS customer_id, v.id AS vehicle_id,
             'maintenance' AS rule, v.next_maintenance_date AS due_on
        FROM customer c JOIN vehicle v ON v.customer_id = c.id AND v.chain_id = c.chain_id
       WHERE ${where}
         AND (${maintenanceDueWithin('v', day, maintenance.daysBefore)}
              OR (${maintenanceDueBetween('v', day, sql`'infinity'::date`)}
                  AND v.next_maintenance_mileage - v.mileage <= ${maintenance.kmBefore}))
       ORDER BY c.id, v.next_maintenance_date, v.id`);
  }
  if (kinds.includes('insurance') && insurance.enabled) {
    arms.push(sql`
      SELECT DISTINCT ON (c.id, v.insurance_expiry) c.chain_id, c.store_id, c.id AS customer_id, v.id AS vehicle_id,
             'insurance' AS rule, v.insurance_expiry AS due_on
        FROM customer c JOIN vehicle v ON v.customer_id = c.id AND v.chain_id = c.chain_id
       WHERE ${where} AND v.insurance_expiry BETWEEN ${day} AND ${addDays(today, insurance.daysBefore)}::date
       ORDER BY c.id, v.insurance_expiry, v.id`);
  }
  if (kinds.includes('birthday') && birthday.enabled) {
    const age = sql`(extract(year FROM ${day})::int - extract(year FROM c.birthday)::int)`;
    const on = (years: SQL) => sql`(c.birthday + make_interval(years => ${years}))::date`;
    arms.push(sql`
      SELECT c.chain_id, c.store_id, c.id AS customer_id, NULL::int AS vehicle_id, 'birthday' AS rule, b.due_on
        FROM customer c
        CROSS JOIN LATERAL (SELECT CASE WHEN ${on(age)} >= ${day} THEN ${on(age)} ELSE ${on(sql`${age} + 1`)} END AS due_on) b
       WHERE ${where} AND c.birthday IS NOT NULL AND b.due_on <= ${addDays(today, birthday.daysBefore)}::date`);
  }
  if (arms.length === 0) return sql`SELECT NULL::int AS chain_id, NULL::int AS store_id, NULL::int AS customer_id, NULL::int AS vehicle_id, NULL::text AS rule, NULL::date AS due_on WHERE FALSE`;
  return sql.join(arms.map((arm) => sql`(${arm})`), sql` UNION ALL `);
}

const zeroCounts = (): Record<ReminderKind, number> => Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, 0])) as Record<ReminderKind, number>;

function countsOf(rows: { rule: ReminderKind; n: number }[]): Record<ReminderKind, number> {
  const counts = zeroCounts();
  for (const row of rows) counts[row.rule] = row.n;
  return counts;
}

/** Customers each rule hits today among `where`, counted once per rule (the preview), whether the rule is on or not. */
export async function reminderCounts(db: Queryable, where: SQL, reminders: ReminderRules, today: Day): Promise<Record<ReminderKind, number>> {
  const allOn: ReminderRules = {
    maintenance: { ...reminders.maintenance, enabled: true },
    insurance: { ...reminders.insurance, enabled: true },
    birthday: { ...reminders.birthday, enabled: true },
  };
  return countsOf(await db.rows(sql`SELECT h.rule, count(DISTINCT h.customer_id)::int AS n FROM (${reminderHitsSql(where, allOn, today)}) h GROUP BY h.rule`));
}

/**
 * Creates the chain's follow-up tasks for `today` from its saved rules. Idempotent, also when runs
 * overlap (two server processes, a click during the daily run): the UNIQUE (customer, rule, due
 * day) lets each task in once and the others do nothing.
 */
export async function generateTasks(db: Queryable, chainId: number, today: Day): Promise<Record<ReminderKind, number>> {
  const { reminders } = await rulesOf(db, chainId);
  const created = await db.rows<{ rule: ReminderKind; n: number }>(sql`
    WITH created AS (
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, vehicle_id, rule, due_on, created_on)
      SELECT h.chain_id, h.store_id, h.customer_id, h.vehicle_id, h.rule, h.due_on, ${today}::date
        FROM (${reminderHitsSql(sql`c.chain_id = ${chainId}`, reminders, today)}) h
      ON CONFLICT (customer_id, rule, due_on) DO NOTHING
      RETURNING rule)
    SELECT rule, count(*)::int AS n FROM created GROUP BY rule`);
  await db.run(sql`
    INSERT INTO follow_up_generation (chain_id, generated_on) VALUES (${chainId}, ${today}::date)
    ON CONFLICT (chain_id) DO UPDATE SET generated_on = EXCLUDED.generated_on, generated_at = now()`);
  return countsOf(created);
}

/** Open tasks by rule, and those created today, in the given stores of the chain. */
export async function taskSummary(db: Queryable, chainId: number, storeIds: number[], today: Day) {
  const rows = await db.rows<{ rule: ReminderKind; open: number; created_today: number }>(sql`
    SELECT rule, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE created_on = ${today}::date)::int AS created_today
      FROM follow_up_task WHERE chain_id = ${chainId} AND store_id = ANY(${sql.param(storeIds)}::int[]) GROUP BY rule`);
  const generation = await db.one<{ generated_at: string | Date }>(sql`SELECT generated_at FROM follow_up_generation WHERE chain_id = ${chainId}`);
  return {
    open: countsOf(rows.map((row) => ({ rule: row.rule, n: row.open }))),
    createdToday: countsOf(rows.map((row) => ({ rule: row.rule, n: row.created_today }))),
    lastGeneratedAt: isoText(generation?.generated_at),
  };
}
