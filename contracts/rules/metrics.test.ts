import { describe, expect, it } from 'vitest';
import { childSumProblem, formatMetricValue, metricInputText, monthRange, parseMetricInput, periodStart, progressOf } from './metrics';

describe('metric values', () => {
  it('reads what a person types in the unit, as raw integers (fen, 0.01 %)', () => {
    expect(parseMetricInput('元', '1,234.5')).toBe(123_450);
    expect(parseMetricInput('元', '¥0.07')).toBe(7);
    expect(parseMetricInput('%', '12.34%')).toBe(1234);
    expect(parseMetricInput('次', '40')).toBe(40);
    for (const wrong of ['', '1.5', '-3', 'abc', '1e3']) expect(parseMetricInput('次', wrong)).toBeNull();
    expect(parseMetricInput('元', '1.234')).toBeNull();
    expect(metricInputText('元', 123_450)).toBe('1234.5');
  });

  it('shows values the way the garage reads them', () => {
    expect(formatMetricValue('元', 31_970_500)).toBe('¥319,705.00');
    expect(formatMetricValue('%', 8736)).toBe('87.36%');
    expect(formatMetricValue('人', 1200)).toBe('1,200 人');
    expect(formatMetricValue('次', null)).toBe('—');
  });
});

describe('periods', () => {
  it('runs a month to its last day, or to today while it is the current one', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-11', '2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(monthRange('2026-10', '2026-11-24')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('files a value under its day, its week’s Monday or its month’s 1st', () => {
    expect(periodStart('day', '2026-11-24')).toBe('2026-11-24');
    expect(periodStart('week', '2026-11-29')).toBe('2026-11-23'); // a Sunday belongs to the week before
    expect(periodStart('week', '2026-11-23')).toBe('2026-11-23');
    expect(periodStart('month', '2026-11-24')).toBe('2026-11-01');
  });
});

describe('the tree', () => {
  const revenue = { unit: '元' as const, additive: true };
  it('warns when store targets of the same additive metric do not add up to the goal', () => {
    const goal = { metric: 'revenue', target: 50_000_000 };
    expect(childSumProblem(goal, [{ metric: 'revenue', target: 30_000_000 }, { metric: 'revenue', target: 20_000_000 }], revenue)).toBeNull();
    expect(childSumProblem(goal, [{ metric: 'revenue', target: 30_000_000 }], revenue)).toBe('下级目标合计 ¥300,000.00，比本级目标少 ¥200,000.00');
    expect(childSumProblem(goal, [{ metric: 'revenue', target: 60_000_000 }], revenue)).toBe('下级目标合计 ¥600,000.00，比本级目标多 ¥100,000.00');
    // A decomposition into other metrics, or a ratio, is not a sum.
    expect(childSumProblem(goal, [{ metric: 'visits', target: 400 }], revenue)).toBeNull();
    expect(childSumProblem({ metric: 'ticketSize', target: 80_000 }, [{ metric: 'ticketSize', target: 70_000 }], { unit: '元', additive: false })).toBeNull();
  });

  it('measures progress for both directions', () => {
    expect(progressOf('higher', 50, 200)).toBe(0.25);
    expect(progressOf('lower', 80, 100)).toBe(1);
    expect(progressOf('lower', 200, 100)).toBe(0.5);
    expect(progressOf('higher', null, 100)).toBeNull();
    expect(progressOf('higher', 10, 0)).toBeNull();
  });
});
