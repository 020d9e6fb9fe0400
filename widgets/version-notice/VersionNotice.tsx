import { useEffect, useState } from 'react';
import { formatCountdown, getConfig, stored } from '../core/base';
// The release time on the garage's clock, 2026-11-23 07:30:00, without dayjs (/login's size budget).
import { garageTime } from '../core/clock';
import { messages } from './messages';
import { DEFAULT_COUNTDOWN_SECONDS, watchForNewVersion } from './version';

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

export function VersionNotice({ countdownSeconds, pollSeconds }: VersionNoticeProps) {
  const [newVersion, setNewVersion] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (newVersion !== null) return;
    return watchForNewVersion(
      // Read at each poll: an `api-base` set after the element mounted counts from the next one.
      { mainBase: () => getConfig().mainBase, read: () => stored.version.read(), write: (version) => stored.version.write(version), pollSeconds },
      (version) => {
        setNewVersion(version);
        setSecondsLeft(Math.max(1, Math.round(countdownSeconds || DEFAULT_COUNTDOWN_SECONDS)));
        setDialogOpen(true);
      },
    );
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
              <dd data-testid="release-time">{garageTime(newVersion, true)}</dd>
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
