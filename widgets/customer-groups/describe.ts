/** A condition in words, for group cards: 「保险 30 天内到期 · 标签含任一：新能源车主」. */
import type { CustomerConditionInput } from '../../contracts/customer-condition';
import { stageLabels } from '../customer-list/messages';
import type { ConditionLabels } from './api';

const names = (ids: number[] | undefined, items: { id: number; name: string }[]) => (ids ?? []).map((id) => items.find((item) => item.id === id)?.name ?? `#${id}`).join('、');
const span = (range: { min?: number; max?: number } | undefined, unit: string) =>
  range?.min !== undefined && range?.max !== undefined ? `${range.min}-${range.max}${unit}` : range?.min !== undefined ? `≥${range.min}${unit}` : `≤${range?.max}${unit}`;

export function describeCondition(condition: CustomerConditionInput | null | undefined, labels: ConditionLabels | null): string[] {
  if (!condition) return [];
  const parts: string[] = [];
  const l = labels ?? { stores: [], tags: [], groups: [], savedConditions: [] };
  if (condition.keyword) parts.push(`关键词「${condition.keyword}」`);
  if (condition.storeIds?.length) parts.push(`门店：${names(condition.storeIds, l.stores)}`);
  if (condition.tags?.ids?.length) {
    const mode = { any: '含任一', all: '含全部', none: '不含' }[condition.tags.mode ?? 'any'];
    parts.push(`标签${mode}：${names(condition.tags.ids, l.tags)}`);
  }
  if (condition.groupIds?.length) parts.push(`分组：${names(condition.groupIds, l.groups)}`);
  if (condition.stage) parts.push(`阶段：${stageLabels[condition.stage]}`);
  if (condition.levels?.length) parts.push(`等级：${condition.levels.join('、')}`);
  if (condition.sources?.length) parts.push(`来源：${condition.sources.join('、')}`);
  if (condition.brands?.length) parts.push(`品牌：${condition.brands.join('、')}`);
  if (condition.lastVisit?.from || condition.lastVisit?.to) parts.push(`最近到店 ${condition.lastVisit.from ?? '…'} 至 ${condition.lastVisit.to ?? '…'}`);
  if (condition.notVisitedForDays !== undefined) parts.push(`${condition.notVisitedForDays} 天以上未到店`);
  if (condition.maintenanceDueWithinDays !== undefined) parts.push(`保养 ${condition.maintenanceDueWithinDays} 天内到期`);
  if (condition.insuranceExpiringWithinDays !== undefined) parts.push(`保险 ${condition.insuranceExpiringWithinDays} 天内到期`);
  if (condition.mileage) parts.push(`里程 ${span(condition.mileage, ' 公里')}`);
  if (condition.totalSpend) parts.push(`累计消费 ${span(condition.totalSpend, ' 元')}`);
  return parts;
}
