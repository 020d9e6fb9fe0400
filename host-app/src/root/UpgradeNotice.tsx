import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SlButton, SlDialog } from '../ui';
import { messages } from '../messages';

const SEEN_KEY = 'garage-upgrade-notice-seen';

/**
 * 系统升级通知 (spec: root view). Operations announce an upgrade by adding `"UPGRADE_NOTICE": <id>`
 * to version.json; each announcement is shown once per browser session (docs/DECISIONS.md).
 */
export function UpgradeNotice() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState('');
  // No dialog element until there is something to announce (most loads): it would only add work to
  // the first paint. Once shown it stays mounted, so dismissing plays the closing animation.
  const [announced, setAnnounced] = useState(false);

  useEffect(() => {
    let alive = true;
    fetch(`${window.location.origin}/version.json?t=${Date.now()}`, { cache: 'no-store', headers: { 'Cache-Control': 'no-cache' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((version: { UPGRADE_NOTICE?: unknown } | null) => {
        const id = version?.UPGRADE_NOTICE ? String(version.UPGRADE_NOTICE) : '';
        if (alive && id && sessionStorage.getItem(SEEN_KEY) !== id) {
          setNotice(id);
          setAnnounced(true);
        }
      })
      .catch(() => undefined);
    return () => { alive = false; };
  }, []);

  const dismiss = () => {
    sessionStorage.setItem(SEEN_KEY, notice);
    setNotice('');
  };

  if (!announced) return null;
  return (
    <SlDialog
      label={messages.upgrade.title}
      open={Boolean(notice)}
      onSlRequestClose={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
      className="upgrade-notice"
    >
      <p className="upgrade-notice__body">{messages.upgrade.body}</p>
      <SlButton slot="footer" onClick={() => { dismiss(); navigate('/helps#upgrade'); }}>{messages.upgrade.details}</SlButton>
      <SlButton slot="footer" variant="primary" onClick={dismiss}>{messages.upgrade.dismiss}</SlButton>
    </SlDialog>
  );
}
