/**
 * 下次保养 — the next maintenance of a vehicle, one rule for every page (docs/FACTS.md, "Maintenance").
 *
 * The next maintenance is the maintenance estimate of the vehicle's timeline due first: the earliest
 * date (an undated estimate is never first), then the lowest mileage, then the order given.
 * Wear-part alerts and repair-typed points are never the next maintenance. Which wins, date or km:
 * each plan item falls due at its interval in km or in months, whichever comes first
 * (server/src/maintenance/estimate.ts); the date is that day, the km the car's mileage then. An
 * overdue one keeps the day it fell due (已逾期), at today's mileage.
 *
 * The server stores it per vehicle (server/src/repositories/next-maintenance.ts) and every reader
 * takes it from there: the panorama, the customer list (保养到期(天内) = due today … today + N,
 * never overdue; its row and sort: the customer's car due first from today on, else the one overdue
 * last), the workbench's 保养到期 tasks, the SMS variable {保养到期日} and the WeCom sidebar. The
 * timeline widget (widgets/maint-timeline/timeline.ts, isNext) picks the same estimate with this rule.
 */
import type { z } from 'zod';
import type { maintenancePoints } from '../api/maintenance';

export interface DueMaintenance {
  /** 'YYYY-MM-DD', or null when nothing tells the day. */
  date: string | null;
  mileage: number | null;
}

/** Point kinds that are repairs or part alerts, never a maintenance visit. */
export const REPAIR_POINTS: ReadonlySet<string> = new Set(['PART_REPLACE_RECORD', 'PART_REPLACE_ALERT']);

/** < 0 when `a` is due before `b` (date first, a missing date after any date; then mileage). */
export function compareDue(a: DueMaintenance, b: DueMaintenance): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  }
  return (a.mileage ?? Number.POSITIVE_INFINITY) - (b.mileage ?? Number.POSITIVE_INFINITY);
}

/** The candidate due first; `due` answers null for a candidate that is not a maintenance. Ties keep the earlier one. */
export function pickNextMaintenance<T>(candidates: readonly T[], due: (candidate: T) => DueMaintenance | null): T | undefined {
  let best: { candidate: T; due: DueMaintenance } | undefined;
  for (const candidate of candidates) {
    const own = due(candidate);
    if (own && (!best || compareDue(own, best.due) < 0)) best = { candidate, due: own };
  }
  return best?.candidate;
}

/** The next maintenance of a timeline answer's points (GET /vehicle/maint-points), or null. */
export function nextMaintenance(points: Pick<z.output<typeof maintenancePoints>, 'maintEstimate'>): DueMaintenance | null {
  const next = pickNextMaintenance(points.maintEstimate, (point) =>
    REPAIR_POINTS.has(point.pointEnum) ? null : { date: point.estimate.date ?? point.maintDate, mileage: point.mileage },
  );
  return next ? { date: next.estimate.date ?? next.maintDate, mileage: next.mileage } : null;
}
