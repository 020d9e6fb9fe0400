/**
 * How a vehicle's maintenance future is estimated (spec section 3 "Maintenance timeline", issue 6):
 * the points GET /vehicle/maint-points answers, and — through contracts/rules/maintenance.ts — the
 * vehicle's 下次保养 that repositories/next-maintenance.ts stores for every list, task and text.
 * Pure, so it is tested without a database.
 *
 * - km per day from the vehicle's odometer readings (first to last, ≥ 60 days apart), else from
 *   its registration date, else the national average of 35 km/day; clamped to 3–300.
 * - mileage on a day = the highest reading + km/day × days since the latest reading (anchored
 *   there, so a due day does not move from one day to the next while nothing new is known).
 * - each plan item is due at its last service + interval (km or months, whichever comes first;
 *   a part replacement's own next-due values win); never serviced with us = the next multiple of
 *   its interval since new.
 * - maintEstimate: the next 3 visits; a visit is the earliest due maintenance item plus every
 *   maintenance item due within 60 days after it, priced from the plan. An overdue first visit
 *   keeps the day it fell due (the panorama says 已逾期, and the day does not move, so a reminder is
 *   not made anew every day) at today's mileage (it is done now: the timeline keeps it above the
 *   past); the visits after it count from today.
 * - partReplaceAlert: wear parts (category part) due within 180 days, one point each; an overdue
 *   part is due today at today's mileage.
 */
import { addMonths as addMonthsToDay, dayFromNumber as dayText, dayNumber } from '../../../contracts/dates';
import type { z } from 'zod';
import type * as calls from '../../../contracts/api/maintenance';
import type { MaintenanceRecordRow, PartReplacementRow, PlanItemRow, TimelineVehicle } from '../repositories/maintenance';

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
  // What the mileage is known at: the latest reading (with the highest mileage), else zero on the
  // registration day, else the vehicle's mileage today.
  const anchor: Reading = readings.length > 0
    ? { day: readings[readings.length - 1].day, mileage: Math.max(...readings.map((reading) => reading.mileage)) }
    : registrationDay !== null ? { day: registrationDay, mileage: 0 } : { day: today, mileage: Math.max(0, input.vehicle.mileage) };
  const mileageOn = (day: number) => Math.max(0, Math.round(anchor.mileage + kmPerDay * (day - anchor.day)));
  const currentMileage = Math.max(anchor.mileage, mileageOn(today));
  const dayAt = (km: number) => anchor.day + Math.ceil((km - anchor.mileage) / kmPerDay);

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
    const dueByKm = dueKm === null ? null : dayAt(dueKm);
    if (dueByKm === null && dueByTime === null) return null;
    const byKmFirst = dueByKm !== null && (dueByTime === null || dueByKm <= dueByTime);
    const day = byKmFirst ? (dueByKm as number) : (dueByTime as number);
    return { day, mileage: byKmFirst ? (dueKm as number) : round100(mileageOn(day)) };
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
    const dueDay = Math.min(...[...dues.values()].map((due) => due.day));
    // An overdue visit is done today at the earliest: the items joining it and the visits after it count from then.
    const visitDay = Math.max(today, dueDay);
    const included = maintenanceItems.filter((item) => {
      const due = dues.get(item);
      return due !== undefined && due.day <= visitDay + VISIT_WINDOW_DAYS;
    });
    const dueMileage = Math.min(...included.map((item) => dues.get(item) as Due).filter((due) => due.day === dueDay).map((due) => due.mileage));
    const visitMileage = Math.max(currentMileage, dueMileage);
    maintEstimate.push({
      maintRecordId: `estimate-${visit}`,
      maintDate: null,
      estimate: {
        date: dayText(dueDay),
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
      const next = dueAfter(item, { day: visitDay, mileage: previousMileage, nextDueMileage: null, nextDueDay: null });
      if (next) dues.set(item, next);
      else dues.delete(item);
    }
  }

  const partReplaceAlert: MaintenancePointOut[] = [];
  for (const item of input.planItems.filter((candidate) => candidate.category === 'part')) {
    const last = lastServiceOf(item);
    const due = dueAfter(item, last);
    if (!due || due.day > today + ALERT_HORIZON_DAYS) continue;
    const mileage = due.day <= today ? currentMileage : Math.max(currentMileage, due.mileage);
    partReplaceAlert.push({
      maintRecordId: `alert-${item.code}`,
      maintDate: null,
      estimate: { date: dayText(Math.max(today, due.day)), s4Price: item.s4Price, zxcPrice: item.zxcPrice },
      mileage,
      partList: [item.name],
      maintMileage: last ? Math.max(0, mileage - last.mileage) : item.intervalKm,
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

