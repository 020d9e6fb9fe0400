/**
 * 工作台 and 智慧大屏 over real HTTP: who sees which tasks (headquarters all, a manager the store's,
 * an advisor their own, never the other chain), 流失回访 tasks as an independent reading of the
 * lifecycle rule says, closing a task once however often and however concurrently it is closed,
 * bad input refused in Chinese with nothing changed, and the figures against the raw rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/workbench';
import { addDays, daysBetween, today as todayIn } from '../../../contracts/dates';
import { LOST_RECALL_DAYS, TASK_KINDS, TASK_PAGE_SIZE, TASK_STALE_DAYS, WORKBENCH_MESSAGES as MSG } from '../../../contracts/rules/workbench';

type Tasks = AnswerOf<typeof calls.tasks>;
type Finish = AnswerOf<typeof calls.finishTask>;
type Undo = AnswerOf<typeof calls.undoTask>;

let server: TestServer;
let admin: string;
let manager: string;
let frontdesk: string;
let hxAdmin: string;
const today = todayIn();

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, frontdesk, hxAdmin] = await Promise.all(['admin', 'manager', 'frontdesk', 'hx-admin'].map((name) => server.loginToken(name)));
});
afterAll(() => server?.close());

const tasksOf = async (token: string, query: Record<string, string | number> = {}) => {
  const answer = await server.call<Tasks>('GET', '/workbench/tasks', { token, query: { pageSize: 200, ...query } });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const undo = (token: string, id: number) => server.call<Undo>('POST', '/workbench/tasks/undo', { token, body: { id } });
const finish = (token: string, body: Record<string, unknown>) => server.call<Finish>('POST', '/workbench/tasks/done', { token, body: { result: 'reached', ...body } });

/** Open, listed tasks of chain 1 read straight from the table, with the customer's advisor. */
const listedRows = () =>
  server.db.rows<{ id: number; store_id: number; rule: string; owner: number | null }>(sql`
    SELECT t.id, t.store_id, t.rule, COALESCE(t.assignee_id, c.advisor_id) AS owner FROM follow_up_task t JOIN customer c ON c.id = t.customer_id
     WHERE t.chain_id = 1 AND t.status = 'open' AND t.due_on >= ${addDays(today, -TASK_STALE_DAYS)}::date AND (t.rule <> 'follow_up' OR t.due_on <= ${today}::date)`);

describe('潜在客户 due for follow-up', () => {
  /** Open leads due today or before, counted straight from the table. */
  const dueLeads = async (chainId: number, storeIds?: number[]) =>
    (await server.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM potential_customer
       WHERE chain_id = ${chainId} AND next_follow_up <= ${today}::date AND status IN ('pending', 'following')
         ${storeIds ? sql`AND store_id = ANY(${sql.param(storeIds)}::int[])` : sql``}`))!.n;

  it('counts the leads each person may follow up, and none for who cannot open 潜在客户', async () => {
    // One more due lead in 城东店 and one not yet due, so the counts move for the right reason.
    await server.db.run(sql`
      INSERT INTO potential_customer (chain_id, store_id, name, mobile, status, owner_id, next_follow_up)
      VALUES (1, 2, '工作台测试线索', '13700000001', 'following', 2, ${today}::date),
             (1, 2, '明天的线索', '13700000002', 'pending', 2, ${addDays(today, 1)}::date)`);
    const [all, store, desk, other] = await Promise.all([tasksOf(admin), tasksOf(manager), tasksOf(frontdesk), tasksOf(hxAdmin)]);
    expect(all.leadsDue).toBe(await dueLeads(1));
    expect(store.leadsDue).toBe(await dueLeads(1, [2]));
    expect(store.leadsDue).toBeGreaterThan(0);
    expect(all.leadsDue).toBeGreaterThanOrEqual(store.leadsDue!);
    expect(desk.leadsDue).toBeNull(); // 前台 has no 客户导入, so no link to a page it cannot open
    expect(other.leadsDue).toBe(await dueLeads(2));
  });
});

describe('today’s tasks by role', () => {
  it('makes 流失回访 tasks for exactly the customers who turned 流失 in the last 30 days', async () => {
    await tasksOf(admin);
    const customers = await server.db.rows<{ id: number; last_day: string | null }>(sql`
      SELECT id, (last_visit_at AT TIME ZONE current_setting('TimeZone'))::date::text AS last_day FROM customer WHERE chain_id = 1`);
    const expected = new Set<string>();
    for (const customer of customers) {
      if (!customer.last_day) continue;
      // 流失 from the day after 沉睡天数 (365 by default) have passed since the last visit.
      const lostOn = addDays(customer.last_day, 365 + 1);
      const since = daysBetween(lostOn, today);
      if (since >= 0 && since < LOST_RECALL_DAYS) expected.add(`${customer.id}|${lostOn}`);
    }
    expect(expected.size).toBeGreaterThan(0);
    const made = await server.db.rows<{ customer_id: number; due_on: string }>(sql`SELECT customer_id, due_on::text FROM follow_up_task WHERE chain_id = 1 AND rule = 'lost'`);
    expect(new Set(made.map((row) => `${row.customer_id}|${row.due_on}`))).toEqual(expected);
  });

  it('shows headquarters every store’s tasks, a manager the store’s, an advisor their own, and nothing of the other chain', async () => {
    const rows = await listedRows();
    expect(rows.length).toBeGreaterThan(0);
    const everything = await tasksOf(admin);
    expect(everything.view).toBe('all');
    expect(everything.total).toBe(rows.length);
    for (const kind of TASK_KINDS) expect(everything.counts[kind], kind).toBe(rows.filter((row) => row.rule === kind).length);

    const store = await tasksOf(manager);
    expect(store.view).toBe('store');
    expect(store.total).toBe(rows.filter((row) => row.store_id === 2).length);
    expect(store.tasks.every((task) => task.storeId === 2)).toBe(true);

    const own = await tasksOf(frontdesk);
    expect(own.view).toBe('own');
    // 前台 has no 保险: its 保险到期 tasks are nobody's on its list (the next test).
    expect(own.total).toBe(rows.filter((row) => row.owner === 3 && row.rule !== 'insurance').length);
    expect(own.total).toBeGreaterThan(0);
    expect(own.tasks.every((task) => task.storeId === 3 && task.assigneeName === '王小雨')).toBe(true);
    // The store's unassigned tasks are not the advisor's.
    expect(rows.some((row) => row.store_id === 3 && row.owner === null)).toBe(true);

    const other = await tasksOf(hxAdmin);
    const ids = new Set(everything.tasks.map((task) => task.id));
    expect(other.tasks.some((task) => ids.has(task.id))).toBe(false);
    expect(other.tasks.every((task) => task.storeId === 6 || task.storeId === 7)).toBe(true);
  });

  it('gives a 保险到期 task only to those who can open 保险查询: 前台 neither lists, counts nor closes it', async () => {
    const [task] = (await listedRows()).filter((row) => row.rule === 'insurance' && row.store_id === 3);
    expect(task).toBeDefined();
    await server.db.run(sql`UPDATE follow_up_task SET assignee_id = 3 WHERE id = ${task!.id}`);
    const own = await tasksOf(frontdesk);
    expect(own.counts.insurance).toBe(0);
    expect(own.tasks.some((each) => each.id === task!.id)).toBe(false);
    expect(await finish(frontdesk, { id: task!.id })).toMatchObject({ code: 404, msg: MSG.taskNotFound });
    expect((await server.db.one<{ status: string }>(sql`SELECT status FROM follow_up_task WHERE id = ${task!.id}`))!.status).toBe('open');
    // Headquarters (every permission) has it, assigned to 王小雨.
    const all = await tasksOf(admin, { kind: 'insurance' });
    expect(all.tasks.find((each) => each.id === task!.id)?.assigneeName).toBe('王小雨');
  });

  it('filters by kind and lists each task with its customer, vehicle and store', async () => {
    const all = await tasksOf(admin);
    const kind = TASK_KINDS.find((each) => all.counts[each] > 0)!;
    const some = await tasksOf(admin, { kind });
    expect(some.tasks.length).toBe(Math.min(all.counts[kind], 200));
    expect(some.tasks.every((task) => task.kind === kind)).toBe(true);
    const first = some.tasks[0]!;
    const customer = await server.db.one<{ name: string; mobile: string }>(sql`SELECT name, mobile FROM customer WHERE id = ${first.customerId}`);
    expect(first.customerName).toBe(customer!.name);
    expect(first.mobile).toBe(customer!.mobile);
    if (first.vehicleId !== null) {
      const vehicle = await server.db.one<{ customer_id: number; plate: string }>(sql`SELECT customer_id, plate FROM vehicle WHERE id = ${first.vehicleId}`);
      expect(vehicle).toEqual({ customer_id: first.customerId, plate: first.plate });
    }
  });
});

describe('every task of the day, page by page', () => {
  /** Every page of a query, `size` tasks a page, until a short page. */
  async function allPages(token: string, query: Record<string, string | number>, size: number) {
    const seen: Tasks['tasks'] = [];
    for (let page = 1; ; page++) {
      const answer = await tasksOf(token, { ...query, page, pageSize: size });
      seen.push(...answer.tasks);
      if (answer.tasks.length < size) return seen;
    }
  }

  it('lists more tasks than one page holds: each kind’s pages hold exactly its count, no task twice or missing', async () => {
    await tasksOf(admin); // the day is made
    // A busy morning in 城东店: 70 more maintenance reminders due today than the demo has.
    await server.db.run(sql`
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, rule, due_on, created_on)
      SELECT c.chain_id, c.store_id, c.id, 'maintenance', ${today}::date, ${today}::date FROM customer c
       WHERE c.chain_id = 1 AND c.store_id = 2 ORDER BY c.id LIMIT 70
      ON CONFLICT (customer_id, rule, due_on) DO NOTHING`);
    const first = await server.call<Tasks>('GET', '/workbench/tasks', { token: manager });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.total).toBeGreaterThan(TASK_PAGE_SIZE.default);
    expect(first.data.tasks).toHaveLength(TASK_PAGE_SIZE.default);
    expect(first.data).toMatchObject({ page: 1, pageSize: TASK_PAGE_SIZE.default });

    const expected = (await listedRows()).filter((row) => row.store_id === 2);
    const everything = await allPages(manager, {}, 17);
    const ids = everything.map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(expected.map((row) => row.id)));
    expect(ids).toHaveLength(first.data.total);
    for (const kind of TASK_KINDS) {
      const ofKind = await allPages(manager, { kind }, 17);
      expect(ofKind.length, kind).toBe(first.data.counts[kind]);
      expect(ofKind.every((task) => task.kind === kind)).toBe(true);
    }
    // Past the last page: nothing, and the same counts.
    const beyond = await tasksOf(manager, { page: 99 });
    expect(beyond.tasks).toEqual([]);
    expect(beyond.counts).toEqual(first.data.counts);
  });
});

describe('undoing a close', () => {
  // Three more of 王小雨's own (城西店's birthdays given to her), so the closing tests keep theirs.
  beforeAll(() =>
    server.db.run(sql`
      INSERT INTO follow_up_task (chain_id, store_id, customer_id, rule, due_on, created_on, assignee_id)
      SELECT c.chain_id, c.store_id, c.id, 'birthday', ${today}::date, ${today}::date, 3 FROM customer c
       WHERE c.chain_id = 1 AND c.store_id = 3 ORDER BY c.id DESC LIMIT 3
      ON CONFLICT (customer_id, rule, due_on) DO NOTHING`));
  const ownTask = async () => (await tasksOf(frontdesk)).tasks[0]!;
  const statusOf = async (id: number) => (await server.db.one<{ status: string; result: string | null; done_by: number | null }>(sql`SELECT status, result, done_by FROM follow_up_task WHERE id = ${id}`))!;

  it('gives back a task closed today to who closed it, with the 预约跟进 its close scheduled taken back', async () => {
    const task = await ownTask();
    const closed = await finish(frontdesk, { id: task.id, result: 'booked', note: '周六上午到店', nextFollowUpOn: addDays(today, 5) });
    expect(closed.code, closed.msg).toBe(0);
    const followUpId = closed.data.followUpId!;
    expect(followUpId).toBeGreaterThan(0);

    const done = await tasksOf(frontdesk, { status: 'done' });
    expect(done.tasks.find((each) => each.id === task.id)).toMatchObject({ result: 'booked', doneNote: '周六上午到店', doneBy: '王小雨', mayUndo: true });
    expect(done.tasks).toHaveLength(done.doneToday);
    expect((await tasksOf(frontdesk)).tasks.some((each) => each.id === task.id)).toBe(false);

    // Pressed three times at once: one undo, the others find it open.
    const runs = await Promise.all([1, 2, 3].map(() => undo(frontdesk, task.id)));
    for (const run of runs) expect(run.code, run.msg).toBe(0);
    expect(runs.filter((run) => run.data.changed).map((run) => run.data.removedFollowUpId)).toEqual([followUpId]);
    expect(await statusOf(task.id)).toEqual({ status: 'open', result: null, done_by: null });
    expect(await server.db.one(sql`SELECT id FROM follow_up_task WHERE id = ${followUpId}`)).toBeUndefined();
    const again = await tasksOf(frontdesk);
    expect(again.tasks.find((each) => each.id === task.id)).toMatchObject({ result: null, doneAt: null, mayUndo: false });
    expect(again.doneToday).toBe(done.doneToday - 1);
    // And it closes again, as any open task.
    expect((await finish(frontdesk, { id: task.id, result: 'reached' })).data.changed).toBe(true);
  });

  it('refuses an undo of another store’s or chain’s task, of a colleague’s close, and of yesterday’s, changing nothing', async () => {
    // 城东店's task, closed by its manager: invisible to 城西店's front desk and to the other chain.
    const eastTask = (await tasksOf(manager)).tasks[0]!;
    expect((await finish(manager, { id: eastTask.id })).code).toBe(0);
    for (const token of [frontdesk, hxAdmin]) expect(await undo(token, eastTask.id)).toMatchObject({ code: 404, msg: MSG.taskNotFound });
    expect((await statusOf(eastTask.id)).status).toBe('done');

    // 王小雨's own task closed by headquarters: she sees it, but may not erase 陈总's record.
    const hers = await ownTask();
    expect((await finish(admin, { id: hers.id, note: '总部已回访' })).code).toBe(0);
    const seen = await tasksOf(frontdesk, { status: 'done' });
    expect(seen.tasks.find((each) => each.id === hers.id)).toMatchObject({ doneBy: '陈总', mayUndo: false });
    expect(await undo(frontdesk, hers.id)).toMatchObject({ code: 403, msg: MSG.undoNotYours, data: null });
    expect(await statusOf(hers.id)).toMatchObject({ status: 'done', done_by: 1 });
    // A manager of the store may (headquarters sees every store).
    expect((await undo(admin, hers.id)).data.changed).toBe(true);

    // Closed yesterday: the day's record stands, even for who closed it and for headquarters.
    const old = await ownTask();
    expect((await finish(frontdesk, { id: old.id })).code).toBe(0);
    await server.db.run(sql`UPDATE follow_up_task SET done_at = ${addDays(today, -1)}::date + time '18:00' WHERE id = ${old.id}`);
    expect((await tasksOf(frontdesk, { status: 'done' })).tasks.some((each) => each.id === old.id)).toBe(false);
    for (const token of [frontdesk, admin]) expect(await undo(token, old.id)).toMatchObject({ code: 409, msg: MSG.undoNotToday });
    expect(await statusOf(old.id)).toMatchObject({ status: 'done', result: 'reached', done_by: 3 });

    for (const body of [{}, { id: 'x' }, { id: -1 }]) {
      const answer = await server.call('POST', '/workbench/tasks/undo', { token: frontdesk, body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(/任务/);
    }
  });
});

describe('closing a task', () => {
  /** An open task of 城西店 whose customer the advisor 王小雨 (user 3) looks after. */
  async function advisorTask(): Promise<number> {
    const own = await tasksOf(frontdesk);
    return own.tasks[0]!.id;
  }

  it('closes once: a repeated or concurrent close changes nothing and schedules no second follow-up', async () => {
    const id = await advisorTask();
    const runs = await Promise.all(Array.from({ length: 4 }, () => finish(frontdesk, { id, note: '已电话联系，客户周六到店', nextFollowUpOn: addDays(today, 3) })));
    for (const run of runs) expect(run.code, run.msg).toBe(0);
    expect(runs.filter((run) => run.data.changed)).toHaveLength(1);
    expect(runs.every((run) => run.data.status === 'done' && run.data.doneBy === '王小雨')).toBe(true);
    const again = await finish(frontdesk, { id });
    expect(again.data.changed).toBe(false);
    const task = await server.db.one<{ status: string; result: string; done_note: string; done_by: number }>(sql`SELECT status, result, done_note, done_by FROM follow_up_task WHERE id = ${id}`);
    expect(task).toEqual({ status: 'done', result: 'reached', done_note: '已电话联系，客户周六到店', done_by: 3 });
    const followUps = await server.db.rows<{ due_on: string; assignee_id: number }>(sql`
      SELECT due_on::text, assignee_id FROM follow_up_task WHERE rule = 'follow_up' AND customer_id = (SELECT customer_id FROM follow_up_task WHERE id = ${id})`);
    expect(followUps).toEqual([{ due_on: addDays(today, 3), assignee_id: 3 }]);
    // Not on the list before its day; on top of it once the day has come.
    expect((await tasksOf(frontdesk)).tasks.some((each) => each.id === id)).toBe(false);
    const followUpId = runs.find((run) => run.data.changed)!.data.followUpId!;
    expect((await tasksOf(frontdesk)).tasks.some((each) => each.id === followUpId)).toBe(false);
    await server.db.run(sql`UPDATE follow_up_task SET due_on = ${today}::date WHERE id = ${followUpId}`);
    const listed = await tasksOf(frontdesk);
    expect(listed.tasks[0]).toMatchObject({ id: followUpId, kind: 'follow_up' });
    expect(listed.doneToday).toBeGreaterThanOrEqual(1);
  });

  it('refuses tasks outside the caller’s view: another store, another advisor’s, the other chain', async () => {
    const rows = await listedRows();
    const storeTwo = rows.find((row) => row.store_id === 2)!;
    const unassigned = rows.find((row) => row.store_id === 3 && row.owner === null)!;
    for (const [token, id] of [[frontdesk, storeTwo.id], [frontdesk, unassigned.id], [manager, unassigned.id], [hxAdmin, storeTwo.id]] as const) {
      const answer = await finish(token, { id });
      expect(answer.code).toBe(404);
      expect(answer.msg).toBe(MSG.taskNotFound);
    }
    const still = await server.db.rows<{ status: string }>(sql`SELECT status FROM follow_up_task WHERE id IN (${storeTwo.id}, ${unassigned.id})`);
    expect(still.every((row) => row.status === 'open')).toBe(true);
    // The manager closes the store's task.
    expect((await finish(manager, { id: storeTwo.id })).data.changed).toBe(true);
  });

  it('refuses malformed input in Chinese, never a 500, and changes nothing', async () => {
    const id = await advisorTask();
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{}, /请填写任务/],
      // A result not chosen asks for one, as a front-desk clerk understands it (was 「联系结果格式不正确」).
      [{ id, result: undefined }, '请选择联系结果'],
      [{ id, result: '' }, '请选择联系结果'],
      [{ id, result: null }, '请选择联系结果'],
      [{ id, result: 'maybe' }, /不支持的联系结果/],
      [{ id: 'abc' }, /任务格式不正确/],
      [{ id: -4 }, /任务格式不正确/],
      [{ id: 99999999999 }, /任务格式不正确/],
      [{ id, nextFollowUpOn: '2026-02-30' }, /下次跟进日期不是有效的日期/],
      [{ id, nextFollowUpOn: 'tomorrow' }, /下次跟进日期应为/],
      [{ id, nextFollowUpOn: today }, MSG.followUpPast],
      [{ id, nextFollowUpOn: addDays(today, 400) }, MSG.followUpFar],
      [{ id, note: 'x'.repeat(201) }, /跟进记录/],
      [{ id, note: 42 }, /跟进记录/],
    ];
    for (const [body, message] of cases) {
      const answer = await finish(frontdesk, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(answer.msg).toBe(message);
      else expect(answer.msg).toMatch(message);
    }
    expect((await server.db.one<{ status: string }>(sql`SELECT status FROM follow_up_task WHERE id = ${id}`))!.status).toBe('open');
    for (const query of [{ kind: 'oil' }, { pageSize: 0 }, { pageSize: 201 }, { pageSize: 'many' }, { page: 0 }, { status: 'gone' }] as Record<string, string | number>[]) {
      const answer = await server.call('GET', '/workbench/tasks', { token: frontdesk, query });
      expect(answer.code, JSON.stringify(query)).toBe(400);
      expect(answer.msg).toMatch(/任务类型|每页条数|页码|任务状态/);
    }
  });
});

describe('figures', () => {
  interface Order { id: number; store_id: number; customer_id: number; day: string; total_fen: number; status: string }
  /** Every order of chain 1, read raw: the test adds them up itself. */
  const orders = () =>
    server.db.rows<Order>(sql`SELECT id, store_id, customer_id, maint_date::text AS day, total_fen::float8 AS total_fen, status FROM maintenance_record WHERE chain_id = 1`);
  function addUp(all: Order[], stores: readonly number[], day: string) {
    const firstOrder = new Map<number, Order>();
    for (const order of [...all].sort((a, b) => a.day.localeCompare(b.day) || a.id - b.id)) if (!firstOrder.has(order.customer_id)) firstOrder.set(order.customer_id, order);
    const ofDay = all.filter((order) => order.day === day && stores.includes(order.store_id));
    const revenueFen = ofDay.reduce((sum, order) => sum + order.total_fen, 0);
    return {
      revenueFen,
      orders: ofDay.length,
      newCustomers: ofDay.filter((order) => firstOrder.get(order.customer_id)!.id === order.id).length,
      ticketFen: ofDay.length ? Math.round(revenueFen / ofDay.length) : 0,
    };
  }

  it('answers today, yesterday and the same day last week within the caller’s stores, as the raw orders add up', async () => {
    const all = await orders();
    expect(all.some((order) => order.day === today)).toBe(true);
    for (const [token, stores] of [[admin, [2, 3, 4]], [manager, [2]], [frontdesk, [3]]] as const) {
      const answer = await server.call<AnswerOf<typeof calls.figures>>('GET', '/workbench/figures', { token });
      expect(answer.code, answer.msg).toBe(0);
      for (const [key, day] of [['today', today], ['yesterday', addDays(today, -1)], ['lastWeek', addDays(today, -7)]] as const) {
        expect(answer.data.figures[key], `${key} ${stores.join()}`).toEqual(addUp(all, stores, day));
      }
    }
    const other = await server.call<AnswerOf<typeof calls.figures>>('GET', '/workbench/figures', { token: hxAdmin });
    expect(other.data.figures.today).toEqual(addUp(await server.db.rows<Order>(sql`SELECT id, store_id, customer_id, maint_date::text AS day, total_fen::float8 AS total_fen, status FROM maintenance_record WHERE chain_id = 2`), [6, 7], today));
  });

  it('gives the big screen to holders of 智慧大屏 only: the month’s ranking of their stores, 30 days of trend, orders in repair', async () => {
    const refused = await server.call('GET', '/bigScreen', { token: frontdesk });
    expect(refused.code).toBe(403);
    const all = await orders();
    const screen = await server.call<AnswerOf<typeof calls.bigScreen>>('GET', '/bigScreen', { token: manager });
    expect(screen.code, screen.msg).toBe(0);
    expect(screen.data.stores.map((store) => store.storeId)).toEqual([2]);
    expect(screen.data.trend).toHaveLength(30);
    expect(screen.data.trend.at(-1)!.day).toBe(today);
    expect(screen.data.trend.map((point) => point.revenueFen)).toEqual(screen.data.trend.map((point) => addUp(all, [2], point.day).revenueFen));
    expect(screen.data.ordersInProgress).toBe(all.filter((order) => order.store_id === 2 && order.status === 'in_repair').length);
    const monthStart = `${today.slice(0, 7)}-01`;
    const month = all.filter((order) => order.store_id === 2 && order.day >= monthStart && order.day <= today);
    expect(screen.data.revenueMonthFen).toBe(month.reduce((sum, order) => sum + order.total_fen, 0));
    expect(screen.data.revenueTodayFen).toBe(addUp(all, [2], today).revenueFen);

    const chain = await server.call<AnswerOf<typeof calls.bigScreen>>('GET', '/bigScreen', { token: admin });
    expect(chain.data.stores.map((store) => store.storeId).sort()).toEqual([2, 3, 4]);
    const ranking = chain.data.stores.map((store) => store.revenueFen);
    expect([...ranking].sort((a, b) => b - a)).toEqual(ranking);
    const customers = await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM customer WHERE chain_id = 1`);
    expect(Object.values(chain.data.stages).reduce((sum, n) => sum + n, 0)).toBe(customers!.n);
  });
});
