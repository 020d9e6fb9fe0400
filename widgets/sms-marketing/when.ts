/**
 * Instants on the garage's clock (Asia/Shanghai) with Intl alone: dayjs (core/formats) would add
 * ~5 KB to a widget that only shows times.
 */
const ZONE = 'Asia/Shanghai';
const shortFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: ZONE, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const fullFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const valid = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** 11月24日 08:00 (Chromium's zh-CN short date is 11/24: the parts are put together here). */
export function shortTime(value: string | Date | null | undefined): string {
  const at = valid(value);
  if (!at) return '';
  const part = Object.fromEntries(shortFormat.formatToParts(at).map((each) => [each.type, each.value]));
  return `${Number(part.month)}月${Number(part.day)}日 ${part.hour}:${part.minute}`;
}

/** 2026/11/24 08:00 */
export function fullTime(value: string | Date | null | undefined): string {
  const at = valid(value);
  return at ? fullFormat.format(at) : '';
}

/** A datetime-local value (2026-11-24T09:30), read on the garage's clock, as an ISO instant; null when incomplete. */
export function garageInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/u.test(local)) return null;
  const at = new Date(`${local}:00+08:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The datetime-local value of an instant on the garage's clock (for the input's min and default). */
export function garageLocal(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);
}
