/** Server calls of the vehicle panorama (server/src/routes/customer.ts); answers typed by contracts/api/customer.ts. */
import { http } from '../core';
import type { vehiclePanorama, vehicleSearch } from '../../contracts/api/customer';
import type { AnswerOf } from '../../contracts/api/route';

export type VehicleMatch = AnswerOf<typeof vehicleSearch>[number];
export type VehiclePanorama = AnswerOf<typeof vehiclePanorama>;

export const panoramaApi = {
  search: (keyword: string, signal?: AbortSignal) => http.main.get<VehicleMatch[]>('/vehicle/search', { params: { keyword }, signal, silent: true }),
  load: (vehicleId: string) => http.main.get<VehiclePanorama>('/vehicle/detail', { params: { vehicleId }, silent: true }),
};
