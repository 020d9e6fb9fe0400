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
 * The widget turns them into the timeline with buildTimeline (widgets/maint-timeline/timeline.ts);
 * how the future is estimated: server/src/maintenance/estimate.ts.
 */
import type { FastifyInstance } from 'fastify';
import { today as garageToday } from '../../../contracts/dates';
import { ApiError, Code, ok } from '../http/envelope';
import { serve } from '../http/contract';
import * as calls from '../../../contracts/api/maintenance';
import type { Queryable } from '../db/database';
import type { TenantScope } from '../repositories/scope';
import { findTimelineVehicle, timelineInputs } from '../repositories/maintenance';
import { estimateTimeline } from '../maintenance/estimate';

/** The timeline of a vehicle the caller may see, or null: what /vehicle/maint-points answers and the panorama's 下次保养 reads. */
export async function vehicleTimeline(db: Queryable, scope: TenantScope, vehicleId: number, timeZone: string) {
  const vehicle = await findTimelineVehicle(db, scope, vehicleId);
  if (!vehicle) return null;
  const { records, replacements, plans } = await timelineInputs(db, scope.chainId, [vehicle.id]);
  const plan = plans.get(vehicle.id);
  const estimate = estimateTimeline({
    vehicle, records: records.get(vehicle.id) ?? [], replacements: replacements.get(vehicle.id) ?? [], planItems: plan?.items ?? [], today: garageToday(timeZone),
  });
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
