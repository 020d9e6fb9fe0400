/**
 * 下次保养 is one fact (docs/FACTS.md, "Maintenance"): for the same customers, the customer list's
 * 保养到期 search (its rows' due date and km), the vehicle panorama, the maintenance timeline, the
 * customer card the WeCom sidebar shows, the workbench's 保养到期 tasks and the SMS variable
 * {保养到期日} all say the same; a customer not due is in neither the search nor the tasks. The
 * tester's case: a customer listed as due whose car said 2027-04-23 on 全景车辆.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/database';
import { startTestServer, type CallOptions, type TestServer } from '../../../tests/support/server';
import { addDays, today as garageToday } from '../../../contracts/dates';
import { nextMaintenance } from '../../../contracts/rules/maintenance';
import type { AnswerOf } from '../../../contracts/api/route';
import type * as customer from '../../../contracts/api/customer';
import type * as maintenance from '../../../contracts/api/maintenance';
import type * as workbench from '../../../contracts/api/workbench';
import type * as operations from '../../../contracts/api/customer-operations';
import type * as sms from '../../../contracts/api/sms';

type Row = AnswerOf<typeof customer.customerList>['list'][number];

const DAYS = 30;
const today = garageToday();
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.loginToken('admin');
});
afterAll(() => server?.close());

async function ok<T>(method: string, path: string, options: Omit<CallOptions, 'token'>): Promise<T> {
  const answer = await server.call<T>(method, path, { token: admin, ...options });
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data;
}

const listAll = async (condition: Record<string, unknown>): Promise<Row[]> => {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok<AnswerOf<typeof customer.customerList>>('POST', '/client/list', { body: { ...condition, page, pageSize: 100 } });
    rows.push(...answer.list);
    if (rows.length >= answer.total || answer.list.length === 0) return rows;
  }
};

/** What every other reader says of one vehicle: panorama, timeline, the customer card (WeCom sidebar). */
async function readersOf(customerId: number, vehicleId: number) {
  const [panorama, timeline, card] = await Promise.all([
    ok<AnswerOf<typeof customer.vehiclePanorama>>('GET', '/vehicle/detail', { query: { vehicleId } }),
    ok<AnswerOf<typeof maintenance.maintPoints>>('GET', '/vehicle/maint-points', { query: { vehicleId } }),
    ok<AnswerOf<typeof customer.customerDetail>>('GET', '/client/detail', { query: { customerId }, host: '/wecom' }),
  ]);
  const onCard = card.vehicles.find((vehicle) => vehicle.id === vehicleId)!;
  return {
    panorama: { date: panorama.vehicle.nextMaintenanceDate, mileage: panorama.vehicle.nextMaintenanceMileage },
    timeline: nextMaintenance(timeline.points),
    card: { date: onCard.nextMaintenanceDate, mileage: onCard.nextMaintenanceMileage },
  };
}

/** The text the 保养到期提醒 template makes for one customer. */
async function reminderText(customerId: number, templateId: number): Promise<string> {
  const preview = await ok<AnswerOf<typeof sms.recipientsPreview>>('POST', '/sms/recipients/preview', {
    body: { audience: { kind: 'customers', customerIds: [customerId] }, templateId },
  });
  return preview.sample!.text;
}

const readable = (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

describe('下次保养: one fact on every page', () => {
  it('is the same in the 保养到期 search, panorama, timeline, customer card, workbench task and SMS text', async () => {
    // The chain reminds 30 days ahead (and, by km, only when nothing is left), like the search below.
    const rules = await ok<AnswerOf<typeof operations.rules>>('GET', '/customerOperations/rules', {});
    await ok('PUT', '/customerOperations/rules', {
      body: { version: rules.version, lifecycle: rules.lifecycle, reminders: { ...rules.reminders, maintenance: { enabled: true, daysBefore: DAYS, kmBefore: 1 } } },
    });

    const due = await listAll({ maintenanceDueWithinDays: DAYS });
    expect(due.length).toBeGreaterThan(3);
    for (const row of due) {
      expect(row.nextMaintenance, row.name).not.toBeNull();
      expect(row.nextMaintenance!.date >= today && row.nextMaintenance!.date <= addDays(today, DAYS), `${row.name} ${row.nextMaintenance!.date}`).toBe(true);
      expect(row.nextMaintenance!.mileage).toBeGreaterThan(0);
    }

    const tasks = await ok<AnswerOf<typeof workbench.tasks>>('GET', '/workbench/tasks', { query: { kind: 'maintenance', pageSize: 200 } });
    expect(tasks.counts.maintenance).toBeLessThanOrEqual(200);
    expect(new Set(tasks.tasks.map((task) => task.customerId))).toEqual(new Set(due.map((row) => row.id)));
    for (const row of due) {
      const task = tasks.tasks.find((candidate) => candidate.customerId === row.id && candidate.vehicleId === row.nextMaintenance!.vehicleId);
      expect(task?.dueOn, row.name).toBe(row.nextMaintenance!.date);
    }

    const template = await server.db.one<{ id: number }>(sql`SELECT id FROM sms_template WHERE chain_id = 1 AND name = '保养到期提醒'`);
    for (const row of due.slice(0, 6)) {
      const next = row.nextMaintenance!;
      const readers = await readersOf(row.id, next.vehicleId);
      expect(readers, row.name).toEqual({
        panorama: { date: next.date, mileage: next.mileage },
        timeline: { date: next.date, mileage: next.mileage },
        card: { date: next.date, mileage: next.mileage },
      });
      const text = await reminderText(row.id, template!.id);
      expect(text).toContain(readable(next.date));
      expect(text).toContain(next.plate);
    }
  });

  it('leaves a customer who is not due out of the search and the tasks, and says their later day everywhere', async () => {
    const notDue = await server.db.one<{ customerId: number; vehicleId: number; name: string; plate: string }>(sql`
      SELECT c.id AS "customerId", v.id AS "vehicleId", c.name, v.plate FROM customer c JOIN vehicle v ON v.customer_id = c.id
       WHERE c.chain_id = 1 AND v.next_maintenance_date > ${addDays(today, DAYS + 30)}::date
         AND (SELECT count(*) FROM vehicle w WHERE w.customer_id = c.id) = 1
       ORDER BY c.id LIMIT 1`);
    expect(notDue).toBeDefined();
    const { customerId, vehicleId } = notDue!;
    const due = await listAll({ maintenanceDueWithinDays: DAYS });
    expect(due.map((row) => row.id)).not.toContain(customerId);
    const tasks = await ok<AnswerOf<typeof workbench.tasks>>('GET', '/workbench/tasks', { query: { kind: 'maintenance', pageSize: 200 } });
    expect(tasks.tasks.map((task) => task.customerId)).not.toContain(customerId);

    // Found by plate, the list row says what the panorama says.
    const [row] = await listAll({ keyword: notDue!.plate });
    const readers = await readersOf(customerId, vehicleId);
    expect(row!.nextMaintenance).toEqual({ vehicleId, plate: notDue!.plate, date: readers.panorama.date, mileage: readers.panorama.mileage });
    expect(readers.timeline).toEqual(readers.panorama);
    expect(readers.card).toEqual(readers.panorama);
    const template = await server.db.one<{ id: number }>(sql`SELECT id FROM sms_template WHERE chain_id = 1 AND name = '保养到期提醒'`);
    expect(await reminderText(customerId, template!.id)).toContain(readable(readers.panorama.date!));
  });
});
