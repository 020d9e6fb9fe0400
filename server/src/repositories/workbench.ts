/**
 * The SQL of 工作台: 流失回访 tasks (the reminder tasks come from repositories/customer-operations.ts),
 * the open tasks in a caller's view, and closing one. A task belongs to whoever it is assigned to,
 * else to the customer's 专属顾问 (customer.advisor_id), else to the store.
 */
import { sql, type Queryable, type SQL } from '../db/database';
import type { TenantScope } from './scope';
import { addDays, type Day } from '../../../contracts/dates';
import { maskMobile } from '../../../contracts/rules/mobile';
import { LOST_RECALL_DAYS, TASK_KINDS, TASK_STALE_DAYS, taskKindsFor, type TaskKind, type TaskView } from '../../../contracts/rules/workbench';
import { hasPermission } from '../auth/context';
import { chainLifecycleSql, generateTasks } from './customer-operations';
import { stageSql } from './stages';
import { refreshPastNextMaintenance } from './next-maintenance';
import type { Database } from '../db/database';

/**
 * 流失回访: one task per customer who turned 流失 (the board's stage, repositories/stages.ts: last
 * visit more than 沉睡天数 ago) within the last LOST_RECALL_DAYS days, due on the day they turned. Idempotent like the reminder tasks (UNIQUE
 * customer, rule, due day): runs may overlap and repeat.
 */
export async function generateLostTasks(db: Queryable, chainId: number, today: Day): Promise<number> {
  const { sleepingWithinDays } = chainLifecycleSql(chainId);
  const day = sql`${today}::date`;
  const created = await db.rows(sql`
    INSERT INTO follow_up_task (chain_id, store_id, customer_id, vehicle_id, rule, due_on, created_on)
    SELECT c.chain_id, c.store_id, c.id, NULL, 'lost', c.last_visit_at::date + ${sleepingWithinDays} + 1, ${day}
      FROM customer c
     WHERE c.chain_id = ${chainId} AND ${stageSql({ chainId, today }, 'c')} = 'lost'
       AND c.last_visit_at >= ${day} - ${sleepingWithinDays} - ${LOST_RECALL_DAYS}::int
    ON CONFLICT (customer_id, rule, due_on) DO NOTHING
    RETURNING id`);
  return created.length;
}

// ── The daily run ──────────────────────────────────────────────────────────────────────────────

/** The durable job that makes the day's tasks of every chain (worker and schedule: routes/workbench.ts). */
export const DAILY_TASKS_JOB = 'daily-tasks';

/** Whether the chain's tasks of `day` are made (the workbench reads only once they are). */
export async function dayIsMade(db: Queryable, chainId: number, day: Day): Promise<boolean> {
  return Boolean(await db.one(sql`SELECT 1 FROM daily_task_run WHERE chain_id = ${chainId} AND day = ${day}::date`));
}

/** Chains whose tasks of `day` are not made yet. */
export async function chainsDue(db: Queryable, day: Day): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`
    SELECT ch.id FROM chain ch WHERE NOT EXISTS (SELECT 1 FROM daily_task_run r WHERE r.chain_id = ch.id AND r.day = ${day}::date) ORDER BY ch.id`);
  return rows.map((row) => row.id);
}

/**
 * Makes one chain's tasks of `day`: its vehicles' 下次保养 brought up to the day, the reminders of its 客户运营 rules (保养/保险/生日) and the
 * 流失回访, in one transaction that first claims (chain, day) in daily_task_run. Exactly once: a
 * concurrent run waits on the claim and then skips; a failed run leaves no claim and is retried.
 * Answers the tasks created, or undefined when the day was already made.
 */
export async function makeDayTasks(db: Database, chainId: number, day: Day) {
  return db.transaction(async (tx) => {
    const claimed = await tx.one(sql`
      INSERT INTO daily_task_run (chain_id, day) VALUES (${chainId}, ${day}::date) ON CONFLICT (chain_id, day) DO NOTHING RETURNING chain_id`);
    if (!claimed) return undefined;
    // 下次保养 as of today first (overdue ones at today's mileage, items never done with us stepping on), then the reminders read it.
    await refreshPastNextMaintenance(tx, chainId, day);
    const created = { ...(await generateTasks(tx, chainId, day)), lost: await generateLostTasks(tx, chainId, day) };
    await tx.run(sql`UPDATE daily_task_run SET created = ${JSON.stringify(created)}::jsonb, made_at = now() WHERE chain_id = ${chainId} AND day = ${day}::date`);
    return created;
  });
}

/** The job's body: every chain not yet made for `day`. Answers the chains this run made. */
export async function makeDueTasks(db: Database, day: Day, stopping: () => boolean = () => false): Promise<number[]> {
  const made: number[] = [];
  for (const chainId of await chainsDue(db, day)) {
    if (stopping()) break;
    if (await makeDayTasks(db, chainId, day)) made.push(chainId);
  }
  return made;
}

export interface TaskRow {
  id: number;
  kind: TaskKind;
  dueOn: string;
  customerId: number;
  customerName: string;
  mobile: string;
  vehicleId: number | null;
  plate: string | null;
  vehicleName: string | null;
  storeId: number;
  storeName: string;
  assigneeName: string | null;
  lastVisitOn: string | null;
  note: string;
}

/** Tasks `t` (joined with their customer `c`) the caller's view holds. */
export function viewCondition(scope: TenantScope, view: TaskView): SQL {
  const stores = scope.storeRows('t');
  // Only the kinds the caller can act on (contracts/rules/workbench.ts, TASK_KIND_PERMISSION).
  const kinds = taskKindsFor((permission) => hasPermission(scope.auth, permission));
  const mine = kinds.length < TASK_KINDS.length ? sql`${stores} AND t.rule = ANY(${sql.param(kinds)}::text[])` : stores;
  return view === 'own' ? sql`${mine} AND COALESCE(t.assignee_id, c.advisor_id) = ${scope.auth.userId}` : mine;
}

/** Open tasks that belong on today's list: not stale, and a scheduled follow-up only once its day has come. */
function listedCondition(today: Day): SQL {
  return sql`t.status = 'open' AND t.due_on >= ${addDays(today, -TASK_STALE_DAYS)}::date AND (t.rule <> 'follow_up' OR t.due_on <= ${today}::date)`;
}

export async function listTasks(db: Queryable, scope: TenantScope, view: TaskView, options: { kind?: TaskKind; limit: number; today: Day; showPhone: boolean }) {
  const where = sql`${viewCondition(scope, view)} AND ${listedCondition(options.today)}`;
  // What is due today (or already passed: a 流失 since last week is called today) first, then by
  // day; on one day a promised follow-up before a birthday before maintenance, insurance, recalls.
  const kindOrder = sql.raw(`array_position(ARRAY[${TASK_KINDS.map((kind) => `'${kind}'`).join(',')}], t.rule)`);
  const [rows, counts, done] = await Promise.all([
    db.rows<TaskRow>(sql`
      SELECT t.id, t.rule AS kind, t.due_on::text AS "dueOn", c.id AS "customerId", c.name AS "customerName", c.mobile,
             v.id AS "vehicleId", v.plate, v.name AS "vehicleName", t.store_id AS "storeId", g.name AS "storeName",
             u.nick_name AS "assigneeName", c.last_visit_at::date::text AS "lastVisitOn", t.note
        FROM follow_up_task t
        JOIN customer c ON c.id = t.customer_id AND c.chain_id = t.chain_id
        JOIN garage g ON g.id = t.store_id
        LEFT JOIN app_user u ON u.id = COALESCE(t.assignee_id, c.advisor_id)
        LEFT JOIN LATERAL (
          SELECT x.id, x.plate, trim(x.brand || ' ' || x.series) AS name FROM vehicle x
           WHERE x.customer_id = c.id AND x.chain_id = c.chain_id
           ORDER BY (x.id = t.vehicle_id) DESC, x.last_visit_at DESC NULLS LAST, x.id LIMIT 1) v ON true
       WHERE ${where} ${options.kind ? sql`AND t.rule = ${options.kind}` : sql``}
       ORDER BY GREATEST(t.due_on, ${options.today}::date), ${kindOrder}, t.due_on, t.id
       LIMIT ${options.limit}`),
    db.rows<{ kind: TaskKind; n: number }>(sql`
      SELECT t.rule AS kind, count(*)::int AS n FROM follow_up_task t JOIN customer c ON c.id = t.customer_id
       WHERE ${where} GROUP BY t.rule`),
    db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM follow_up_task t JOIN customer c ON c.id = t.customer_id
       WHERE ${viewCondition(scope, view)} AND t.status = 'done' AND t.done_at >= ${options.today}::date`),
  ]);
  const countByKind = Object.fromEntries(TASK_KINDS.map((kind) => [kind, counts.find((row) => row.kind === kind)?.n ?? 0])) as Record<TaskKind, number>;
  return {
    tasks: rows.map((row) => ({ ...row, mobile: options.showPhone ? row.mobile : maskMobile(row.mobile) })),
    counts: countByKind,
    total: Object.values(countByKind).reduce((sum, n) => sum + n, 0),
    doneToday: done?.n ?? 0,
  };
}

interface ClosedTask {
  id: number;
  status: 'open' | 'done' | 'dismissed';
  done_at: string | Date | null;
  done_by: string | null;
  chain_id: number;
  store_id: number;
  customer_id: number;
  vehicle_id: number | null;
}

const isoText = (value: string | Date | null) => (value == null ? null : value instanceof Date ? value.toISOString() : value);

/**
 * Closes a task in the caller's view. Only the request that moves it from open to done writes the
 * note and schedules the next follow-up; a repeated or concurrent close answers changed: false.
 * Undefined when the task is not in the caller's view (another chain, store or advisor).
 */
export async function finishTask(tx: Queryable, scope: TenantScope, view: TaskView, input: { id: number; note?: string; nextFollowUpOn?: Day; today: Day }) {
  const visible = viewCondition(scope, view);
  const closed = await tx.one<ClosedTask>(sql`
    UPDATE follow_up_task t SET status = 'done', done_at = now(), done_by = ${scope.auth.userId},
           note = ${input.note ? sql`${input.note}` : sql`t.note`}
      FROM customer c
     WHERE t.id = ${input.id} AND c.id = t.customer_id AND ${visible} AND t.status = 'open'
    RETURNING t.id, t.status, t.done_at, ${scope.auth.nickName}::text AS done_by, t.chain_id, t.store_id, t.customer_id, t.vehicle_id`);
  if (!closed) {
    const existing = await tx.one<ClosedTask>(sql`
      SELECT t.id, t.status, t.done_at, u.nick_name AS done_by, t.chain_id, t.store_id, t.customer_id, t.vehicle_id
        FROM follow_up_task t JOIN customer c ON c.id = t.customer_id LEFT JOIN app_user u ON u.id = t.done_by
       WHERE t.id = ${input.id} AND ${visible}`);
    if (!existing) return undefined;
    return { id: existing.id, status: existing.status, changed: false, doneAt: isoText(existing.done_at), doneBy: existing.done_by, followUpId: null };
  }
  let followUpId: number | null = null;
  if (input.nextFollowUpOn) {
    const made = await tx.one<{ id: number }>(sql`
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, vehicle_id, rule, due_on, created_on, assignee_id, note)
      VALUES (${closed.chain_id}, ${closed.store_id}, ${closed.customer_id}, ${closed.vehicle_id}, 'follow_up', ${input.nextFollowUpOn}::date,
              ${input.today}::date, ${scope.auth.userId}, ${input.note ?? ''})
      ON CONFLICT (customer_id, rule, due_on) DO UPDATE SET status = 'open', assignee_id = EXCLUDED.assignee_id, note = EXCLUDED.note
      RETURNING id`);
    followUpId = made?.id ?? null;
  }
  return { id: closed.id, status: closed.status, changed: true, doneAt: isoText(closed.done_at), doneBy: closed.done_by, followUpId };
}
