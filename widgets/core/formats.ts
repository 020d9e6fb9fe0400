/**
 * How widgets show days, money and numbers. Days follow the business-day rule of contracts/dates.ts
 * (the garage's calendar, Asia/Shanghai), whatever the browser's time zone; money and numbers use
 * Intl's zh-CN conventions.
 *
 * Imported as `../core/formats`, not through `../core`: it brings dayjs (~5 KB gzip), which the
 * lean base, the login page and the partner-page phone bar do not need.
 */
import { dayOf, daysBetween, inGarageZone, today, type Day, type Instant } from '../../contracts/dates';

// ── Days ─────────────────────────────────────────────────────────────────────────────────────────

/** 2026-11-23: the garage day of a timestamp, or a date as it is; '' for none or nonsense. */
export function formatDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return dayOf(value) ?? '';
}

/** 2026-11-23 07:30:00 on the garage's clock; '' for none or nonsense. */
export function formatDateTime(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = inGarageZone(value);
  return moment.isValid() ? moment.format('YYYY-MM-DD HH:mm:ss') : '';
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

const moneyFormat = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' });
const numberFormats = new Map<number, Intl.NumberFormat>();

/** Money is integer fen (分) inside, shown as yuan: 123450 → ¥1,234.50. */
export function formatMoney(fen: number): string {
  return moneyFormat.format(Math.round(Number.isFinite(fen) ? fen : 0) / 100);
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
  let format = numberFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: fractionDigits });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(Number.isFinite(value) ? value : 0);
}

/** Mileage in whole kilometres: 35,000 公里. */
export function formatKm(km: number): string {
  return `${formatNumber(Math.round(km))} 公里`;
}
