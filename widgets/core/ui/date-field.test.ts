import { describe, expect, it } from 'vitest';
import { readDay } from './date-field';

describe('the date field reads days as staff type them', () => {
  it('in the usual Chinese spellings', () => {
    for (const typed of ['2026-11-23', '2026/11/23', '2026.11.23', '2026年11月23日', '20261123', ' 2026-11-23 ']) expect(readDay(typed), typed).toBe('2026-11-23');
    expect(readDay('2026-1-5')).toBe('2026-01-05');
  });

  it('refuses days that do not exist and other text; empty is no day', () => {
    for (const typed of ['2026-02-30', '2026-13-01', '11/23/2026', '昨天', '2026-11']) expect(readDay(typed), typed).toBeUndefined();
    expect(readDay('')).toBeNull();
  });
});
