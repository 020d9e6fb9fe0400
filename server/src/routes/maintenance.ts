/**
 * The maintenance timeline of one vehicle (spec section 3 "Maintenance timeline", issue 6).
 *
 *   GET /vehicle/maint-points?vehicleId=   (also under /wecom for the work-chat sidebar)
 *   → { vehicle: { id, plate, brand, series, model, customerName }, planName, currentMileage, kmPerDay,
 *       points: { history, partReplaceAlert, maintEstimate } }
 *
 * Each point has the spec's input fields: maintRecordId, maintDate, estimate { date, s4Price,
 * zxcPrice }, mileage, partList (names), maintMileage (km since the previous service of its kind),
 * pointEnum (MAINT_RECORD | PART_REPLACE_RECORD for history, PART_REPLACE_ALERT, MAINT_ESTIMATE).
 * The widget turns them into the timeline with buildTimeline (widgets/maint-timeline/timeline.ts).
 *
 * How the future is estimated (estimateTimeline, pure so it is tested without a database):
 * - km per day from the vehicle's odometer readings (first to last, ≥ 60 days apart), else from
 *   its registration date, else the national average of 35 km/day; clamped to 3–300.
 * - today's mileage = the highest reading + km/day × days since the latest reading.
 * - each plan item is due at its last service + interval (km or months, whichever comes first;
 *   a part replacement's own next-due values win); never serviced with us = the next multiple of
 *   its interval since new. Overdue items are due today at today's mileage.
 * - maintEstimate: the next 3 visits; a visit is the earliest due maintenance item plus every
 *   maintenance item due within 60 days after it, priced from the plan.
 * - partReplaceAlert: wear parts (category part) due within 180 days, one point each.
 */
import type { FastifyInstance } from 'fastify';
import { addMonths as addMonthsToDay, dayFromNumber as dayText, dayNumber, today as garageToday } from '../../../contracts/dates';
import type { z } from 'zod';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/maintenance';
import type { Queryable } from '../db/database';
import type { TenantScope } from '../repositories/scope';
import {
  findMaintenancePlan,
  findTimelineVehicle,
  vehicleMaintenanceRecords,
  vehiclePartReplacements,
  type MaintenanceRecordRow,
  type PartReplacementRow,
  type PlanItemRow,
  type TimelineVehicle,
} from '../repositories/maintenance';

export type MaintenancePointOut = z.output<typeof calls.maintenancePoint>;

export interface EstimateInput {
  vehicle: Pick<TimelineVehicle, 'registrationDate' | 'mileage' | 'mileageUpdatedAt'>;
  records: MaintenanceRecordRow[];
  replacements: PartReplacementRow[];
  planItems: PlanItemRow[];
  /** 'YYYY-MM-DD' in the garage's time zone. */
  today: string;
}

export interface EstimateResult {
  currentMileage: number;
  kmPerDay: number;
  points: z.output<typeof calls.maintenancePoints>;
}

export const DEFAULT_KM_PER_DAY = 35;
const MIN_KM_PER_DAY = 3;
const MAX_KM_PER_DAY = 300;
const VISITS_AHEAD = 3;
const VISIT_WINDOW_DAYS = 60;
const ALERT_HORIZON_DAYS = 180;
/** Same day of the month `months` later, clamped to the month's end (01-31 + 1 month = 02-28). */
const addMonths = (day: number, months: number): number => dayNumber(addMonthsToDay(dayText(day), months));

const round100 = (km: number) => Math.round(km / 100) * 100;
const money = (yuan: number) => Math.round(yuan * 100) / 100;

interface Reading {
  day: number;
  mileage: number;
}

function odometerReadings(input: EstimateInput): Reading[] {
  const readings = input.records.filter((record) => record.mileage !== null && record.mileage > 0).map((record) => ({ day: dayNumber(record.maintDate), mileage: record.mileage as number }));
  const { vehicle } = input;
  if (vehicle.mileage > 0 && vehicle.mileageUpdatedAt) readings.push({ day: dayNumber(vehicle.mileageUpdatedAt), mileage: vehicle.mileage });
  return readings.sort((a, b) => a.day - b.day || a.mileage - b.mileage);
}

function averageKmPerDay(readings: Reading[], registrationDay: number | null): number {
  const clamp = (value: number) => Math.round(Math.min(MAX_KM_PER_DAY, Math.max(MIN_KM_PER_DAY, value)) * 10) / 10;
  if (readings.length >= 2) {
    const first = readings[0];
    const last = readings[readings.length - 1];
    const highest = Math.max(...readings.map((reading) => reading.mileage));
    if (last.day - first.day >= 60 && highest > first.mileage) return clamp((highest - first.mileage) / (last.day - first.day));
  }
  if (readings.length >= 1 && registrationDay !== null) {
    const last = readings[readings.length - 1];
    if (last.day - registrationDay >= 30) return clamp(last.mileage / (last.day - registrationDay));
  }
  return DEFAULT_KM_PER_DAY;
}

interface LastService {
  day: number;
  mileage: number;
  nextDueMileage: number | null;
  nextDueDay: number | null;
}

interface Due {
  day: number;
  mileage: number;
}

export function estimateTimeline(input: EstimateInput): EstimateResult {
  const today = dayNumber(input.today);
  const registrationDay = input.vehicle.registrationDate ? dayNumber(input.vehicle.registrationDate) : null;
  const readings = odometerReadings(input);
  const kmPerDay = averageKmPerDay(readings, registrationDay);
  let currentMileage: number;
  if (readings.length > 0) {
    const latestDay = readings[readings.length - 1].day;
    const highest = Math.max(...readings.map((reading) => reading.mileage));
    currentMileage = Math.round(highest + kmPerDay * Math.max(0, today - latestDay));
  } else if (registrationDay !== null) {
    currentMileage = Math.round(kmPerDay * Math.max(0, today - registrationDay));
  } else {
    currentMileage = Math.max(0, input.vehicle.mileage);
  }
  const mileageOn = (day: number) => Math.max(0, Math.round(currentMileage + kmPerDay * (day - today)));

  const matches = (item: PlanItemRow, record: MaintenanceRecordRow) =>
    record.items.some((entry) => entry.name === item.name) || record.parts.some((part) => part.code !== undefined && item.partCodes.includes(part.code));

  function lastServiceOf(item: PlanItemRow): LastService | null {
    let last: LastService | null = null;
    for (const record of input.records) {
      if (!matches(item, record)) continue;
      const day = dayNumber(record.maintDate);
      if (!last || day >= last.day) last = { day, mileage: record.mileage ?? mileageOn(day), nextDueMileage: null, nextDueDay: null };
    }
    for (const replacement of input.replacements) {
      if (!item.partCodes.includes(replacement.partCode)) continue;
      const day = dayNumber(replacement.replacedAt);
      if (!last || day >= last.day) {
        last = {
          day,
          mileage: replacement.mileage ?? last?.mileage ?? mileageOn(day),
          nextDueMileage: replacement.nextDueMileage,
          nextDueDay: replacement.nextDueDate ? dayNumber(replacement.nextDueDate) : null,
        };
      }
    }
    return last;
  }

  /** When an item is next due, or null when nothing tells (months-only, never done, no registration). */
  function dueAfter(item: PlanItemRow, last: LastService | null): Due | null {
    let dueKm: number | null;
    let dueByTime: number | null;
    if (last) {
      dueKm = last.nextDueMileage ?? (item.intervalKm ? last.mileage + item.intervalKm : null);
      dueByTime = last.nextDueDay ?? (item.intervalMonths ? addMonths(last.day, item.intervalMonths) : null);
    } else {
      dueKm = item.intervalKm ? Math.max(item.intervalKm, Math.ceil(currentMileage / item.intervalKm) * item.intervalKm) : null;
      dueByTime = null;
      if (item.intervalMonths && registrationDay !== null) {
        let day = registrationDay;
        let step = 0;
        while (day < today) day = addMonths(registrationDay, item.intervalMonths * ++step);
        dueByTime = day;
      }
    }
    const dueByKm = dueKm === null ? null : today + Math.ceil((dueKm - currentMileage) / kmPerDay);
    if (dueByKm === null && dueByTime === null) return null;
    const byKmFirst = dueByKm !== null && (dueByTime === null || dueByKm <= dueByTime);
    const day = Math.max(today, byKmFirst ? (dueByKm as number) : (dueByTime as number));
    if (day === today) return { day, mileage: currentMileage };
    return { day, mileage: Math.max(currentMileage, byKmFirst ? (dueKm as number) : round100(mileageOn(day))) };
  }

  const history = historyPoints(input.records, input.planItems);
  const lastMaintenanceMileage = [...input.records].reverse().find((record) => record.kind === 'maintenance' && record.mileage !== null)?.mileage ?? null;

  const maintenanceItems = input.planItems.filter((item) => item.category === 'maintenance');
  const dues = new Map<PlanItemRow, Due>();
  for (const item of maintenanceItems) {
    const due = dueAfter(item, lastServiceOf(item));
    if (due) dues.set(item, due);
  }
  const maintEstimate: MaintenancePointOut[] = [];
  let previousMileage = lastMaintenanceMileage;
  for (let visit = 1; visit <= VISITS_AHEAD && dues.size > 0; visit++) {
    const visitDay = Math.min(...[...dues.values()].map((due) => due.day));
    const included = maintenanceItems.filter((item) => {
      const due = dues.get(item);
      return due !== undefined && due.day <= visitDay + VISIT_WINDOW_DAYS;
    });
    const dueMileages = included.map((item) => dues.get(item) as Due).filter((due) => due.day === visitDay).map((due) => due.mileage);
    const visitMileage = Math.max(currentMileage, Math.min(...dueMileages));
    maintEstimate.push({
      maintRecordId: `estimate-${visit}`,
      maintDate: null,
      estimate: {
        date: dayText(visitDay),
        s4Price: money(included.reduce((sum, item) => sum + item.s4Price, 0)),
        zxcPrice: money(included.reduce((sum, item) => sum + item.zxcPrice, 0)),
      },
      mileage: visitMileage,
      partList: included.map((item) => item.name),
      maintMileage: previousMileage === null ? null : Math.max(0, visitMileage - previousMileage),
      pointEnum: 'MAINT_ESTIMATE',
    });
    previousMileage = visitMileage;
    for (const item of included) {
      const next = dueAfter(item, { day: visitDay, mileage: visitMileage, nextDueMileage: null, nextDueDay: null });
      if (next) dues.set(item, next);
      else dues.delete(item);
    }
  }

  const partReplaceAlert: MaintenancePointOut[] = [];
  for (const item of input.planItems.filter((candidate) => candidate.category === 'part')) {
    const last = lastServiceOf(item);
    const due = dueAfter(item, last);
    if (!due || due.day > today + ALERT_HORIZON_DAYS) continue;
    partReplaceAlert.push({
      maintRecordId: `alert-${item.code}`,
      maintDate: null,
      estimate: { date: dayText(due.day), s4Price: item.s4Price, zxcPrice: item.zxcPrice },
      mileage: due.mileage,
      partList: [item.name],
      maintMileage: last ? Math.max(0, due.mileage - last.mileage) : item.intervalKm,
      pointEnum: 'PART_REPLACE_ALERT',
    });
  }
  partReplaceAlert.sort((a, b) => (a.estimate.date as string).localeCompare(b.estimate.date as string));

  return { currentMileage, kmPerDay, points: { history, partReplaceAlert, maintEstimate } };
}

/**
 * Past visits. zxcPrice is what the customer paid us; s4Price what a 4S dealer charges for the same
 * work (plan prices of the recognised items, the rest at our price), null when nothing is recognised.
 */
function historyPoints(records: MaintenanceRecordRow[], planItems: PlanItemRow[]): MaintenancePointOut[] {
  const previousByKind = new Map<string, number>();
  return records.map((record) => {
    const recognised = record.items.map((entry) => planItems.find((item) => item.name === entry.name)).filter((item): item is PlanItemRow => item !== undefined);
    const s4Price = recognised.length === 0
      ? null
      : money(recognised.reduce((sum, item) => sum + item.s4Price, 0) + Math.max(0, record.amount - recognised.reduce((sum, item) => sum + item.zxcPrice, 0)));
    const previous = previousByKind.get(record.kind);
    if (record.mileage !== null) previousByKind.set(record.kind, record.mileage);
    const names = record.items.map((entry) => entry.name).filter(Boolean);
    return {
      maintRecordId: String(record.id),
      maintDate: record.maintDate,
      estimate: { date: record.maintDate, s4Price, zxcPrice: money(record.amount) },
      mileage: record.mileage,
      partList: names.length > 0 ? names : record.parts.map((part) => part.name),
      maintMileage: previous === undefined || record.mileage === null ? null : Math.max(0, record.mileage - previous),
      pointEnum: record.kind === 'repair' ? 'PART_REPLACE_RECORD' : 'MAINT_RECORD',
    };
  });
}

/** The timeline of a vehicle the caller may see, or null: what /vehicle/maint-points answers and the panorama's 下次保养 reads. */
export async function vehicleTimeline(db: Queryable, scope: TenantScope, vehicleId: number, timeZone: string) {
  const vehicle = await findTimelineVehicle(db, scope, vehicleId);
  if (!vehicle) return null;
  const [records, replacements, plan] = await Promise.all([
    vehicleMaintenanceRecords(db, scope, vehicle.id),
    vehiclePartReplacements(db, scope, vehicle.id),
    findMaintenancePlan(db, scope.chainId, vehicle),
  ]);
  const estimate = estimateTimeline({ vehicle, records, replacements, planItems: plan?.items ?? [], today: garageToday(timeZone) });
  return { vehicle, planName: plan?.name ?? null, ...estimate };
}

export default async function maintenanceRoutes(app: FastifyInstance) {
  serve(app, calls.maintPoints, async ({ vehicleId }, request) => {
    const timeline = await vehicleTimeline(app.db, request.scope, vehicleId, app.config.timeZone);
    if (!timeline) throw new ApiError(Code.notFound, '车辆不存在或无权查看');
    const { vehicle, ...rest } = timeline;
    return ok({
      vehicle: { id: vehicle.id, plate: vehicle.plate, brand: vehicle.brand, series: vehicle.series, model: vehicle.model, customerName: vehicle.customerName },
      ...rest,
    });
  });
}
