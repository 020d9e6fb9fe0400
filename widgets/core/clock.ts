/**
 * The product's one way of writing a moment: 2026-06-01 09:30 (or 09:30:05) on the garage's clock
 * (Asia/Shanghai), whatever the browser's language or time zone. Without dayjs, so the lean widgets
 * (login's version notice, 短信营销) share it with core/formats.
 */
const ZONE = 'Asia/Shanghai';
// China has kept UTC+8 without daylight saving since September 1991 (as contracts/dates.ts): plain
// arithmetic there, Intl (and ICU's zone data) only for older moments.
const FIXED_SINCE = Date.UTC(1992, 0, 1);
const OFFSET_MS = 8 * 3_600_000;
let olderParts: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DDTHH:mm:ss' on the garage's clock, or null for none or nonsense. */
function wallClock(value: string | number | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  const ms = at.getTime();
  if (Number.isNaN(ms)) return null;
  if (ms >= FIXED_SINCE) return new Date(ms + OFFSET_MS).toISOString().slice(0, 19);
  olderParts ??= new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(olderParts.formatToParts(at).map(({ type, value: text }) => [type, text]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** 2026-06-01 09:30 (with `seconds`, 2026-06-01 09:30:05); '' for none or nonsense. */
export function garageTime(value: string | number | Date | null | undefined, seconds = false): string {
  const clock = wallClock(value);
  return clock ? clock.slice(0, seconds ? 19 : 16).replace('T', ' ') : '';
}
