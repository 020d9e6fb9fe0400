/** The maintenance timeline of one vehicle (spec section 3, issue 6). */
import { z } from 'zod';
import { apiCalls } from './route';
import { id } from '../fields';

const call = apiCalls('保养');

export const POINT_ENUMS = ['MAINT_RECORD', 'PART_REPLACE_RECORD', 'PART_REPLACE_ALERT', 'MAINT_ESTIMATE'] as const;

/** One point with the spec's field names (widgets/maint-timeline/timeline.ts turns them into the timeline). */
export const maintenancePoint = z.object({
  maintRecordId: z.string(),
  maintDate: z.string().nullable(),
  estimate: z.object({ date: z.string().nullable(), s4Price: z.number().nullable(), zxcPrice: z.number().nullable() }),
  mileage: z.number().nullable(),
  partList: z.array(z.string()),
  maintMileage: z.number().nullable(),
  pointEnum: z.enum(POINT_ENUMS),
});

export const maintenancePoints = z.object({
  history: z.array(maintenancePoint),
  partReplaceAlert: z.array(maintenancePoint),
  maintEstimate: z.array(maintenancePoint),
});

export const maintPoints = call({
  method: 'GET',
  path: '/vehicle/maint-points',
  summary: '车辆的保养时间轴：历史、零件更换提醒、保养预估',
  input: z.object({ vehicleId: id('车辆') }),
  answer: z.object({
    vehicle: z.object({ id: z.number(), plate: z.string(), brand: z.string(), series: z.string(), model: z.string(), customerName: z.string() }),
    planName: z.string().nullable(),
    currentMileage: z.number(),
    kmPerDay: z.number(),
    points: maintenancePoints,
  }),
});
