import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { maintenancePoint } from '../../contracts/api/maintenance';
import { nextMaintenance } from '../../contracts/rules/maintenance';
import { buildTimeline } from './timeline';

type Point = z.output<typeof maintenancePoint>;

const estimate = (id: string, date: string | null, mileage: number | null, pointEnum: Point['pointEnum'] = 'MAINT_ESTIMATE'): Point => ({
  maintRecordId: id,
  maintDate: null,
  estimate: { date, s4Price: 600, zxcPrice: 400 },
  mileage,
  partList: ['机油'],
  maintMileage: null,
  pointEnum,
});

/** The panorama's 下次保养 (server: nextMaintenance of the same points) and the timeline's badge agree. */
describe('下次保养 on the timeline and on the panorama', () => {
  it('is the entry the timeline marks 下次保养, whatever order the estimates come in', () => {
    const estimates = [estimate('e3', '2027-08-01', 12000), estimate('e2', null, 6000), estimate('e1', '2027-02-19', 5300), estimate('e0', '2027-02-19', 5600)];
    for (const order of [estimates, [...estimates].reverse()]) {
      const points = { history: [], partReplaceAlert: [estimate('alert', '2026-12-01', 4000, 'PART_REPLACE_ALERT')], maintEstimate: order };
      const marked = buildTimeline(points).find((entry) => entry.isNext);
      expect(marked && { date: marked.date, mileage: marked.mileage }).toEqual(nextMaintenance(points));
    }
  });
});
