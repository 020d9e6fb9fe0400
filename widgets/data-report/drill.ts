/**
 * Drill-down of 数据报表: a view is the report's query plus a crumb label; clicking a row narrows
 * the view by that row (a store, a month, a week, a day, an advisor, a service type) and groups by
 * the next dimension still open, in the order 时间 → 服务顾问 → 服务类型 → 门店. Pure, so the
 * breadcrumb, the rows' links and the tests agree.
 */
import { addDays, addMonths, daysBetween } from '../../contracts/dates';
import type { ReportGroup, ServiceType } from '../../contracts/rules/orders';

export interface ReportView {
  groupBy: ReportGroup;
  from: string;
  to: string;
  storeIds?: number[];
  advisor?: string;
  serviceType?: ServiceType;
  /** What the breadcrumb shows for this step. */
  crumb: string;
}

/** Longer ranges read by month, shorter by day. */
export const timeGroupFor = (from: string, to: string): ReportGroup => (daysBetween(from, to) > 62 ? 'month' : 'day');

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The view one level down from `row`, or null when nothing is left to split by. */
export function drillInto(view: ReportView, row: { key: string; label: string }, storeCount: number): ReportView | null {
  const next: ReportView = { ...view, crumb: row.label };
  switch (view.groupBy) {
    case 'store': next.storeIds = [Number(row.key)]; break;
    case 'month': next.from = later(view.from, `${row.key}-01`); next.to = earlier(view.to, addDays(addMonths(`${row.key}-01`, 1), -1)); break;
    case 'week': next.from = later(view.from, row.key); next.to = earlier(view.to, addDays(row.key, 6)); break;
    case 'day': next.from = row.key; next.to = row.key; break;
    case 'advisor': if (!row.key) return null; next.advisor = row.key; break;
    case 'serviceType': next.serviceType = row.key as ServiceType; break;
  }
  const timeLeft = next.from < next.to && !(view.groupBy === 'day');
  const storeLeft = storeCount > 1 && next.storeIds?.length !== 1;
  const order: [boolean, ReportGroup][] = [
    [timeLeft, timeGroupFor(next.from, next.to)],
    [next.advisor === undefined, 'advisor'],
    [next.serviceType === undefined, 'serviceType'],
    [storeLeft, 'store'],
  ];
  const group = order.find(([open, key]) => open && key !== view.groupBy)?.[1];
  if (!group) return null;
  next.groupBy = group;
  return next;
}

/** The query of a view, as the report and the export take it. */
export function queryOf(view: ReportView): Record<string, string> {
  return {
    groupBy: view.groupBy,
    from: view.from,
    to: view.to,
    ...(view.storeIds?.length ? { storeIds: view.storeIds.join(',') } : {}),
    ...(view.advisor !== undefined ? { advisor: view.advisor } : {}),
    ...(view.serviceType ? { serviceType: view.serviceType } : {}),
  };
}
