/**
 * How widgets show days, money and numbers. Days follow the business-day rule of contracts/dates.ts
 * (the garage's calendar, Asia/Shanghai), whatever the browser's time zone; money and numbers follow
 * Intl's zh-CN conventions.
 *
 * Imported as `../core/formats`, not through `../core`: it brings dayjs (~5 KB gzip), which the
 * lean base, the login page and the partner-page phone bar do not need.
 */
import { dayOf, daysBetween, today, type Day, type Instant } from '../../contracts/dates';
import { garageTime } from './clock';

// ── Days ─────────────────────────────────────────────────────────────────────────────────────────

/** 2026-11-23: the garage day of a timestamp, or a date as it is; '' for none or nonsense. */
export function formatDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return dayOf(value) ?? '';
}

/** 2026-11-23 07:30:00 on the garage's clock; '' for none or nonsense. */
export function formatDateTime(value: Instant | null | undefined): string {
  return garageTime(value, true);
}

/** 2026-11-23 07:30 on the garage's clock; '' for none or nonsense. */
export function formatMinute(value: Instant | null | undefined): string {
  return garageTime(value);
}

/** Calendar days from the garage's today to a day: 0 today, 1 tomorrow, -1 yesterday. */
export function daysFromToday(day: Day): number {
  return daysBetween(today(), day);
}

/** 今天 / 3 天后 / 3 天前, for a number of calendar days from today. */
export function formatDaysAway(days: number): string {
  if (days === 0) return '今天';
  return days > 0 ? `${days} 天后` : `${-days} 天前`;
}

/** 今天 / 3 天后 / 3 天前 for a day (or the day of a timestamp); '' for none. */
export function formatRelativeDay(value: Instant | null | undefined): string {
  const day = formatDate(value);
  return day ? formatDaysAway(daysFromToday(day)) : '';
}

// ── Money and numbers ────────────────────────────────────────────────────────────────────────────

// Whole numbers and money (integer fen) are grouped here rather than by Intl.NumberFormat: its
// first zh-CN formatter loads ICU's locale data (~20 ms on a desktop, ~4× that on a phone, and the
// money one was made when this module loaded), and the customer list needs no more than this.
const numberFormats = new Map<number, Intl.NumberFormat>();

/** 1234567 → "1,234,567" (zh-CN groups by three, like Intl); for safe integers only. */
function grouped(whole: number): string {
  const digits = String(Math.abs(whole));
  const sign = whole < 0 ? '-' : '';
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Money is integer fen (分) inside, shown as yuan: 123450 → ¥1,234.50 (as Intl's zh-CN CNY). */
export function formatMoney(fen: number): string {
  const whole = Math.round(Number.isFinite(fen) ? fen : 0);
  if (!Number.isSafeInteger(whole)) return moneyIntl().format(whole / 100);
  const size = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}¥${grouped(Math.floor(size / 100))}.${String(size % 100).padStart(2, '0')}`;
}

let moneyFormat: Intl.NumberFormat | undefined;
function moneyIntl() {
  return (moneyFormat ??= new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' }));
}

/**
 * The server's answers still carry yuan with two decimals (numeric(12, 2) columns); this turns such
 * an amount into fen without float drift (0.1 + 0.2 yuan is 30 fen).
 */
export function fenFromYuan(yuan: number): number {
  return Number.isFinite(yuan) ? Math.round(yuan * 100) : 0;
}

/** 12,345 (grouped the zh-CN way), with at most `fractionDigits` decimals. */
export function formatNumber(value: number, fractionDigits = 0): string {
  const finite = Number.isFinite(value) ? value : 0;
  // A whole number shows no decimals whatever the maximum: Intl is only needed for the rest.
  if (Number.isSafeInteger(finite)) return grouped(finite);
  let format = numberFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: fractionDigits });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(finite);
}

/** Mileage in whole kilometres: 35,000 公里. */
export function formatKm(km: number): string {
  return `${formatNumber(Math.round(km))} 公里`;
}
