// One name per fact (issue 33): 工作台 and 智慧大屏 read the day's figures from the same order rollup
// as 数据报表, so a work order counted there is 到店台次 here too (指标库's name, docs/FACTS.md).
import { describe, expect, it } from 'vitest';
import { BUILT_IN_METRICS } from '../../contracts/rules/metrics';
import { REPORT_MEASURES } from '../../contracts/rules/orders';
import { messages as workbench } from './messages';
import { messages as bigScreen } from '../big-screen/messages';
import { messages as kpi } from '../kpi/messages';

describe('the count of work orders is 到店台次 on every page', () => {
  it('工作台’s 今日经营 names its four figures as 数据报表 does', () => {
    expect(workbench.figures).toEqual({ revenueFen: '营业额', orders: '到店台次', newCustomers: '新客户', ticketFen: '客单价' });
    expect(workbench.figures.orders).toBe(REPORT_MEASURES.orders.name);
    expect(workbench.figures.newCustomers).toBe(REPORT_MEASURES.newCustomers.name);
  });

  it('智慧大屏’s tiles and trend say 到店台次 and 新客户; 在修工单 (cars in the workshop) is another fact', () => {
    expect(bigScreen.tiles).toMatchObject({ ordersToday: '今日到店台次', newCustomersToday: '今日新客户', ordersInProgress: '在修工单' });
    expect(bigScreen.trend).toBe('近 30 天营业额与到店台次');
    expect(bigScreen.orders).toBe('到店台次');
  });

  it('数据报表, 数据统计 and 指标库 use the same name, and no page says 工单数', () => {
    expect(REPORT_MEASURES.orders.name).toBe(BUILT_IN_METRICS.visits.name);
    expect(kpi.decompositionParts.visits).toBe(BUILT_IN_METRICS.visits.name);
    expect(JSON.stringify([workbench, bigScreen, kpi])).not.toMatch(/工单数|新客数/);
  });
});
