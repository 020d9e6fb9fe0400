import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loadingState, refreshAuthority, useValue } from '../core';
import { usePermissions, useToken } from '../auth';
import { LOGIN_PATH, isPublicPath } from '../routes';
import { loadWidget } from '../widgets';
import { LoadingMask } from './LoadingMask';
import { usePhoneDockHeight } from './phoneDock';
import { startup, startUnderMask } from './startup';

const AUTHORITY_REFRESH_MS = 5_000;

const UpgradeNotice = lazy(() => import('./UpgradeNotice').then((module) => ({ default: module.UpgradeNotice })));


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

/** True once the browser is idle after the first render (at the latest after `timeout` ms). */
function useIdle(timeout = 3000) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout });
    return () => window.cancelIdleCallback(handle);
  }, [timeout]);
  return idle;
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
  const starting = useValue(loadingState.visible);

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
    document.addEventListener('garage-navigate', onNavigate);
    return () => document.removeEventListener('garage-navigate', onNavigate);
  }, [navigate]);

  useEffect(() => {
    if (!token || onLoginPage || startup.token === token) return;
    void startUnderMask(token, pathname);
  }, [token, onLoginPage]); // the pathname matters only as "on /login or not"

  // Permission changes by an admin reach this page's menu within 5 s (the server enforces them at once).
  useEffect(() => {
    if (!token || onLoginPage) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && startup.token === token) void refreshAuthority();
    }, AUTHORITY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [token, onLoginPage]);

  // Not part of the first screen (it shows nothing until a new release is out): loaded when idle.
  const idle = useIdle();
  const versionNoticeReady = useWidget('version-notice', 'garage-version-notice', idle);
  // Its code loads as soon as someone is signed in, while startup is still reading the permissions
  // (the bar's 「网络电话未开通」 notice was the page's largest paint, last in a chain of calls).
  const phoneBarLoaded = useWidget('phone-bar', 'garage-phone-bar', inApp);
  const phoneBarReady = phoneBarLoaded && mayOpen('/home/shop/webPhone');
  usePhoneDockHeight(phoneBarReady);

  return (
    <>
      <Outlet />
      {starting && !onLoginPage && <LoadingMask />}
      {versionNoticeReady && createElement('garage-version-notice')}
      {phoneBarReady && createElement('garage-phone-bar', { className: 'phone-dock', foldable: true })}
      {inApp && !starting && <Suspense fallback={null}><UpgradeNotice /></Suspense>}
    </>
  );
}
