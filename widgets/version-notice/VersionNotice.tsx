import { useEffect, useState } from 'react';
import { formatCountdown, getConfig, stored } from '../core/base';
import { messages } from './messages';
import { DEFAULT_COUNTDOWN_SECONDS, DEFAULT_POLL_SECONDS, compareVersion, fetchVersionTime, serverOrigin, storedVersionText } from './version';

/**
 * The release time on Beijing's clock, 2026-11-23 07:30:00. Intl rather than the core's dayjs
 * formats: this widget is on /login, which must stay under its size budget.
 */
let releaseTimeParts: Intl.DateTimeFormat | null = null;
function formatReleaseTime(value: number | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // Made when a new version is first shown, not when the widget loads: a time-zone formatter loads
  // ICU's zone data (tens of ms on a phone), on every page, for a notice that rarely appears.
  releaseTimeParts ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(releaseTimeParts.formatToParts(date).map(({ type, value: text }) => [type, text]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

export interface VersionNoticeProps {
  /** Seconds before the automatic reload; the spec's 100 unless a test shortens it. */
  countdownSeconds?: number;
  /** Polling period in seconds (spec: 5). */
  pollSeconds?: number;
}

function applyUpdate(version: number) {
  stored.version.write(version);
  window.location.reload();
}

const storedVersion = () => storedVersionText(() => stored.version.read());

export function VersionNotice({ countdownSeconds, pollSeconds }: VersionNoticeProps) {
  const [newVersion, setNewVersion] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (newVersion !== null) return;
    let alive = true;
    const check = async () => {
      try {
        // Read at each poll: an `api-base` set after the element mounted counts from the next one.
        const fetched = await fetchVersionTime(serverOrigin(getConfig().mainBase));
        if (!alive || fetched === null) return;
        const verdict = compareVersion(fetched, storedVersion());
        if (verdict === 'adopt') stored.version.write(fetched);
        if (verdict === 'newer') {
          setNewVersion(fetched);
          setSecondsLeft(Math.max(1, Math.round(countdownSeconds || DEFAULT_COUNTDOWN_SECONDS)));
          setDialogOpen(true);
        }
      } catch {
        // Offline or mid-deploy: the next poll tries again.
      }
    };
    check();
    const timer = setInterval(check, (pollSeconds || DEFAULT_POLL_SECONDS) * 1000);
    return () => { alive = false; clearInterval(timer); };
  }, [newVersion, countdownSeconds, pollSeconds]);

  useEffect(() => {
    if (newVersion === null) return;
    if (secondsLeft <= 0) {
      applyUpdate(newVersion);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [newVersion, secondsLeft]);

  if (newVersion === null) return null;
  const left = formatCountdown(secondsLeft);

  return (
    <>
      {dialogOpen ? (
        <div className="backdrop">
          <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="version-title">
            <h2 id="version-title">{messages.title}</h2>
            <p>{messages.body}</p>
            <dl>
              <dt>{messages.releasedAt}</dt>
              <dd data-testid="release-time">{formatReleaseTime(newVersion)}</dd>
            </dl>
            <p className="countdown" role="timer" aria-live="polite">{messages.countdown(left)}</p>
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setDialogOpen(false)}>{messages.later}</button>
              <button type="button" className="primary" onClick={() => applyUpdate(newVersion)}>{messages.refreshNow}</button>
            </div>
          </div>
        </div>
      ) : (
        <button type="button" className="pill" onClick={() => setDialogOpen(true)}>{messages.pill(left)}</button>
      )}
    </>
  );
}
