/**
 * Vehicle identification numbers with a valid check digit (ISO 3779 / GB 16735: position 9 is the
 * weighted sum of the transliterated characters modulo 11, 10 written as X).
 */
import type { Random } from './random';

const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** VIN characters: digits and letters except I, O and Q. */
export const VIN_CHARACTERS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
/** Model-year codes from 2010 (A) on; I, O, Q, U, Z and 0 are never year codes. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function value(char: string): number {
  return /\d/.test(char) ? Number(char) : VALUES[char];
}

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) if (i !== 8) sum += value(vin[i]) * WEIGHTS[i];
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

export function isValidVin(vin: string): boolean {
  return /^[0-9A-HJ-NPR-Z]{17}$/.test(vin) && vin[8] === vinCheckDigit(vin);
}

export function yearCode(year: number): string {
  return YEAR_CODES[(year - 2010) % YEAR_CODES.length];
}

/** A VIN for a maker (3-letter WMI) and model year; serials come from the caller so they never repeat. */
export function makeVin(random: Random, wmi: string, year: number, serial: number): string {
  const descriptor = Array.from({ length: 5 }, () => random.pick(VIN_CHARACTERS.split(''))).join('');
  const plant = random.pick('ABCDEFGHJKLMNPRSTUVWXYZ'.split(''));
  const body = `${wmi}${descriptor}0${yearCode(year)}${plant}${String(serial % 1_000_000).padStart(6, '0')}`;
  return body.slice(0, 8) + vinCheckDigit(body) + body.slice(9);
}
