/** The one server call of the timeline: GET /vehicle/maint-points (server/src/routes/maintenance.ts). */
import { http } from '../core';
import type { MaintenancePoints } from './timeline';
import type { maintPoints } from '../../contracts/api/maintenance';
import type { AnswerOf } from '../../contracts/api/route';

/**
 * What the timeline draws: the endpoint's answer (AnswerOf<typeof maintPoints>), or only the three
 * groups when an embedder hands them to the `points` property, in the spec's loose shape.
 */
export interface MaintPointsAnswer {
  vehicle?: { id: number; plate: string; brand: string; series: string; model: string; customerName: string } | null;
  planName?: string | null;
  currentMileage?: number | null;
  kmPerDay?: number | null;
  points: MaintenancePoints;
}

export const MAINT_POINTS_PATH = '/vehicle/maint-points';

export function fetchMaintPoints(vehicleId: string, signal?: AbortSignal): Promise<MaintPointsAnswer | null> {
  // Two timelines of one car on a page (panorama + sidebar) must not cancel each other's request.
  return http.main.get<AnswerOf<typeof maintPoints> | null>(MAINT_POINTS_PATH, { params: { vehicleId }, signal, allowDuplicate: true });
}

/** The `points` property takes either the three groups or the endpoint's whole answer. */
export function answerFromProperty(value: unknown): MaintPointsAnswer | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (record.points && typeof record.points === 'object') return record as unknown as MaintPointsAnswer;
  return { points: record as MaintenancePoints };
}
