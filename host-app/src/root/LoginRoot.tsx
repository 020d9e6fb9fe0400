import { StrictMode, createElement, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import LoginPage from '../pages/LoginPage';
import { LOGIN_PATH } from '../paths';
import { getConfig, stored } from '../core';
import { watchForNewVersion } from '../../../widgets/version-notice/version';

/**
 * The login page and the version notice: what RootView shows on /login, without the router. The
 * notice's element is on the page from the start, but its code (the dialog) loads only when the
 * poll finds a newer release: /login's first load stays within its 90 KB.
 */
function LoginRootView() {
  useEffect(
    () =>
      watchForNewVersion({ mainBase: () => getConfig().mainBase, read: () => stored.version.read(), write: (version) => stored.version.write(version) }, () => {
        // Its own import, not loadWidget(): that module maps every widget folder, which /login need not download.
        import('../../../widgets/version-notice').catch((error: unknown) => console.warn('garage-version-notice 加载失败', error));
      }),
    [],
  );
  return (
    <>
      <LoginPage />
      {createElement('garage-version-notice')}
    </>
  );
}

/**
 * Shows /login on its own. The first `garage-navigate` elsewhere (after login, or a link of the
 * page) hands the page to the routed app, which starts at that path; RootView routes from then on.
 */
export function renderLogin(root: Root) {
  const onNavigate = (event: Event) => {
    const path = (event as CustomEvent<{ path?: string }>).detail?.path;
    if (typeof path !== 'string' || !path.startsWith('/')) return;
    event.preventDefault();
    if (path.split('?')[0].toLowerCase() === LOGIN_PATH) return;
    document.removeEventListener('garage-navigate', onNavigate);
    window.history.pushState(null, '', path);
    void import('../app').then(({ renderApp }) => renderApp(root));
  };
  document.addEventListener('garage-navigate', onNavigate);
  root.render(
    <StrictMode>
      <LoginRootView />
    </StrictMode>,
  );
}
