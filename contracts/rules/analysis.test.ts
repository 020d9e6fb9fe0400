import { describe, expect, it } from 'vitest';
import { diagnose, kpiItemPoints, kpiScore, kpiSetProblem, medianOf, shiftMonth } from './analysis';

describe('诊断表 verdicts', () => {
  it('judges against the target when set, else the chain’s median; rates within 5 points and money within 10 % read 关注', () => {
    expect(diagnose('retentionRate', 8500, 8500, 8000)).toMatchObject({ health: 'green', action: '' });
    expect(diagnose('retentionRate', 8100, 8500, 8000)).toMatchObject({ health: 'amber', reason: '比目标 85% 低 4 个百分点，连锁中位数 80%' });
    expect(diagnose('retentionRate', 7900, 8500, null).health).toBe('red');
    expect(diagnose('retentionRate', 7900, 8500, null).action).toContain('沉睡');
    expect(diagnose('ticketSize', 90_000, null, 95_000)).toMatchObject({ health: 'amber', reason: '比连锁中位数 ¥950.00 低 ¥50.00' });
    expect(diagnose('ticketSize', 80_000, null, 95_000).health).toBe('red');
    expect(diagnose('renewalRate', null, 5000, 5000).health).toBe('none');
    expect(diagnose('renewalRate', 4000, null, null).health).toBe('none');
  });

  it('takes the median of the values it has', () => {
    expect(medianOf([3, null, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 2, 3])).toBe(3); // (2 + 3) / 2 rounded
    expect(medianOf([null])).toBeNull();
  });
});

describe('KPI sets and scores', () => {
  it('wants per-person metrics, each once, whole weights adding up to 100 %', () => {
    expect(kpiSetProblem([{ metric: 'revenue', weight: 60 }, { metric: 'visits', weight: 40 }])).toBeNull();
    expect(kpiSetProblem([])).toBeNull();
    expect(kpiSetProblem([{ metric: 'revenue', weight: 60 }, { metric: 'visits', weight: 30 }])).toBe('权重合计须为 100%，现在是 90%');
    expect(kpiSetProblem([{ metric: 'revenue', weight: 50 }, { metric: 'revenue', weight: 50 }])).toContain('重复');
    expect(kpiSetProblem([{ metric: 'retentionRate', weight: 100 }])).toContain('不能按人员考核');
    expect(kpiSetProblem([{ metric: 'revenue', weight: 99.5 }, { metric: 'visits', weight: 0.5 }])).toContain('整数');
  });

  it('caps a metric at 120 points and scores a missing target as 0', () => {
    expect(kpiItemPoints(150, 100)).toBe(120);
    expect(kpiItemPoints(50, 100)).toBe(50);
    expect(kpiItemPoints(50, null)).toBeNull();
    expect(kpiScore([{ weight: 60, points: 120 }, { weight: 40, points: 50 }])).toBe(92);
    expect(kpiScore([{ weight: 60, points: 100 }, { weight: 40, points: null }])).toBe(60);
    expect(kpiScore([])).toBeNull();
  });

  it('moves months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
