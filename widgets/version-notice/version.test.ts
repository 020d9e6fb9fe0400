import { describe, expect, it } from 'vitest';
import { compareVersion } from './version';

describe('compareVersion', () => {
  it('adopts the running version silently when nothing is stored yet', () => {
    expect(compareVersion(1_767_225_600_000, null)).toBe('adopt');
    expect(compareVersion(1_767_225_600_000, 'not a number')).toBe('adopt');
  });

  it('reports a newer release only when VERSION_TIME is later than the stored VERSION', () => {
    expect(compareVersion(1_767_225_600_001, '1767225600000')).toBe('newer');
    expect(compareVersion(1_767_225_600_000, '1767225600000')).toBe('same');
    expect(compareVersion(1_767_225_500_000, '1767225600000')).toBe('same');
  });
});
