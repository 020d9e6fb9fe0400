import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { bootstrap } from '../core';
import { usePermissions, useToken } from '../auth';
import { LOGIN_PATH, isPublicPath } from '../routes';
import { loadWidget } from '../widgets';
import { LoadingMask } from './LoadingMask';

const UpgradeNotice = lazy(() => import('./UpgradeNotice').then((module) => ({ default: module.UpgradeNotice })));

/**
 * Token whose startup already ran in this page, so navigation and re-renders do not repeat it. The
 * login widget runs startup itself right after login and says so with `garage-logged-in`.
 */
let startedForToken = '';
const LOGGED_IN_EVENT = 'garage-logged-in';

function useWidget(folder: string, tag: string, wanted: boolean) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    let alive = true;
    loadWidget(folder, tag).then((loaded) => alive && setReady(loaded), (error) => console.warn(`${tag} 加载失败`, error));
    return () => { alive = false; };
  }, [folder, tag, wanted, ready]);
  return ready && wanted;
}

/**
 * The root view (spec: root view): the routed page, the startup loading mask, the version notice,
 * the web phone bar and the system upgrade notice. It also routes `garage-navigate` events that
 * widgets dispatch instead of knowing the router.
 */
export function RootView() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const token = useToken();
  const mayOpen = usePermissions();
  const onLoginPage = pathname.toLowerCase() === LOGIN_PATH;
  const inApp = Boolean(token) && !isPublicPath(pathname);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    const onNavigate = (event: Event) => {
      const path = (event as CustomEvent<{ path?: string }>).detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/')) return;
      event.preventDefault();
      // Several calls can expire at once: the later ones must not drop the first one's ?redirect.
      if (path === LOGIN_PATH && window.location.pathname.toLowerCase() === LOGIN_PATH) return;
      // Sent to /login by an expired session: come back here after logging in again.
      const here = `${window.location.pathname}${window.location.search}`;
      const target = path === LOGIN_PATH && !isPublicPath(window.location.pathname)
        ? `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`
        : path;
      navigate(target, { replace: path === LOGIN_PATH });
    };
    const onLoggedIn = (event: Event) => {
      const token = (event as CustomEvent<{ token?: string }>).detail?.token;
      if (token) startedForToken = token;
    };
    document.addEventListener('garage-navigate', onNavigate);
    document.addEventListener(LOGGED_IN_EVENT, onLoggedIn);
    return () => {
      document.removeEventListener('garage-navigate', onNavigate);
      document.removeEventListener(LOGGED_IN_EVENT, onLoggedIn);
    };
  }, [navigate]);

  useEffect(() => {
    if (!token || onLoginPage || startedForToken === token) return;
    startedForToken = token;
    setStarting(true);
    // bootstrap() waits its 100 ms and swallows failures itself (spec: startup).
    bootstrap({ path: pathname }).finally(() => setStarting(false));
  }, [token, onLoginPage]); // the pathname matters only as "on /login or not"

  const versionNoticeReady = useWidget('version-notice', 'garage-version-notice', true);
  const phoneBarReady = useWidget('phone-bar', 'garage-phone-bar', inApp && mayOpen('/home/shop/webPhone'));

  return (
    <>
      <Outlet />
      {starting && !onLoginPage && <LoadingMask />}
      {versionNoticeReady && createElement('garage-version-notice')}
      {phoneBarReady && createElement('garage-phone-bar', { className: 'phone-dock' })}
      {inApp && !starting && <Suspense fallback={null}><UpgradeNotice /></Suspense>}
    </>
  );
}
