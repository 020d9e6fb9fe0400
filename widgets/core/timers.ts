/** The spec's two timers (section 5): the call timer and the update countdown. */
const pad = (value: number) => String(value).padStart(2, '0');

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

/** Spec 5: under 60 s as 00:ss, otherwise mm:ss, zero-padded (an hour shows as 60:00). */
export function formatCallTimer(seconds: number): string {
  const total = wholeSeconds(seconds);
  if (total < 60) return `00:${pad(total)}`;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/**
 * Spec 5: seconds, or minutes and seconds above 60. Seconds keep two digits once minutes show, so
 * the text does not jump in width while it counts down.
 */
export function formatCountdown(seconds: number): string {
  const total = wholeSeconds(seconds);
  if (total <= 60) return `${total}秒`;
  return `${Math.floor(total / 60)}分${pad(total % 60)}秒`;
}
