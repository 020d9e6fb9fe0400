/**
 * One row of POST /client/list: the shape the server's repository builds and the list widget
 * draws, written once (type-only, so neither side pulls code from the other).
 */
import type { LifecycleStage } from './condition-rules';

export interface CustomerVehicleSummary {
  id: number;
  plate: string;
  brand: string;
  series: string;
  model: string;
  vin: string;
  mileage: number;
  insuranceExpiry: string | null;
  nextMaintenanceDate: string | null;
}

export interface CustomerRow {
  id: number;
  name: string;
  mobile: string;
  gender: 'M' | 'F' | null;
  level: string;
  source: string;
  storeId: number;
  storeName: string;
  visitCount: number;
  totalSpend: number;
  lastVisitAt: string | null;
  createdAt: string;
  stage: LifecycleStage;
  tags: { id: number; name: string; colour: string }[];
  vehicles: CustomerVehicleSummary[];
}
