/**
 * Business days, one rule for server and widgets: every date the garage talks about (a visit, an
 * expiry, "today", "within 30 days") is a calendar day in the garage's time zone, Asia/Shanghai
 * unless the server is told otherwise, written 'YYYY-MM-DD'. A visit at 07:30 Beijing time is on
 * that day whatever the time zone of the server machine or the browser, and "today" turns at
 * midnight in Beijing, not at 08:00 (midnight UTC).
 *
 * Self-contained: dayjs with its utc and timezone plugins and the zh-cn locale, nothing of ours.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import 'dayjs/locale/zh-cn.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export const GARAGE_TIME_ZONE = 'Asia/Shanghai';

/** A calendar day, 'YYYY-MM-DD'. */
export type Day = string;
/** A moment: an ISO-8601 text with its offset (what the server answers), epoch milliseconds or a Date. */
export type Instant = string | number | Date;

const DAY_FORMAT = 'YYYY-MM-DD';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** A real calendar day written YYYY-MM-DD (not 0000-00-00, not 2026-02-30). */
export function isDay(text: unknown): text is Day {
  return typeof text === 'string' && DAY_PATTERN.test(text) && dayjs.utc(text).format(DAY_FORMAT) === text;
}

/*
 * Zones whose offset has not changed for decades: China has kept UTC+8 without daylight saving
 * since September 1991. A moment after that is plain arithmetic there, so the first screen does
 * not load ICU's time-zone data for it (~25 ms of main thread, ~100 ms on a phone, the first time
 * a formatter with a time zone is made). Older moments and other zones go through Intl.
 */
const FIXED_OFFSETS: Record<string, { minutes: number; since: number }> = {
  'Asia/Shanghai': { minutes: 480, since: Date.UTC(1992, 0, 1) },
};

function fixedOffset(milliseconds: number, timeZone: string): number | null {
  const zone = FIXED_OFFSETS[timeZone];
  return zone && milliseconds >= zone.since ? zone.minutes : null;
}

/*
 * The day a moment falls on in a zone, through one cached Intl formatter per zone. dayjs's tz()
 * builds a new ICU formatter on every call (milliseconds each): a customer list of ten rows spent
 * ~170 ms of main thread in it, four times that on a phone. Parsing stays dayjs's.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function zoneDay(milliseconds: number, timeZone: string): Day {
  const offset = fixedOffset(milliseconds, timeZone);
  if (offset !== null) return new Date(milliseconds + offset * 60_000).toISOString().slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(milliseconds);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${value('year').padStart(4, '0')}-${value('month')}-${value('day')}`;
}

/** The moment on the garage's wall clock, in Chinese (display formats are built on it). */
export function inGarageZone(instant: Instant, timeZone = GARAGE_TIME_ZONE): Dayjs {
  const moment = dayjs(instant);
  const offset = moment.isValid() ? fixedOffset(moment.valueOf(), timeZone) : null;
  return (offset === null ? moment.tz(timeZone) : moment.utcOffset(offset)).locale('zh-cn');
}

/** Today in the garage's time zone. */
export function today(timeZone = GARAGE_TIME_ZONE, now: Instant = Date.now()): Day {
  return zoneDay(dayjs(now).valueOf(), timeZone);
}

/**
 * The garage day a moment falls on. A value that already is a day (a date column: an expiry, a
 * service date) is that day, never shifted; an unreadable value gives null.
 */
export function dayOf(value: Instant, timeZone = GARAGE_TIME_ZONE): Day | null {
  if (typeof value === 'string' && DAY_PATTERN.test(value)) return isDay(value) ? value : null;
  const moment = dayjs(value);
  return moment.isValid() ? zoneDay(moment.valueOf(), timeZone) : null;
}

/** Whole days from one day to another: 1 from today to tomorrow, negative when `to` is earlier. */
export function daysBetween(from: Day, to: Day): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

export function addDays(day: Day, days: number): Day {
  return dayjs.utc(day).add(days, 'day').format(DAY_FORMAT);
}

/** The same day of the month `months` later, clamped to the month's end (01-31 + 1 month = 02-28). */
export function addMonths(day: Day, months: number): Day {
  return dayjs.utc(day).add(months, 'month').format(DAY_FORMAT);
}

/*
 * Day numbers (days since 1970-01-01) for code that counts over many days (the timeline
 * estimator, the demo seed's hundreds of thousands of dates). Pure calendar arithmetic with no
 * time zone in it, so plain Date.UTC is exact here and much faster than a dayjs object per day.
 */
export function dayNumber(day: Day): number {
  return Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / MS_PER_DAY);
}

export function dayFromNumber(number: number): Day {
  return new Date(number * MS_PER_DAY).toISOString().slice(0, 10);
}
