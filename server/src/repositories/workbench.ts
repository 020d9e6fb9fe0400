/**
 * The SQL of 工作台: 流失回访 tasks (the reminder tasks come from repositories/customer-operations.ts),
 * the open tasks in a caller's view, and closing one. A task belongs to whoever it is assigned to,
 * else to the customer's 专属顾问 (customer.advisor_id), else to the store.
 */
import { sql, type Queryable, type SQL } from '../db/database';
import type { TenantScope } from './scope';
import { addDays, type Day } from '../../../contracts/dates';
import { maskMobile } from '../../../contracts/rules/mobile';
import { LOST_RECALL_DAYS, TASK_KINDS, TASK_STALE_DAYS, mayUndoTask, taskKindsFor, type TaskKind, type TaskResult, type TaskView } from '../../../contracts/rules/workbench';
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
  result: TaskResult | null;
  doneNote: string | null;
  doneAt: string | null;
  doneBy: string | null;
  mayUndo: boolean;
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

/** Tasks closed on the garage's day `today` (the session's time zone is the garage's). */
function doneTodayCondition(today: Day): SQL {
  return sql`t.status = 'done' AND t.done_at >= ${today}::date AND t.done_at < ${addDays(today, 1)}::date`;
}

export interface TaskListOptions {
  kind?: TaskKind;
  status: 'open' | 'done';
  page: number;
  pageSize: number;
  today: Day;
  showPhone: boolean;
}

/**
 * One page of the open tasks (or of those closed today) in the caller's view, with the open ones
 * counted per kind under the same condition, so paging through a kind lists exactly its count.
 */
export async function listTasks(db: Queryable, scope: TenantScope, view: TaskView, options: TaskListOptions) {
  const visible = viewCondition(scope, view);
  const open = sql`${visible} AND ${listedCondition(options.today)}`;
  const done = sql`${visible} AND ${doneTodayCondition(options.today)}`;
  // Open: what is due today (or already passed: a 流失 since last week is called today) first, then
  // by day; on one day a promised follow-up before a birthday before maintenance, insurance, recalls.
  // Closed: the latest first. The id last keeps pages apart.
  const kindOrder = sql.raw(`array_position(ARRAY[${TASK_KINDS.map((kind) => `'${kind}'`).join(',')}], t.rule)`);
  const order = options.status === 'open' ? sql`GREATEST(t.due_on, ${options.today}::date), ${kindOrder}, t.due_on, t.id` : sql`t.done_at DESC, t.id DESC`;
  const [rows, counts, doneCount] = await Promise.all([
    db.rows<Omit<TaskRow, 'mayUndo'> & { doneOn: string | null; doneById: number | null; doneAt: string | Date | null }>(sql`
      SELECT t.id, t.rule AS kind, t.due_on::text AS "dueOn", c.id AS "customerId", c.name AS "customerName", c.mobile,
             v.id AS "vehicleId", v.plate, v.name AS "vehicleName", t.store_id AS "storeId", g.name AS "storeName",
             u.nick_name AS "assigneeName", c.last_visit_at::date::text AS "lastVisitOn", t.note,
             t.result, t.done_note AS "doneNote", t.done_at AS "doneAt", t.done_at::date::text AS "doneOn", t.done_by AS "doneById", d.nick_name AS "doneBy"
        FROM follow_up_task t
        JOIN customer c ON c.id = t.customer_id AND c.chain_id = t.chain_id
        JOIN garage g ON g.id = t.store_id
        LEFT JOIN app_user u ON u.id = COALESCE(t.assignee_id, c.advisor_id)
        LEFT JOIN app_user d ON d.id = t.done_by
        LEFT JOIN LATERAL (
          SELECT x.id, x.plate, trim(x.brand || ' ' || x.series) AS name FROM vehicle x
           WHERE x.customer_id = c.id AND x.chain_id = c.chain_id
           ORDER BY (x.id = t.vehicle_id) DESC, x.last_visit_at DESC NULLS LAST, x.id LIMIT 1) v ON true
       WHERE ${options.status === 'open' ? open : done} ${options.kind ? sql`AND t.rule = ${options.kind}` : sql``}
       ORDER BY ${order}
       LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`),
    db.rows<{ kind: TaskKind; n: number }>(sql`
      SELECT t.rule AS kind, count(*)::int AS n FROM follow_up_task t JOIN customer c ON c.id = t.customer_id
       WHERE ${open} GROUP BY t.rule`),
    db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM follow_up_task t JOIN customer c ON c.id = t.customer_id WHERE ${done}`),
  ]);
  const countByKind = Object.fromEntries(TASK_KINDS.map((kind) => [kind, counts.find((row) => row.kind === kind)?.n ?? 0])) as Record<TaskKind, number>;
  const caller = { userId: scope.auth.userId, view };
  return {
    tasks: rows.map(({ doneOn, doneById, ...row }) => ({
      ...row,
      mobile: options.showPhone ? row.mobile : maskMobile(row.mobile),
      doneAt: isoText(row.doneAt),
      mayUndo: doneOn !== null && mayUndoTask({ doneOn, doneById }, caller, options.today),
    })),
    counts: countByKind,
    total: Object.values(countByKind).reduce((sum, n) => sum + n, 0),
    doneToday: doneCount?.n ?? 0,
    page: options.page,
    pageSize: options.pageSize,
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
 * Closes a task in the caller's view with how the call went. Only the request that moves it from
 * open to done records the result and note and schedules the next follow-up; a repeated or
 * concurrent close answers changed: false. Undefined when the task is not in the caller's view
 * (another chain, store or advisor).
 */
export async function finishTask(tx: Queryable, scope: TenantScope, view: TaskView, input: { id: number; result: TaskResult; note?: string; nextFollowUpOn?: Day; today: Day }) {
  const visible = viewCondition(scope, view);
  const closed = await tx.one<ClosedTask>(sql`
    UPDATE follow_up_task t SET status = 'done', done_at = now(), done_by = ${scope.auth.userId}, result = ${input.result}, done_note = ${input.note ?? ''}
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
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, vehicle_id, rule, due_on, created_on, assignee_id, note, from_task_id)
      VALUES (${closed.chain_id}, ${closed.store_id}, ${closed.customer_id}, ${closed.vehicle_id}, 'follow_up', ${input.nextFollowUpOn}::date,
              ${input.today}::date, ${scope.auth.userId}, ${input.note ?? ''}, ${closed.id})
      ON CONFLICT (customer_id, rule, due_on) DO UPDATE SET status = 'open', assignee_id = EXCLUDED.assignee_id, note = EXCLUDED.note
      RETURNING id`);
    followUpId = made?.id ?? null;
  }
  return { id: closed.id, status: closed.status, changed: true, doneAt: isoText(closed.done_at), doneBy: closed.done_by, followUpId };
}

/**
 * Reopens a task closed today, by who closed it or a manager (mayUndoTask): back on the list as it
 * was, and the 预约跟进 its close scheduled taken back while still open. Undefined when the task is
 * not in the caller's view; 'notToday' / 'notYours' when the rule refuses; changed: false when it
 * is open already (a repeated or concurrent undo).
 */
export async function undoTask(tx: Queryable, scope: TenantScope, view: TaskView, input: { id: number; today: Day }) {
  const task = await tx.one<{ id: number; status: string; done_on: string | null; done_by: number | null }>(sql`
    SELECT t.id, t.status, t.done_at::date::text AS done_on, t.done_by FROM follow_up_task t JOIN customer c ON c.id = t.customer_id
     WHERE t.id = ${input.id} AND ${viewCondition(scope, view)} FOR UPDATE OF t`);
  if (!task) return undefined;
  if (task.status !== 'done' || task.done_on === null) return { id: task.id, changed: false, removedFollowUpId: null };
  if (task.done_on !== input.today) return 'notToday' as const;
  if (!mayUndoTask({ doneOn: task.done_on, doneById: task.done_by }, { userId: scope.auth.userId, view }, input.today)) return 'notYours' as const;
  await tx.run(sql`UPDATE follow_up_task SET status = 'open', result = NULL, done_note = NULL, done_at = NULL, done_by = NULL WHERE id = ${task.id}`);
  const removed = await tx.one<{ id: number }>(sql`DELETE FROM follow_up_task WHERE from_task_id = ${task.id} AND status = 'open' RETURNING id`);
  return { id: task.id, changed: true, removedFollowUpId: removed?.id ?? null };
}
