import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { usePermissions } from '../auth';
import { useValue } from '../core';
import { findPage, menu } from '../routes';
import { openTab, refreshCounts } from '../tabs';
import { messages } from '../messages';
import type { RouteHandle } from '../router';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { TabBar } from './TabBar';
import { useNarrowScreen } from './narrow';

const MenuDrawer = lazy(() => import('./MenuDrawer'));

function groupOf(path: string) {
  return menu.find((group) => group.entries.some((entry) => path === entry.path || path.startsWith(`${entry.path}/`)))?.title;
}

/** The signed-in frame: menu, top bar, tab bar and the page (or 暂无权限 when not allowed). */
export function MainLayout() {
  const mayOpen = usePermissions();
  const counts = useValue(refreshCounts);
  const location = useLocation();
  const matches = useMatches();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const page = handles.reverse().find((handle) => handle?.page)?.page ?? findPage(location.pathname);
  const allowed = page ? mayOpen(page.path) : true;

  useEffect(() => {
    document.title = page ? `${page.title} - ${messages.brand}` : messages.brand;
    if (page && allowed) openTab(location.pathname, location.search);
  }, [page, allowed, location.pathname, location.search]);

  const refreshCount = page ? counts[page.path] ?? 0 : 0;

  // Phone width: the menu is a drawer, mounted with its first opening (nothing of it in the first paint).
  const narrow = useNarrowScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const openMenu = useCallback(() => {
    setMenuMounted(true);
    setMenuOpen(true);
  }, []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => setMenuOpen(false), [location.pathname, narrow]);

  return (
    <div className="shell">
      {!narrow && <Sidebar />}
      {narrow && menuMounted && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
      <div className="shell__main">
        <TopBar
          title={page?.title}
          group={page && groupOf(page.path) !== page.title ? groupOf(page.path) : undefined}
          onOpenMenu={narrow ? openMenu : undefined}
          menuOpen={menuOpen}
        />
        {!narrow && <TabBar activePath={page?.showTab ? page.path : undefined} />}
        <main className="shell__content" key={`${page?.path ?? location.pathname}#${refreshCount}`}>
          {allowed ? <Outlet /> : <ForbiddenPage title={page?.title} />}
        </main>
      </div>
    </div>
  );
}
