/**
 * 客户运营 over real HTTP: who reads and who changes the rules, both chains kept apart, bad
 * thresholds refused in Chinese with nothing changed, stale saves, the board and list following a
 * changed threshold (checked against an independent count over the raw rows), and follow-up task
 * generation that stays one task per customer, rule and due day under concurrent runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as calls from '../../../contracts/api/customer-operations';
import { addDays, dayOf, today as todayIn } from '../../../contracts/dates';
import { DEFAULT_OPERATION_RULES, OPERATION_MESSAGES as MSG, type CustomerOperationRules } from '../../../contracts/rules/customer-operations';

type Rules = AnswerOf<typeof calls.rules>;
type Board = { totals: Record<string, number>; rules: Rules['lifecycle'] };

let server: TestServer;
let admin: string;
let hxAdmin: string;
let manager: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, hxAdmin, manager] = await Promise.all([server.loginToken('admin'), server.loginToken('hx-admin'), server.loginToken('manager')]);
});
afterAll(() => server?.close());

const get = async <T>(path: string, token: string) => {
  const answer = await server.call<T>('GET', path, { token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
};
const save = (token: string, body: unknown) => server.call<Rules>('PUT', '/customerOperations/rules', { token, body });
const withLifecycle = (rules: Rules, lifecycle: Partial<Rules['lifecycle']>) => ({
  version: rules.version,
  lifecycle: { ...rules.lifecycle, ...lifecycle },
  reminders: rules.reminders,
});

/** Customers of chain 1 per stage, counted here from the raw rows with the given thresholds. */
async function stagesCountedBy(lifecycle: CustomerOperationRules['lifecycle']) {
  const rows = await server.db.rows<{ first_days: number | null; last_days: number | null; created_days: number }>(sql`
    SELECT current_date - (first_visit_at AT TIME ZONE current_setting('TimeZone'))::date AS first_days,
           current_date - (last_visit_at AT TIME ZONE current_setting('TimeZone'))::date AS last_days,
           current_date - (created_at AT TIME ZONE current_setting('TimeZone'))::date AS created_days
      FROM customer WHERE chain_id = 1`);
  const counts = { new: 0, active: 0, sleeping: 0, lost: 0 };
  for (const row of rows) {
    if ((row.first_days !== null && row.first_days <= lifecycle.newWithinDays) || (row.last_days === null && row.created_days <= lifecycle.newWithinDays)) counts.new++;
    else if (row.last_days !== null && row.last_days <= lifecycle.activeWithinDays) counts.active++;
    else if (row.last_days !== null && row.last_days <= lifecycle.sleepingWithinDays) counts.sleeping++;
    else counts.lost++;
  }
  return counts;
}

describe('reading and changing the rules', () => {
  it('answers the defaults (today’s thresholds) to every signed-in user, and the change button only to a headquarters admin', async () => {
    const rules = await get<Rules>('/customerOperations/rules', manager);
    expect(rules.lifecycle).toEqual(DEFAULT_OPERATION_RULES.lifecycle);
    expect(rules.lifecycle).toEqual({ newWithinDays: 90, activeWithinDays: 180, sleepingWithinDays: 365 });
    expect(rules.editable).toBe(false);
    expect((await get<Rules>('/customerOperations/rules', admin)).editable).toBe(true);
  });

  it('refuses staff who are not admins, and a store admin, in Chinese, and changes nothing', async () => {
    const rules = await get<Rules>('/customerOperations/rules', admin);
    const refused = await save(manager, withLifecycle(rules, { sleepingWithinDays: 300 }));
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/管理员/);
    for (const [method, path] of [['POST', '/customerOperations/preview'], ['GET', '/customerOperations/tasks'], ['POST', '/customerOperations/tasks/generate']] as const) {
      const answer = await server.call(method, path, { token: await server.loginToken('frontdesk'), body: method === 'POST' ? { lifecycle: rules.lifecycle, reminders: rules.reminders } : undefined });
      expect(answer.code, path).toBe(403);
    }
    // A store-level admin of 城东店, made by the headquarters admin: the rules are the whole chain's.
    const staff = await get<{ roles: { id: number; code: string }[] }>('/authority/staff', admin);
    const made = await server.call<{ oneTimePassword: string }>('POST', '/authority/staff', {
      token: admin,
      body: { username: 'ops-store-admin', nickName: '东店管理员', roleIds: [staff.roles.find((role) => role.code === 'admin')!.id], storeIds: [2] },
    });
    expect(made.code, made.msg).toBe(0);
    const storeAdmin = await server.firstLogin('ops-store-admin', made.data.oneTimePassword);
    expect((await get<Rules>('/customerOperations/rules', storeAdmin)).editable).toBe(false);
    const chainWide = await save(storeAdmin, withLifecycle(rules, { sleepingWithinDays: 300 }));
    expect(chainWide.code).toBe(403);
    expect(chainWide.msg).toBe(MSG.chainWide);
    expect((await get<Rules>('/customerOperations/rules', admin)).lifecycle.sleepingWithinDays).toBe(365);
  });

  it('refuses thresholds that do not increase, or are not positive whole numbers, with a Chinese message, and keeps the saved rules', async () => {
    const rules = await get<Rules>('/customerOperations/rules', admin);
    const cases: [Partial<Rules['lifecycle']> | Record<string, unknown>, RegExp][] = [
      [{ activeWithinDays: 90 }, /活跃天数必须大于新客天数/],
      [{ sleepingWithinDays: 150 }, /沉睡天数必须大于活跃天数/],
      [{ newWithinDays: 0 }, /新客天数不能小于 1 天/],
      [{ sleepingWithinDays: 200.5 }, /沉睡天数必须是整数/],
      [{ activeWithinDays: '很久' }, /活跃天数/],
      [{ sleepingWithinDays: 99_999 }, /沉睡天数不能超过 3650 天/],
    ];
    for (const [lifecycle, message] of cases) {
      const answer = await save(admin, withLifecycle(rules, lifecycle as Partial<Rules['lifecycle']>));
      expect(answer.code, JSON.stringify(lifecycle)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    const badReminder = await save(admin, { ...withLifecycle(rules, {}), reminders: { ...rules.reminders, maintenance: { ...rules.reminders.maintenance, kmBefore: -5 } } });
    expect(badReminder.code).toBe(400);
    expect(badReminder.msg).toMatch(/保养提前里程/);
    const after = await get<Rules>('/customerOperations/rules', admin);
    expect(after).toEqual(rules);
  });

  it('keeps the two chains apart: one chain’s save changes nothing of the other’s', async () => {
    const hx = await get<Rules>('/customerOperations/rules', hxAdmin);
    const saved = await save(hxAdmin, { ...withLifecycle(hx, { newWithinDays: 30 }), reminders: { ...hx.reminders, birthday: { enabled: false, daysBefore: 5 } } });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.lifecycle.newWithinDays).toBe(30);
    const main = await get<Rules>('/customerOperations/rules', admin);
    expect(main.lifecycle.newWithinDays).toBe(90);
    expect(main.reminders.birthday.enabled).toBe(true);
    // And its audit entry is not in the other chain's log.
    const log = await get<{ entries: { action: string; targetName: string }[] }>('/authority/audit', admin);
    expect(log.entries.some((entry) => entry.targetName.includes('新客天数 90 → 30'))).toBe(false);
  });

  it('refuses a stale save with 已被他人修改 and keeps the first admin’s change', async () => {
    const rules = await get<Rules>('/customerOperations/rules', hxAdmin);
    const first = await save(hxAdmin, withLifecycle(rules, { activeWithinDays: 150 }));
    expect(first.code, first.msg).toBe(0);
    const second = await save(hxAdmin, withLifecycle(rules, { activeWithinDays: 200 }));
    expect(second.code).toBe(409);
    expect(second.msg).toBe(MSG.changedByOthers);
    expect((await get<Rules>('/customerOperations/rules', hxAdmin)).lifecycle.activeWithinDays).toBe(150);
  });
});

describe('the board and the list follow the chain’s thresholds', () => {
  it('moves customers between 活跃, 沉睡 and 流失 when 沉睡 days change, as an independent count says', async () => {
    const before = await get<Board>('/client/board', admin);
    expect(before.totals).toEqual(await stagesCountedBy(DEFAULT_OPERATION_RULES.lifecycle));

    const rules = await get<Rules>('/customerOperations/rules', admin);
    const lifecycle = { ...rules.lifecycle, activeWithinDays: 120, sleepingWithinDays: 200 };
    const expected = await stagesCountedBy(lifecycle);
    expect(expected).not.toEqual(before.totals); // the seed has customers in the moved band

    const preview = await server.call<AnswerOf<typeof calls.preview>>('POST', '/customerOperations/preview', { token: admin, body: { lifecycle, reminders: rules.reminders } });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.stages).toEqual(expected);
    // A preview saves nothing.
    expect((await get<Board>('/client/board', admin)).totals).toEqual(before.totals);

    const saved = await save(admin, { version: rules.version, lifecycle, reminders: rules.reminders });
    expect(saved.code, saved.msg).toBe(0);
    const board = await get<Board>('/client/board', admin);
    expect(board.totals).toEqual(expected);
    expect(board.rules).toEqual(lifecycle);

    const listed = await server.call<{ total: number; list: { stage: string }[] }>('POST', '/client/list', { token: admin, body: { version: 1, stage: 'sleeping', pageSize: 200 } });
    expect(listed.data.total).toBe(expected.sleeping);
    expect(listed.data.list.every((row) => row.stage === 'sleeping')).toBe(true);
    const options = await server.call<{ lifecycleRules: Rules['lifecycle'] }>('POST', '/client/condition', { token: admin, body: {} });
    expect(options.data.lifecycleRules).toEqual(lifecycle);

    // The other chain's board still counts with its own thresholds.
    const hxRules = await get<Rules>('/customerOperations/rules', hxAdmin);
    expect((await get<Board>('/client/board', hxAdmin)).rules).toEqual(hxRules.lifecycle);

    const log = await get<{ entries: { action: string; targetName: string }[] }>('/authority/audit', admin);
    const entry = log.entries.find((each) => each.action === 'customerOperations.change');
    expect(entry?.targetName).toContain('沉睡天数 365 → 200 天');

    // Back to the defaults for the tests below.
    const back = await save(admin, { version: saved.data.version, lifecycle: DEFAULT_OPERATION_RULES.lifecycle, reminders: rules.reminders });
    expect(back.code, back.msg).toBe(0);
  });
});

describe('follow-up tasks', () => {
  const openTasks = () =>
    server.db.rows<{ customer_id: number; rule: string; due_on: string; store_id: number }>(sql`
      SELECT customer_id, rule, due_on::text AS due_on, store_id FROM follow_up_task WHERE chain_id = 1 ORDER BY customer_id, rule, due_on`);

  it('creates one task per customer, rule and due day however many runs overlap, as an independent reading of the rules says', async () => {
    const rules = await get<Rules>('/customerOperations/rules', admin);
    const today = todayIn();
    const { maintenance, insurance, birthday } = rules.reminders;
    const vehicles = await server.db.rows<{ customer_id: number; next_maintenance_date: string | null; next_maintenance_mileage: number | null; mileage: number; insurance_expiry: string | null }>(sql`
      SELECT customer_id, next_maintenance_date::text, next_maintenance_mileage, mileage, insurance_expiry::text FROM vehicle WHERE chain_id = 1`);
    const customers = await server.db.rows<{ id: number; birthday: string | null }>(sql`SELECT id, birthday::text FROM customer WHERE chain_id = 1`);
    const expected = new Set<string>();
    for (const vehicle of vehicles) {
      const due = vehicle.next_maintenance_date;
      if (due && due >= today && (due <= addDays(today, maintenance.daysBefore) || (vehicle.next_maintenance_mileage !== null && vehicle.next_maintenance_mileage - vehicle.mileage <= maintenance.kmBefore))) {
        expected.add(`${vehicle.customer_id}|maintenance|${due}`);
      }
      const expiry = vehicle.insurance_expiry;
      if (expiry && expiry >= today && expiry <= addDays(today, insurance.daysBefore)) expected.add(`${vehicle.customer_id}|insurance|${expiry}`);
    }
    for (const customer of customers) {
      if (!customer.birthday) continue;
      for (const year of [Number(today.slice(0, 4)), Number(today.slice(0, 4)) + 1]) {
        // 29 Feb in another year is kept on 28 Feb.
        let day = `${year}${customer.birthday.slice(4)}`;
        if (dayOf(day) === null) day = `${year}-02-28`;
        if (day >= today && day <= addDays(today, birthday.daysBefore)) expected.add(`${customer.id}|birthday|${day}`);
      }
    }
    expect(expected.size).toBeGreaterThan(0);

    const runs = await Promise.all(Array.from({ length: 4 }, () => server.call<AnswerOf<typeof calls.generateTasks>>('POST', '/customerOperations/tasks/generate', { token: admin })));
    for (const run of runs) expect(run.code, run.msg).toBe(0);
    const tasks = await openTasks();
    expect(new Set(tasks.map((task) => `${task.customer_id}|${task.rule}|${task.due_on}`))).toEqual(expected);
    expect(tasks.length).toBe(expected.size);
    // Whatever the daily run made before, the tasks are there once; a further run adds none.
    const again = await server.call<AnswerOf<typeof calls.generateTasks>>('POST', '/customerOperations/tasks/generate', { token: admin });
    expect(Object.values(again.data.created)).toEqual([0, 0, 0]);
    expect(again.data.open.maintenance + again.data.open.insurance + again.data.open.birthday).toBe(expected.size);
    expect((await openTasks()).length).toBe(expected.size);
    // Nothing of the other chain.
    expect((await get<AnswerOf<typeof calls.taskSummary>>('/customerOperations/tasks', hxAdmin)).open.maintenance).toBe(
      (await server.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM follow_up_task WHERE chain_id = 2 AND rule = 'maintenance' AND status = 'open'`))!.n,
    );
  });

  it('previews each rule’s customers today as the tasks count them, and a switched-off rule makes no tasks', async () => {
    const rules = await get<Rules>('/customerOperations/rules', hxAdmin);
    const preview = await server.call<AnswerOf<typeof calls.preview>>('POST', '/customerOperations/preview', { token: hxAdmin, body: { lifecycle: rules.lifecycle, reminders: rules.reminders } });
    expect(preview.code, preview.msg).toBe(0);
    expect(rules.reminders.birthday.enabled).toBe(false); // switched off above
    await server.call('POST', '/customerOperations/tasks/generate', { token: hxAdmin });
    const made = await server.db.rows<{ rule: string; n: number }>(sql`
      SELECT rule, count(DISTINCT customer_id)::int AS n FROM follow_up_task WHERE chain_id = 2 AND created_on = ${todayIn()}::date GROUP BY rule`);
    expect(made.find((row) => row.rule === 'birthday')).toBeUndefined();
    const insurance = made.find((row) => row.rule === 'insurance')?.n ?? 0;
    expect(preview.data.reminders.insurance).toBe(insurance);
  });

  it('refuses a bad preview in Chinese', async () => {
    const rules = await get<Rules>('/customerOperations/rules', admin);
    const answer = await server.call('POST', '/customerOperations/preview', { token: admin, body: { lifecycle: { ...rules.lifecycle, newWithinDays: 500 }, reminders: rules.reminders } });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe(MSG.activeAfterNew);
  });
});
