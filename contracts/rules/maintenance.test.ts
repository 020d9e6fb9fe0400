import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { maintenancePoint } from '../api/maintenance';
import { compareDue, nextMaintenance, pickNextMaintenance } from './maintenance';

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

describe('the next maintenance (下次保养)', () => {
  it('is the estimate due first by date, then by the lower mileage; an undated one is never first', () => {
    expect(compareDue({ date: '2027-02-19', mileage: 9000 }, { date: '2027-03-28', mileage: 7800 })).toBeLessThan(0);
    expect(compareDue({ date: '2027-02-19', mileage: 5300 }, { date: '2027-02-19', mileage: 7800 })).toBeLessThan(0);
    expect(compareDue({ date: null, mileage: 100 }, { date: '2030-01-01', mileage: 90000 })).toBeGreaterThan(0);
    expect(pickNextMaintenance([{ id: 'a', date: '2027-01-01', mileage: 1 }, { id: 'b', date: '2027-01-01', mileage: 1 }], (item) => item)?.id).toBe('a');
    expect(pickNextMaintenance([1, 2], () => null)).toBeUndefined();
  });

  it('skips wear-part alerts and repairs, and is null without estimates', () => {
    expect(nextMaintenance({ maintEstimate: [] })).toBeNull();
    const points = [estimate('alert', '2026-12-01', 4000, 'PART_REPLACE_ALERT'), estimate('e2', '2027-03-28', 7800), estimate('e1', '2027-02-19', 5300)];
    expect(nextMaintenance({ maintEstimate: points })).toEqual({ date: '2027-02-19', mileage: 5300 });
  });

});
