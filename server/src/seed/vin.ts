/**
 * Vehicle identification numbers with a valid check digit (ISO 3779 / GB 16735), computed by the
 * import rules' vinCheckDigit so demo data and imports agree.
 */
import { vinCheckDigit } from '../../../contracts/rules/import';
import type { Random } from './random';

export { vinCheckDigit };

/** VIN characters: digits and letters except I, O and Q. */
export const VIN_CHARACTERS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
/** Model-year codes from 2010 (A) on; I, O, Q, U, Z and 0 are never year codes. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

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
