/** The version file and the stored VERSION (spec: version update). */
export const VERSION_KEY = 'VERSION';
export const DEFAULT_COUNTDOWN_SECONDS = 100;
export const DEFAULT_POLL_SECONDS = 5;

/** Reads {origin}/version.json past every cache (spec: timestamp query and no-cache headers). */
export async function fetchVersionTime(origin = window.location.origin): Promise<number | null> {
  const response = await fetch(`${origin}/version.json?t=${Date.now()}`, {
    cache: 'no-store',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { VERSION_TIME?: unknown };
  const time = Number(body.VERSION_TIME);
  return Number.isFinite(time) && time > 0 ? time : null;
}

/**
 * Decides what a fetched VERSION_TIME means. The first visit has nothing stored: it adopts the
 * running version silently, because the page was just loaded from that very build.
 */
export function compareVersion(fetched: number, stored: string | null): 'adopt' | 'same' | 'newer' {
  const storedTime = Number(stored);
  if (!stored || !Number.isFinite(storedTime)) return 'adopt';
  return fetched > storedTime ? 'newer' : 'same';
}
