/** Server calls of the vehicle panorama (server/src/routes/customer.ts). */
import { http } from '../core';

export interface VehicleMatch {
  id: number;
  plate: string;
  brand: string;
  series: string;
  customerName: string;
}

export interface VehiclePanorama {
  vehicle: {
    id: number;
    plate: string;
    vin: string;
    brand: string;
    series: string;
    model: string;
    modelYear: number | null;
    colour: string;
    energyType: string;
    registrationDate: string | null;
    mileage: number;
    visitCount: number;
    totalSpend: number;
    lastVisitAt: string | null;
    nextMaintenanceDate: string | null;
    nextMaintenanceMileage: number | null;
    insuranceExpiry: string | null;
    insuranceDaysLeft: number | null;
    storeName: string;
  };
  owner: {
    id: number;
    name: string;
    mobile: string;
    gender: 'M' | 'F' | null;
    level: string;
    source: string;
    stage: string;
    visitCount: number;
    totalSpend: number;
    createdAt: string;
    tags: { id: number; name: string; colour: string }[];
    vehicles: { id: number; plate: string }[];
  };
  visits: { id: number; orderNo: string; maintDate: string; mileage: number | null; kind: string; items: { name: string }[]; amount: number; advisor: string; storeName: string }[];
  policies: { id: number; insurer: string; policyNo: string; compulsoryPremium: number; commercialPremium: number; startDate: string; expiryDate: string }[];
  spendByYear: { year: number; visits: number; spend: number }[];
}

export const panoramaApi = {
  search: (keyword: string, signal?: AbortSignal) => http.main.get<VehicleMatch[]>('/vehicle/search', { params: { keyword }, signal, silent: true }),
  load: (vehicleId: string) => http.main.get<VehiclePanorama>('/vehicle/detail', { params: { vehicleId }, silent: true }),
};
