import { describe, expect, it } from 'vitest';
import { drillInto, queryOf, type ReportView } from './drill';

const root: ReportView = { groupBy: 'store', from: '2026-01-01', to: '2026-06-30', crumb: '全部' };

describe('数据报表 drill-down', () => {
  it('walks store → month → day → advisor → service type, each step narrower', () => {
    const store = drillInto(root, { key: '3', label: '城西店' }, 3)!;
    expect(store).toMatchObject({ groupBy: 'month', storeIds: [3], from: '2026-01-01', to: '2026-06-30', crumb: '城西店' });
    const month = drillInto(store, { key: '2026-02', label: '2026年2月' }, 3)!;
    expect(month).toMatchObject({ groupBy: 'day', from: '2026-02-01', to: '2026-02-28' });
    const day = drillInto(month, { key: '2026-02-14', label: '2026-02-14' }, 3)!;
    expect(day).toMatchObject({ groupBy: 'advisor', from: '2026-02-14', to: '2026-02-14' });
    const advisor = drillInto(day, { key: '王师傅', label: '王师傅' }, 3)!;
    expect(advisor).toMatchObject({ groupBy: 'serviceType', advisor: '王师傅' });
    expect(drillInto(advisor, { key: 'tyre', label: '轮胎' }, 3)).toBeNull();
    expect(queryOf(advisor)).toEqual({ groupBy: 'serviceType', from: '2026-02-14', to: '2026-02-14', storeIds: '3', advisor: '王师傅' });
  });

  it('clips a month or week to the range, reads short ranges by day, and ends where nothing is left', () => {
    const byMonth: ReportView = { ...root, groupBy: 'month', from: '2026-01-20', to: '2026-03-10' };
    expect(drillInto(byMonth, { key: '2026-01', label: '1月' }, 3)).toMatchObject({ from: '2026-01-20', to: '2026-01-31', groupBy: 'day' });
    expect(drillInto(byMonth, { key: '2026-03', label: '3月' }, 3)).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
    const byWeek: ReportView = { ...root, groupBy: 'week', from: '2026-01-01', to: '2026-01-31' };
    expect(drillInto(byWeek, { key: '2026-01-26', label: '第5周' }, 3)).toMatchObject({ from: '2026-01-26', to: '2026-01-31', groupBy: 'day' });
    // A store manager (one store): after advisor and service type nothing is left.
    const oneDay: ReportView = { groupBy: 'serviceType', from: '2026-02-01', to: '2026-02-01', advisor: '李', crumb: '' };
    expect(drillInto(oneDay, { key: 'repair', label: '维修' }, 1)).toBeNull();
    expect(drillInto(oneDay, { key: 'repair', label: '维修' }, 3)).toMatchObject({ groupBy: 'store', serviceType: 'repair' });
    // An order without an advisor cannot be narrowed to "no advisor".
    expect(drillInto({ ...root, groupBy: 'advisor' }, { key: '', label: '' }, 3)).toBeNull();
  });
});
