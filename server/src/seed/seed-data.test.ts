import { describe, expect, it } from 'vitest';
import { isValidVin, makeVin, vinCheckDigit } from './vin';
import { plateNumber } from './catalog';
import { Random } from './random';

describe('demo data building blocks', () => {
  it('computes the ISO 3779 check digit (textbook VINs)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('11111111111111111')).toBe(true);
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
  });

  it('makes VINs that pass the check and never contain I, O or Q', () => {
    const random = new Random(7);
    for (let serial = 1; serial <= 500; serial++) {
      const vin = makeVin(random, 'LSV', 2015 + (serial % 10), serial);
      expect(vin).toMatch(/^LSV[0-9A-HJ-NPR-Z]{14}$/);
      expect(isValidVin(vin)).toBe(true);
    }
  });

  it('makes 7-character blue plates and 8-character green new-energy plates', () => {
    const random = new Random(9);
    for (let i = 0; i < 200; i++) {
      expect(plateNumber(random, '浙A', 'fuel')).toMatch(/^浙A[0-9A-HJ-NP-Z]{5}$/);
      expect(plateNumber(random, '浙A', 'electric')).toMatch(/^浙AD[0-9A-HJ-NP-Z]\d{4}$/);
      expect(plateNumber(random, '浙A', 'hybrid')).toMatch(/^浙AF[0-9A-HJ-NP-Z]\d{4}$/);
    }
  });

  it('repeats itself from the same seed', () => {
    const a = new Random(123);
    const b = new Random(123);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });
});
