/**
 * The maintenance timeline endpoint: the estimate from plans and history (pure), and the route
 * against the real seeded server (plans found, scope enforced, the widget's transform fed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as garageToday } from '../../../contracts/dates';
import { sql } from '../db/database';
import { startTestServer, type TestServer } from '../../../tests/support/server';
import { buildTimeline, type MaintenancePoints } from '../../../widgets/maint-timeline/timeline';
import { DEFAULT_KM_PER_DAY, estimateTimeline, type EstimateInput, type EstimateResult } from '../maintenance/estimate';
import type { MaintenanceRecordRow, PlanItemRow } from '../repositories/maintenance';

const plan: PlanItemRow[] = [
  { code: 'OIL_SERVICE', name: '小保养（机油+机滤）', category: 'maintenance', intervalKm: 5000, intervalMonths: 6, s4Price: 720, zxcPrice: 453, partCodes: ['ENGINE_OIL', 'OIL_FILTER'] },
  { code: 'CABIN_FILTER', name: '更换空调滤芯', category: 'maintenance', intervalKm: 20000, intervalMonths: 12, s4Price: 170, zxcPrice: 108, partCodes: ['CABIN_FILTER'] },
  { code: 'BRAKE_FLUID', name: '更换刹车油', category: 'maintenance', intervalKm: 40000, intervalMonths: 24, s4Price: 300, zxcPrice: 188, partCodes: ['BRAKE_FLUID'] },
  { code: 'BRAKE_PAD_FRONT', name: '更换前刹车片', category: 'part', intervalKm: 40000, intervalMonths: 36, s4Price: 910, zxcPrice: 570, partCodes: ['BRAKE_PAD_FRONT'] },
  { code: 'BATTERY', name: '更换蓄电池', category: 'part', intervalKm: null, intervalMonths: 36, s4Price: 1070, zxcPrice: 670, partCodes: ['BATTERY'] },
];

let nextId = 1;
const record = (maintDate: string, mileage: number | null, names: string[], amount: number, kind: 'maintenance' | 'repair' = 'maintenance'): MaintenanceRecordRow => ({
  id: nextId++,
  maintDate,
  mileage,
  kind,
  items: names.map((name) => ({ name })),
  parts: [],
  amount,
});

const OIL = '小保养（机油+机滤）';
const CABIN = '更换空调滤芯';
const FLUID = '更换刹车油';

function estimate(overrides: Partial<EstimateInput>): EstimateResult {
  return estimateTimeline({
    vehicle: { registrationDate: '2022-01-01', mileage: 0, mileageUpdatedAt: null },
    records: [],
    replacements: [],
    planItems: plan,
    today: '2025-09-01',
    ...overrides,
  });
}

describe('estimateTimeline: mileage and km per day', () => {
  it('takes km per day from the first and last odometer readings and projects today’s mileage', () => {
    // 2025-01-01 → 2025-07-20 is 200 days, 8,000 km: 40 km/day; 43 more days to 2025-09-01.
    const result = estimate({ records: [record('2025-01-01', 30000, [OIL], 453), record('2025-07-20', 38000, [OIL], 453)] });
    expect(result.kmPerDay).toBe(40);
    expect(result.currentMileage).toBe(38000 + 43 * 40);
  });

  it('falls back to the registration date with one reading, and to the national average with none', () => {
    // 2022-01-01 → 2025-01-01 is 1,096 days.
    expect(estimate({ records: [record('2025-01-01', 43840, [OIL], 453)] }).kmPerDay).toBe(40);
    const unknown = estimate({ vehicle: { registrationDate: null, mileage: 12000, mileageUpdatedAt: null } });
    expect(unknown.kmPerDay).toBe(DEFAULT_KM_PER_DAY);
    expect(unknown.currentMileage).toBe(12000);
  });

  it('uses the vehicle’s own odometer reading too, and never lets a typo lower the mileage', () => {
    const result = estimate({
      vehicle: { registrationDate: '2022-01-01', mileage: 41000, mileageUpdatedAt: '2025-09-01' },
      records: [record('2025-01-01', 30000, [OIL], 453), record('2025-05-01', 3500, [OIL], 453)],
    });
    expect(result.currentMileage).toBe(41000);
    expect(result.kmPerDay).toBeCloseTo(11000 / 243, 1);
  });
});

describe('estimateTimeline: the next maintenances', () => {
  const history = [record('2025-01-01', 30000, [OIL, CABIN, FLUID], 749), record('2025-07-20', 38000, [OIL], 453)];

  it('puts the next visit where the oil service falls due by mileage, priced from the plan', () => {
    const { points, currentMileage } = estimate({ records: history });
    const [next] = points.maintEstimate;
    // 43,000 km at 40 km/day from 39,720 km: 82 days after 2025-09-01. The cabin filter, due
    // 2026-01-01 (12 months), is within 60 days of that visit and joins it.
    expect(currentMileage).toBe(39720);
    expect(next).toMatchObject({
      maintRecordId: 'estimate-1',
      estimate: { date: '2025-11-22', s4Price: 720 + 170, zxcPrice: 453 + 108 },
      mileage: 43000,
      partList: [OIL, CABIN],
      maintMileage: 5000,
      pointEnum: 'MAINT_ESTIMATE',
    });
  });

  it('groups the items due within 60 days of a visit into it and plans three visits ahead', () => {
    const { points } = estimate({ records: history });
    expect(points.maintEstimate).toHaveLength(3);
    const dates = points.maintEstimate.map((point) => point.estimate.date as string);
    expect([...dates].sort()).toEqual(dates);
    expect(points.maintEstimate.map((point) => point.mileage)).toEqual([43000, 48000, 53000]);
    expect(points.maintEstimate.filter((point) => point.partList.includes(CABIN))).toHaveLength(1);
    expect(points.maintEstimate.some((point) => point.partList.includes(FLUID))).toBe(false);
    expect(points.maintEstimate[1].maintMileage).toBe(points.maintEstimate[1].mileage! - points.maintEstimate[0].mileage!);
  });

  it('falls due by months for a car that is hardly driven', () => {
    const { points } = estimate({ records: [record('2025-03-01', 20000, [OIL], 453), record('2025-08-01', 20500, [OIL], 453)], planItems: [plan[0]] });
    // 500 km in 153 days: 3.3 km/day; 6 months after 2025-08-01 come long before another 5,000 km.
    expect(points.maintEstimate[0].estimate.date).toBe('2026-02-01');
    expect(points.maintEstimate[0].mileage).toBeLessThan(21500);
  });

  it('keeps an overdue service on the day it fell due at today’s mileage, and counts the visits after it from today', () => {
    // 22,000 km in 426 days: 51.6 km/day, so 35,000 km came 97 days after 2024-06-01.
    const { points, currentMileage } = estimate({ records: [record('2024-06-01', 30000, [OIL, CABIN, FLUID], 749), record('2025-08-01', 52000, [], 0, 'repair')] });
    expect(points.maintEstimate[0]).toMatchObject({ estimate: { date: '2024-09-06' }, mileage: currentMileage });
    expect(points.maintEstimate[0].partList).toEqual(expect.arrayContaining([OIL, CABIN]));
    // Done today at today's mileage, the next oil service is 5,000 km on.
    expect(points.maintEstimate[1].estimate.date! > '2025-09-01').toBe(true);
    expect(points.maintEstimate[1]).toMatchObject({ mileage: currentMileage + 5000, maintMileage: 5000 });
  });

  it('does not move a due day from one day to the next while nothing new is known', () => {
    const records = [record('2025-01-01', 30000, [OIL], 453), record('2025-07-20', 38000, [OIL], 453)];
    const days = ['2025-08-01', '2025-09-01', '2025-10-17', '2025-12-01'].map((today) => estimate({ records, today, planItems: [plan[0]] }).points.maintEstimate[0].estimate.date);
    expect(new Set(days)).toEqual(new Set(['2025-11-22']));
  });

  it('schedules items never done with us at the next multiple of their interval since new', () => {
    // 9,000 km in 123 days since new: the 10,000 km oil service comes in 14 days, before 6 months.
    const { points, currentMileage } = estimate({ vehicle: { registrationDate: '2025-05-01', mileage: 9000, mileageUpdatedAt: '2025-09-01' } });
    expect(currentMileage).toBe(9000);
    expect(points.maintEstimate[0].estimate.date).toBe('2025-09-15');
    expect(points.maintEstimate[0]).toMatchObject({ mileage: 10000, partList: [OIL] });
    expect(points.history).toEqual([]);
  });

  it('answers no estimate and no alert without a plan', () => {
    const { points } = estimate({ records: history, planItems: [] });
    expect(points.maintEstimate).toEqual([]);
    expect(points.partReplaceAlert).toEqual([]);
    expect(points.history).toHaveLength(2);
  });
});

describe('estimateTimeline: part alerts', () => {
  it('alerts a wear part due within 180 days, with the replacement’s own next-due values winning', () => {
    const { points } = estimate({
      records: [record('2025-01-01', 30000, [OIL], 453)],
      replacements: [{ id: 1, partCode: 'BRAKE_PAD_FRONT', partName: '前刹车片', replacedAt: '2023-01-01', mileage: 10000, nextDueMileage: 45000, nextDueDate: '2025-12-01' }],
    });
    const pads = points.partReplaceAlert.find((point) => point.maintRecordId === 'alert-BRAKE_PAD_FRONT');
    expect(pads).toMatchObject({ estimate: { date: '2025-12-01', s4Price: 910, zxcPrice: 570 }, partList: ['更换前刹车片'], pointEnum: 'PART_REPLACE_ALERT' });
    // The battery is months-only: every 36 months since 2022-01-01, next 2028-01-01, beyond 180 days.
    expect(points.partReplaceAlert.some((point) => point.maintRecordId === 'alert-BATTERY')).toBe(false);
  });

  it('says nothing about parts that are far from due, and alerts overdue ones today', () => {
    const fresh = estimate({ vehicle: { registrationDate: '2025-06-01', mileage: 3000, mileageUpdatedAt: '2025-09-01' } });
    expect(fresh.points.partReplaceAlert).toEqual([]);
    const old = estimate({ vehicle: { registrationDate: '2020-01-01', mileage: 120500, mileageUpdatedAt: '2025-09-01' } });
    const battery = old.points.partReplaceAlert.find((point) => point.maintRecordId === 'alert-BATTERY');
    expect(battery?.estimate.date).toBe('2026-01-01');
    const overdue = estimate({
      vehicle: { registrationDate: '2019-01-01', mileage: 120500, mileageUpdatedAt: '2025-09-01' },
      replacements: [{ id: 1, partCode: 'BATTERY', partName: '蓄电池', replacedAt: '2021-06-01', mileage: 60000, nextDueMileage: null, nextDueDate: null }],
    });
    expect(overdue.points.partReplaceAlert.find((point) => point.maintRecordId === 'alert-BATTERY')).toMatchObject({ estimate: { date: '2025-09-01' }, mileage: 120500 });
  });
});

describe('estimateTimeline: history', () => {
  it('answers past visits with what was paid, the 4S price of the same work and the km since the last one', () => {
    const { points } = estimate({
      records: [record('2025-01-01', 30000, [OIL], 453), record('2025-03-01', 32000, ['钣金喷漆（单面）'], 600, 'repair'), record('2025-07-20', 38000, [OIL, '四轮定位'], 621)],
    });
    expect(points.history.map((point) => [point.pointEnum, point.estimate.zxcPrice, point.estimate.s4Price, point.maintMileage])).toEqual([
      ['MAINT_RECORD', 453, 720, null],
      ['PART_REPLACE_RECORD', 600, null, null],
      // 四轮定位 is not in this plan: the dealer is assumed to charge what we did (168).
      ['MAINT_RECORD', 621, 720 + 168, 8000],
    ]);
    expect(points.history[2]).toMatchObject({ maintDate: '2025-07-20', estimate: { date: '2025-07-20' }, mileage: 38000, partList: [OIL, '四轮定位'] });
  });
});

describe('GET /vehicle/maint-points', () => {
  let server: TestServer;
  let admin: string;
  let frontdesk: string;
  let otherTenant: string;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, frontdesk, otherTenant] = await Promise.all([server.loginToken('admin'), server.loginToken('frontdesk'), server.loginToken('hx-admin')]);
  });
  afterAll(() => server?.close());

  const busyVehicle = async (storeName: string) =>
    (await server.db.one<{ id: number; records: number }>(sql`
      SELECT v.id, count(r.id)::int AS records
        FROM vehicle v JOIN garage g ON g.id = v.store_id JOIN maintenance_record r ON r.vehicle_id = v.id
       WHERE g.name = ${storeName} AND v.energy_type = 'fuel'
       GROUP BY v.id ORDER BY count(r.id) DESC, v.id LIMIT 1`))!;

  it('answers a seeded vehicle’s history, alerts and estimates from its brand’s plan', async () => {
    const vehicle = await busyVehicle('城东店');
    const answer = await server.call<{ planName: string; currentMileage: number; kmPerDay: number; points: MaintenancePoints }>('GET', '/vehicle/maint-points', { token: admin, query: { vehicleId: vehicle.id } });
    expect(answer.code).toBe(0);
    const { points, planName, currentMileage } = answer.data;
    expect(planName).toMatch(/保养/);
    expect(points.history).toHaveLength(vehicle.records);
    expect(points.maintEstimate).toHaveLength(3);
    expect(points.maintEstimate![0].mileage).toBeGreaterThanOrEqual(currentMileage - 1);
    const timeline = buildTimeline(points);
    expect(timeline.filter((entry) => entry.isNext)).toHaveLength(1);
    expect(timeline.filter((entry) => entry.isLast).length).toBeLessThanOrEqual(1);
    expect(timeline[0].isDone).toBe(true);
    expect(timeline[timeline.length - 1].isDone).toBe(false);
  });

  it('gives every kind of seeded car a sane timeline: future above past, nothing before today but an overdue next service', async () => {
    const vehicles = await server.db.rows<{ id: number }>(sql`
      SELECT DISTINCT ON (v.brand, v.series, v.energy_type) v.id FROM vehicle v
        JOIN garage g ON g.id = v.store_id JOIN chain c ON c.id = g.chain_id
       WHERE c.id = (SELECT chain_id FROM garage WHERE name = '城东店') ORDER BY v.brand, v.series, v.energy_type, v.id`);
    expect(vehicles.length).toBeGreaterThan(20);
    for (const { id } of vehicles) {
      const { data } = await server.call<{ currentMileage: number; points: Required<MaintenancePoints> }>('GET', '/vehicle/maint-points', { token: admin, query: { vehicleId: id } });
      const today = garageToday();
      const future = [...data.points.maintEstimate!, ...data.points.partReplaceAlert!];
      expect(data.points.maintEstimate, `vehicle ${id}`).toHaveLength(3);
      for (const point of future) {
        if (point.maintRecordId !== 'estimate-1') expect(point.estimate!.date! >= today, `vehicle ${id} ${point.maintRecordId}`).toBe(true);
        expect(Number(point.mileage)).toBeGreaterThanOrEqual(data.currentMileage);
        expect(Number(point.estimate!.zxcPrice)).toBeLessThan(Number(point.estimate!.s4Price));
      }
      const timeline = buildTimeline(data.points);
      const firstPast = timeline.findIndex((entry) => !entry.isDone);
      if (firstPast >= 0) expect(timeline.slice(firstPast).every((entry) => !entry.isDone), `vehicle ${id}`).toBe(true);
    }
  });

  it('has a plan for every seeded brand and series', async () => {
    const missing = await server.db.rows(sql`
      SELECT DISTINCT v.brand, v.series FROM vehicle v
       WHERE NOT EXISTS (SELECT 1 FROM maintenance_plan p WHERE p.brand = v.brand AND p.series = v.series)`);
    expect(missing).toEqual([]);
  });

  it('refuses vehicles outside the caller’s data scope or tenant, and bad ids', async () => {
    const eastVehicle = await busyVehicle('城东店');
    const westVehicle = await busyVehicle('城西店');
    const refused = await server.call('GET', '/vehicle/maint-points', { token: frontdesk, query: { vehicleId: eastVehicle.id } });
    expect([refused.code, refused.msg]).toEqual([404, '车辆不存在或无权查看']);
    expect((await server.call('GET', '/vehicle/maint-points', { token: frontdesk, query: { vehicleId: westVehicle.id } })).code).toBe(0);
    expect((await server.call('GET', '/vehicle/maint-points', { token: otherTenant, query: { vehicleId: eastVehicle.id } })).code).toBe(404);
    const bad = await server.call('GET', '/vehicle/maint-points', { token: admin, query: { vehicleId: 'abc' } });
    expect([bad.code, bad.msg]).toEqual([400, '车辆格式不正确']);
    // Beyond PostgreSQL's integer, or not whole: refused before any query, never a 500.
    for (const vehicleId of [2 ** 31, 1.5]) {
      const answer = await server.call('GET', '/vehicle/maint-points', { token: admin, query: { vehicleId } });
      expect([answer.status, answer.code, answer.msg]).toEqual([200, 400, '车辆格式不正确']);
    }
    const missing = await server.call('GET', '/vehicle/maint-points', { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '请填写车辆']);
    expect((await server.call('GET', '/vehicle/maint-points', { query: { vehicleId: eastVehicle.id } })).code).toBe(-2);
  });
});
