/** The version file and the stored VERSION (spec: version update; stored through the core). */
export const DEFAULT_COUNTDOWN_SECONDS = 100;
export const DEFAULT_POLL_SECONDS = 5;

/**
 * The origin of our server: that of the main API base (`api-base`, e.g.
 * `https://garage.example.com/api` → `https://garage.example.com`), the page's own when the base
 * is a path. On a partner page the page's origin is the partner's, whose version.json (if any)
 * says nothing about our widgets.
 */
export function serverOrigin(mainBase: string, pageUrl = window.location.href): string {
  try {
    return new URL(mainBase, pageUrl).origin;
  } catch {
    return new URL(pageUrl).origin;
  }
}

/** Reads {origin}/version.json past every cache (spec: timestamp query and no-cache headers). */
export async function fetchVersionTime(origin: string): Promise<number | null> {
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

/** VERSION as stored through the core (our key on a partner page, `VERSION` in the host app). */
export function storedVersionText(read: () => unknown): string | null {
  const version = read();
  return version === null || version === undefined ? null : String(version);
}

/**
 * The poll (spec: every 5 s), without the notice's UI: adopts the first version, and calls
 * `onNewer` with the newer one once it is released. <garage-version-notice> polls with it; the host
 * app's /login runs it alone and loads the notice only then, so a first visit does not download
 * the dialog it almost never shows.
 */
export function watchForNewVersion(
  options: { mainBase: () => string; read: () => unknown; write: (version: number) => void; pollSeconds?: number },
  onNewer: (version: number) => void,
): () => void {
  let done = false;
  const check = async () => {
    try {
      const fetched = await fetchVersionTime(serverOrigin(options.mainBase()));
      if (done || fetched === null) return;
      const verdict = compareVersion(fetched, storedVersionText(options.read));
      if (verdict === 'adopt') options.write(fetched);
      if (verdict === 'newer') {
        stop();
        onNewer(fetched);
      }
    } catch {
      // Offline or mid-deploy: the next poll tries again.
    }
  };
  const timer = setInterval(check, (options.pollSeconds || DEFAULT_POLL_SECONDS) * 1000);
  const stop = () => {
    done = true;
    clearInterval(timer);
  };
  void check();
  return stop;
}
