/**
 * Instants on the garage's clock (Asia/Shanghai), in the product's format (core/clock.ts): dayjs
 * (core/formats) would add ~5 KB to a widget that only shows times.
 */
import { garageTime } from '../core/clock';

/** 11月24日 08:00 */
export function shortTime(value: string | Date | null | undefined): string {
  const full = garageTime(value);
  return full ? `${Number(full.slice(5, 7))}月${Number(full.slice(8, 10))}日 ${full.slice(11)}` : '';
}

/** A day and a time (2026-11-24T09:30), read on the garage's clock, as an ISO instant; null when incomplete. */
export function garageInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/u.test(local)) return null;
  const at = new Date(`${local}:00+08:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An instant on the garage's clock as 2026-11-24T09:30 (the send time's default and first day). */
export function garageLocal(at: Date): string {
  return garageTime(at).replace(' ', 'T');
}
