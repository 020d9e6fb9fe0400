import { describe, expect, it } from 'vitest';
import { formatCallTimer, formatCountdown } from './timers';

describe('call timer (spec 5)', () => {
  it('shows 00:ss under a minute', () => {
    expect([0, 5, 59].map(formatCallTimer)).toEqual(['00:00', '00:05', '00:59']);
  });

  it('shows zero-padded mm:ss from a minute on', () => {
    expect([60, 75, 600, 3599, 3600].map(formatCallTimer)).toEqual(['01:00', '01:15', '10:00', '59:59', '60:00']);
  });

  it('treats fractions, negatives and nonsense as whole, non-negative seconds', () => {
    expect([9.9, -3, Number.NaN].map(formatCallTimer)).toEqual(['00:09', '00:00', '00:00']);
  });
});

describe('update countdown (spec 5)', () => {
  it('shows seconds up to 60', () => {
    expect([0, 1, 45, 60].map(formatCountdown)).toEqual(['0秒', '1秒', '45秒', '60秒']);
  });

  it('shows minutes and seconds above 60', () => {
    expect([61, 100, 120, 125].map(formatCountdown)).toEqual(['1分01秒', '1分40秒', '2分00秒', '2分05秒']);
  });
});
